"""Template variables the project fills with an unsorted listing (PL004 in template files).

A template loops over what its caller hands it: `{% for skill in skills %}` says nothing of
where `skills` comes from. The project's Python does (kvscope.lint.projectsrc):

    _skills.extend(loader.skills)               # SkillLoader.load_skills(): Path.iterdir()
    Template(source).render(skills=_skills)

Here `skills` is filled in the order the file system lists the skill folders, which differs
between machines and runs, and every order renders another system prompt. A name counts as
filled with a listing when some fill of it (a keyword of a call that renders a template, a
`dict(name=...)` keyword, a dict literal's key, `ctx["name"] = ...`) is a value kvscope.lint.pyflow
reads as an unsorted listing ("order"), following helpers, classes and imports of the project.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from pathlib import Path

from kvscope.lint.projectsrc import project_folder, sources
from kvscope.lint.pyflow import LISTING_ORDER_CALLS, module_facts

LISTING_RE = re.compile(rf"\b(?:{'|'.join(sorted(LISTING_ORDER_CALLS))})\(")
IMPORT_RE = re.compile(r"^\s*(?:from\s+(\S+)\s+)?import\s+(.+)$", re.MULTILINE)


def listing_fills(template: Path, names: frozenset[str]) -> dict[str, str]:
    """Of `names`, those the project fills with an unsorted listing -> where (`path:line`)."""
    folder = project_folder(template)
    if folder is None or not names:
        return {}
    return dict(_listing_fills(folder, names))


@functools.lru_cache(maxsize=256)
def _listing_fills(folder: Path, names: frozenset[str]) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    near = _near_listings(folder)
    for name in sorted(names):
        fill = re.compile(rf"\b{re.escape(name)}\s*=(?!=)|[\"']{re.escape(name)}[\"']\s*[:\]]")
        for path, text in near:
            if not fill.search(text):
                continue
            facts = module_facts(path, 0)
            if facts is None:
                continue
            for key, value in _fills(facts.tree):
                if key == name and name not in found and facts.kind(value) == "order":
                    found[name] = f"{os.path.relpath(path, folder.parent)}:{value.lineno}"
    return tuple(sorted(found.items()))


@functools.lru_cache(maxsize=16)
def _near_listings(folder: Path) -> tuple[tuple[Path, str], ...]:
    """The project's modules that list a folder, or import (at most two imports away, read
    from the import lines' text) a module that does: the only ones whose values can hold a
    listing's order. Reading facts of every module of a large project is what this saves."""
    modules = sources(folder)
    near = {p for p, text in modules if LISTING_RE.search(text)}
    for _ in range(2):
        stems = {p.parent.name if p.name == "__init__.py" else p.stem for p in near}
        near |= {p for p, text in modules if p not in near and _imports_any(text, stems)}
    return tuple((p, t) for p, t in modules if p in near)


def _imports_any(text: str, stems: set[str]) -> bool:
    for m in IMPORT_RE.finditer(text):
        named = re.split(r"[\s.,()]+", f"{m.group(1) or ''} {m.group(2)}")
        if stems.intersection(named):
            return True
    return False


def _fills(tree: ast.Module):
    """(name, value) of every fill of a template variable the module writes."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _renders_or_builds(node):
            for kw in node.keywords:
                if kw.arg:
                    yield kw.arg, kw.value
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and isinstance(k.value, str):
                    yield k.value, v
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                key = t.slice if isinstance(t, ast.Subscript) else None
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    yield key.value, node.value


RENDER_CALLS = {"render", "render_async", "format", "format_map", "safe_substitute", "substitute"}


def _renders_or_builds(call: ast.Call) -> bool:
    """A call whose keywords are a template's variables: `.render(x=...)`, `dict(x=...)`."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr in RENDER_CALLS or func.attr.startswith("render")
    return isinstance(func, ast.Name) and func.id == "dict"
