"""Rebuild or verify the real prompt corpus from its sources (manifest.jsonl, context.jsonl).

    python rebuild.py --verify            every stored file matches its manifest sha256
    python rebuild.py MIRRORS [--write]   re-extract every file with `git show COMMIT:PATH`
                                          from MIRRORS/<owner>+<name>[/repo] and compare

Extraction is the one the corpus was built with: the blob decoded as UTF-8, a leading BOM
dropped, CRLF turned into LF, and files with `trimmed_to_lines` cut to that many lines (plus a
final newline). Exit 0 when everything matches, 1 on any mismatch, 2 on bad usage.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load_manifest() -> list[dict]:
    """The labelled files, then the context files (context.jsonl: modules of the same repos
    that fill or send a labelled file's prompt, laid out beside it by the bench, not scored)."""
    rows = []
    for name in ("manifest.jsonl", "context.jsonl"):
        if (HERE / name).is_file() or name == "manifest.jsonl":
            with (HERE / name).open(encoding="utf-8") as fh:
                rows += [json.loads(line) for line in fh if line.strip()]
    return rows


def normalise(blob: bytes, trimmed_to: int | None) -> str:
    text = blob.decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n")
    if trimmed_to is not None:
        text = "\n".join(text.split("\n")[:trimmed_to]) + "\n"
    return text


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    for candidate in (base / "repo", base):
        if (candidate / "HEAD").is_file() or (candidate / ".git").exists():
            return candidate
    return None


def extract(mirrors: Path, row: dict) -> str:
    where = git_dir(mirrors, row["repo"])
    if where is None:
        raise LookupError(f"no mirror of {row['repo']} under {mirrors}")
    proc = subprocess.run(
        ["git", "-C", str(where), "show", f"{row['commit']}:{row['path']}"],
        capture_output=True,
        check=False,
    )
    if proc.returncode != 0:
        raise LookupError(proc.stderr.decode(errors="replace").strip().splitlines()[-1])
    return normalise(proc.stdout, row.get("trimmed_to_lines"))


def verify() -> list[str]:
    problems = []
    for row in load_manifest():
        path = HERE / row["file"]
        if not path.is_file():
            problems.append(f"{row['file']}: missing")
        elif sha256(path.read_bytes().decode("utf-8")) != row["sha256"]:
            problems.append(f"{row['file']}: content differs from its manifest sha256")
    return problems


def rebuild(mirrors: Path, write: bool) -> list[str]:
    problems = []
    for row in load_manifest():
        try:
            text = extract(mirrors, row)
        except (LookupError, UnicodeDecodeError) as exc:
            problems.append(f"{row['file']}: {exc}")
            continue
        if sha256(text) != row["sha256"]:
            problems.append(f"{row['file']}: {row['repo']}@{row['commit'][:10]} hashes differently")
            continue
        if write:
            dest = HERE / row["file"]
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(text, encoding="utf-8")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mirrors", nargs="?", type=Path, help="folder holding the fetched mirrors")
    ap.add_argument("--verify", action="store_true", help="check stored files against hashes")
    ap.add_argument("--write", action="store_true", help="write the re-extracted files")
    args = ap.parse_args(argv)
    if args.verify == (args.mirrors is not None):
        print("rebuild.py: give either --verify or a mirrors folder", file=sys.stderr)
        return 2
    if args.mirrors is not None and not args.mirrors.is_dir():
        print(f"rebuild.py: {args.mirrors} is not a folder", file=sys.stderr)
        return 2
    problems = verify() if args.verify else rebuild(args.mirrors, args.write)
    for line in problems:
        print(line, file=sys.stderr)
    total = len(load_manifest())
    print(f"{total - len(problems)}/{total} files match their sources")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
