"""promptlint (and its PyPI peers) on the real, labelled corpus in bench/data/real_prompts.

For each labelled file: the earliest flagged line against the earliest labelled volatile line
(found / false early alarm / missed); clean files with any finding; line precision overall and
per rule; line recall per volatile kind. Scored for rendered prompts and templates separately.
promptlint runs through its CLI (`promptlint check --format json`), so this measures whatever
the detector is at the time. Rules PL001-PL006 claim a line varies and are scored; PL007 and
PL008 (cache markers, prefix length) make no such claim and are only counted. Each kind's
`at_stake` block gives the earliest-line outcomes and line recall again over the labelled lines
with at least one KV block at stake (computed by the bench: lint_real_stake.py), which is what
promptlint's default floor (`min-blocks-at-stake = 1`) means to report. `promptlint_floor_0`
scores a second run with no floor (`--min-blocks-at-stake 0`: every finding reported).

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
import tempfile
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lint_real_score import (
    DATA,
    FILE_KINDS,
    load_context,
    load_corpus,
    meets_targets,
    score,
)
from lint_real_stake import corpus_stakes

BENCH = Path(__file__).resolve().parent
PEERS = ("promptcachelint", "prefixguard")
SCORED_RULES = {"PL001", "PL002", "PL003", "PL004", "PL005", "PL006"}


def promptlint_command(floor: int | None = None) -> list[str]:
    """`promptlint check` of this interpreter's environment, as JSON, never failing on findings;
    `floor` sets `--min-blocks-at-stake` (None: promptlint's default, 1)."""
    exe = shutil.which("promptlint", path=str(Path(sys.executable).parent)) or "promptlint"
    cmd = [exe, "check", "--isolated", "--format", "json", "--exit-zero", "-q"]
    return cmd if floor is None else [*cmd, "--min-blocks-at-stake", str(floor)]


def promptlint_flags(
    files: list[str], manifest: list[dict], floor: int | None = None
) -> tuple[dict, dict[str, int]]:
    """Findings by corpus file. The corpus is stored flattened, so promptlint lints a tree laid
    out as the source repos were (<owner>__<repo>/<original path>, symlinks to the corpus
    files, each repo marked as a checkout of its own by an empty `.git/`): includes and imports
    between files of one repo resolve as they do in the repo, and no repo reads another's code.
    `floor` sets `--min-blocks-at-stake` (None: promptlint's default, 1)."""
    cmd = promptlint_command(floor)
    with tempfile.TemporaryDirectory(prefix="lint-real-") as tmp:
        laid_out = {}
        for row in manifest:
            rel = f"{row['repo'].replace('/', '__')}/{row['path']}"
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / rel).symlink_to(DATA / row["file"])
            laid_out[rel] = row["file"]
        for repo in Path(tmp).iterdir():  # each repo a checkout of its own, as in a clone
            (repo / ".git").mkdir(exist_ok=True)
        wanted = set(files)
        args = [rel for rel, f in laid_out.items() if f in wanted]
        proc = subprocess.run(
            [*cmd, *args], cwd=tmp, capture_output=True, text=True, check=False, timeout=900
        )
    if proc.returncode not in (0, 1):
        raise SystemExit(f"promptlint failed ({proc.returncode}): {proc.stderr.strip()[:300]}")
    flags: dict[str, list[tuple[int, str]]] = {}
    unscored: dict[str, int] = {}
    for f in json.loads(proc.stdout or "[]"):
        if f["code"] in SCORED_RULES:
            flags.setdefault(laid_out.get(f["path"], f["path"]), []).append((f["line"], f["code"]))
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
    tree = manifest + load_context()  # the labelled files and the modules beside them
    stakes = corpus_stakes(DATA, labels)
    start = time.perf_counter()
    flags, unscored = promptlint_flags(files, tree)
    wall = time.perf_counter() - start
    result: dict[str, object] = {
        "bench": "lint_real",
        "corpus_files": len(manifest),
        "context_files": len(tree) - len(manifest),
        "labelled_files": len(files),
        "labelled_by_kind": {k: sum(r["kind"] == k for r in labels.values()) for k in FILE_KINDS},
        "promptlint": {
            **report(flags, labels, not args.no_per_file, stakes),
            "unscored_findings": unscored,
        },
        "promptlint_wall_s": round(wall, 2),
    }
    # The same linter with no floor (`--min-blocks-at-stake 0`): every finding, including the
    # values in a prompt's last block that the default floor leaves out by design.
    flags0, unscored0 = promptlint_flags(files, tree, floor=0)
    result["promptlint_floor_0"] = {
        **report(flags0, labels, False, stakes),
        "unscored_findings": unscored0,
    }
    if not args.no_peers:
        for peer, res in peer_flags(files).items():
            result[peer] = (
                res if isinstance(res, str) else report(res, labels, not args.no_per_file, stakes)
            )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
