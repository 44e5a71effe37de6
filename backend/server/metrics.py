"""Prometheus exporter: the ``kvscope_*`` series of ``kvscope.backend.metric_names``, exactly.

``ServerMetrics`` is three things at once: an engine listener (request and token counters,
latency histograms), a block-event sink (evictions, swaps) and, at scrape time, a reader of the
cache's and scheduler's gauges. The ``tenant`` label is capped at ``TENANT_LABEL_CAP`` values;
later tenants are folded into ``tenant="other"``.
"""

from __future__ import annotations

import threading
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

from kvscope.backend.engine.hooks import EngineListener
from kvscope.backend.engine.sequence import Sequence
from kvscope.backend.events import DEVICE, DISK, HOST, BlockEvicted, BlockSwapped, EventSink
from kvscope.backend.metric_names import (
    ITL_BUCKETS,
    LATENCY_BUCKETS,
    SERIES,
    TENANT_LABEL_CAP,
)

DEFAULT_TENANT, OTHER_TENANT = "default", "other"
_TIER_RANK = {DEVICE: 0, HOST: 1, DISK: 2}
disable_created_metrics()  # the *_created samples double the scrape and nobody reads them


def _make(series, registry: CollectorRegistry):
    name = series.name
    if series.kind == "counter":
        return Counter(name.removesuffix("_total"), series.help, series.labels, registry=registry)
    if series.kind == "gauge":
        return Gauge(name, series.help, series.labels, registry=registry)
    buckets = ITL_BUCKETS if "inter_token" in name else LATENCY_BUCKETS
    return Histogram(name, series.help, series.labels, registry=registry, buckets=buckets)


class ServerMetrics(EngineListener, EventSink):
    """Owns one registry. ``render()`` refreshes the gauges from ``engine`` and scrapes."""

    def __init__(self, model_name: str, registry: CollectorRegistry | None = None) -> None:
        self.model = model_name
        self.registry = registry or CollectorRegistry()
        self.m: dict[str, Any] = {s.name: _make(s, self.registry) for s in SERIES}
        self._tenants: set[str] = set()
        self._lock = threading.Lock()

    def _get(self, short: str, **labels: str):
        return self.m["kvscope_" + short].labels(model_name=self.model, **labels)

    def tenant(self, tenant: str | None) -> str:
        name = tenant or DEFAULT_TENANT
        with self._lock:
            if name in self._tenants:
                return name
            if len(self._tenants) < TENANT_LABEL_CAP:
                self._tenants.add(name)
                return name
        return OTHER_TENANT

    # -- engine listener ------------------------------------------------------------------------
    def on_rejected(self, reason: str) -> None:
        self._get("requests_rejected_total", reason=reason).inc()

    def on_admitted(self, seq: Sequence, first: bool, now: float) -> None:
        if not first:
            return
        tenant = self.tenant(seq.tenant)
        self._get("prompt_tokens_total").inc(seq.num_prompt_tokens)
        self._get("request_queue_time_seconds").observe(max(0.0, now - seq.arrival_time))
        self._get("prefix_cache_query_tokens_total", tenant=tenant).inc(seq.num_prompt_tokens)
        hits = seq.stats.prefix_hit_tokens
        self._get("prefix_cache_hit_tokens_total", tenant=tenant).inc(hits)
        for tier, n in seq.stats.tier_hit_tokens.items():
            if n:
                self._get("prefix_cache_tier_hit_tokens_total", tier=tier).inc(n)

    def on_preempted(self, seq: Sequence, mode: str, num_blocks: int) -> None:
        self._get("preemptions_total", mode=mode).inc()

    def on_token(self, seq: Sequence, now: float) -> None:
        self._get("generation_tokens_total").inc()
        if seq.last_token_time is None:
            self._get("time_to_first_token_seconds").observe(max(0.0, now - seq.arrival_time))
        else:
            self._get("inter_token_latency_seconds").observe(max(0.0, now - seq.last_token_time))

    def on_finished(self, seq: Sequence, now: float) -> None:
        self._get("request_success_total", finished_reason=seq.finish_reason or "abort").inc()
        self._get("e2e_request_latency_seconds").observe(max(0.0, now - seq.arrival_time))

    # -- block events ---------------------------------------------------------------------------
    def emit(self, event: Any) -> None:
        if isinstance(event, BlockEvicted):
            tier = event.medium or DEVICE
            n = len(event.block_hashes)
            self._get("kv_cache_evictions_total", tier=tier, reason=event.reason).inc(n)
        elif isinstance(event, BlockSwapped):
            out = _TIER_RANK.get(event.to_tier, 0) > _TIER_RANK.get(event.from_tier, 0)
            n = len(event.block_hashes)
            self._get("kv_cache_swaps_total", direction="out" if out else "in").inc(n)

    # -- scrape ---------------------------------------------------------------------------------
    def refresh(self, engine) -> None:
        with engine.lock:
            snap = engine.snapshot()
            tiers = engine.cache_tiers()
        self._get("requests_running").set(snap["running"])
        self._get("requests_waiting").set(snap["waiting"])
        for tier, states in tiers.items():
            total = sum(v for k, v in states.items() if k in ("used", "cached", "free"))
            busy = states.get("used", 0) + states.get("cached", 0)
            self._get("kv_cache_usage_ratio", tier=tier).set(busy / total if total else 0.0)
            for state, n in states.items():
                self._get("kv_cache_blocks", tier=tier, state=state).set(n)

    def render(self, engine) -> bytes:
        self.refresh(engine)
        return generate_latest(self.registry)
