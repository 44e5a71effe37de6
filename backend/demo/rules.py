"""The demo's rule pack: the generator's expressions with windows sized for the story.

The test profile's moving 30 s hit-ratio baseline soon absorbs a bad deploy (the alert fires,
then clears while the deploy is still live), and its 400 ms TTFT SLO is below what a busy
2-core laptop serves in the steady phase. The demo keeps every expression ``alerts/generate.py``
renders and measures first, then judges:

- during the steady phase the hit-drop factor is 0 and the TTFT SLO the largest bucket, so
  nothing can fire while the baseline is measured;
- then ``write_rules`` pins the hit-ratio baseline to the steady phase (PromQL's ``@``
  modifier: ``avg_over_time(ratio[<steady>] offset 1s @ <end of steady>)``) and sets the TTFT
  SLO from the steady phase's worst p95 (``calibrated_slo``); Prometheus reloads them. The alert
  then fires while the deploy serves and clears after the rollback, however slow the machine.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from kvscope.backend.metric_names import LATENCY_BUCKETS

ALERTS_DIR = Path(__file__).resolve().parents[2] / "alerts"
RATE = "20s"  # every rate() window: smooth enough that 2-3 requests/s make a steady ratio
SLO_HEADROOM = 1.5  # the SLO sits at least this far above the steady phase's worst p95


class Baseline(NamedTuple):
    """The steady phase, in Unix seconds: what the hit ratio is compared against."""

    start: float
    end: float


def _generator() -> ModuleType:
    name = "_kvscope_alerts_generate"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ALERTS_DIR / "generate.py")
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"{ALERTS_DIR / 'generate.py'} is missing")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def write_rules(out: Path, ttft_slo_s: float, baseline: Baseline | None = None) -> dict[str, str]:
    """Write the demo's recording and alerting rule files into ``out``; return name -> text.

    Without ``baseline`` the hit-drop alert cannot fire (factor 0): the steady phase is measured.
    """
    gen = _generator()
    test = gen.PROFILES["test"]
    knobs: dict = {"name": "demo", "rate": RATE, "ttft_slo_s": ttft_slo_s}
    if baseline is None:
        knobs["hit_drop_factor"] = 0.0
    else:
        knobs["baseline"] = f"{max(int(baseline.end - baseline.start), 1)}s"
        knobs["baseline_offset"] = f"1s @ {baseline.end:.3f}"  # offset must be > 0
    files = gen.render(dataclasses.replace(test, **knobs))
    if baseline is not None and f"@ {baseline.end:.3f}" not in "".join(files.values()):
        raise RuntimeError("alerts/generate.py no longer renders the baseline window with offset")
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_text(text)
    return files


def initial_slo() -> float:
    """While the steady phase is measured: the largest finite bucket, which nothing reaches."""
    return LATENCY_BUCKETS[-1]


def calibrated_slo(steady_p95_s: float | None) -> float:
    """The smallest bucket boundary at least ``SLO_HEADROOM`` x the steady phase's p95."""
    if steady_p95_s is None:
        return LATENCY_BUCKETS[-1]
    target = SLO_HEADROOM * steady_p95_s
    return next((b for b in LATENCY_BUCKETS if b >= target), LATENCY_BUCKETS[-1])


def ttft_quantile_series() -> str:
    """The recorded series the TTFT alert reads (its name lives in alerts/rules_recording.py)."""
    _generator()
    return sys.modules["rules_recording"].TTFT_QUANTILE
