"""promptlint (and its PyPI peers) on the real, labelled corpus in bench/data/real_prompts.

For each labelled file: the earliest flagged line against the earliest labelled volatile line
(found / false early alarm / missed); clean files with any finding; line precision overall and
per rule; line recall per volatile kind. Scored for rendered prompts and templates separately.
promptlint runs through its CLI (`promptlint check --format json`), so this measures whatever
the detector is at the time. Rules PL001-PL006 claim a line varies and are scored; PL007 and
PL008 (cache markers, prefix length) make no such claim and are only counted. Each kind's
`at_stake` block gives the earliest-line outcomes and line recall again over the labelled lines
with at least one KV block at stake (computed by the bench: lint_real_stake.py), which is what
promptlint's default floor (`min-blocks-at-stake = 1`) means to report.

Peers (promptcachelint, prefixguard) are installed into bench/.venv-peers on first use (from
PyPI); `--no-peers` skips them. Prints ONE JSON object; each file's outcome (every file with a
labelled or a flagged line) is under `all.per_file`; `--no-per-file` leaves it out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lint_real_score import DATA, FILE_KINDS, load_corpus, meets_targets, score
from lint_real_stake import corpus_stakes

BENCH = Path(__file__).resolve().parent
PEERS = ("promptcachelint", "prefixguard")
SCORED_RULES = {"PL001", "PL002", "PL003", "PL004", "PL005", "PL006"}


def promptlint_flags(files: list[str]) -> tuple[dict, dict[str, int]]:
    exe = shutil.which("promptlint", path=str(Path(sys.executable).parent)) or "promptlint"
    cmd = [exe, "check", "--isolated", "--format", "json", "--exit-zero", "-q"]
    proc = subprocess.run(
        [*cmd, *files], cwd=DATA, capture_output=True, text=True, check=False, timeout=900
    )
    if proc.returncode not in (0, 1):
        raise SystemExit(f"promptlint failed ({proc.returncode}): {proc.stderr.strip()[:300]}")
    flags: dict[str, list[tuple[int, str]]] = {}
    unscored: dict[str, int] = {}
    for f in json.loads(proc.stdout or "[]"):
        if f["code"] in SCORED_RULES:
            flags.setdefault(f["path"], []).append((f["line"], f["code"]))
        else:
            unscored[f["code"]] = unscored.get(f["code"], 0) + 1
    errors = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    return flags, {**dict(sorted(unscored.items())), "unreadable_files": len(errors)}


def peer_python() -> Path | str:
    """The peers' venv interpreter, created on first use; a string says why there is none."""
    env = BENCH / ".venv-peers"
    py = env / "bin" / "python"
    if not py.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
    check = subprocess.run([py, "-c", "import prefixguard, promptcachelint"], capture_output=True)
    if check.returncode != 0:
        pip = subprocess.run(
            [py, "-m", "pip", "install", "-q", "--disable-pip-version-check", *PEERS],
            capture_output=True,
            text=True,
            check=False,
        )
        if pip.returncode != 0:
            return "not installable: " + (pip.stderr.strip().splitlines() or ["pip failed"])[-1]
    return py


def peer_flags(files: list[str]) -> dict[str, dict | str]:
    py = peer_python()
    if isinstance(py, str):
        return dict.fromkeys(PEERS, py)
    texts = {f: (DATA / f).read_bytes().decode("utf-8") for f in files}
    proc = subprocess.run(
        [py, BENCH / "lint_real_peers.py"],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    if proc.returncode != 0:
        return dict.fromkeys(PEERS, f"peer run failed: {proc.stderr.strip()[-200:]}")
    raw = json.loads(proc.stdout)
    return {
        peer: res if isinstance(res, str) else {f: [tuple(h) for h in hs] for f, hs in res.items()}
        for peer, res in raw.items()
    }


def report(flags: dict, labels: dict, per_file: bool, stakes: dict | None = None) -> dict:
    out = {}
    for kind in (*FILE_KINDS, None):
        s = score(flags, labels, kind, stakes)
        if kind is not None or not per_file:
            s.pop("per_file")  # each file's outcome once, under "all"
        if kind is not None:
            s["targets_met"] = meets_targets(s, kind)
            if "at_stake" in s:
                s["at_stake"]["targets_met"] = meets_targets(s["at_stake"], kind)
        out[kind or "all"] = s
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-peers", action="store_true", help="score promptlint only")
    ap.add_argument(
        "--no-per-file", action="store_true", help="leave out each file's outcome (summary only)"
    )
    args = ap.parse_args(argv)
    manifest, labels = load_corpus()
    files = [row["file"] for row in manifest if row["file"] in labels]
    stakes = corpus_stakes(DATA, labels)
    start = time.perf_counter()
    flags, unscored = promptlint_flags(files)
    wall = time.perf_counter() - start
    result: dict[str, object] = {
        "bench": "lint_real",
        "corpus_files": len(manifest),
        "labelled_files": len(files),
        "labelled_by_kind": {k: sum(r["kind"] == k for r in labels.values()) for k in FILE_KINDS},
        "promptlint": {
            **report(flags, labels, not args.no_per_file, stakes),
            "unscored_findings": unscored,
        },
        "promptlint_wall_s": round(wall, 2),
    }
    if not args.no_peers:
        for peer, res in peer_flags(files).items():
            result[peer] = (
                res if isinstance(res, str) else report(res, labels, not args.no_per_file, stakes)
            )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
