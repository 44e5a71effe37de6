"""Recording rules: each engine's series normalised into one set of instance-level series.

Names follow ``level:metric:operations``. The common metric names start with ``kvcache_`` and stand
for any engine: kvscope (``kvscope_*``, backend/metric_names.py), vLLM (``vllm:*``) and SGLang
(``sglang:*``). An instance exports one engine's series, so exactly one source per record name
produces a sample for it. Alerts and dashboards read only the series recorded here.

Cache usage means blocks held by requests (or pinned): cached blocks nobody references count as
free, as in vLLM's ``kv_cache_usage_perc``, so "usage pinned at 100%" means the same on every
engine (kvscope's own ``kvscope_kv_cache_usage_ratio`` also counts cached blocks; not used here).

Ratios aggregate numerator and denominator first and divide by a positive denominator only, so an
idle instance records nothing instead of NaN.
"""

from __future__ import annotations

from typing import Any

from rules_profile import Profile

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


def _rates(by: str, window: str, *selectors: str) -> list[str]:
    return [f"sum by ({by}) (rate({s}[{window}]))" for s in selectors]


def _gpu_tier(expr: str) -> str:
    return f'label_replace({expr}, "tier", "GPU", "", "")'


ENGINES = ("kvscope", "vllm", "sglang")
Sources = tuple[str | None, str | None, str | None]  # one expression per engine of ENGINES


def _rate(by: str, window: str, *selectors: str | None) -> Sources:
    exprs = tuple(None if s is None else f"sum by ({by}) (rate({s}[{window}]))" for s in selectors)
    return exprs  # type: ignore[return-value]


def _sum(*selectors: str) -> Sources:
    return tuple(f"sum by (instance) ({s})" for s in selectors)  # type: ignore[return-value]


def _gpu_tier(expr: str) -> str:
    return f'label_replace({expr}, "tier", "GPU", "", "")'


def sources(p: Profile) -> dict[str, Sources]:
    """Record name -> its expression for each engine (None: the engine has no such series)."""
    w = p.rate
    sgl_cache = 'sglang:realtime_tokens_total{mode="prefill_cache"}'
    sgl_prefill = 'sglang:realtime_tokens_total{mode=~"prefill_cache|prefill_compute"}'
    ttft = "time_to_first_token_seconds"
    kv = "kvscope_"
    return {
        QUERY_RATE: _rate(
            "instance",
            w,
            kv + "prefix_cache_query_tokens_total",
            "vllm:prefix_cache_queries_total",
            sgl_prefill,
        ),
        HIT_RATE: _rate(
            "instance",
            w,
            kv + "prefix_cache_hit_tokens_total",
            "vllm:prefix_cache_hits_total",
            sgl_cache,
        ),
        TIER_HIT_RATE: _rate(
            "instance, tier", w, kv + "prefix_cache_tier_hit_tokens_total", None, None
        ),
        PROMPT_RATE: _rate(
            "instance",
            w,
            kv + "prompt_tokens_total",
            "vllm:prompt_tokens_total",
            "sglang:prompt_tokens_total",
        ),
        GENERATION_RATE: _rate(
            "instance",
            w,
            kv + "generation_tokens_total",
            "vllm:generation_tokens_total",
            "sglang:generation_tokens_total",
        ),
        USAGE_BY_TIER: (
            f'sum by (instance, tier) ({kv}kv_cache_blocks{{state="used"}})\n/\n'
            f'(sum by (instance, tier) ({kv}kv_cache_blocks{{state=~"used|cached|free"}}) > 0)',
            _gpu_tier("max by (instance) (vllm:kv_cache_usage_perc)"),
            _gpu_tier("max by (instance) (sglang:token_usage)"),
        ),
        BLOCKS: (f"sum by (instance, tier, state) ({kv}kv_cache_blocks)", None, None),
        WAITING: _sum(
            kv + "requests_waiting", "vllm:num_requests_waiting", "sglang:num_queue_reqs"
        ),
        RUNNING: _sum(
            kv + "requests_running", "vllm:num_requests_running", "sglang:num_running_reqs"
        ),
        PREEMPTION_RATE: _rate(
            "instance",
            w,
            kv + "preemptions_total",
            "vllm:num_preemptions_total",
            "sglang:num_retracted_requests_total",
        ),
        EVICTED_BLOCKS: _rate(
            "instance, tier, reason", w, kv + "kv_cache_evictions_total", None, None
        ),
        EVICTED_TOKENS: _rate("instance", w, None, None, "sglang:evicted_tokens_total"),
        SWAPPED_BLOCKS: _rate("instance, direction", w, kv + "kv_cache_swaps_total", None, None),
        TTFT_BUCKET_RATE: _rate(
            "instance, le", w, f"{kv}{ttft}_bucket", f"vllm:{ttft}_bucket", f"sglang:{ttft}_bucket"
        ),
        TTFT_COUNT_RATE: _rate(
            "instance", w, f"{kv}{ttft}_count", f"vllm:{ttft}_count", f"sglang:{ttft}_count"
        ),
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
