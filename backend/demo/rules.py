"""The demo's rule pack: the generator's test profile with windows sized for the story.

The test profile's 30 s hit-ratio baseline catches up with a bad deploy within a minute, and its
400 ms TTFT SLO is below what a busy 2-core laptop serves even in the steady phase. The demo
keeps every expression of the pack (``alerts/generate.py`` renders it) and changes two knobs:

- the baseline covers the whole story (``BASELINE``) and ends ``BASELINE_OFFSET`` ago, so the
  alert keeps firing until the rollback, however slow the machine;
- the TTFT SLO starts out of reach while the steady phase is measured, then
  ``calibrated_slo`` sets it from what the steady phase served, so only a regression fires.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from kvscope.backend.metric_names import LATENCY_BUCKETS

ALERTS_DIR = Path(__file__).resolve().parents[2] / "alerts"
BASELINE = "30m"
BASELINE_OFFSET = "20s"
SLO_HEADROOM = 1.5  # the SLO sits at least this far above the steady phase's worst p95


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


def write_rules(out: Path, ttft_slo_s: float) -> dict[str, str]:
    """Write the demo's recording and alerting rule files into ``out``; return name -> text."""
    gen = _generator()
    profile = dataclasses.replace(
        gen.PROFILES["test"],
        name="demo",
        baseline=BASELINE,
        baseline_offset=BASELINE_OFFSET,
        ttft_slo_s=ttft_slo_s,
    )
    files = gen.render(profile)
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
