"""Which series each engine exports for each thing kvscope reads: ONE table for every reader.

kvscope-inspect's Prometheus source (``kvscope.inspect.sources.prom``) and the rule pack's
recording rules (``alerts/rules_recording.py``) both read :data:`ENGINE_SERIES`, so the inspector
and the alerts cannot disagree on an engine. Facts: reference/vllm.md section 5 (vLLM) and
reference/sglang-dynamo-llmd-lmcache.md sections 2 and 10 (SGLang); kvscope's own names are in
:mod:`kvscope.backend.metric_names`.

A :class:`Sel` is a series name with optional label matchers; a value is a regular expression
matched against the whole label value, as PromQL's ``=~`` does. ``usage`` is either a 0-1 gauge
(vLLM, SGLang: blocks or tokens held by requests) or, for kvscope, the ratio of its used blocks to
all its blocks, so a cached block nobody references counts as free on every engine.

TTFT buckets: the SLO of the TTFT alert must sit on a bucket edge of every engine, or
``histogram_quantile`` interpolates inside a bucket and the alert fires at a different latency
than it says. :func:`common_edges` lists the edges all three share.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kvscope.backend.metric_names import LATENCY_BUCKETS

ENGINES = ("kvscope", "vllm", "sglang")
PREFIXES = {"kvscope": "kvscope_", "vllm": "vllm:", "sglang": "sglang:"}


class Sel(NamedTuple):
    """A series with label matchers (``(label, regex)`` pairs, fully anchored)."""

    name: str
    labels: tuple[tuple[str, str], ...] = ()

    def promql(self, suffix: str = "") -> str:
        """The PromQL selector (``suffix`` such as ``_bucket`` is added to the name)."""
        if not self.labels:
            return self.name + suffix
        parts = [f'{k}{"=~" if _is_regex(v) else "="}"{v}"' for k, v in self.labels]
        return f"{self.name}{suffix}{{{', '.join(parts)}}}"

    def matches(self, name: str, labels: dict[str, str], suffix: str = "") -> bool:
        """Whether a scraped sample belongs to this selector."""
        if name != self.name + suffix:
            return False
        return all(re.fullmatch(v, labels.get(k, "")) for k, v in self.labels)


def _is_regex(value: str) -> bool:
    return any(c in value for c in "|.*+?()[]{}^$\\")


class EngineSeries(NamedTuple):
    """One engine's series per concept; ``None``: the engine exports no such series."""

    query_tokens: Sel  # counter: prompt tokens looked up in the prefix cache
    hit_tokens: Sel  # counter: of those, tokens served from the cache
    prompt_tokens: Sel  # counter
    generation_tokens: Sel  # counter
    usage: Sel | None  # gauge 0-1 of the device tier (None: use usage_used / usage_total)
    usage_used: Sel | None  # kvscope: blocks held by requests, by tier
    usage_total: Sel | None  # kvscope: every block, by tier
    running: Sel  # gauge
    waiting: Sel  # gauge
    preemptions: Sel  # counter
    evicted_blocks: Sel | None  # counter, labels tier and reason
    evicted_tokens: Sel | None  # counter (SGLang counts tokens)
    ttft: Sel  # histogram base name
    ttft_buckets: tuple[float, ...]  # finite upper bounds, as the engine ships them


K = "kvscope_"
KV_BLOCKS = K + "kv_cache_blocks"
VLLM_TTFT_BUCKETS = (0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5,
                     5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0)  # fmt: skip
SGLANG_TTFT_BUCKETS = (0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 20.0, 40.0, 60.0,
                       80.0, 100.0, 200.0, 400.0)  # fmt: skip

SGL_PREFILL = "prefill_cache|prefill_compute"

ENGINE_SERIES: dict[str, EngineSeries] = {
    "kvscope": EngineSeries(
        query_tokens=Sel(K + "prefix_cache_query_tokens_total"),
        hit_tokens=Sel(K + "prefix_cache_hit_tokens_total"),
        prompt_tokens=Sel(K + "prompt_tokens_total"),
        generation_tokens=Sel(K + "generation_tokens_total"),
        usage=None,
        usage_used=Sel(KV_BLOCKS, (("state", "used"),)),
        usage_total=Sel(KV_BLOCKS, (("state", "used|cached|free"),)),
        running=Sel(K + "requests_running"),
        waiting=Sel(K + "requests_waiting"),
        preemptions=Sel(K + "preemptions_total"),
        evicted_blocks=Sel(K + "kv_cache_evictions_total"),
        evicted_tokens=None,
        ttft=Sel(K + "time_to_first_token_seconds"),
        ttft_buckets=LATENCY_BUCKETS,
    ),
    "vllm": EngineSeries(
        query_tokens=Sel("vllm:prefix_cache_queries_total"),
        hit_tokens=Sel("vllm:prefix_cache_hits_total"),
        prompt_tokens=Sel("vllm:prompt_tokens_total"),
        generation_tokens=Sel("vllm:generation_tokens_total"),
        usage=Sel("vllm:kv_cache_usage_perc"),
        usage_used=None,
        usage_total=None,
        running=Sel("vllm:num_requests_running"),
        waiting=Sel("vllm:num_requests_waiting"),
        preemptions=Sel("vllm:num_preemptions_total"),
        evicted_blocks=None,
        evicted_tokens=None,
        ttft=Sel("vllm:time_to_first_token_seconds"),
        ttft_buckets=VLLM_TTFT_BUCKETS,
    ),
    # sglang:cache_hit_rate is the last prefill batch only (0 after decode): never read it.
    "sglang": EngineSeries(
        query_tokens=Sel("sglang:realtime_tokens_total", (("mode", SGL_PREFILL),)),
        hit_tokens=Sel("sglang:realtime_tokens_total", (("mode", "prefill_cache"),)),
        prompt_tokens=Sel("sglang:prompt_tokens_total"),
        generation_tokens=Sel("sglang:generation_tokens_total"),
        usage=Sel("sglang:token_usage"),
        usage_used=None,
        usage_total=None,
        running=Sel("sglang:num_running_reqs"),
        waiting=Sel("sglang:num_queue_reqs"),
        preemptions=Sel("sglang:num_retracted_requests_total"),
        evicted_blocks=None,
        evicted_tokens=Sel("sglang:evicted_tokens_total"),
        ttft=Sel("sglang:time_to_first_token_seconds"),
        ttft_buckets=SGLANG_TTFT_BUCKETS,
    ),
}


def common_edges() -> list[float]:
    """TTFT bucket edges every engine has (candidates for an SLO that needs no interpolation)."""
    sets = [set(s.ttft_buckets) for s in ENGINE_SERIES.values()]
    return sorted(set.intersection(*sets))


def detect(names: list[str]) -> str:
    """The engine whose prefix the first matching series name carries; ``"unknown"`` if none."""
    for name in names:
        for engine, prefix in PREFIXES.items():
            if name.startswith(prefix):
                return engine
    return "unknown"
