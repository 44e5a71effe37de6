"""Recording rules: each engine's series normalised into one set of instance-level series.

Names follow ``level:metric:operations``. The common metric names start with ``kvcache_`` and stand
for any engine: kvscope (``kvscope_*``, backend/metric_names.py), vLLM (``vllm:*``) and SGLang
(``sglang:*``). Which series each engine exports comes from one table,
``kvscope.backend.engine_metrics.ENGINE_SERIES``, which kvscope-inspect reads too. An instance
exports one engine's series, so exactly one source per record name produces a sample for it.
Alerts and dashboards read only the series recorded here.

Cache usage means blocks held by requests (or pinned): cached blocks nobody references count as
free, as in vLLM's ``kv_cache_usage_perc``, so "usage pinned at 100%" means the same on every
engine (kvscope's own ``kvscope_kv_cache_usage_ratio`` also counts cached blocks; not read here
nor by the inspector).

Ratios aggregate numerator and denominator first and divide by a positive denominator only, so an
idle instance records nothing instead of NaN.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_profile import Profile

from kvscope.backend.engine_metrics import ENGINE_SERIES, ENGINES, KV_BLOCKS, EngineSeries, K, Sel

HIT_RATIO = "instance:kvcache_prefix_hits_per_queries:ratio_rate5m"
QUERY_RATE = "instance:kvcache_prefix_query_tokens:rate5m"
HIT_RATE = "instance:kvcache_prefix_hit_tokens:rate5m"
PROMPT_RATE = "instance:kvcache_prompt_tokens:rate5m"
GENERATION_RATE = "instance:kvcache_generation_tokens:rate5m"
USAGE_BY_TIER = "instance_tier:kvcache_usage:ratio"
USAGE = "instance:kvcache_usage:ratio"
WAITING = "instance:kvcache_requests_waiting:sum"
RUNNING = "instance:kvcache_requests_running:sum"
PREEMPTION_RATE = "instance:kvcache_preemptions:rate5m"
TTFT_BUCKET_RATE = "instance_le:kvcache_time_to_first_token_seconds_bucket:rate5m"
TTFT_COUNT_RATE = "instance:kvcache_time_to_first_token_seconds_count:rate5m"
TTFT_QUANTILE = "instance_quantile:kvcache_time_to_first_token_seconds:histogram_quantile_rate5m"
TTFT_QUANTILES = ("0.5", "0.95", "0.99")
# kvscope-only detail (vLLM and SGLang export no such labels).
TENANT_HIT_RATIO = "instance_tenant:kvcache_prefix_hits_per_queries:ratio_rate5m"
TIER_HIT_RATE = "instance_tier:kvcache_prefix_hit_tokens:rate5m"
BLOCKS = "instance_tier_state:kvcache_blocks:sum"
EVICTED_BLOCKS = "instance_tier_reason:kvcache_evicted_blocks:rate5m"
SWAPPED_BLOCKS = "instance_direction:kvcache_swapped_blocks:rate5m"
EVICTED_TOKENS = "instance:kvcache_evicted_tokens:rate5m"  # SGLang counts tokens, kvscope blocks


Sources = tuple[str | None, str | None, str | None]  # one expression per engine of ENGINES


def _each(fn: Callable[[EngineSeries], str | None]) -> Sources:
    return tuple(fn(ENGINE_SERIES[e]) for e in ENGINES)  # type: ignore[return-value]


def _rate(
    by: str, window: str, pick: Callable[[EngineSeries], Sel | None], suffix: str = ""
) -> Sources:
    def expr(s: EngineSeries) -> str | None:
        sel = pick(s)
        return None if sel is None else f"sum by ({by}) (rate({sel.promql(suffix)}[{window}]))"

    return _each(expr)


def _sum(pick: Callable[[EngineSeries], Sel]) -> Sources:
    return _each(lambda s: f"sum by (instance) ({pick(s).promql()})")


def _usage(s: EngineSeries) -> str:
    if s.usage is not None:  # a 0-1 gauge of the device tier
        return f'label_replace(max by (instance) ({s.usage.promql()}), "tier", "GPU", "", "")'
    assert s.usage_used is not None and s.usage_total is not None
    return (f"sum by (instance, tier) ({s.usage_used.promql()})\n/\n"
            f"(sum by (instance, tier) ({s.usage_total.promql()}) > 0)")  # fmt: skip


def _kvscope_only(expr: str) -> Sources:
    return (expr, None, None)


def sources(p: Profile) -> dict[str, Sources]:
    """Record name -> its expression for each engine (None: the engine has no such series).
    Every engine's series come from ``kvscope.backend.engine_metrics.ENGINE_SERIES``."""
    w = p.rate
    return {
        QUERY_RATE: _rate("instance", w, lambda s: s.query_tokens),
        HIT_RATE: _rate("instance", w, lambda s: s.hit_tokens),
        TIER_HIT_RATE: _kvscope_only(
            f"sum by (instance, tier) (rate({K}prefix_cache_tier_hit_tokens_total[{w}]))"
        ),
        PROMPT_RATE: _rate("instance", w, lambda s: s.prompt_tokens),
        GENERATION_RATE: _rate("instance", w, lambda s: s.generation_tokens),
        USAGE_BY_TIER: _each(_usage),
        BLOCKS: _kvscope_only(f"sum by (instance, tier, state) ({KV_BLOCKS})"),
        WAITING: _sum(lambda s: s.waiting),
        RUNNING: _sum(lambda s: s.running),
        PREEMPTION_RATE: _rate("instance", w, lambda s: s.preemptions),
        EVICTED_BLOCKS: _rate("instance, tier, reason", w, lambda s: s.evicted_blocks),
        EVICTED_TOKENS: _rate("instance", w, lambda s: s.evicted_tokens),
        SWAPPED_BLOCKS: _kvscope_only(
            f"sum by (instance, direction) (rate({K}kv_cache_swaps_total[{w}]))"
        ),
        TTFT_BUCKET_RATE: _rate("instance, le", w, lambda s: s.ttft, "_bucket"),
        TTFT_COUNT_RATE: _rate("instance", w, lambda s: s.ttft, "_count"),
    }


