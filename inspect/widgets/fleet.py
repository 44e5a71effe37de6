"""Fleet: one row per replica or data-parallel engine, and the fleet total; Enter on a row
focuses that replica (its tree, blocks and overview)."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import DataTable

from kvscope.inspect.fleet import Row, total

COLUMNS = (
    "replica",
    "hit rate",
    "usage",
    "running",
    "waiting",
    "preemptions",
    "TTFT p95",
    "events",
)
TOTAL = "fleet total"


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _n(x: float | None) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def _s(x: float | None) -> str:
    return "n/a" if x is None else f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


class FleetView(DataTable):
    DEFAULT_CSS = """
    FleetView { height: 1fr; }
    """

    class Focus(Message):
        """The user picked a replica (its target name)."""

        def __init__(self, target: str) -> None:
            super().__init__()
            self.target = target

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        for c in COLUMNS:
            self.add_column(c, key=c)

    def update_view(self, rows: list[Row], events: dict[str, int], focused: str | None) -> None:
        keep = self.cursor_row
        self.clear()
        for r in rows:
            s = r.snap
            target = r.extra.get("target", r.name)
            mark = "▶ " if target == focused else "  "
            usage = max(s.usage.values()) if s.usage else None
            self.add_row(mark + r.name, _pct(s.hit_rate), _pct(usage), _n(s.running),
                         _n(s.waiting), _n(s.preemptions), _s(s.ttft_p95),
                         _n(events.get(target)) if target in events else "-",
                         key=r.name)  # fmt: skip
        if rows:
            t = total(rows)
            self.add_row("  " + TOTAL, _pct(t["hit_rate"]), _pct(t["usage"]), _n(t["running"]),
                         _n(t["waiting"]), _n(t["preemptions"]), _s(t["ttft_p95"]) + " (max)",
                         _n(sum(events.values())) if events else "-", key=TOTAL)  # fmt: skip
            self.move_cursor(row=min(keep, len(rows)))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        if key and key != TOTAL:
            event.stop()
            self.post_message(self.Focus(str(key)))
