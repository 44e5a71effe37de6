"""The alert rule pack's thresholds, read from its file: one source of truth for the colours.

``alerts/kvcache_alerts.yaml`` (or ``--rules FILE``) is parsed for the numbers its alerts
compare against: the hit-drop factor and baseline window, the TTFT SLO, the pinned-full usage,
and preemptions > 0. ``verdicts`` says which alert would fire on the figures the inspector sees
now (ignoring each rule's ``for``: the status line says "would fire", not "fires").
Widget-free; YAML only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

DEFAULT_RULES = Path(__file__).resolve().parents[1] / "alerts" / "kvcache_alerts.yaml"
_HIT = re.compile(r"<\s*([\d.]+)\s*\*\s*avg_over_time\([^\[]*\[(\w+)\]")
_TTFT = re.compile(r'quantile="0\.95"\}\s*>\s*([\d.]+)')
_USAGE = re.compile(r"usage:ratio\[\w+\]\)\s*>=\s*([\d.]+)")
_PREEMPT = re.compile(r"preemptions:rate\w*\s*>\s*([\d.]+)")


class RulesError(Exception):
    """The rule file cannot be read; the message says which and what to do."""


@dataclass(slots=True, frozen=True)
class Thresholds:
    source: str
    hit_drop_factor: float | None = None
    baseline_window: str | None = None
    ttft_slo_s: float | None = None
    usage_pinned: float | None = None
    preemptions_per_s: float | None = None


def load(path: Path | None = None) -> Thresholds | None:
    """The thresholds of ``path`` (default: the repository's pack); None when the default is
    absent (an installed wheel without the repository). A bad explicit file raises."""
    target = path or DEFAULT_RULES
    if not target.is_file():
        if path is None:
            return None
        raise RulesError(f"--rules {path}: no such file; give alerts/kvcache_alerts.yaml")
    try:
        groups = yaml.safe_load(target.read_text())["groups"]
        exprs = {r["alert"]: str(r["expr"]) for g in groups for r in g["rules"] if "alert" in r}
    except (yaml.YAMLError, KeyError, TypeError, OSError) as exc:
        raise RulesError(f"{target} is not a Prometheus alerting rule file ({exc})") from None
    hit = _HIT.search(exprs.get("KVCachePrefixHitRateDrop", ""))
    return Thresholds(
        source=str(target),
        hit_drop_factor=float(hit.group(1)) if hit else None,
        baseline_window=hit.group(2) if hit else None,
        ttft_slo_s=_number(_TTFT, exprs.get("KVCacheTTFTHigh", "")),
        usage_pinned=_number(_USAGE, exprs.get("KVCacheThrashing", "")),
        preemptions_per_s=_number(_PREEMPT, exprs.get("KVCachePreemptions", "")),
    )


def _number(pattern: re.Pattern[str], expr: str) -> float | None:
    m = pattern.search(expr)
    return float(m.group(1)) if m else None


@dataclass(slots=True, frozen=True)
class Figures:
    """What the inspector sees now (None: not measured)."""

    hit_rate: float | None = None
    baseline_hit_rate: float | None = None
    ttft_p95_s: float | None = None
    usage: float | None = None
    preemptions_per_s: float | None = None


def verdicts(t: Thresholds, f: Figures) -> list[str]:
    """One line per alert that would fire on ``f``; empty when all are quiet."""
    out = []
    if None not in (t.hit_drop_factor, f.hit_rate, f.baseline_hit_rate):
        limit = t.hit_drop_factor * f.baseline_hit_rate  # type: ignore[operator]
        if f.hit_rate < limit:  # type: ignore[operator]
            out.append(
                f"KVCachePrefixHitRateDrop: hit rate {f.hit_rate:.1%} < {t.hit_drop_factor:g} x "
                f"baseline {f.baseline_hit_rate:.1%}"
            )
    if None not in (t.ttft_slo_s, f.ttft_p95_s) and f.ttft_p95_s > t.ttft_slo_s:  # type: ignore[operator]
        out.append(f"KVCacheTTFTHigh: TTFT p95 {f.ttft_p95_s:.2f} s > SLO {t.ttft_slo_s:g} s")
    if None not in (t.usage_pinned, f.usage) and f.usage >= t.usage_pinned:  # type: ignore[operator]
        out.append(f"KVCacheThrashing (usage part): usage {f.usage:.1%} >= {t.usage_pinned:.0%}")
    pre = t.preemptions_per_s
    if None not in (pre, f.preemptions_per_s) and f.preemptions_per_s > pre:  # type: ignore[operator]
        out.append(f"KVCachePreemptions: {f.preemptions_per_s:.2g} preemptions/s > {pre:g}")
    return out


def level(value: float | None, warn_when: bool) -> str:
    """A style for a figure: red when its threshold is crossed, green otherwise."""
    if value is None:
        return ""
    return "bold red" if warn_when else "green"
