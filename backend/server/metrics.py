"""Prometheus exporter: the ``kvscope_*`` series of ``kvscope.backend.metric_names``, exactly.

``ServerMetrics`` is an engine listener (request and token counters, latency histograms, and the
prefix-cache query/hit tokens by tenant and tier, counted at a request's first admission only, as
vLLM does, so that preemption under overload cannot inflate the hit rate) and, at scrape time, a
reader of the cache's own counters (evictions, swaps: advanced by their delta since the last
scrape) and gauges (blocks by state, usage, queues). Reading the cache's counters keeps the
cache's event emitter off when no KV-event sink is configured. The ``tenant`` label is capped at
``TENANT_LABEL_CAP`` values; later tenants are folded into ``tenant="other"``.
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
from kvscope.backend.metric_names import (
    ITL_BUCKETS,
    LATENCY_BUCKETS,
    SERIES,
    TENANT_LABEL_CAP,
)

DEFAULT_TENANT, OTHER_TENANT = "default", "other"
disable_created_metrics()  # the *_created samples double the scrape and nobody reads them


def _make(series, registry: CollectorRegistry):
    name = series.name
    if series.kind == "counter":
        return Counter(name.removesuffix("_total"), series.help, series.labels, registry=registry)
    if series.kind == "gauge":
        return Gauge(name, series.help, series.labels, registry=registry)
    buckets = ITL_BUCKETS if "inter_token" in name else LATENCY_BUCKETS
    return Histogram(name, series.help, series.labels, registry=registry, buckets=buckets)


class ServerMetrics(EngineListener):
    """Owns one registry. ``render()`` refreshes the gauges from ``engine`` and scrapes."""

    def __init__(self, model_name: str, registry: CollectorRegistry | None = None) -> None:
        self.model = model_name
        self.registry = registry or CollectorRegistry()
        self.m: dict[str, Any] = {s.name: _make(s, self.registry) for s in SERIES}
        self._tenants: set[str] = set()
        self._lock = threading.RLock()
        self._seen: dict[tuple, float] = {}

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
        self._get("prompt_tokens_total").inc(seq.num_prompt_tokens)
        self._get("request_queue_time_seconds").observe(max(0.0, now - seq.arrival_time))
        if not seq.stats.queried:
            return  # private requests and disabled caching never look the cache up
        tenant = self.tenant(seq.tenant)
        self._get("prefix_cache_query_tokens_total", tenant=tenant).inc(seq.num_prompt_tokens)
        self._get("prefix_cache_hit_tokens_total", tenant=tenant).inc(seq.stats.prefix_hit_tokens)
        for tier, n in seq.stats.tier_hit_tokens.items():
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

    # -- scrape ---------------------------------------------------------------------------------
    def _advance(self, short: str, value: float, **labels: str) -> None:
        """Move a counter up to the cache's cumulative ``value``."""
        key = (short, *sorted(labels.items()))
        delta = value - self._seen.get(key, 0.0)
        if delta > 0:
            self._get(short, **labels).inc(delta)
            self._seen[key] = value

    def _counters(self, stats) -> None:
        for tier, reasons in stats.evictions.items():
            for reason, n in reasons.items():
                self._advance("kv_cache_evictions_total", n, tier=tier, reason=reason)
        for direction, n in stats.swaps.items():
            self._advance("kv_cache_swaps_total", n, direction=direction)

    def refresh(self, engine) -> None:
        with engine.lock:
            snap = engine.snapshot()
            stats = engine.cache.stats()
        tiers = engine.cache_tiers(stats)
        with self._lock:
            self._counters(stats)
        self._get("requests_running").set(snap["running"])
        self._get("requests_waiting").set(snap["waiting"])
        for tier, states in tiers.items():
            total = states["used"] + states["cached"] + states["free"]
            busy = states["used"] + states["cached"]
            self._get("kv_cache_usage_ratio", tier=tier).set(busy / total if total else 0.0)
            for state, n in states.items():
                self._get("kv_cache_blocks", tier=tier, state=state).set(n)

    def render(self, engine) -> bytes:
        self.refresh(engine)
        return generate_latest(self.registry)
