"""Rule test cases as data (tests/data/lint/*.yml): load them, run one, apply its fix.

Shared by tests/test_lint_corpus.py and bench/bench_lint_corpus.py so both judge a case the
same way. A case runs in its own folder with only its rule selected (plus its `config`), with
`min-blocks-at-stake = 0` unless its config says otherwise: a case pins what a rule detects, and
its text is usually shorter than one KV block.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from kvscope.lint.config import from_table
from kvscope.lint.engine import Linter
from kvscope.lint.findings import Finding


class Case(NamedTuple):
    rule: str
    name: str
    file: str
    text: str
    should_fail: bool
    positions: list[tuple[int, int]] | None
    fix_str: str | None
    config: dict
    known_miss: bool = False
    extra_files: dict | None = None
    named: bool = False  # linted as a file named on the command line (read even without a shape)


def load_cases(folder: Path) -> list[Case]:
    import yaml

    cases = []
    for path in sorted(folder.glob("*.yml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for c in data["cases"]:
            fail = "fail_str" in c
            cases.append(
                Case(
                    rule=c.get("rule", data.get("rule")),
                    name=c["name"],
                    file=c["file"],
                    text=c["fail_str"] if fail else c["pass_str"],
                    should_fail=fail,
                    positions=[tuple(p) for p in c["positions"]] if "positions" in c else None,
                    fix_str=c.get("fix_str"),
                    config=c.get("config", {}),
                    known_miss=bool(c.get("known_miss", False)),
                    extra_files=c.get("extra_files"),
                    named=bool(c.get("named", False)),
                )
            )
    return cases


def run_case(
    case: Case, workdir: Path, codes: set[str] | None = None
) -> tuple[Path, list[Finding]]:
    """Write the case (and its `extra_files`, other modules of its project) under workdir and
    lint it; returns the file and its findings."""
    for rel, text in (case.extra_files or {}).items():
        (workdir / rel).parent.mkdir(parents=True, exist_ok=True)
        (workdir / rel).write_text(text, encoding="utf-8")
    path = workdir / case.file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(case.text, encoding="utf-8")
    conf = from_table({"min-blocks-at-stake": 0, **case.config}, workdir, f"case {case.name}")
    linter = Linter(conf, codes if codes is not None else {case.rule})
    return path, linter.lint_file(path, case.file, force=case.named) or []


def fix_case(case: Case, workdir: Path) -> str:
    """The case's file text after applying the safe fixes of its rule."""
    from kvscope.lint.fix import apply_fixes

    path = workdir / case.file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(case.text, encoding="utf-8")
    conf = from_table({"min-blocks-at-stake": 0, **case.config}, workdir, f"case {case.name}")
    linter = Linter(conf, {case.rule})
    linter.lint_file(path, case.file)
    apply_fixes(linter.fixes, {case.file: path})
    return path.read_text(encoding="utf-8")
