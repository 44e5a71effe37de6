"""promptlint on the held-out sets in bench/data/heldout: real prompt files never in the corpus.

Each set (`setN/`) holds files of 6-8 public repositories laid out as the repositories have them
(`files/<owner>__<repo>/<path>`), the labelled prompt files and, beside them, the modules that
load, fill or send them (`context_files.txt`, not scored), so promptlint follows a project as it
would in the repository. `labels.jsonl` says, for each labelled file, which lines vary per request
and which only look as if they do, judged by reading the code (see each set's NOTES.md).

A line whose text is sent as the user turn ("user turn" or "user message" in its note) is not a
system-prompt hazard: a finding there is a false alarm, as promptlint's rules say. Per set, at
promptlint's default floor: line precision overall and per rule (right, wrong), the earliest
flagged line against the earliest labelled volatile line of each file (found / false early alarm
/ missed), and the clean files flagged. Prints ONE JSON object.

The sets are for measuring, not tuning: a set is scored when it is read for the first time, and
what its false alarms teach is fixed in general mechanisms, with cases in tests/data/lint.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_lint_real import promptlint_command

DATA = Path(__file__).resolve().parent / "data" / "heldout"
SCORED_RULES = {"PL001", "PL002", "PL003", "PL004", "PL005", "PL006"}


_NEGATED_RE = re.compile(r"\b(?:not|never)\s+(?:in\s+)?(?:the\s+|a\s+)?user\s+(?:turn|message)")


_VERDICT_RE = re.compile(r"\b(system[ -]side|user turn)\b")


def user_turn(label: dict) -> bool:
    """The note says the line is sent as the user turn ("...; user turn"), not that it is not
    ("so it is in the system message, not the user turn"). A note ends with its verdict, "system
    side" or "user turn"; the last one it names decides, so that a note which also tells what
    follows ("the task follows as the USER message; system side") keeps its own."""
    note = _NEGATED_RE.sub("", label["note"].lower())
    verdicts = _VERDICT_RE.findall(note)
    if verdicts:
        return verdicts[-1] == "user turn"
    return "user message" in note


def flags_of(folder: Path, files: list[str], floor: int | None) -> dict[str, set[tuple[int, str]]]:
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        proc = subprocess.run(
            [*promptlint_command(floor), *files],
            cwd=checkouts(folder, Path(tmp)),
            capture_output=True,
            text=True,
            check=False,
            timeout=900,
        )
    if proc.returncode not in (0, 1):
        raise SystemExit(f"promptlint failed ({proc.returncode}): {proc.stderr.strip()[:300]}")
    out: dict[str, set[tuple[int, str]]] = {}
    for f in json.loads(proc.stdout or "[]"):
        if f["code"] in SCORED_RULES:
            out.setdefault(f["path"], set()).add((f["line"], f["code"]))
    return out


def checkouts(folder: Path, tmp: Path) -> Path:
    """A copy of the set's `files/` outside this repository, each `<owner>__<repo>/` marked as a
    checkout of its own (an empty `.git/`): promptlint then reads each repository as the project
    it is, as in a real clone, not every set under bench/ as one project rooted at kvscope's
    pyproject.toml (whose first 400 modules would be all it reads)."""
    dest = tmp / "files"
    shutil.copytree(folder, dest, symlinks=True)
    for repo in dest.iterdir():
        if repo.is_dir():
            (repo / ".git").mkdir(exist_ok=True)
    return dest


def score(labels: list[dict], flags: dict[str, set[tuple[int, str]]]) -> dict:
    right = wrong = wrong_user_turn = 0
    per_rule: dict[str, list[int]] = {}
    outcomes = {"found": 0, "false_early_alarm": 0, "missed": 0}
    clean = clean_flagged = 0
    for row in labels:
        volatile = {v["line"] for v in row["volatile"] if not user_turn(v)}
        in_user_turn = {v["line"] for v in row["volatile"] if user_turn(v)}
        found = flags.get(row["file"], set())
        for line, code in found:
            ok = line in volatile
            per_rule.setdefault(code, [0, 0])[0 if ok else 1] += 1
            right += ok
            wrong += not ok
            wrong_user_turn += (not ok) and line in in_user_turn
        lines = sorted(line for line, _ in found)
        if not volatile:
            clean += 1
            clean_flagged += bool(found)
        elif lines and lines[0] == min(volatile):
            outcomes["found"] += 1
        elif lines and lines[0] < min(volatile) and lines[0] not in volatile:
            outcomes["false_early_alarm"] += 1
        else:
            outcomes["missed"] += 1
    return {
        "labelled_files": len(labels),
        "files_with_volatile": sum(outcomes.values()),
        "earliest": outcomes,
        "clean_files": clean,
        "clean_files_flagged": clean_flagged,
        "findings": right + wrong,
        "right": right,
        "wrong": wrong,
        "wrong_in_user_turn": wrong_user_turn,
        "line_precision": round(right / (right + wrong), 3) if right + wrong else None,
        "per_rule": {code: {"right": r, "wrong": w} for code, (r, w) in sorted(per_rule.items())},
    }


def pooled(sets) -> dict:
    """Every set's files as one: what a user linting code promptlint was not tuned on sees."""
    keys = ("labelled_files", "clean_files", "clean_files_flagged", "right", "wrong")
    total = {k: 0 for k in keys} | {"wrong_in_user_turn": 0}
    earliest = {"found": 0, "false_early_alarm": 0, "missed": 0}
    for s in sets:
        for k in total:
            total[k] += s[k]
        for k in earliest:
            earliest[k] += s["earliest"][k]
    findings = total["right"] + total["wrong"]
    return {
        **total,
        "earliest": earliest,
        "line_precision": round(total["right"] / findings, 3) if findings else None,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-blocks-at-stake", type=int, default=None, help="promptlint's floor")
    args = ap.parse_args(argv)
    result: dict = {"bench": "lint_heldout", "sets": {}}
    start = time.perf_counter()
    for folder in sorted(p for p in DATA.iterdir() if (p / "labels.jsonl").is_file()):
        with (folder / "labels.jsonl").open(encoding="utf-8") as fh:
            labels = [json.loads(line) for line in fh if line.strip()]
        flags = flags_of(folder / "files", [r["file"] for r in labels], args.min_blocks_at_stake)
        result["sets"][folder.name] = {
            "repos": sorted({r["repo"] for r in labels}),
            **score(labels, flags),
        }
    result["pooled"] = pooled(result["sets"].values())
    result["promptlint_wall_s"] = round(time.perf_counter() - start, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
