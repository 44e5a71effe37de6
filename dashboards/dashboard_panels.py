"""The panels of the kvscope KV-cache dashboard, as plain dicts.

Every query reads a series recorded by alerts/kvcache_rules.yaml, so the dashboard works on
kvscope, vLLM and SGLang alike; panels of kvscope-only detail (tenants, tiers, block states, swaps)
say so in their description. ``$instance`` is a multi-value template variable (regex matcher).
"""

from __future__ import annotations

from typing import Any, NamedTuple

DS = {"type": "prometheus", "uid": "${datasource}"}
P95 = ', quantile="0.95"'


class Target(NamedTuple):
    expr: str
    legend: str


class Panel(NamedTuple):
    kind: str  # stat | timeseries | row
    title: str
    description: str
    unit: str
    targets: tuple[Target, ...]
    w: int
    h: int


def _sel(name: str, extra: str = "") -> str:
    return f'{name}{{instance=~"$instance"{extra}}}'


HIT_RATIO = "instance:kvcache_prefix_hits_per_queries:ratio_rate5m"
QUERY = "instance:kvcache_prefix_query_tokens:rate5m"
HITS = "instance:kvcache_prefix_hit_tokens:rate5m"
TTFT_Q = "instance_quantile:kvcache_time_to_first_token_seconds:histogram_quantile_rate5m"


def row(title: str) -> Panel:
    return Panel("row", title, "", "", (), 24, 1)


def stat(title: str, description: str, unit: str, expr: str) -> Panel:
    return Panel("stat", title, description, unit, (Target(expr, title),), 4, 4)


def series(title: str, description: str, unit: str, *targets: Target, w: int = 12) -> Panel:
    return Panel("timeseries", title, description, unit, targets, w, 8)


PANELS: tuple[Panel, ...] = (
    row("Overview"),
    stat("Prefix-cache hit ratio", "Token-weighted over the selected instances (5m).",
         "percentunit", f"sum({_sel(HITS)}) / (sum({_sel(QUERY)}) > 0)"),
    stat("Looked-up tokens/s", "Prompt tokens looked up in the prefix cache per second.",
         "short", f"sum({_sel(QUERY)})"),
    stat("Max device cache usage", "Fullest device (GPU) KV cache among the instances.",
         "percentunit", f"max({_sel('instance:kvcache_usage:ratio')})"),
    stat("Requests waiting", "Requests queued for admission, all instances.",
         "short", f"sum({_sel('instance:kvcache_requests_waiting:sum')})"),
    stat("Preemptions/s", "Running requests preempted (SGLang: retracted) per second.",
         "short", f"sum({_sel('instance:kvcache_preemptions:rate5m')})"),
    stat("Worst TTFT p95", "Highest time-to-first-token p95 among the instances (SLO 1 s).",
         "s", f"max({_sel(TTFT_Q, P95)})"),
    row("Prefix cache"),
    series("Hit ratio by instance", "Token-weighted prefix-cache hit ratio (5m). The "
           "KVCachePrefixHitRateDrop alert compares it with its own 1h average.", "percentunit",
           Target(_sel(HIT_RATIO), "{{instance}} ({{engine}})")),
    series("Hit ratio by tenant", "kvscope only: hit ratio per tenant (cache salt). One tenant "
           "dropping points to its prompts; all of them to a shared prefix.", "percentunit",
           Target(_sel("instance_tenant:kvcache_prefix_hits_per_queries:ratio_rate5m"),
                  "{{instance}} {{tenant}}")),
    series("Prefix-cache tokens/s", "Tokens looked up and tokens served from the cache; by tier "
           "where the engine reports it (kvscope).", "short",
           Target(_sel(QUERY), "{{instance}} looked up"),
           Target(_sel(HITS), "{{instance}} hit"),
           Target(_sel("instance_tier:kvcache_prefix_hit_tokens:rate5m"),
                  "{{instance}} hit in {{tier}}")),
    series("Prompt and generated tokens/s", "Prompt tokens received and tokens generated.",
           "short", Target(_sel("instance:kvcache_prompt_tokens:rate5m"), "{{instance}} prompt"),
           Target(_sel("instance:kvcache_generation_tokens:rate5m"), "{{instance}} generated")),
    row("Capacity"),
    series("Cache usage by tier", "Fraction of each tier's blocks held by requests; cached "
           "blocks nobody holds count as free, as in vLLM. vLLM and SGLang: device tier only.",
           "percentunit",
           Target(_sel("instance_tier:kvcache_usage:ratio"), "{{instance}} {{tier}}")),
    series("Blocks by state", "kvscope only: blocks per tier and state (used, cached, free, "
           "pinned).", "short",
           Target(_sel("instance_tier_state:kvcache_blocks:sum"), "{{instance}} {{tier}} "
                  "{{state}}")),
    series("Evictions by reason", "Blocks evicted per second by tier and reason (kvscope); "
           "tokens evicted per second (SGLang).", "short",
           Target(_sel("instance_tier_reason:kvcache_evicted_blocks:rate5m"),
                  "{{instance}} {{tier}} {{reason}}"),
           Target(_sel("instance:kvcache_evicted_tokens:rate5m"), "{{instance}} tokens")),
    series("Swaps", "kvscope only: blocks moved between tiers per second (out = demotion).",
           "short", Target(_sel("instance_direction:kvcache_swapped_blocks:rate5m"),
                           "{{instance}} {{direction}}")),
    series("Preemptions", "Requests preempted per second (SGLang: retracted).", "short",
           Target(_sel("instance:kvcache_preemptions:rate5m"), "{{instance}}")),
    series("Queue", "Requests waiting for admission and requests running.", "short",
           Target(_sel("instance:kvcache_requests_waiting:sum"), "{{instance}} waiting"),
           Target(_sel("instance:kvcache_requests_running:sum"), "{{instance}} running")),
    row("Latency"),
    series("TTFT quantiles", "Time to first token: p50, p95 and p99 over 5m. The SLO is 1 s.",
           "s", Target(_sel(TTFT_Q), "{{instance}} p{{quantile}}"), w=24),
)  # fmt: skip


def panel_json(p: Panel, pid: int, x: int, y: int) -> dict[str, Any]:
    """One Grafana panel. Rows carry no datasource; every other panel and target has one."""
    grid = {"h": p.h, "w": p.w, "x": x, "y": y}
    if p.kind == "row":
        return {"type": "row", "id": pid, "title": p.title, "collapsed": False, "gridPos": grid,
                "panels": []}  # fmt: skip
    targets = [
        {"datasource": DS, "expr": t.expr, "legendFormat": t.legend, "refId": chr(65 + i),
         "range": p.kind == "timeseries", "instant": p.kind == "stat"}
        for i, t in enumerate(p.targets)
    ]  # fmt: skip
    defaults: dict[str, Any] = {"unit": p.unit}
    if p.unit == "percentunit":
        defaults |= {"min": 0, "max": 1}
    options: dict[str, Any] = {"legend": {"displayMode": "list", "placement": "bottom"}}
    if p.kind == "stat":
        options = {"reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
                   "colorMode": "value", "graphMode": "area"}  # fmt: skip
    return {
        "type": p.kind,
        "id": pid,
        "title": p.title,
        "description": p.description,
        "datasource": DS,
        "gridPos": grid,
        "fieldConfig": {"defaults": defaults, "overrides": []},
        "options": options,
        "targets": targets,
    }