def derived(p: Profile) -> list[dict[str, Any]]:
    """Rules over the per-engine ones above; they keep the ``engine`` label."""
    w = p.rate
    tenant = "sum by (instance, tenant) (rate(kvscope_prefix_cache_{}_tokens_total[{}]))"
    rules: list[dict[str, Any]] = [
        {"record": HIT_RATIO, "expr": f"{HIT_RATE}\n/\n({QUERY_RATE} > 0)"},
        {
            "record": TENANT_HIT_RATIO,
            "expr": f"{tenant.format('hit', w)}\n/\n({tenant.format('query', w)} > 0)",
            "labels": {"engine": "kvscope"},
        },
        {"record": USAGE, "expr": f'max by (instance, engine) ({USAGE_BY_TIER}{{tier="GPU"}})'},
    ]
    for q in TTFT_QUANTILES:
        rules.append(
            {
                "record": TTFT_QUANTILE,
                "expr": f"histogram_quantile({q}, {TTFT_BUCKET_RATE})\n"
                f"and on (instance)\n({TTFT_COUNT_RATE} > 0)",
                "labels": {"quantile": q},
            }
        )
    return rules


def recording_rules(p: Profile) -> list[dict[str, Any]]:
    """The recording group's rules, in evaluation order (later rules read earlier ones)."""
    rules = [
        {"record": name, "expr": expr, "labels": {"engine": engine}}
        for name, exprs in sources(p).items()
        for engine, expr in zip(ENGINES, exprs, strict=True)
        if expr is not None
    ]
    return rules + derived(p)


def recorded_names(p: Profile) -> list[str]:
    """Every record name the pack defines, once each, in order."""
    return list(dict.fromkeys(r["record"] for r in recording_rules(p)))
