"""The generated Grafana dashboard: current, linted like grafana/dashboard-linter would, every query
valid PromQL reading a series the rule pack or the kvscope exporter defines."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import require_binary
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "dashboards" / "kvcache-overview.json"
_spec = importlib.util.spec_from_file_location(
    "kvscope_dashboards_generate", ROOT / "dashboards" / "generate.py"
)
generate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generate)


def _panels() -> list[dict]:
    return json.loads(DASHBOARD.read_text())["panels"]


def _check(root: Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, str(root / "dashboards" / "generate.py"), "--check"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def _copy_tree(tmp: Path) -> Path:
    (tmp / "alerts").mkdir()
    shutil.copy(ROOT / "alerts" / "kvcache_rules.yaml", tmp / "alerts")
    shutil.copytree(ROOT / "dashboards", tmp / "dashboards", ignore=shutil.ignore_patterns("__py*"))
    return tmp


def test_committed_dashboard_is_current() -> None:
    result = _check(ROOT)
    assert result.returncode == 0, result.stderr
    # A passing check says what it verified, with the counts.
    panels = len(_panels())
    assert f"kvcache-overview.json: current; {panels} panels" in result.stdout
    assert "series, each defined by alerts/kvcache_rules.yaml" in result.stdout


BLOCKS = "instance_tier_state:kvcache_blocks:sum"


def test_check_catches_stale_json_extra_files_and_undefined_series(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    assert _check(root).returncode == 0
    out = root / "dashboards" / "kvcache-overview.json"
    out.write_text(out.read_text().replace('"Queue"', '"Queue length"'))
    (root / "dashboards" / "old.json").write_text("{}")
    rules = root / "alerts" / "kvcache_rules.yaml"
    spec = yaml.safe_load(rules.read_text())
    spec["groups"][0]["rules"] = [
        r
        for r in spec["groups"][0]["rules"]
        if r["record"] != "instance_tier_state:kvcache_blocks:sum"
    ]
    rules.write_text(yaml.safe_dump(spec))
    result = _check(root)
    assert result.returncode == 1
    assert "kvcache-overview.json is stale" in result.stderr
    assert "dashboards/old.json is not generated" in result.stderr
    assert f"panel 'Blocks by state' reads {BLOCKS}, which nothing defines" in result.stderr


def test_dashboard_json_lints_clean() -> None:
    text = DASHBOARD.read_text()
    assert not any(marker in text for marker in ("<<<<<<<", "=======", ">>>>>>>"))
    dash = json.loads(text)
    variables = {v["name"]: v for v in dash["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource"
    assert variables["instance"]["datasource"]["uid"] == "${datasource}"
    panels = dash["panels"]
    assert len({p["id"] for p in panels}) == len(panels)
    assert len({p["title"] for p in panels}) == len(panels)
    cells: set[tuple[int, int]] = set()
    for p in panels:
        g = p["gridPos"]
        assert all(isinstance(g[k], int) for k in "hwxy")
        assert g["x"] >= 0 and g["y"] >= 0 and g["w"] > 0 and g["h"] > 0
        assert g["x"] + g["w"] <= 24, p["title"]
        area = {
            (x, y) for x in range(g["x"], g["x"] + g["w"]) for y in range(g["y"], g["y"] + g["h"])
        }
        assert not area & cells, f"panel '{p['title']}' overlaps another"
        cells |= area
        if p["type"] == "row":
            continue
        assert p["datasource"]["uid"] == "${datasource}"
        assert p["description"] and p["fieldConfig"]["defaults"]["unit"]
        assert p["targets"]
        for t in p["targets"]:
            assert t["datasource"]["uid"] == "${datasource}"
            assert 'instance=~"$instance"' in t["expr"] and t["refId"]


def test_dashboard_has_the_panels_platform_engineers_ask_for() -> None:
    panels = _panels()
    titles = {p["title"] for p in panels}
    for title in (
        "Hit ratio by instance",
        "Hit ratio by tenant",
        "Cache usage by tier",
        "Blocks by state",
        "Evictions by reason",
        "Preemptions",
        "Queue",
        "TTFT quantiles",
        "Swaps",
    ):
        assert title in titles
    top = [p for p in panels if p["gridPos"]["y"] == 1]
    assert len(top) >= 5 and all(p["type"] == "stat" for p in top)


def test_every_query_is_valid_promql(tmp_path: Path) -> None:
    promtool = require_binary("promtool")
    rules = [
        {"record": f"dashboard:query_{p['id']}_{i}:check", "expr": t["expr"].replace("$", "")}
        for p in _panels()
        for i, t in enumerate(p.get("targets", []))
    ]
    path = tmp_path / "queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    result = subprocess.run([promtool, "check", "rules", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


NAMES = st.from_regex(r"[a-z_][a-z0-9_]{0,8}(:[a-z0-9_]{1,8}){0,2}", fullmatch=True).filter(
    lambda n: (
        n
        not in {
            "and",
            "or",
            "unless",
            "offset",
            "bool",
            "inf",
            "nan",
            "by",
            "on",
            "without",
            "ignoring",
        }
    )
)
LABELS = st.from_regex(r'\{[a-z]{1,5}=~?"[a-z$(){}\[\] ]{0,6}"\}', fullmatch=True)


@given(
    names=st.lists(NAMES, min_size=1, max_size=4, unique=True),
    labels=st.lists(LABELS, min_size=4, max_size=4),
    fn=st.sampled_from(["sum by (instance, le)", "max without (x)", "rate", "abs"]),
)
def test_series_read_finds_exactly_the_selected_metrics(names, labels, fn) -> None:
    parts = [f"{fn}({n}{lab}[5m] offset 1m)" for n, lab in zip(names, labels, strict=False)]
    expr = " / on (instance) group_left ".join(parts) + " > 0.5"
    assert generate.series_read(expr) == set(names)
