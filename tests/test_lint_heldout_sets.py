"""The held-out sets hold together: every labelled line is in its file, every context file is
there, and no reserved source is used (bench/data/heldout, scored by bench/bench_lint_heldout.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_lint_real_corpus import KINDS, RESERVED, _hash

DATA = Path(__file__).resolve().parents[1] / "bench" / "data" / "heldout"
SETS = sorted(p for p in DATA.iterdir() if (p / "labels.jsonl").is_file())


def _labels(folder: Path) -> list[dict]:
    with (folder / "labels.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_there_are_sets_to_score():
    assert len(SETS) >= 3


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_labels_point_at_lines_of_their_files(folder):
    for row in _labels(folder):
        path = folder / "files" / row["file"]
        assert row["file"].startswith(row["repo"].replace("/", "__") + "/"), row["file"]
        assert len(row["commit"]) == 40 and int(row["commit"], 16) >= 0
        lines = path.read_text(encoding="utf-8").split("\n")
        volatile = {v["line"] for v in row["volatile"]}
        lookalikes = {v["line"] for v in row["lookalikes"]}
        assert not volatile & lookalikes, row["file"]
        for v in row["volatile"]:
            assert v["kind"] in KINDS and v["note"], (row["file"], v)
        for n in volatile | lookalikes:
            assert 1 <= n <= len(lines) and lines[n - 1].strip(), (row["file"], n)


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_context_files_are_there_and_unlabelled(folder):
    labelled = {row["file"] for row in _labels(folder)}
    context = (folder / "context_files.txt").read_text(encoding="utf-8").split()
    assert context
    for name in context:
        assert (folder / "files" / name).is_file() and name not in labelled, name


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_no_reserved_source_is_used(folder):
    for row in _labels(folder):
        assert _hash(row["repo"].split("/")[1]) not in RESERVED, row["repo"]
    for path in (folder / "files").iterdir():
        assert _hash(path.name.split("__", 1)[1]) not in RESERVED, path.name


def test_a_note_that_denies_the_user_turn_keeps_the_line_a_system_hazard():
    sys.path.insert(0, str(DATA.parents[1]))
    from bench_lint_heldout import user_turn

    assert user_turn({"note": "{task}: the user's question; user turn"})
    assert user_turn({"note": "added with stack.add_user_message; the user message"})
    assert not user_turn({"note": "sent as {'role': 'system'}, so it is not the user turn"})
    assert not user_turn({"note": "in the system message, never in a user message"})
    # the verdict at the end decides, whatever the note tells of the messages that follow
    assert not user_turn(
        {"note": "sent first as system; the task follows as the USER message; system side"}
    )
    assert user_turn(
        {"note": "built in the system-side helper, sent as the one message; user turn"}
    )


def test_the_pooled_figures_take_every_sets_files_together():
    sys.path.insert(0, str(DATA.parents[1]))
    from bench_lint_heldout import pooled, score

    a = score(
        [{"file": "a", "volatile": [{"line": 2, "note": "date"}], "lookalikes": []}],
        {"a": {(2, "PL001"), (1, "PL003")}},
    )
    b = score(
        [{"file": "b", "volatile": [], "lookalikes": []}],
        {"b": {(4, "PL003")}},
    )
    both = pooled([a, b])
    assert (both["right"], both["wrong"], both["line_precision"]) == (1, 2, 0.333)
    assert both["earliest"] == {"found": 0, "false_early_alarm": 1, "missed": 0}
    assert (both["clean_files"], both["clean_files_flagged"]) == (1, 1)
