"""One line per app: each source's last status, coloured by level."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

STYLE = {"ok": "green", "warn": "yellow", "error": "bold red"}


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; padding: 0 1; }
    """

    def show(self, statuses: dict[str, tuple[str, str]], extra: str = "") -> None:
        line = Text(no_wrap=True, overflow="ellipsis")
        for i, (name, (level, text)) in enumerate(sorted(statuses.items())):
            if i:
                line.append("  │  ", style="dim")
            line.append(f"{name}: ", style="bold")
            line.append(text, style=STYLE.get(level, ""))
        if extra:
            line.append(("  │  " if statuses else "") + extra, style="dim")
        if not statuses and not extra:
            line.append("no sources", style="dim")
        self.update(line)
