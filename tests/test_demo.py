"""`kvscope demo`, scaled down and without Prometheus: the story holds end to end.

The full demo (`make demo`) adds a real Prometheus; the alert itself is proven live in
tests/test_e2e_prometheus.py. Here the rule's threshold is evaluated by the demo itself.
"""

from __future__ import annotations

import json
import os
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


def test_demo_with_prometheus_tells_one_story(tmp_path):
    """With a real Prometheus: the alert fires during the bad deploy, is still firing when it is
    queried after the tools ran, nothing fires before the deploy (the TTFT SLO comes from the
    steady phase), and the closing lines are the figures' own."""
    out = tmp_path / "demo"
    args = ["--out", str(out), "--requests", "24", "--scale", "0.1", "--steady-seconds", "25"]
    proc = subprocess.run(
        [sys.executable, "-m", "kvscope.backend", "demo", *args],
        capture_output=True,
        text=True,
        timeout=420,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    alert = summary["alert"]
    assert alert["state"] == "firing" and alert["fired_at"], alert
    assert alert["seconds_after_deploy"] > 0
    assert "still firing after the tools ran" in proc.stdout
    steady_board = proc.stdout.split("2. bad deploy")[0]
    assert "Prometheus alerts: none pending or firing" in steady_board  # nothing before it
    assert "KVCachePrefixHitRateDrop" in summary["alerts_fired"]
    assert "alerts fired after the deploy (none before it): KVCachePrefixHitRateDrop" in proc.stdout
    assert summary["rules"]["ttft_slo_s"] >= 1.5 * (
        summary["rules"]["steady_worst_ttft_p95_s"] or 0
    )
    assert "@ " in (out / "rules" / "kvcache_alerts.yaml").read_text()  # baseline pinned
    bad = summary["phases"]["bad deploy"]
    quiet = not (bad["blocks_dropped"] or bad["blocks_demoted"])
    closing = proc.stdout[proc.stdout.rindex("hit rate: steady") :]
    assert ("evicted no block" if quiet else f"dropped {bad['blocks_dropped']} block(s)") in closing
    assert "{'" not in proc.stdout  # no raw dicts
    assert "[volatile-timestamp]" in proc.stdout  # tool output printed as text
