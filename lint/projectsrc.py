"""The Python sources of the project a linted file belongs to, read once per run.

Templates and prompt modules say little about how they are used; the code of the same project
does (kvscope.lint.projectfills: what fills a template's variables; kvscope.lint.pyimporters:
where an imported prompt constant is sent; kvscope.lint.templaterefs: where a template loaded
by name is sent). That code lives in the file's top-level folder under the project root
(kvscope.lint.includes.project_root), or anywhere under the root when that folder holds no
Python (a `prompts/` folder of templates beside the packages that load them) or the file sits
in the root itself (a flat project: `prompts.py` beside `helper.py`). Bounded: a full
parse of every module (projectfills) reads at most MAX_FILES modules; a text search
(`mentioning`) reads at most MAX_SOURCES modules and MAX_TOTAL bytes, and parses only the
modules whose text holds what it looks for. Each module is at most MAX_BYTES; symlinks to
modules are followed (the bench lays its corpus out as links).
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

from kvscope.lint.names import name_parts
from kvscope.lint.pysinks import Sinks

MAX_FILES = 400
MAX_SOURCES = 5000
MAX_TOTAL = 64 * 1024 * 1024
MAX_BYTES = 512 * 1024
SKIPPED_DIRS = {"node_modules", "site-packages", "__pycache__", "venv", ".venv", "build", "dist"}


def project_folder(file: Path) -> Path | None:
    """The top-level folder of the project that holds `file`: the code that fills or sends
    what `file` defines lives there. None outside the project root."""
    from kvscope.lint.includes import project_root

    file = Path(os.path.abspath(file))
    root = project_root(file)
    try:
        folder = root / file.relative_to(root).parts[0]
    except (ValueError, IndexError):
        return None
    if folder == file:
        return root  # a module at the root (`prompts.py` beside `helper.py`): the root's code
    if not folder.is_dir():
        return None
    return folder if _has_python(folder) else root  # `prompts/` of templates only: the code
    # that loads them is elsewhere in the project (open-notebook's `api/`, `open_notebook/`)


@functools.lru_cache(maxsize=256)
def _has_python(folder: Path) -> bool:
    return bool(python_modules(folder, limit=1, with_root=False))


def python_modules(folder: Path, limit: int | None = None, with_root: bool = True) -> list[Path]:
    """The Python modules under `folder`, in a fixed order, at most `limit` (MAX_FILES); for a
    top-level folder of the project, the modules at the root itself first (the entry points
    beside the packages: `learning_assistant.py` importing `utils/prompts.py`)."""
    limit = MAX_FILES if limit is None else limit
    found: list[Path] = _root_modules(folder)[:limit] if with_root else []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS and d[:1] != ".")
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if (name.endswith(".py") and not path.is_symlink()) or _linked_py(path):
                if path.stat().st_size <= MAX_BYTES:
                    found.append(path)
                if len(found) >= limit:
                    return found
    return found


@functools.lru_cache(maxsize=256)
def _root_modules(folder: Path) -> list[Path]:
    from kvscope.lint.includes import project_root

    root = folder.parent
    if folder == root or project_root(folder) != root:
        return []
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [
        root / name
        for name in names
        if name.endswith(".py")
        and (root / name).is_file()
        and not test_module(root / name)
        and (root / name).stat().st_size <= MAX_BYTES
    ]


def test_module(path: Path) -> bool:
    """A test of the project (`tests/unit/test_x.py`, `x_test.py`, `conftest.py`): it
    exercises prompts and sends them nowhere."""
    name = path.name
    if name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py":
        return True
    return any(part in {"tests", "test"} for part in path.parent.parts)


def _linked_py(path: Path) -> bool:
    return path.name.endswith(".py") and path.is_symlink() and path.resolve().is_file()


@functools.lru_cache(maxsize=16)
def sources(folder: Path) -> tuple[tuple[Path, str], ...]:
    out: list[tuple[Path, str]] = []
    total = 0
    for path in python_modules(folder, MAX_SOURCES):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        total += len(text)
        if total > MAX_TOTAL:
            break
        out.append((Path(os.path.abspath(path)), text))
    return tuple(out)


def mentioning(folder: Path, first: str, *more: str) -> list[Path]:
    """The project's modules whose text holds `first` and every one of `more`; the search
    for `first` is done once per folder (put the word asked for most often there)."""
    return [p for p, text in _holding(folder, first) if all(n in text for n in more)]


@functools.lru_cache(maxsize=1024)
def _holding(folder: Path, needle: str) -> tuple[tuple[Path, str], ...]:
    return tuple((p, text) for p, text in sources(folder) if needle in text)


@functools.lru_cache(maxsize=512)
def parsed(path: Path) -> tuple[Sinks, dict] | None:
    """A module's role resolver and parent links (its tree is `sinks.tree`), parsed once."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return None
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return Sinks(tree, parents, path), parents


def function_callers(
    module: Path, fn: ast.FunctionDef | ast.AsyncFunctionDef, obj: bool = False
) -> set[str]:
    """Where the project's modules other than `module` send what calling `fn` returns (with
    `obj`, a template object: what its callers render from it)."""
    folder = project_folder(module)
    if folder is None or len(name_parts(fn.name.strip("_"))) < 2:
        return set()
    roles: set[str] = set()
    for path in mentioning(folder, fn.name):
        got = None if test_module(path) or path == module else parsed(path)
        if got is None:
            continue
        sinks = got[0]
        for node in (*sinks.attrs.get(fn.name, ()), *sinks.names.get(fn.name, ())):
            use = got[1].get(node)
            if isinstance(use, ast.Call) and use.func is node:
                found = sinks.walk(use, obj=obj)
                if not found:
                    return set()  # a call followed nowhere: the role is not known
                roles |= found
    return roles
