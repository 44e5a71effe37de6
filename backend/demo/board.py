"""The demo's live summary: client-side figures per phase, the server's and Prometheus's view."""

from __future__ import annotations

import contextlib
import statistics
import threading
import time
from collections.abc import Callable, Iterator

import httpx
from rich.console import Group
from rich.table import Table
from rich.text import Text

from kvscope.backend.demo.traffic import Outcome


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


class PhaseStats:
    """Token-weighted hit rate and TTFT quantiles of one phase, as a client measured them."""

    __slots__ = ("cached", "errors", "prompt", "requests", "total", "ttfts")

    def __init__(self, total: int) -> None:
        self.total = total
        self.requests = 0
        self.errors = 0
        self.prompt = 0
        self.cached = 0
        self.ttfts: list[float] = []

    def add(self, o: Outcome) -> None:
        self.requests += 1
        if o.status != 200:
            self.errors += 1
            return
        self.prompt += o.prompt_tokens
        self.cached += o.cached_tokens
        if o.ttft is not None:
            self.ttfts.append(o.ttft)

    @property
    def hit_rate(self) -> float | None:
        return self.cached / self.prompt if self.prompt else None

    @property
    def computed_per_request(self) -> float | None:
        """Prompt tokens the server had to prefill per request: what a miss costs."""
        done = self.requests - self.errors
        return (self.prompt - self.cached) / done if done else None

    @property
    def ttft_mean(self) -> float | None:
        return statistics.fmean(self.ttfts) if self.ttfts else None

    def summary(self) -> dict:
        return {
            "requests": self.requests,
            "errors": self.errors,
            "prompt_tokens": self.prompt,
            "cached_tokens": self.cached,
            "hit_rate": self.hit_rate,
            "prefill_tokens_per_request": self.computed_per_request,
            "ttft_mean_s": self.ttft_mean,
            "ttft_p50_s": quantile(self.ttfts, 0.5),
            "ttft_p95_s": quantile(self.ttfts, 0.95),
        }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{1000 * x:.0f} ms"


def cache_counts(stats: dict) -> dict[str, int]:
    """Cumulative block counts from ``/v1/cache/stats``: dropped (gone from every tier),
    demoted (moved to a lower tier, still a hit) and preempted requests."""
    dropped = demoted = 0
    for reasons in (stats.get("cache", {}).get("evictions") or {}).values():
        for reason, n in (reasons or {}).items():
            if reason == "demoted":
                demoted += int(n)
            else:
                dropped += int(n)
    pre = stats.get("scheduler", {}).get("preemptions") or {}
    return {"dropped": dropped, "demoted": demoted, "preempted": sum(int(n) for n in pre.values())}


def _counts(counts: dict) -> str:
    """``{'recompute': 0, 'swap': 2}`` as ``2 (recompute 0, swap 2)``."""
    if not counts:
        return "0"
    total = sum(int(n) for n in counts.values())
    return f"{total} (" + ", ".join(f"{k} {n}" for k, n in counts.items()) + ")"


@contextlib.contextmanager
def on_thread(name: str, loop: Callable[[threading.Event], None]) -> Iterator[None]:
    """Run ``loop(stop)`` on a daemon thread while the block runs; on leaving it, set ``stop``
    and wait for the thread, so nothing outlives the phase that started it."""
    stop = threading.Event()
    thread = threading.Thread(target=loop, args=(stop,), name=name, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


class Board:
    """Holds the phases and renders them with the server's cache state and active alerts."""

    def __init__(self, server: str, prometheus: str | None) -> None:
        self.server = server
        self.prometheus = prometheus
        self.phases: dict[str, PhaseStats] = {}
        self.cache: dict = {}
        self.alerts: list[tuple[str, str]] = []
        self.active_at: dict[str, str] = {}  # alert name -> RFC 3339 time it became pending
        self.first_firing: dict[str, float] = {}  # alert name -> wall clock first seen firing

    def start_phase(self, name: str, total: int) -> PhaseStats:
        self.phases[name] = PhaseStats(total)
        return self.phases[name]

    def record(self, o: Outcome) -> None:
        self.phases[o.phase].add(o)

    @contextlib.contextmanager
    def polling(self, interval: float = 0.5) -> Iterator[None]:
        """Refresh the server's and Prometheus's view on a thread, off the client's request path
        (a poll inside a request callback would block the event loop and inflate TTFT)."""

        def loop(stop: threading.Event) -> None:
            while not stop.wait(interval):
                self.poll()

        self.poll()
        with on_thread("demo-board-poll", loop):
            yield

    def poll(self) -> None:
        with contextlib.suppress(httpx.HTTPError, ValueError):
            self.cache = httpx.get(self.server + "/v1/cache/stats", timeout=2).json()
        if self.prometheus:
            with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                data = httpx.get(self.prometheus + "/api/v1/alerts", timeout=2).json()
                alerts = data["data"]["alerts"]
                self.alerts = sorted((a["labels"]["alertname"], a["state"]) for a in alerts)
                self.active_at = {a["labels"]["alertname"]: a.get("activeAt", "") for a in alerts}
                for name, state in self.alerts:
                    if state == "firing":
                        self.first_firing.setdefault(name, time.time())

    def render(self) -> Group:
        phases = Table(title="traffic (client side)")
        cols = ("phase", "requests", "hit rate", "prefill tok/req", "TTFT mean", "p50", "p95")
        for col in (*cols, "errors"):
            phases.add_column(col, justify="left" if col == "phase" else "right")
        for name, s in self.phases.items():
            hit = s.hit_rate
            style = "green" if hit is not None and hit >= 0.5 else "red" if hit is not None else ""
            phases.add_row(
                name,
                f"{s.requests}/{s.total}",
                Text(_pct(hit), style=style),
                "-" if s.computed_per_request is None else f"{s.computed_per_request:,.0f}",
                _ms(s.ttft_mean),
                _ms(quantile(s.ttfts, 0.5)),
                _ms(quantile(s.ttfts, 0.95)),
                str(s.errors),
            )
        return Group(phases, self._cache_table(), self._server_line(), self._alerts_line())

    def _cache_table(self) -> Table:
        table = Table(title="KV cache blocks by tier (server side)")
        for col in ("tier", "used", "cached", "free", "pinned"):
            table.add_column(col, justify="right")
        cache = self.cache.get("cache", {})
        for tier, counts in cache.get("tiers", {}).items():
            cells = (str(counts.get(k, 0)) for k in ("used", "cached", "free", "pinned"))
            table.add_row(tier, *cells)
        return table

    def _server_line(self) -> Text:
        cache, sched = self.cache.get("cache", {}), self.cache.get("scheduler", {})
        c = cache_counts(self.cache)
        return Text(
            f"server: hit rate {_pct(cache.get('hit_rate'))} | running {sched.get('running', 0)}"
            f", waiting {sched.get('waiting', 0)} requests | blocks dropped for room "
            f"{c['dropped']}, demoted to a lower tier {c['demoted']} | preemptions "
            f"{_counts(sched.get('preemptions') or {})}"
        )

    def _alerts_line(self) -> Text:
        if not self.prometheus:
            return Text("Prometheus: not installed (alerts are evaluated by the demo itself)")
        if not self.alerts:
            return Text("Prometheus alerts: none pending or firing", style="green")
        parts = [f"{name} [{state}]" for name, state in self.alerts]
        return Text("Prometheus alerts: " + ", ".join(parts), style="bold red")
