"""Prometheus text exposition: a tolerant parser and a per-engine summary (kvscope, vLLM, SGLang).

The summary maps each engine's series onto one :class:`MetricsSnapshot`, reading the same table as
the recording rules (``kvscope.backend.engine_metrics.ENGINE_SERIES``), so the inspector and the
alerts agree on every engine. Rates and TTFT quantiles use the difference from the previous scrape
when there is one, as PromQL's ``rate`` / ``histogram_quantile`` would; otherwise the totals since
the engine started. An idle engine (no new queries) keeps the last windowed values (``idle``).
Unparseable lines are skipped and counted, never raised.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from kvscope.backend.engine_metrics import ENGINE_SERIES, KV_BLOCKS, EngineSeries, Sel, detect

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
    idle: bool = False  # no new queries since the last scrape: rates are the last windowed ones


def detect_engine(samples: list[Sample]) -> str:
    return detect([s.name for s in samples])


def _sum(samples: list[Sample], sel: Sel | None, suffix: str = "") -> float | None:
    if sel is None:
        return None
    vals = [x.value for x in samples if sel.matches(x.name, x.labels, suffix)]
    return sum(vals) if vals else None


def _by_tier(samples: list[Sample], sel: Sel) -> dict[str, float]:
    out: dict[str, float] = {}
    for x in samples:
        if sel.matches(x.name, x.labels):
            tier = x.labels.get("tier", "GPU")
            out[tier] = out.get(tier, 0.0) + x.value
    return out


def _usage(samples: list[Sample], m: EngineSeries) -> dict[str, float]:
    """Per tier, as the recording rule ``instance_tier:kvcache_usage:ratio`` computes it."""
    if m.usage is not None:
        vals = [x.value for x in samples if m.usage.matches(x.name, x.labels)]
        return {"GPU": max(vals)} if vals else {}
    assert m.usage_used is not None and m.usage_total is not None
    used, total = _by_tier(samples, m.usage_used), _by_tier(samples, m.usage_total)
    return {t: used.get(t, 0.0) / n for t, n in total.items() if n > 0}


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
    """One snapshot; ``previous`` (the last scrape) turns counters into recent rates. With no new
    prompt tokens (or no new requests) since then, the hit rate (the TTFT quantiles) keep their
    last windowed value and ``idle`` says so, instead of falling back to lifetime totals."""
    engine = detect_engine(samples)
    snap = MetricsSnapshot(engine=engine)
    if engine == "unknown":
        return snap
    m = ENGINE_SERIES[engine]
    snap.hit_tokens, snap.query_tokens = _sum(samples, m.hit_tokens), _sum(samples, m.query_tokens)
    snap.usage = _usage(samples, m)
    for x in samples:
        if x.name == KV_BLOCKS:
            key = f"{x.labels.get('tier', '?')}/{x.labels.get('state', '?')}"
            snap.blocks[key] = snap.blocks.get(key, 0.0) + x.value
        elif m.evicted_blocks is not None and m.evicted_blocks.matches(x.name, x.labels):
            reason = x.labels.get("reason", "evicted")
            snap.evictions[reason] = snap.evictions.get(reason, 0.0) + x.value
        elif m.evicted_tokens is not None and m.evicted_tokens.matches(x.name, x.labels):
            snap.evictions["evicted tokens"] = snap.evictions.get("evicted tokens", 0.0) + x.value
        elif m.ttft.matches(x.name, x.labels, "_bucket") and "le" in x.labels:
            try:
                le = float(x.labels["le"])
            except ValueError:
                continue
            snap.ttft_buckets[le] = snap.ttft_buckets.get(le, 0.0) + x.value
    snap.running, snap.waiting = _sum(samples, m.running), _sum(samples, m.waiting)
    snap.preemptions = _sum(samples, m.preemptions)
    h, q, buckets = snap.hit_tokens, snap.query_tokens, snap.ttft_buckets
    idle_hits = idle_ttft = False
    if previous is not None and previous.engine == engine:
        if h is not None and q is not None and previous.query_tokens is not None:
            dq = q - previous.query_tokens
            if dq > 0:
                h, q = h - (previous.hit_tokens or 0.0), dq
            elif dq == 0:
                idle_hits = True
        delta = {le: c - previous.ttft_buckets.get(le, 0.0) for le, c in buckets.items()}
        if delta and max(delta.values()) > 0 and min(delta.values()) >= 0:
            buckets = delta
        elif delta and max(delta.values()) == 0 and min(delta.values()) == 0:
            idle_ttft = True
    if idle_hits:
        snap.hit_rate = previous.hit_rate if previous is not None else None
    elif h is not None and q:
        snap.hit_rate = max(0.0, min(1.0, h / q))
    if idle_ttft and previous is not None:
        snap.ttft_p50, snap.ttft_p95 = previous.ttft_p50, previous.ttft_p95
    else:
        snap.ttft_p50, snap.ttft_p95 = quantile(0.5, buckets), quantile(0.95, buckets)
    snap.idle = idle_hits and (idle_ttft or not buckets)
    return snap
