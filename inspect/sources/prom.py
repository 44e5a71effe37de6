"""Prometheus text exposition: a tolerant parser and a per-engine summary (kvscope, vLLM, SGLang).

The summary maps each engine's series (backend/metric_names.py; reference/vllm.md section 5;
reference/sglang-dynamo-llmd-lmcache.md section 2) onto one :class:`MetricsSnapshot`. Rates and
TTFT quantiles use the difference from the previous scrape when there is one, as PromQL's
``rate`` / ``histogram_quantile`` would; otherwise the totals since the engine started.
Unparseable lines are skipped and counted, never raised.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import NamedTuple

_LINE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?\s*$")
_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(?:,|$)')


class Sample(NamedTuple):
    name: str
    labels: dict[str, str]
    value: float


def parse(text: str) -> tuple[list[Sample], int]:
    """(samples, number of bad lines) of a Prometheus text exposition."""
    out, bad = [], 0
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if m is None:
            bad += 1
            continue
        name, body, raw = m.groups()
        labels: dict[str, str] = {}
        pos = 0
        body = (body or "").strip()
        while pos < len(body):
            lm = _LABEL.match(body, pos)
            if lm is None:
                break
            labels[lm.group(1)] = lm.group(2).replace('\\"', '"').replace("\\n", "\n")
            pos = lm.end()
        try:
            value = float(raw)
        except ValueError:
            value = None
        if pos < len(body) or value is None:
            bad += 1
            continue
        out.append(Sample(name, labels, value))
    return out, bad


@dataclass(slots=True)
class MetricsSnapshot:
    """What the overview shows from a scrape. ``None``: the engine does not export it."""

    engine: str = "unknown"
    hit_tokens: float | None = None
    query_tokens: float | None = None
    hit_rate: float | None = None
    usage: dict[str, float] = field(default_factory=dict)  # tier -> 0..1
    blocks: dict[str, float] = field(default_factory=dict)  # "tier/state" -> blocks
    running: float | None = None
    waiting: float | None = None
    preemptions: float | None = None
    evictions: dict[str, float] = field(default_factory=dict)  # reason -> blocks (tokens: SGLang)
    ttft_p50: float | None = None
    ttft_p95: float | None = None
    ttft_buckets: dict[float, float] = field(default_factory=dict)
    bad_lines: int = 0


# engine -> (hits, queries, usage, running, waiting, preemptions, ttft histogram)
_NAMES = {
    "kvscope": ("kvscope_prefix_cache_hit_tokens_total", "kvscope_prefix_cache_query_tokens_total",
                "kvscope_kv_cache_usage_ratio", "kvscope_requests_running",
                "kvscope_requests_waiting", "kvscope_preemptions_total",
                "kvscope_time_to_first_token_seconds"),
    "vllm": ("vllm:prefix_cache_hits_total", "vllm:prefix_cache_queries_total",
             "vllm:kv_cache_usage_perc", "vllm:num_requests_running", "vllm:num_requests_waiting",
             "vllm:num_preemptions_total", "vllm:time_to_first_token_seconds"),
    "sglang": ("sglang:cached_tokens_total", "sglang:prompt_tokens_total", "sglang:token_usage",
               "sglang:num_running_reqs", "sglang:num_queue_reqs", None,
               "sglang:time_to_first_token_seconds"),
}  # fmt: skip


def detect_engine(samples: list[Sample]) -> str:
    for s in samples:
        for engine, prefix in (("kvscope", "kvscope_"), ("vllm", "vllm:"), ("sglang", "sglang:")):
            if s.name.startswith(prefix):
                return engine
    return "unknown"


def _sum(samples: list[Sample], name: str | None, **match: str) -> float | None:
    vals = [s.value for s in samples if s.name == name
            and all(s.labels.get(k) == v for k, v in match.items())]  # fmt: skip
    return sum(vals) if vals else None


def quantile(q: float, buckets: dict[float, float]) -> float | None:
    """PromQL-style ``histogram_quantile`` over cumulative ``{le: count}``."""
    if not buckets:
        return None
    les = sorted(buckets)
    total = buckets[les[-1]]
    if total <= 0:
        return None
    rank, prev_le, prev_count = q * total, 0.0, 0.0
    for le in les:
        count = buckets[le]
        if count >= rank:
            if math.isinf(le):
                return prev_le
            span = count - prev_count
            return le if span <= 0 else prev_le + (le - prev_le) * (rank - prev_count) / span
        prev_le, prev_count = le, count
    return les[-1]


def summarize(samples: list[Sample], previous: MetricsSnapshot | None = None) -> MetricsSnapshot:
    """One snapshot; ``previous`` (the last scrape) turns counters into recent rates."""
    engine = detect_engine(samples)
    snap = MetricsSnapshot(engine=engine)
    if engine == "unknown":
        return snap
    hits, queries, usage, running, waiting, preempt, ttft = _NAMES[engine]
    if engine == "sglang":
        snap.hit_tokens = _sum(samples, hits, cache_source="total") or _sum(samples, hits)
    else:
        snap.hit_tokens = _sum(samples, hits)
    snap.query_tokens = _sum(samples, queries)
    for s in samples:
        if s.name == usage:
            tier = s.labels.get("tier", "GPU")
            snap.usage[tier] = max(snap.usage.get(tier, 0.0), s.value)
        elif s.name == "kvscope_kv_cache_blocks":
            key = f"{s.labels.get('tier', '?')}/{s.labels.get('state', '?')}"
            snap.blocks[key] = snap.blocks.get(key, 0.0) + s.value
        elif s.name in ("kvscope_kv_cache_evictions_total", "sglang:evicted_tokens_total"):
            reason = s.labels.get("reason", "evicted")
            snap.evictions[reason] = snap.evictions.get(reason, 0.0) + s.value
        elif s.name == ttft + "_bucket" and "le" in s.labels:
            try:
                le = float(s.labels["le"])
            except ValueError:
                continue
            snap.ttft_buckets[le] = snap.ttft_buckets.get(le, 0.0) + s.value
    snap.running, snap.waiting = _sum(samples, running), _sum(samples, waiting)
    snap.preemptions = _sum(samples, preempt)
    h, q, buckets = snap.hit_tokens, snap.query_tokens, snap.ttft_buckets
    if previous is not None and previous.engine == engine:
        if h is not None and q is not None and previous.query_tokens is not None:
            dq = q - previous.query_tokens
            if dq > 0:
                h, q = h - (previous.hit_tokens or 0.0), dq
        delta = {le: c - previous.ttft_buckets.get(le, 0.0) for le, c in buckets.items()}
        if delta and max(delta.values()) > 0 and min(delta.values()) >= 0:
            buckets = delta
    if h is not None and q:
        snap.hit_rate = max(0.0, min(1.0, h / q))
    snap.ttft_p50, snap.ttft_p95 = quantile(0.5, buckets), quantile(0.95, buckets)
    return snap
