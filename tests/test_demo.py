"""`kvscope demo`, scaled down and without Prometheus: the story holds end to end.

The full demo (`make demo`) adds a real Prometheus; the alert itself is proven live in
tests/test_e2e_prometheus.py. Here the rule's threshold is evaluated by the demo itself.
"""

from __future__ import annotations

import json
import subprocess
import sys


def test_demo_story_end_to_end(tmp_path):
    out = tmp_path / "demo"
    args = ["--out", str(out), "--requests", "32", "--scale", "0.1", "--no-prometheus"]
    proc = subprocess.run(
        [sys.executable, "-m", "kvscope.backend", "demo", *args],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    phases = json.loads((out / "summary.json").read_text())["phases"]
    steady, bad, back = (phases[p]["hit_rate"] for p in ("steady", "bad deploy", "rollback"))
    assert bad < 0.7 * steady and back > bad
    assert all(phases[p]["errors"] == 0 for p in phases)
    # The three tools caught the deploy: the finding, the first divergent block, the rule.
    assert "PL001" in (out / "promptlint-check.txt").read_text()
    assert "first divergent token" in (out / "promptlint-diff.txt").read_text()
    assert "KVCachePrefixHitRateDrop" in proc.stdout and "FIRING" in proc.stdout
    assert "repeated prefix" in (out / "promptlint-measure.txt").read_text()
    # The artefacts it points at exist and are not empty.
    for name in ("kv-events.jsonl", "requests.jsonl", "metrics.prom", "server.log"):
        assert (out / name).stat().st_size > 0, name
    assert "kvscope_prefix_cache_hit_tokens_total" in (out / "metrics.prom").read_text()
    assert "Traceback" not in proc.stderr


def test_demo_rejects_bad_options():
    proc = subprocess.run(
        [sys.executable, "-m", "kvscope.backend", "demo", "--requests", "2"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "--requests" in proc.stderr
