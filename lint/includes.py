"""Jinja includes: judge `{% include "partials/x.prompt" %}` by what the partial holds.

A template that includes a partial renders the partial's text where the tag stands, so a
per-request value inside the partial breaks the including prompt's prefix at the include
line. The partial is found the way a Jinja `FileSystemLoader` rooted at the project finds it:
the name is tried relative to the including file's folder and each folder above it, up to the
project root (the nearest folder holding `.git`, `pyproject.toml`, `setup.py`, `setup.cfg`,
`package.json` or `promptlint.toml`; without one, the current directory when the file lies
under it, else the file's own folder). Names with `..` are refused (as Jinja refuses them), a
partial that is not found is not an error (nothing is reported), and nesting is bounded and
cycles are cut.

`{% extends %}` renders the parent around the child, so it is followed like an include. In
Handlebars templates (Dotprompt `.prompt` files) a partial `{{> name}}` is found the same way
as `_name.prompt` (Dotprompt's convention), `name.prompt` or `name.hbs`, also in `partials/`.
`{% import %}` and `{% from ... import %}` render nothing where they stand (they only define
macros, judged where they are called), so they are not reported.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from kvscope.lint.document import Document, Segment
from kvscope.lint.findings import Problem

INCLUDE_RE = re.compile(
    r"\{%-?\s*(?P<tag>include|extends)\s+(?P<q>['\"])(?P<name>[^'\"{}%]+)(?P=q)[^%]*?-?%\}"
)
# `{{> name}}`: a Handlebars/Dotprompt partial (Dotprompt stores it as `_name.prompt`)
PARTIAL_RE = re.compile(r"\{\{>\s*(?P<name>[A-Za-z0-9_][\w./-]*)[^{}]*\}\}")
PARTIAL_FILES = ("_{}.prompt", "{}.prompt", "partials/_{}.prompt", "partials/{}.prompt", "{}.hbs")
PARTIAL_FILES += ("{}.handlebars", "{}.mustache")
MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg", "package.json", "promptlint.toml")
MAX_DEPTH = 8
MAX_PARTIAL_BYTES = 2 * 1024 * 1024
FOLLOWED = ("PL001", "PL002", "PL003", "PL006")
_CACHE: dict[tuple[str, int, int, str], dict[str, tuple[int, str]]] = {}
_CUTS = [0]  # cycles and depth limits met so far: a result reached through one is not cached


def included(doc: Document) -> list[tuple[int, Problem]]:
    """(segment index, problem) at each include tag whose partial holds a volatile value; one
    problem per rule code and tag (the partial's earliest of that code). Cached on the doc."""
    if "included" not in doc.cache:
        file = doc.cache.get("file")
        found: list[tuple[int, Problem]] = []
        if file is not None and not doc.chat_template and doc.kind != "python":
            chain = doc.cache.get("include_chain", ())
            found = _scan(doc, Path(os.path.abspath(file)), chain)
        doc.cache["included"] = found
    return doc.cache["included"]


def project_root(file: Path) -> Path:
    """The folder includes are resolved up to (see the module docstring)."""
    marked = _marked_folder(file.parent)
    if marked is not None:
        return marked
    cwd = Path(os.path.abspath(Path.cwd()))
    return cwd if cwd in file.parents else file.parent


@functools.lru_cache(maxsize=4096)
def _marked_folder(folder: Path) -> Path | None:
    """The nearest folder at or above `folder` holding a project marker."""
    if any((folder / marker).exists() for marker in MARKERS):
        return folder
    return None if folder.parent == folder else _marked_folder(folder.parent)


def resolve(name: str, file: Path, root: Path) -> Path | None:
    """The partial `name` as a loader rooted at the project finds it from `file`, or None."""
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    for folder in file.parents:
        candidate = folder.joinpath(*parts)
        if candidate.is_file():
            return candidate
        if folder == root or root not in folder.parents:
            return None
    return None


def resolve_partial(name: str, file: Path, root: Path) -> Path | None:
    """A Handlebars partial `{{> name}}` (`_name.prompt`, `name.hbs`, ...) found from `file`."""
    head, _, last = name.rpartition("/")
    for pattern in PARTIAL_FILES:
        found = resolve(
            f"{head}/{pattern.format(last)}" if head else pattern.format(last), file, root
        )
        if found is not None:
            return found
    return None


def _tags(doc: Document, text: str) -> list[tuple[re.Match, str]]:
    """(tag, reader kind of its partial): Jinja includes, and Handlebars partials."""
    tags = [(m, "jinja") for m in INCLUDE_RE.finditer(text)] if "{%" in text else []
    if doc.syntax == "handlebars" and "{{>" in text:
        tags += [(m, "dotprompt") for m in PARTIAL_RE.finditer(text)]
    return tags


def _scan(doc: Document, file: Path, chain: tuple[Path, ...]) -> list[tuple[int, Problem]]:
    out: list[tuple[int, Problem]] = []
    root: Path | None = None
    for i, seg in enumerate(doc.segments):
        if seg.part not in {"system", "developer", "template"}:
            continue
        for m, kind in _tags(doc, seg.text):
            root = project_root(file) if root is None else root
            find = resolve if kind == "jinja" else resolve_partial
            partial = find(m.group("name"), file, root)
            if partial is None:
                continue
            if partial in chain or partial == file or len(chain) >= MAX_DEPTH:
                _CUTS[0] += 1
                continue
            for code, (line, why) in _partial_findings(partial, (*chain, file), kind).items():
                msg = f"`{m.group()[:60]}` renders {m.group('name')} line {line} here: {why}"
                pos = None if seg.prefix_start is None else seg.prefix_start + m.start()
                out.append((i, _problem(seg, m, code, msg, pos)))
    return out


def _problem(seg: Segment, m: re.Match, code: str, msg: str, pos: int | None) -> Problem:
    return Problem(code, seg.to_source(m.start()), seg.to_source(m.end()), msg, pos)


def _partial_findings(
    partial: Path, chain: tuple[Path, ...], kind: str
) -> dict[str, tuple[int, str]]:
    """{code: (line, message)} of the partial's earliest volatile value of each code."""
    try:
        st = partial.stat()
    except OSError:
        return {}
    key = (str(partial), st.st_mtime_ns, st.st_size, kind)
    if key in _CACHE:
        return _CACHE[key]
    from kvscope.lint.positions import LineIndex
    from kvscope.lint.readers import ReadError, load_text, templates
    from kvscope.lint.rules import pl006_conditional_system_section as pl006
    from kvscope.lint.rules.common import volatile

    cuts = _CUTS[0]
    try:
        text = load_text(partial, MAX_PARTIAL_BYTES)
        doc = templates.read(text, partial.name, kind)[0]
    except (ReadError, OSError):
        return {}
    doc.cache["file"], doc.cache["include_chain"] = partial, chain
    problems = [*volatile(doc), *pl006.check(doc, None)]  # nested includes too, through the hooks
    lines = LineIndex(text)
    earliest: dict[str, tuple[int, str]] = {}
    for p in sorted(problems, key=lambda p: p.src_start):
        if p.code in FOLLOWED and p.code not in earliest:
            earliest[p.code] = (lines.at(p.src_start)[0], p.message)
    if _CUTS[0] == cuts:
        _CACHE[key] = earliest
    return earliest
