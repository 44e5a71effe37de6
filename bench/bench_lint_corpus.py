"""promptlint precision/recall on the rule corpus (tests/data/lint/*.yml).

Every case is linted with ALL rules enabled; the case's own rule is scored: a fail case where it
fires is a true positive, a pass case where it fires a false positive. Also reports findings of
other rules on pass cases ("collateral"), which are not scored but worth watching.
Prints one JSON object.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from kvscope.lint.corpus import load_cases, run_case
from kvscope.lint.rules import BY_CODE

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "lint"


def main() -> None:
    cases = load_cases(CORPUS)
    counts = {code: {"tp": 0, "fp": 0, "fn": 0, "tn": 0} for code in BY_CODE}
    formats: dict[str, int] = {}
    collateral = 0
    misses: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(cases):
            _, findings = run_case(case, Path(tmp) / str(i), codes=set(BY_CODE))
            fired = any(f.code == case.rule for f in findings)
            c = counts[case.rule]
            key = ("tp" if fired else "fn") if case.should_fail else ("fp" if fired else "tn")
            c[key] += 1
            if key in {"fp", "fn"}:
                misses.append(f"{key}:{case.rule}:{case.name}")
            if not case.should_fail:
                collateral += sum(f.code != case.rule for f in findings)
            ext = Path(case.file).name.split(".", 1)[-1]
            formats[ext] = formats.get(ext, 0) + 1
    wall = time.perf_counter() - start

    def ratio(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    per_rule = {
        code: {**c, "precision": ratio(c["tp"], c["tp"] + c["fp"]),
               "recall": ratio(c["tp"], c["tp"] + c["fn"])}
        for code, c in counts.items()
    }  # fmt: skip
    total = {k: sum(c[k] for c in counts.values()) for k in ("tp", "fp", "fn", "tn")}
    print(
        json.dumps(
            {
                "bench": "lint_corpus",
                "cases": len(cases),
                "formats": dict(sorted(formats.items())),
                "precision": ratio(total["tp"], total["tp"] + total["fp"]),
                "recall": ratio(total["tp"], total["tp"] + total["fn"]),
                **total,
                "per_rule": per_rule,
                "other_rule_findings_on_pass_cases": collateral,
                "misclassified": misses,
                "wall_s": round(wall, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
