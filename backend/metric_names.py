"""The kvscope_* Prometheus series: one table shared by the exporter, the rules and the dashboards.

Names follow Prometheus conventions: base units, ``_total`` on counters, no colons (colons are for
recording rules). Token counters count tokens, as vLLM's do, so rates compare across engines.
Every series carries ``model_name``; the exporter caps the ``tenant`` label's cardinality (extra
tenants are folded into ``tenant="other"``).
"""

from __future__ import annotations

from typing import NamedTuple


class Series(NamedTuple):
    name: str  # as scraped (counters include _total; histograms are the base name)
    kind: str  # counter | gauge | histogram
    labels: tuple[str, ...]
    help: str


P = "kvscope_"
SERIES: tuple[Series, ...] = (
    Series(P + "prefix_cache_query_tokens_total", "counter", ("model_name", "tenant"),
           "Prompt tokens looked up in the prefix cache."),
    Series(P + "prefix_cache_hit_tokens_total", "counter", ("model_name", "tenant"),
           "Prompt tokens served from the prefix cache (any tier)."),
    Series(P + "prefix_cache_tier_hit_tokens_total", "counter", ("model_name", "tier"),
           "Prompt tokens served from the prefix cache, by the tier they were found in."),
    Series(P + "kv_cache_usage_ratio", "gauge", ("model_name", "tier"),
           "Fraction of a tier's blocks in use or cached (0-1)."),
    Series(P + "kv_cache_blocks", "gauge", ("model_name", "tier", "state"),
           "Blocks by tier and state (used, cached, free, pinned)."),
    Series(P + "kv_cache_evictions_total", "counter", ("model_name", "tier", "reason"),
           "Blocks evicted from a tier, by reason."),
    Series(P + "kv_cache_swaps_total", "counter", ("model_name", "direction"),
           "Blocks moved between tiers (direction: out = demotion, in = promotion)."),
    Series(P + "preemptions_total", "counter", ("model_name", "mode"),
           "Running requests preempted to make room (mode: recompute or swap)."),
    Series(P + "requests_running", "gauge", ("model_name",), "Requests being computed."),
    Series(P + "requests_waiting", "gauge", ("model_name",), "Requests queued for admission."),
    Series(P + "requests_rejected_total", "counter", ("model_name", "reason"),
           "Requests refused (queue_full -> HTTP 429, invalid -> HTTP 4xx)."),
    Series(P + "request_success_total", "counter", ("model_name", "finished_reason"),
           "Requests finished (stop, length, abort)."),
    Series(P + "prompt_tokens_total", "counter", ("model_name",), "Prompt tokens received."),
    Series(P + "generation_tokens_total", "counter", ("model_name",), "Tokens generated."),
    Series(P + "time_to_first_token_seconds", "histogram", ("model_name",),
           "Arrival to first output token."),
    Series(P + "inter_token_latency_seconds", "histogram", ("model_name",),
           "Time between consecutive output tokens."),
    Series(P + "e2e_request_latency_seconds", "histogram", ("model_name",),
           "Arrival to last output token."),
    Series(P + "request_queue_time_seconds", "histogram", ("model_name",),
           "Arrival to admission."),
)  # fmt: skip

# 0.4 s (the default TTFT SLO) sits on a bucket boundary; buckets reach 120 s.
LATENCY_BUCKETS: tuple[float, ...] = (
    0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 7.5,
    10.0, 15.0, 20.0, 30.0, 45.0, 60.0, 120.0,
)  # fmt: skip
ITL_BUCKETS: tuple[float, ...] = (
    0.001, 0.0025, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75,
    1.0, 2.5, 5.0, 10.0, 20.0, 40.0, 60.0,
)  # fmt: skip
TENANT_LABEL_CAP = 32
BY_NAME: dict[str, Series] = {s.name: s for s in SERIES}
