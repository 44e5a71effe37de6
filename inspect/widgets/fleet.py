"""Fleet: one row per replica or data-parallel engine, and the fleet total; Enter on a row
focuses that replica (its tree, blocks and overview)."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from kvscope.inspect.fleet import Row, total
from kvscope.inspect.thresholds import Thresholds
from kvscope.inspect.widgets.overview import num as _n
from kvscope.inspect.widgets.overview import pct as _pct
from kvscope.inspect.widgets.overview import secs as _s

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

    def update_view(
        self,
        rows: list[Row],
        events: dict[str, int],
        focused: str | None,
        thresholds: Thresholds | None = None,
    ) -> None:
        """Rows, then the total; TTFT over the rule pack's SLO and usage at its pinned-full
        level in red."""
        th = thresholds or Thresholds("none")
        slo, full = th.ttft_slo_s, th.usage_pinned

        def p95(x: float | None, suffix: str = "") -> Text:
            bad = slo is not None and x is not None and x > slo
            return Text(_s(x) + suffix, style="bold red" if bad else "")

        def use(x: float | None) -> Text:
            bad = full is not None and x is not None and x >= full
            return Text(_pct(x), style="bold red" if bad else "")

        keep = self.cursor_row
        self.clear()
        for r in rows:
            s = r.snap
            target = r.extra.get("target", r.name)
            mark = "▶ " if target == focused else "  "
            usage = max(s.usage.values()) if s.usage else None
            self.add_row(mark + r.name, _pct(s.hit_rate), use(usage), _n(s.running),
                         _n(s.waiting), _n(s.preemptions), p95(s.ttft_p95),
                         _n(events.get(target)) if target in events else "-",
                         key=r.name)  # fmt: skip
        if rows:
            t = total(rows)
            self.add_row("  " + TOTAL, _pct(t["hit_rate"]), use(t["usage"]), _n(t["running"]),
                         _n(t["waiting"]), _n(t["preemptions"]), p95(t["ttft_p95"], " (max)"),
                         _n(sum(events.values())) if events else "-", key=TOTAL)  # fmt: skip
            self.move_cursor(row=min(keep, len(rows)))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        if key and key != TOTAL:
            event.stop()
            self.post_message(self.Focus(str(key)))
