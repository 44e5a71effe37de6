"""Alerting rules. They read only recorded series (rules_recording.py), so one pack serves kvscope,
vLLM and SGLang. Each alert's ``runbook_url`` is ``<runbook base>#<alertname in lower case>``; the
base defaults to docs/runbook.md in the repository (see alerts/README.md to point it elsewhere).
"""

from __future__ import annotations

from typing import Any

from rules_profile import Profile
from rules_recording import (
    GENERATION_RATE,
    HIT_RATE,
    HIT_RATIO,
    PREEMPTION_RATE,
    PROMPT_RATE,
    QUERY_RATE,
    TTFT_COUNT_RATE,
    TTFT_QUANTILE,
    USAGE,
    WAITING,
)

RUNBOOK_BASE = "https://github.com/kvscope/kvscope/blob/main/docs/runbook.md"


def _g(x: float) -> str:
    """A threshold as PromQL writes it (no trailing .0)."""
    return f"{x:g}"


def _slo(seconds: float) -> str:
    return f"{seconds:g}s" if seconds >= 1 else f"{seconds * 1000:g}ms"


def alerting_rules(p: Profile, runbook_base: str = RUNBOOK_BASE) -> list[dict[str, Any]]:
    """The alert group's rules; each has ``for``, ``severity``, summary, description, runbook."""
    pct = f"{p.hit_drop_factor:.0%}"
    alerts = [
        {
            "alert": "KVCachePrefixHitRateDrop",
            "expr": f"{HIT_RATIO}\n"
            f"  < {_g(p.hit_drop_factor)} * avg_over_time({HIT_RATIO}[{p.baseline}] "
            f"offset {p.baseline_offset})\n"
            f"and on (instance)\n  {QUERY_RATE} > {_g(p.min_query_tokens_per_s)}",
            "for": p.for_hit_drop,
            "severity": "warning",
            "summary": "Prefix-cache hit ratio fell well below its own baseline.",
            "description": "The prefix-cache hit ratio on {{ $labels.instance }} is "
            "{{ $value | humanizePercentage }}, below " + pct + " of its average over the "
            f"previous {p.baseline}. Prompts probably stopped sharing their prefix: diff the "
            "rendered prompt of the last deploy first.",
        },
        {
            "alert": "KVCachePreemptions",
            "expr": f"{PREEMPTION_RATE} > 0",
            "for": p.for_preemptions,
            "severity": "warning",
            "summary": "Running requests are being preempted for lack of KV-cache space.",
            "description": "{{ $labels.instance }} preempts "
            '{{ printf "%.3g" $value }} requests per second; each preempted request recomputes '
            "or swaps its KV cache.",
        },
        {
            "alert": "KVCacheThrashing",
            "expr": f"min_over_time({USAGE}[{p.trend}]) >= {_g(p.usage_pinned)}\n"
            f"and on (instance)\n  deriv({WAITING}[{p.trend}]) > 0\n"
            f"and on (instance)\n  deriv({GENERATION_RATE}[{p.trend}]) <= 0",
            "for": p.for_thrash,
            "severity": "critical",
            "summary": "KV cache is pinned full while the queue grows and throughput stalls.",
            "description": "The device KV cache on {{ $labels.instance }} has stayed at or above "
            f"{p.usage_pinned:.0%} (now {{{{ $value | humanizePercentage }}}}) for {p.trend} "
            "while requests pile up in the queue and generation throughput is not rising.",
        },
        {
            "alert": "KVCacheTTFTHigh",
            "expr": f'{TTFT_QUANTILE}{{quantile="0.95"}} > {_g(p.ttft_slo_s)}\n'
            f"and on (instance)\n  {TTFT_COUNT_RATE} > {_g(p.min_ttft_requests_per_s)}",
            "for": p.for_ttft,
            "severity": "warning",
            "summary": "Time to first token p95 is over its SLO.",
            "description": "TTFT p95 on {{ $labels.instance }} is "
            "{{ $value | humanizeDuration }}, over the " + f"{_slo(p.ttft_slo_s)} SLO.",
        },
        {
            "alert": "KVCachePrefixCachingOff",
            "expr": f"{PROMPT_RATE} > {_g(p.min_prompt_tokens_per_s)}\n"
            f"unless on (instance)\n  ({QUERY_RATE} > 0 and on (instance) {HIT_RATE} > 0)",
            "for": p.for_caching_off,
            "severity": "warning",
            "summary": "Requests flow but the prefix cache is not queried or never hits.",
            "description": "{{ $labels.instance }} receives "
            '{{ printf "%.0f" $value }} prompt tokens per second but records no prefix-cache '
            "lookups or no hits at all: prefix caching is probably off.",
        },
    ]
    return [
        {
            "alert": a["alert"],
            "expr": a["expr"],
            "for": a["for"],
            "labels": {"severity": a["severity"]},
            "annotations": {
                "summary": a["summary"],
                "description": a["description"],
                "runbook_url": f"{runbook_base}#{a['alert'].lower()}",
            },
        }
        for a in alerts
    ]
