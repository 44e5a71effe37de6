"""Overview: hit rate now and over time, blocks by tier and state, queue, preemptions, evictions,
TTFT. Event-derived numbers come from the fold; engine numbers from the ``--metrics`` scrape."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Sparkline, Static

from kvscope.inspect.fold import CacheState
from kvscope.inspect.text import one_line


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def secs(x: float | None) -> str:
    return "n/a" if x is None else f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


def counter_line(counts: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:,.0f}" for k, v in sorted(counts.items())) or "none"


class OverviewView(Vertical):
    """Left: numbers; bottom: hit-rate sparkline (per second of producer time or per scrape)."""

    DEFAULT_CSS = """
    OverviewView { height: 1fr; }
    OverviewView #ov-summary { height: 1fr; }
    OverviewView Sparkline { height: 3; margin: 0 1; }
    OverviewView Label { margin: 0 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="ov-summary")
        yield Label("hit rate over time (oldest left)", id="ov-spark-label")
        yield Sparkline([], id="ov-spark", summary_function=max)

    def update_view(self, state: CacheState, metrics: Any, server: dict | None,
                    metric_rates: list[float], hot: list[dict] | None = None,
                    decode: Any = None) -> None:  # fmt: skip
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold")
        t.add_column()
        event_rate = state.hit_rate()
        m = metrics
        t.add_row("Hit rate (events, 10 s)", pct(event_rate) if state.counts["BlockHit"] else
                  "n/a (stream has no BlockHit events; see --metrics)")  # fmt: skip
        idle = m is not None and getattr(m, "idle", False)
        if m is not None:
            rate = f"idle (last {pct(m.hit_rate)})" if idle else pct(m.hit_rate)
            t.add_row(f"Hit rate ({m.engine} metrics)", rate)
        tiers = state.blocks_by_tier()
        cached = ", ".join(f"{k} {v:,}" for k, v in sorted(tiers.items())) or "none"
        t.add_row("Cached blocks (events)", f"{len(state.blocks):,} hashes; copies: {cached}")
        if m is not None and m.blocks:
            t.add_row("Blocks by tier/state", counter_line(m.blocks))
        if m is not None and m.usage:
            t.add_row("Cache usage", ", ".join(f"{k} {pct(v)}" for k, v in sorted(m.usage.items())))
        if server:
            t.add_row("Server tiers", _tiers_line(server.get("tiers")))
        sched = server.get("scheduler") if server else None
        run, wait = (m.running, m.waiting) if m is not None else (None, None)
        if run is None and wait is None and isinstance(sched, dict):
            run, wait = _number(sched.get("running")), _number(sched.get("waiting"))
        if run is not None or wait is not None:
            t.add_row("Requests running / waiting", f"{num(run)} / {num(wait)}")
        if m is not None:
            t.add_row("TTFT p50 / p95", f"{secs(m.ttft_p50)} / {secs(m.ttft_p95)}"
                      + (" (idle: last window)" if idle else ""))  # fmt: skip
        pre = dict(state.preemptions)
        if m is not None and m.preemptions is not None and not pre:
            pre = {"total": m.preemptions}
        t.add_row("Preemptions", counter_line(pre))
        ev = state.evictions_by_reason() or (dict(m.evictions) if m is not None else {})
        t.add_row("Evictions by reason", counter_line(ev))
        t.add_row("Swaps", counter_line(dict(state.swaps)))
        t.add_row("Events", f"{sum(state.counts.values()):,} in {state.batches:,} batches"
                  + (f"; {state.unknown_removals:,} removals of unknown blocks"
                     if state.unknown_removals else ""))  # fmt: skip
        for i, row in enumerate((hot or [])[:3]):
            t.add_row("Hot prefix" if i == 0 else "", _hot_line(row, decode))
        self.query_one("#ov-summary", Static).update(t)
        rates = metric_rates or [r if r is not None else 0.0 for r in _event_rates(state)]
        self.query_one("#ov-spark", Sparkline).data = rates[-120:] or [0.0]


def _number(x: Any) -> float | None:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else None


def _event_rates(state: CacheState) -> list[float | None]:
    return [(h / q if q else None) for _, h, q in state.history] if state.counts["BlockHit"] else []


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
