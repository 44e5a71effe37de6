"""Overview: four panels (cache, traffic, latency, events), each with its figures and a chart over
the selected window (``w``: 1 m / 10 m / 1 h), under a status line that says which alert of the
rule pack would fire. Event-derived numbers come from the fold; engine numbers from ``--metrics``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.widgets import Static

from kvscope.inspect.fold import CacheState
from kvscope.inspect.history import History
from kvscope.inspect.text import one_line
from kvscope.inspect.thresholds import Figures, Thresholds, verdicts
from kvscope.inspect.widgets.chart import axis_max, chart, last

EVENTS_DEF = "hit / looked-up tokens in KV events, last 10 s"
METRICS_DEF = "prefix-cache hit / queried tokens between the last two scrapes"


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def secs(x: float | None) -> str:
    return "n/a" if x is None else f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


def counter_line(counts: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:,.0f}" for k, v in sorted(counts.items())) or "none"


@dataclass(slots=True)
class Inputs:
    """Everything one redraw of the overview reads."""

    state: CacheState
    metrics: Any = None
    server: dict | None = None
    history: History | None = None
    window: tuple[str, float] = ("10m", 600.0)
    hot: list[dict] | None = None
    decode: Any = None
    thresholds: Thresholds | None = None
    figures: Figures | None = None


class OverviewView(Vertical):
    DEFAULT_CSS = """
    OverviewView { height: 1fr; }
    OverviewView #ov-status { height: 1; padding: 0 1; }
    OverviewView Grid { grid-size: 2 2; grid-rows: 3fr 2fr; grid-gutter: 0 1; height: 1fr; }
    OverviewView Grid > Static { border: round $primary-darken-2; padding: 0 1; height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="ov-status")
        with Grid():
            for name in ("cache", "traffic", "latency", "events"):
                panel = Static(id=f"ov-{name}")
                panel.border_title = name.capitalize()
                yield panel

    def update_view(self, inp: Inputs) -> None:
        self.query_one("#ov-status", Static).update(status_line(inp))
        span = f"last {inp.window[0]}"
        for name, (rows, series) in panels(inp).items():
            panel = self.query_one(f"#ov-{name}", Static)
            panel.border_subtitle = span if series else ""
            width = max(10, panel.content_region.width or panel.size.width - 4)
            height = max(1, (panel.content_region.height or panel.size.height - 2) - len(rows))
            parts: list[Any] = [_grid(rows)]
            if series is not None and height >= 3:
                parts.append(_chart(inp, series, width, height, span))
            panel.update(Group(*parts))


# panel -> (rows of (label, value), the charted series or None)
Panels = dict[str, tuple[list[tuple[str, Text | str]], str | None]]


def panels(inp: Inputs) -> Panels:
    st, m, th, f = inp.state, inp.metrics, inp.thresholds, inp.figures or Figures()
    cache: list[tuple[str, Text | str]] = []
    ev = st.hit_rate()
    cache.append(("hit rate, events", _hit(ev, f, th) if st.counts["BlockHit"] else
                  Text("n/a (no BlockHit events; see --metrics)", style="dim")))  # fmt: skip
    cache.append(("", Text(EVENTS_DEF, style="dim")))
    idle = m is not None and getattr(m, "idle", False)
    if m is not None:
        cache.append((f"hit rate, {m.engine}", _hit(m.hit_rate, f, th, idle)))
        cache.append(("", Text(METRICS_DEF, style="dim")))
    if m is not None and m.usage:
        cache.append(("usage", ", ".join(f"{k} {pct(v)}" for k, v in sorted(m.usage.items()))))
    tiers = st.blocks_by_tier()
    copies = ", ".join(f"{k} {v:,}" for k, v in sorted(tiers.items())) or "none"
    cache.append(("cached blocks", f"{len(st.blocks):,} hashes; copies {copies}"))
    if inp.server:
        cache.append(("server tiers", _tiers_line(inp.server.get("tiers"))))
    traffic: list[tuple[str, Text | str]] = []
    run, wait = (m.running, m.waiting) if m is not None else (None, None)
    sched = inp.server.get("scheduler") if inp.server else None
    if run is None and wait is None and isinstance(sched, dict):
        run, wait = _number(sched.get("running")), _number(sched.get("waiting"))
    traffic.append(("requests", f"running {num(run)}, waiting {num(wait)}"))
    pre = dict(st.preemptions)
    if m is not None and m.preemptions is not None and not pre:
        pre = {"total": m.preemptions}
    traffic.append(("preemptions", counter_line(pre)))
    evictions = st.evictions_by_reason() or (dict(m.evictions) if m is not None else {})
    traffic.append(("evictions (blocks)", counter_line(evictions)))
    traffic.append(("swaps (blocks)", counter_line(dict(st.swaps))))
    latency: list[tuple[str, Text | str]] = []
    if m is not None:
        slo = th.ttft_slo_s if th is not None else None
        p95 = Text(secs(m.ttft_p95))
        if slo is not None and m.ttft_p95 is not None:
            p95.stylize("bold red" if m.ttft_p95 > slo else "green")
        latency.append(("TTFT p50", secs(m.ttft_p50)))
        latency.append(("TTFT p95", p95 + Text(f"  (SLO {secs(slo)})" if slo else "", "dim")))
        window = "idle: the last window with queries" if idle else "between the last two scrapes"
        latency.append(("", Text(window, style="dim")))
    else:
        latency.append(("TTFT", Text("n/a (needs --metrics)", style="dim")))
    events: list[tuple[str, Text | str]] = []
    note = f"; {st.unknown_removals:,} removals of unknown blocks" if st.unknown_removals else ""
    events.append(("events", f"{sum(st.counts.values()):,} in {st.batches:,} batches{note}"))
    kinds = {k.removeprefix("Block"): v for k, v in st.counts.items() if v}
    if kinds:
        events.append(("by type", counter_line(kinds)))
    for i, row in enumerate((inp.hot or [])[:3]):
        events.append(("hot prefix" if i == 0 else "", _hot_line(row, inp.decode)))
    hit_series = "hit_rate_metrics" if m is not None else "hit_rate_events"
    return {
        "cache": (cache, hit_series),
        "traffic": (traffic, "waiting" if m is not None else None),
        "latency": (latency, "ttft_p95" if m is not None else None),
        "events": (events, "hit_rate_events" if m is not None else None),
    }


