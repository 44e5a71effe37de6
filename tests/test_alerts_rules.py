"""The Prometheus rule pack: promtool accepts it, its unit tests pass, and it follows the mixin
style (names, severities, annotations, runbook anchors that exist, alerts read recorded series)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import require_binary

ROOT = Path(__file__).resolve().parents[1]
ALERTS = ROOT / "alerts"
RULE_FILES = [ALERTS / "kvcache_rules.yaml", ALERTS / "kvcache_alerts.yaml"]
PROMTOOL_TESTS = sorted((ALERTS / "tests").glob("*.test.yaml"))
ENGINES = ("kvscope", "vllm", "sglang")
RECORD_NAME = re.compile(r"^[a-z_]+:[a-z0-9_]+:[a-z0-9_]+$")
METRIC = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*:[a-zA-Z0-9_:]+")


def _rules(path: Path) -> list[dict]:
    (group,) = yaml.safe_load(path.read_text())["groups"]
    return group["rules"]


def _generate(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, str(ALERTS / "generate.py"), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def test_committed_rule_files_are_current() -> None:
    result = _generate("--check")
    assert result.returncode == 0, result.stderr


def test_check_reports_a_stale_file(tmp_path: Path) -> None:
    assert _generate("--out", str(tmp_path)).returncode == 0
    alerts = tmp_path / "kvcache_alerts.yaml"
    alerts.write_text(alerts.read_text().replace("for: 10m", "for: 11m"))
    result = _generate("--check", "--out", str(tmp_path))
    assert result.returncode == 1
    assert "kvcache_alerts.yaml is stale" in result.stderr


def test_missing_output_directory_is_a_one_line_usage_error(tmp_path: Path) -> None:
    result = _generate("--out", str(tmp_path / "nope"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_promtool_accepts_both_profiles(tmp_path: Path) -> None:
    promtool = require_binary("promtool")
    assert _generate("--profile", "test", "--out", str(tmp_path)).returncode == 0
    for files in (RULE_FILES, [tmp_path / p.name for p in RULE_FILES]):
        result = subprocess.run(
            [promtool, "check", "rules", *map(str, files)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_promtool_unit_tests_pass() -> None:
    promtool = require_binary("promtool")
    result = subprocess.run(
        [promtool, "test", "rules", *map(str, PROMTOOL_TESTS)],
        capture_output=True,
        text=True,
        cwd=ALERTS / "tests",
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_test_profile_only_shrinks_windows(tmp_path: Path) -> None:
    _generate("--profile", "test", "--out", str(tmp_path))
    prod = [r.get("record") or r["alert"] for f in RULE_FILES for r in _rules(f)]
    test = [r.get("record") or r["alert"] for f in RULE_FILES for r in _rules(tmp_path / f.name)]
    assert prod == test
    test_rules = _rules(tmp_path / "kvcache_rules.yaml")
    assert all("[5m]" not in r["expr"] for r in test_rules)
    assert any("[10s]" in r["expr"] for r in test_rules)


def test_alerts_follow_the_mixin_style() -> None:
    runbook = (ROOT / "docs" / "runbook.md").read_text()
    anchors = {h.strip().lower() for h in re.findall(r"^## (\S+)\s*$", runbook, re.M)}
    alerts = _rules(ALERTS / "kvcache_alerts.yaml")
    assert len({a["alert"] for a in alerts}) == len(alerts) >= 5
    for a in alerts:
        assert re.fullmatch(r"KVCache[A-Z][A-Za-z0-9]+", a["alert"])
        assert a["labels"]["severity"] in {"critical", "warning", "info"}
        assert a["for"]
        notes = a["annotations"]
        assert notes["summary"].endswith(".") and "{{" not in notes["summary"]
        assert "{{ $labels.instance }}" in notes["description"] and "$value" in notes["description"]
        url, _, anchor = notes["runbook_url"].partition("#")
        assert url.endswith("docs/runbook.md") and anchor == a["alert"].lower()
        assert anchor in anchors, f"docs/runbook.md has no '## {a['alert']}' section"


def test_alerts_read_only_recorded_series() -> None:
    recorded = {r["record"] for r in _rules(ALERTS / "kvcache_rules.yaml")}
    assert all(RECORD_NAME.match(name) for name in recorded)
    for a in _rules(ALERTS / "kvcache_alerts.yaml"):
        read = set(METRIC.findall(a["expr"]))
        assert read and read <= recorded, (a["alert"], read - recorded)
        assert not any(raw in a["expr"] for raw in ("kvscope_", "vllm:", "sglang:"))


@pytest.mark.parametrize("engine", ENGINES)
def test_every_alert_is_tested_firing_and_quiet_on_each_engine(engine: str) -> None:
    alerts = {a["alert"] for a in _rules(ALERTS / "kvcache_alerts.yaml")}
    spec = yaml.safe_load((ALERTS / "tests" / f"alerts_{engine}.test.yaml").read_text())
    cases = [c for t in spec["tests"] for c in t.get("alert_rule_test", [])]
    firing = {c["alertname"] for c in cases if c.get("exp_alerts")}
    quiet = {c["alertname"] for c in cases if not c.get("exp_alerts")}
    assert firing == alerts and quiet == alerts
    sources = " ".join(t["series"] for test in spec["tests"] for t in test["input_series"])
    others = [e for e in ENGINES if e != engine]
    assert all(f"{e}_" not in sources and f"{e}:" not in sources for e in others)


@pytest.mark.parametrize("engine", ENGINES)
def test_every_recorded_series_of_an_engine_is_asserted(engine: str) -> None:
    rules = _rules(ALERTS / "kvcache_rules.yaml")
    produced = {r["record"] for r in rules if r.get("labels", {}).get("engine") in (engine, None)}
    text = (ALERTS / "tests" / f"recording_{engine}.test.yaml").read_text()
    spec = yaml.safe_load(text)
    asserted = {
        name
        for t in spec["tests"]
        for case in t["promql_expr_test"]
        if case["exp_samples"]
        for name in METRIC.findall(case["expr"])
    }
    missing = produced - asserted
    assert not missing, f"recording_{engine}.test.yaml asserts nothing about {sorted(missing)}"


def test_runbook_base_points_every_alert_elsewhere(tmp_path: Path) -> None:
    base = "https://git.example.com/ops/blob/main/docs/runbook.md"
    assert _generate("--out", str(tmp_path), "--runbook-base", base).returncode == 0
    urls = [a["annotations"]["runbook_url"] for a in _rules(tmp_path / "kvcache_alerts.yaml")]
    assert urls and all(u == f"{base}#{u.rpartition('#')[2]}" for u in urls)
    assert (tmp_path / "kvcache_rules.yaml").read_text() == (
        ALERTS / "kvcache_rules.yaml"
    ).read_text()


def test_unknown_profile_is_a_one_line_usage_error() -> None:
    result = _generate("--profile", "staging")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "invalid choice: 'staging'" in result.stderr
