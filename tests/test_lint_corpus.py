"""Every rule against the YAML corpus in tests/data/lint (sqlfluff style): fail cases fire at the
pinned positions, pass cases stay silent, fix cases produce the expected text."""

from __future__ import annotations

from pathlib import Path

import pytest

from kvscope.lint.corpus import fix_case, load_cases, run_case
from kvscope.lint.rules import RULES

CORPUS = Path(__file__).parent / "data" / "lint"
CASES = load_cases(CORPUS)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rule}-{c.name}" for c in CASES])
def test_case(case, tmp_path):
    _, findings = run_case(case, tmp_path)
    hits = [f for f in findings if f.code == case.rule]
    if case.known_miss:  # documented limitation: pinned so that a fix is noticed
        assert bool(hits) != case.should_fail
        return
    if not case.should_fail:
        assert hits == [], [f"{f.line}:{f.column} {f.message}" for f in hits]
        return
    assert hits, f"{case.rule} did not fire on {case.name}"
    if case.positions is not None:
        assert [(f.line, f.column) for f in hits] == case.positions
    for f in hits:
        assert (f.end_line >= f.line and f.token_offset is None) or f.token_offset >= 0


FIXES = [c for c in CASES if c.fix_str is not None]


@pytest.mark.parametrize("case", FIXES, ids=[f"{c.rule}-{c.name}" for c in FIXES])
def test_fix(case, tmp_path):
    assert fix_case(case, tmp_path) == case.fix_str
    # after the fix the rule is satisfied
    fixed = case._replace(text=case.fix_str)
    _, findings = run_case(fixed, tmp_path / "after")
    assert [f for f in findings if f.code == case.rule] == []


def test_corpus_covers_every_rule_and_format():
    rules = {c.rule for c in CASES}
    assert rules == {r.CODE for r in RULES}
    for rule in rules:
        kinds = {c.should_fail for c in CASES if c.rule == rule}
        assert kinds == {True, False}, f"{rule} needs both failing and passing cases"
    names = " ".join(c.file for c in CASES)
    for ext in (
        ".md",
        ".txt",
        ".j2",
        ".jinja",
        ".json",
        ".jsonl",
        ".yaml",
        ".prompt.yml",
        ".prompty",
        ".prompt",
        ".py",
        "tokenizer_config.json",
        "promptfooconfig.yaml",
    ):
        assert ext in names, f"no corpus case for {ext}"