def status_line(inp: Inputs) -> Text:
    th = inp.thresholds
    if th is None:
        return Text("alerts: rule pack not found (--rules alerts/kvcache_alerts.yaml)", "dim")
    fired = verdicts(th, inp.figures or Figures())
    if not fired:
        return Text("alerts (rule pack, ignoring for:): none would fire", style="green")
    return Text("would fire: " + "; ".join(fired), style="bold red")


def _hit(value: float | None, f: Figures, th: Thresholds | None, idle: bool = False) -> Text:
    """A hit rate coloured by the alert's threshold; an idle engine shows its last window's."""
    text = Text(f"idle (last {pct(value)})" if idle else pct(value))
    base, factor = f.baseline_hit_rate, th.hit_drop_factor if th is not None else None
    if value is not None and base is not None and factor is not None:
        text.stylize("bold red" if value < factor * base else "green")
        text.append(f"  (alert below {pct(factor * base)}: {factor:g} x baseline)", "dim")
    return text


def _grid(rows: list[tuple[str, Text | str]]) -> Table:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True, min_width=max((len(r[0]) for r in rows), default=0))
    t.add_column(overflow="ellipsis", no_wrap=True)
    for label, value in rows:
        t.add_row(label, value)
    return t


def _chart(inp: Inputs, series: str, width: int, rows: int, span: str) -> Text:
    """The title, bars, the time axis in ``rows`` lines (a blank line first when there is room)."""
    history = inp.history or History()
    gap = "\n" if rows >= 6 else ""
    height = rows - 1 - len(gap)  # chart() draws height - 1 bar rows plus its time axis
    n = max(4, width - 7)
    values = history.buckets(series, inp.window[1], n)
    now = last(values)
    if series.startswith("hit_rate"):
        kind = "events" if series.endswith("events") else "metrics"
        title, fmt, lo, hi = f"hit rate ({kind}), now {pct(now)}", lambda v: f"{v:.0%}", 0.0, 1.0
    elif series == "ttft_p95":
        title, fmt, lo, hi = f"TTFT p95, now {secs(now)}", secs, 0.0, axis_max(values, 0.1)
    else:
        title, fmt, lo = f"waiting requests, now {num(now)}", lambda v: f"{v:g}", 0.0
        hi = axis_max(values, 1.0)
    body = chart(values, max(2, height), lo, hi, fmt, span)
    return Text(f"{gap}{title}\n", style="bold") + body


def _number(x: Any) -> float | None:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else None


def _hot_line(row: dict, decode: Any = None) -> str:
    """One hot prefix from the server (kvscope's ``PrefixInfo`` fields; unknown ones tolerated)."""
    hits = row.get("hits", "?")
    tokens = row.get("depth_tokens", row.get("tokens", "?"))
    text = row.get("text")
    ids = row.get("first_token_ids")
    ok_ids = isinstance(ids, list) and all(isinstance(x, int) for x in ids)
    if not isinstance(text, str) and decode is not None and ok_ids:
        text = decode(ids)
    shown = one_line(text, 40) if isinstance(text, str) else str(row.get("block_hash", ""))[:12]
    tenants = row.get("tenants")
    who = f" {','.join(map(str, tenants))}" if isinstance(tenants, list) and tenants else ""
    return f"hits {hits}, {tokens} tok, {row.get('tier', '')}{who} {shown!r}"


def _tiers_line(tiers: Any) -> Text | str:
    if not isinstance(tiers, dict):
        return "n/a"
    parts = []
    for tier, states in sorted(tiers.items()):
        if isinstance(states, dict):
            inner = " ".join(f"{k}={v}" for k, v in states.items() if isinstance(v, int | float))
            parts.append(f"{tier}: {inner}")
    return "; ".join(parts) or "n/a"
