"""Events: the newest block events first, filtered by a case-insensitive substring of
"type detail" (e.g. ``BlockRemoved``, a tenant, a hash prefix). Shows at most ``ROWS`` rows."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Input

from kvscope.backend.prefix_keys import short
from kvscope.inspect.fold import CacheState

ROWS = 200


def describe(event: Any) -> str:
    """A one-line summary of an event's fields (hashes shortened)."""
    parts = []
    hashes = getattr(event, "block_hashes", None)
    if hashes:
        more = f" +{len(hashes) - 2}" if len(hashes) > 2 else ""
        parts.append(" ".join(short(h) for h in hashes[:2]) + more)
    for name in ("medium", "tenant", "reason", "policy", "from_tier", "to_tier", "mode",
                 "request_id", "num_tokens", "num_blocks", "pinned"):  # fmt: skip
        value = getattr(event, name, None)
        if value is not None:
            parts.append(f"{name}={value}")
    parent = getattr(event, "parent_block_hash", None)
    if parent is not None:
        parts.append(f"parent={short(parent)}")
    return " ".join(parts)


class EventsView(Vertical):
    DEFAULT_CSS = """
    EventsView { height: 1fr; }
    EventsView Input { display: none; }
    EventsView.filtering Input { display: block; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.filter_text = ""
        self._shown: tuple[int, int, str] | None = None

    def compose(self) -> ComposeResult:
        yield Input(placeholder="filter events (type or text), enter to apply", id="ev-filter")
        yield DataTable(id="ev-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("t (s)", key="t")
        table.add_column("type", key="type")
        table.add_column("detail", key="detail")

    def open_filter(self) -> None:
        self.add_class("filtering")
        self.query_one(Input).focus()

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.has_class("filtering"):
            event.stop()
            self.remove_class("filtering")
            self.query_one(DataTable).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.filter_text = event.value.strip()
        self.remove_class("filtering")
        self.query_one(DataTable).focus()

    def matching(self, state: CacheState) -> list[tuple[float, Any, str]]:
        q = self.filter_text.lower()
        out = []
        for ts, event in reversed(state.log):
            detail = describe(event)
            if not q or q in f"{event.TYPE} {detail}".lower():
                out.append((ts, event, detail))
                if len(out) >= ROWS:
                    break
        return out

    def update_view(self, state: CacheState) -> None:
        key = (state.version, len(state.log), self.filter_text)
        if key == self._shown:
            return
        self._shown = key
        table = self.query_one(DataTable)
        table.clear()
        start = state.first_ts or 0.0
        for ts, event, detail in self.matching(state):
            table.add_row(f"{ts - start:8.2f}", event.TYPE, detail)
