"""The real, labelled prompt corpus (bench/data/real_prompts) is well-formed and traceable to its
sources, the scorer of bench_lint_real.py counts what it claims, and the bench runs end to end."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "real_prompts"
KINDS = {"datetime", "user", "id", "tool_order", "other"}
# sha256 of the lower-cased repository names (owner omitted, so forks match too) reserved for
# the independent evaluation; their names are not written into this repository.
RESERVED = frozenset(
    {
        "4dacff25aafcbfb461bfbf8d4ac91933eee7581be4b8fd44cde0754b9d314759",
        "7314b4389a373c7965a0d2f368f22f959409efdf404f7beb7a5123e28680328f",
        "64515a88418eeeb16f33f5bb495d066598ebf693515cc91818b8ece71ba2e04c",
        "0febf3bcf50db451fa8916046717fbab7a7b68b1a0941ff1eca778b6860296c3",
        "0cdeb826fef2b392fb6f10daa6919c01af5cd5d8ad28121dfccba83817f91b96",
        "8ddaa61646a4e54169bd0ed6241413024af3bf15a16fa36c4009c53c97d4cf6d",
        "779e4edd862c259c4f292739eeb3671a19c44e9330837bcfba6e509521e0acbe",
        "ebde709e306badca2f843f1ef91c7fb216a99aa4417b32fe911e15acfff8bedd",
        "ead627e2b11190fdfc89ecdf51f122edf39d54b9ceb51dd966c30f209f2b9cdc",
        "c6e4d264713f50ded1960d7ebe89feff06de762f7479be7e3cec20c4814d8394",
        "d496c82198e4f3360f2a84336fe5556511a90776f762c8db0c120c23134ec785",
        "d980252692ff0d29520fe3bd8d9fe25f2f70b3ee2327fc167e5d2f70a0efdd85",
        "57090017a8df30273ee714bb3d7d7f55db7f7e1c3063b9b4aa3c6a5d852bd981",
    }
)


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


score_mod = _module("lint_real_score", ROOT / "bench" / "lint_real_score.py")
rebuild_mod = _module("real_prompts_rebuild", DATA / "rebuild.py")
MANIFEST, LABELS = score_mod.load_corpus(DATA)


def _lines(row: dict) -> list[str]:
    return (DATA / row["file"]).read_bytes().decode("utf-8").split("\n")


def _hash(name: str) -> str:
    return hashlib.sha256(name.lower().encode()).hexdigest()


def test_corpus_is_large_mixed_and_from_many_repos():
    kinds = Counter(row["kind"] for row in MANIFEST)
    repos = Counter(row["repo"] for row in MANIFEST)
    assert len(MANIFEST) >= 400
    assert kinds["rendered"] >= 150 and kinds["template"] >= 150
    assert len(repos) >= 25
    assert max(repos.values()) <= 0.2 * len(MANIFEST), repos.most_common(1)


def test_manifest_rows_name_their_source():
    files = [row["file"] for row in MANIFEST]
    assert len(files) == len(set(files))
    for row in MANIFEST:
        assert re.fullmatch(r"[0-9a-f]{40}", row["commit"]), row
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", row["repo"]), row
        assert row["kind"] in {"rendered", "template"}
        assert row["path"] and not row["path"].startswith("/")
        trimmed = row["trimmed_to_lines"]
        assert trimmed is None or (trimmed == 150 and len(_lines(row)) == 151), row["file"]


def test_no_reserved_source_is_used():
    for row in MANIFEST:
        name = row["repo"].split("/")[1]
        assert _hash(name) not in RESERVED, row["repo"]
        assert not {_hash(part) for part in Path(row["path"]).parts} & RESERVED, row["path"]


def test_no_file_says_it_was_copied_from_a_reserved_source():
    link = re.compile(r"github\.com/[\w.-]+/([\w.-]+)|\b[\w.-]+/([\w.-]+)`")
    for row in MANIFEST:
        text = (DATA / row["file"]).read_bytes().decode("utf-8")
        for match in link.finditer(text):
            name = (match.group(1) or match.group(2)).removesuffix(".git")
            assert _hash(name) not in RESERVED, (row["file"], match.start())


def test_stored_files_match_their_hashes():
    assert rebuild_mod.verify() == []


def test_every_file_is_labelled_once_and_labels_point_at_real_lines():
    assert set(LABELS) == {row["file"] for row in MANIFEST}
    for row in MANIFEST:
        label = LABELS[row["file"]]
        assert label["kind"] == row["kind"], row["file"]
        count = len(_lines(row))
        vol = [v["line"] for v in label["volatile"]]
        look = [x["line"] for x in label["lookalikes"]]
        assert len(vol) == len(set(vol)) and vol == sorted(vol), row["file"]
        assert not set(vol) & set(look), row["file"]
        for item in label["volatile"] + label["lookalikes"]:
            assert 1 <= item["line"] <= count, (row["file"], item)
            assert _lines(row)[item["line"] - 1].strip(), (row["file"], item)
            assert item["note"].strip(), (row["file"], item)
        assert {v["kind"] for v in label["volatile"]} <= KINDS


def test_both_kinds_have_clean_and_volatile_files_and_every_volatile_kind_occurs():
    for kind in ("rendered", "template"):
        rows = [r for r in LABELS.values() if r["kind"] == kind]
        assert sum(bool(r["volatile"]) for r in rows) >= 30
        assert sum(not r["volatile"] for r in rows) >= 30
    seen = {v["kind"] for r in LABELS.values() for v in r["volatile"]}
    assert seen == KINDS


LAB = {
    "a.md": {"file": "a.md", "kind": "template", "lookalikes": [{"line": 1, "note": "x"}],
             "volatile": [{"line": 3, "kind": "datetime", "note": "x"},
                          {"line": 5, "kind": "user", "note": "x"}]},
    "b.md": {"file": "b.md", "kind": "template", "lookalikes": [],
             "volatile": [{"line": 2, "kind": "id", "note": "x"}]},
    "c.md": {"file": "c.md", "kind": "template", "lookalikes": [],
             "volatile": [{"line": 4, "kind": "other", "note": "x"}]},
    "d.md": {"file": "d.md", "kind": "template", "lookalikes": [], "volatile": []},
    "e.md": {"file": "e.md", "kind": "rendered", "lookalikes": [], "volatile": []},
}  # fmt: skip


def test_scorer_classifies_earliest_lines_and_counts_lines():
    flags = {
        "a.md": [(3, "PL001"), (5, "PL003"), (1, "PL002")],  # early alarm on a look-alike
        "b.md": [(2, "PL002")],  # found
        "c.md": [(9, "PL006")],  # only a later line: the earliest one is missed
        "d.md": [(1, "PL003")],  # clean file flagged
    }
    s = score_mod.score(flags, LAB, "template")
    assert s["outcomes"] == {"found": 1, "false_early_alarm": 1, "missed": 1}
    assert s["earliest_found"] == round(1 / 3, 4)
    assert (s["clean_files"], s["clean_files_flagged_n"], s["clean_files_flagged"]) == (1, 1, 1.0)
    assert s["flagged_lines"] == 6 and s["line_precision"] == 0.5
    assert s["lookalike_lines_flagged"] == 1
    assert s["per_rule"]["PL003"] == {"flagged_lines": 2, "volatile": 1, "precision": 0.5}
    assert s["per_rule"]["PL001"]["precision"] == 1.0
    assert s["recall_per_kind"]["other"]["recall"] == 0.0
    assert s["recall_per_kind"]["user"]["recall"] == 1.0
    assert s["recall_per_kind"]["tool_order"]["recall"] is None
    assert s["per_file"]["c.md"] == {"labelled": 4, "flagged": 9, "result": "missed"}
    assert score_mod.score(flags, LAB, "rendered")["clean_files_flagged"] == 0.0
    met = score_mod.meets_targets(s, "template")
    assert met["earliest_found"] is False and met["template_recall_every_kind"] is False


def test_scorer_on_a_perfect_linter_meets_every_target():
    flags = {f: [(v["line"], "PL001") for v in r["volatile"]] for f, r in LAB.items()}
    s = score_mod.score(flags, LAB, "template")
    assert s["earliest_found"] == 1.0 and s["line_precision"] == 1.0
    assert all(score_mod.meets_targets(s, "template").values())


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab\r\n\ufeff", max_size=60), st.one_of(st.none(), st.integers(1, 5)))
def test_rebuild_normalisation_keeps_lines_and_trims_to_the_limit(text, trimmed):
    out = rebuild_mod.normalise(text.encode(), trimmed)
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    if trimmed is None:
        assert out.split("\n") == lines
    else:
        assert out.split("\n") == [*lines[:trimmed], ""]


def test_context_files_are_unlabelled_modules_of_corpus_repos_at_the_same_commit():
    """context.jsonl: the modules laid out beside labelled files (they fill or send their
    prompts); never scored, but traceable like every corpus file (hashes: rebuild --verify)."""
    context = score_mod.load_context(DATA)
    commits = {(row["repo"], row["commit"]) for row in MANIFEST}
    for row in context:
        assert row["kind"] == "context" and row["file"] not in LABELS, row["file"]
        assert (row["repo"], row["commit"]) in commits, row["file"]
        assert row["file"].startswith("context/") and row["path"].endswith(".py"), row["file"]
        assert row["why"].strip(), row["file"]


def test_rebuild_verify_reports_a_changed_file(tmp_path, monkeypatch):
    row = MANIFEST[0]
    dest = tmp_path / row["file"]
    dest.parent.mkdir(parents=True)
    dest.write_bytes((DATA / row["file"]).read_bytes() + b"changed\n")
    (tmp_path / "manifest.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    monkeypatch.setattr(rebuild_mod, "HERE", tmp_path)
    assert rebuild_mod.verify() == [f"{row['file']}: content differs from its manifest sha256"]
    assert rebuild_mod.main(["--verify"]) == 1


def test_rebuild_usage_errors_exit_2(tmp_path, capsys):
    assert rebuild_mod.main([]) == 2
    assert rebuild_mod.main([str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


@pytest.fixture(scope="module")
def bench_result() -> dict:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_lint_real.py"), "--no-peers"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(proc.stdout)


def test_bench_prints_one_consistent_json_object(bench_result):
    assert bench_result["labelled_files"] == bench_result["corpus_files"] == len(MANIFEST)
    assert bench_result["promptlint"]["unscored_findings"]["unreadable_files"] == 0
    for kind in ("rendered", "template", "all"):
        s = bench_result["promptlint"][kind]
        assert s["files"] == s["files_with_volatile"] + s["clean_files"]
        assert sum(s["outcomes"].values()) == s["files_with_volatile"]
        for key in ("earliest_found", "false_early_alarms", "missed", "clean_files_flagged"):
            assert 0.0 <= s[key] <= 1.0
        assert sum(r["flagged_lines"] for r in s["per_rule"].values()) >= s["flagged_lines"]
        assert set(s["recall_per_kind"]) == KINDS
    all_ = bench_result["promptlint"]["all"]
    assert all_["files"] == len(MANIFEST)
    outcomes = Counter(v["result"] for v in all_["per_file"].values())
    assert (
        outcomes
        == Counter({**all_["outcomes"], "clean_flagged": all_["clean_files_flagged_n"]}) - Counter()
    )
    assert "per_file" not in bench_result["promptlint"]["rendered"]


def test_bench_at_stake_figures_partition_the_labelled_lines(bench_result):
    for kind in ("rendered", "template", "all"):
        s = bench_result["promptlint"][kind]
        a = s["at_stake"]
        assert a["files"] + a["files_below_floor"] == s["files_with_volatile"]
        assert sum(a["outcomes"].values()) == a["files"]
        lines = sum(r["lines"] for r in s["recall_per_kind"].values())
        assert sum(r["lines"] for r in a["recall_per_kind"].values()) + a["lines_below_floor"] == (
            lines
        )
        assert 0 <= a["lines_stake_unknown"] <= lines - a["lines_below_floor"]
    assert bench_result["promptlint"]["template"]["at_stake"]["lines_below_floor"] > 0
