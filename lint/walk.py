"""File discovery: explicit files as given, directories recursively, honouring .gitignore.

Symlinked directories are not followed (no loops); virtualenvs (a folder holding pyvenv.cfg),
VCS folders and caches are skipped. The .gitignore support covers the common patterns (globs,
`**`, leading `/` anchors, trailing `/` for folders, `!` negation).
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from pathlib import Path

from kvscope.backend.safe_files import read_bytes

SKIP_DIRS = {
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".pre-commit-cache",
}


class IgnoreRules:
    """Patterns of the .gitignore files met on the way down, each relative to its folder."""

    def __init__(self) -> None:
        self.rules: list[tuple[Path, re.Pattern[str], bool, bool]] = []

    def add_file(self, folder: Path) -> None:
        path = folder / ".gitignore"
        if not path.exists():
            return
        try:  # a regular file only: a committed FIFO or /dev/zero link must not hang the walk
            text = read_bytes(path, 1 << 20).decode("utf-8", errors="replace")
        except OSError:
            return
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            negate = line.startswith("!")
            line = line.lstrip("!")
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            anchored = "/" in line
            line = line.lstrip("/")
            regex = fnmatch.translate(line).replace(".*", "[^/]*").replace("[^/]*[^/]*", ".*")
            if not anchored:
                regex = r"(?:.*/)?" + regex
            self.rules.append((folder, re.compile(regex), negate, dir_only))

    def ignored(self, path: Path, is_dir: bool) -> bool:
        result = False
        for folder, regex, negate, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            try:
                rel = path.relative_to(folder).as_posix()
            except ValueError:
                continue
            if regex.fullmatch(rel):
                result = not negate
        return result


def _git_root(start: Path) -> Path | None:
    for folder in [start, *start.parents]:
        if (folder / ".git").exists():
            return folder
    return None


def discover(paths: list[Path], exclude: tuple[str, ...] = ()) -> Iterator[tuple[Path, bool]]:
    """(path, explicit) for every candidate file; explicit files are yielded even if ignored."""
    for root in paths:
        if not root.is_dir():
            yield root, True
            continue
        rules = IgnoreRules()
        top = _abs(root)
        git_root = _git_root(top)
        if git_root is not None:
            for ancestor in reversed(top.relative_to(git_root).parents):
                rules.add_file(git_root / ancestor)
        for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
            folder = Path(dirpath)
            rules.add_file(_abs(folder))
            keep = []
            for d in sorted(dirnames):
                full = folder / d
                if d in SKIP_DIRS or (full / "pyvenv.cfg").exists() or _excluded(full, exclude):
                    continue
                if rules.ignored(_abs(full), True):
                    continue
                keep.append(d)
            dirnames[:] = keep
            for name in sorted(filenames):
                full = folder / name
                if _excluded(full, exclude) or rules.ignored(_abs(full), False):
                    continue
                yield full, False


def _abs(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _excluded(path: Path, exclude: tuple[str, ...]) -> bool:
    posix = path.as_posix()
    return any(fnmatch.fnmatch(posix, pat) or fnmatch.fnmatch(path.name, pat) for pat in exclude)
