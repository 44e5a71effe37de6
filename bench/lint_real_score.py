"""Scoring for bench_lint_real.py: flagged lines of one linter against the labelled corpus.

A linter's result is `{file: [(line, rule), ...]}` (1-based lines). Labels come from
bench/data/real_prompts/labels.jsonl. Pure functions, no I/O, so the test can check them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "real_prompts"
VOLATILE_KINDS = ("datetime", "user", "id", "tool_order", "other")
FILE_KINDS = ("rendered", "template")

Flags = dict[str, list[tuple[int, str]]]


def load_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_corpus(data: Path = DATA) -> tuple[list[dict], dict[str, dict]]:
    """(manifest rows, labels by file). Files without a label row are left out of scoring."""
    manifest = load_jsonl(data / "manifest.jsonl")
    labels = {row["file"]: row for row in load_jsonl(data / "labels.jsonl")}
    return manifest, labels


def load_context(data: Path = DATA) -> list[dict]:
    """Context rows (context.jsonl): modules that fill or send a labelled file's prompt, laid
    out beside the labelled files so imports resolve as in the repo; never scored."""
    path = data / "context.jsonl"
    return load_jsonl(path) if path.is_file() else []


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def score(
    flags: Flags,
    labels: dict[str, dict],
    kind: str | None = None,
    stakes: dict[str, dict[int, int | None]] | None = None,
) -> dict:
    """Every figure the issue names, for the labelled files of `kind` (None: all). With
    `stakes` (blocks at stake of each labelled line, see lint_real_stake.py) the result also
    holds `at_stake`: the same outcomes over the lines the floor does not mean to hide."""
    rows = [r for r in labels.values() if kind is None or r["kind"] == kind]
    outcome = {"found": 0, "false_early_alarm": 0, "missed": 0}
    per_file: dict[str, dict] = {}
    clean = clean_flagged = 0
    flagged_lines = tp_lines = lookalike_hits = 0
    rule_counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    kind_counts = {k: [0, 0] for k in VOLATILE_KINDS}
    for row in rows:
        volatile = {v["line"]: v["kind"] for v in row["volatile"]}
        lookalike = {x["line"] for x in row["lookalikes"]}
        hits = flags.get(row["file"], [])
        lines_hit = {line for line, _ in hits}
        earliest = min(lines_hit) if lines_hit else None
        if volatile:
            first = min(volatile)
            result = earliest_outcome(first, earliest)
            outcome[result] += 1
            per_file[row["file"]] = {"labelled": first, "flagged": earliest, "result": result}
        else:
            clean += 1
            clean_flagged += bool(hits)
            if hits:
                per_file[row["file"]] = {
                    "labelled": None,
                    "flagged": earliest,
                    "result": "clean_flagged",
                }
        for line in lines_hit:
            flagged_lines += 1
            tp_lines += line in volatile
            lookalike_hits += line in lookalike
        for rule in {r for _, r in hits}:
            for line in {ln for ln, r in hits if r == rule}:
                rule_counts[rule][0] += 1
                rule_counts[rule][1] += line in volatile
        for line, vkind in volatile.items():
            kind_counts[vkind][0] += 1
            kind_counts[vkind][1] += line in lines_hit
    with_volatile = sum(outcome.values())
    extra = {} if stakes is None else {"at_stake": score_at_stake(flags, rows, stakes, per_file)}
    return {
        "files": len(rows),
        "files_with_volatile": with_volatile,
        "clean_files": clean,
        "earliest_found": _ratio(outcome["found"], with_volatile),
        "false_early_alarms": _ratio(outcome["false_early_alarm"], with_volatile),
        "missed": _ratio(outcome["missed"], with_volatile),
        "outcomes": outcome,
        "clean_files_flagged": _ratio(clean_flagged, clean),
        "clean_files_flagged_n": clean_flagged,
        "flagged_lines": flagged_lines,
        "line_precision": _ratio(tp_lines, flagged_lines),
        "lookalike_lines_flagged": lookalike_hits,
        "per_rule": {
            rule: {"flagged_lines": n, "volatile": tp, "precision": _ratio(tp, n)}
            for rule, (n, tp) in sorted(rule_counts.items())
        },
        "recall_per_kind": {
            k: {"lines": n, "flagged": hit, "recall": _ratio(hit, n)}
            for k, (n, hit) in kind_counts.items()
        },
        **extra,
        "per_file": dict(sorted(per_file.items())),
    }


def earliest_outcome(first: int, earliest: int | None) -> str:
    if earliest == first:
        return "found"
    if earliest is not None and earliest < first:
        return "false_early_alarm"
    return "missed"


def score_at_stake(
    flags: Flags, rows: list[dict], stakes: dict[str, dict[int, int | None]], per_file: dict
) -> dict:
    """Earliest-line outcomes and line recall over labelled lines with >= 1 block at stake
    (an unknown stake counts as at stake). A flag on a labelled line below the floor is right
    (line precision counts it as today) but neither finds nor precedes anything here; a file
    whose every labelled line is below the floor leaves the earliest-line figures."""
    outcome = {"found": 0, "false_early_alarm": 0, "missed": 0}
    kind_counts = {k: [0, 0] for k in VOLATILE_KINDS}
    lines_below = files_below = unknown = 0
    for row in rows:
        if not row["volatile"]:
            continue
        blocks = stakes.get(row["file"], {})
        at = {v["line"]: v["kind"] for v in row["volatile"] if blocks.get(v["line"]) != 0}
        below = {v["line"] for v in row["volatile"]} - set(at)
        unknown += sum(blocks.get(line) is None for line in at)
        lines_below += len(below)
        hit = {line for line, _ in flags.get(row["file"], [])}
        for line, vkind in at.items():
            kind_counts[vkind][0] += 1
            kind_counts[vkind][1] += line in hit
        if not at:
            files_below += 1
            per_file[row["file"]]["result_at_stake"] = None
            continue
        first = min(at)
        counted = hit - below
        result = earliest_outcome(first, min(counted) if counted else None)
        outcome[result] += 1
        per_file[row["file"]].update(labelled_at_stake=first, result_at_stake=result)
    files = sum(outcome.values())
    return {
        "files": files,
        "earliest_found": _ratio(outcome["found"], files),
        "false_early_alarms": _ratio(outcome["false_early_alarm"], files),
        "missed": _ratio(outcome["missed"], files),
        "outcomes": outcome,
        "recall_per_kind": {
            k: {"lines": n, "flagged": hit, "recall": _ratio(hit, n)}
            for k, (n, hit) in kind_counts.items()
        },
        "lines_below_floor": lines_below,
        "files_below_floor": files_below,
        "lines_stake_unknown": unknown,
    }


TARGETS = {
    "earliest_found": (">=", 0.90),
    "false_early_alarms": ("<=", 0.02),
    "clean_files_flagged": ("<=", 0.03),
}


def meets_targets(s: dict, kind: str) -> dict[str, bool | None]:
    """The issue's targets: a None figure (nothing to score) is reported as None."""
    out: dict[str, bool | None] = {}
    for key, (op, bound) in TARGETS.items():
        if key not in s:
            continue  # the at_stake block has no clean-file figure (it is today's)
        value = s[key]
        out[key] = None if value is None else (value >= bound if op == ">=" else value <= bound)
    if "per_rule" in s:
        precisions = [r["precision"] for r in s["per_rule"].values()]
        out["line_precision_every_rule"] = (
            all(p >= 0.90 for p in precisions) if precisions else None
        )
    if kind == "template":
        recalls = [r["recall"] for r in s["recall_per_kind"].values() if r["recall"] is not None]
        out["template_recall_every_kind"] = all(r >= 0.75 for r in recalls) if recalls else None
    return out
