"""Templates a project picks by a name built at run time from a folder its Jinja loader reads.

    TEMPLATES_DIR = os.path.join(os.path.dirname(__file__), "templates")
    ...
    self._env = Environment(loader=FileSystemLoader(TEMPLATES_DIR))
    self._template = self._env.get_template(f"{name}.jinja")      # name: "ner", "qa", ...
    ...
    messages.append({"role": "user", "content": self._template.render(**values)})

No string names `ner.jinja`, so kvscope.lint.templaterefs finds no load of it; but the loader
says which folder every `get_template(...)` of the module reads, and what the loaded template
renders goes where kvscope.lint.pysinks follows it. A template in that folder is loaded by each
such call whose name is not a literal (a literal names its own file and is found by name).
The folder is read from the loader's argument when it is built from the module's own place
(`os.path.dirname(__file__)`, `Path(__file__).parent`, `os.path.join(...)`, `/ "templates"`,
a module-level name bound once to such a path); a path relative to the working directory says
nothing and is left alone.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

from kvscope.lint.projectsrc import mentioning, parsed, test_module
from kvscope.lint.pyflow import dotted

LOADERS = frozenset(["FileSystemLoader"])


@functools.lru_cache(maxsize=128)
def folder_loads(project: Path, folder: Path) -> tuple[tuple[Path, ast.Call], ...]:
    """(module, call) of each `X.get_template(<not a literal>)` in a module of `project`
    whose Jinja `FileSystemLoader` reads `folder`."""
    out: list[tuple[Path, ast.Call]] = []
    for path in mentioning(project, "FileSystemLoader", "get_template"):
        got = None if test_module(path) else parsed(path)
        if got is None:
            continue
        tree, parents = got[0].tree, got[1]
        names = _module_paths(tree, path)
        loaders = [
            _path_of(
                node.args[0] if node.args else node.keywords[0].value,
                path,
                {**names, **_local_paths(_function(parents, node), path, names)},
            )
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and dotted(node.func)[1] in LOADERS
            and (node.args or node.keywords)
        ]
        if folder not in loaders:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get_template"
                and node.args
                and not (isinstance(node.args[0], ast.Constant))
            ):
                out.append((path, node))
    return tuple(out)


def _function(parents: dict, node: ast.AST) -> ast.AST | None:
    cur = parents.get(node)
    while cur is not None and not isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
        cur = parents.get(cur)
    return cur


def _module_paths(tree: ast.Module, module: Path) -> dict[str, Path]:
    """Module-level names bound once to a path the module builds from its own place."""
    return _bound_paths(tree.body, module, {})


def _local_paths(fn: ast.AST | None, module: Path, outer: dict[str, Path]) -> dict[str, Path]:
    """A function's locals bound once to such a path (`here = Path(__file__).parent`, then
    `path = os.path.join(here, "templates")`)."""
    if fn is None:
        return {}
    stmts = [n for n in ast.walk(fn) if isinstance(n, ast.stmt)]
    return _bound_paths(sorted(stmts, key=lambda n: (n.lineno, n.col_offset)), module, outer)


def _bound_paths(stmts: list[ast.stmt], module: Path, outer: dict[str, Path]) -> dict[str, Path]:
    bound: dict[str, list[ast.AST]] = {}
    for stmt in stmts:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name):
                bound.setdefault(target.id, []).append(stmt.value)
    out: dict[str, Path] = {}
    for name, values in bound.items():
        found = _path_of(values[0], module, {**outer, **out}) if len(values) == 1 else None
        if found is not None:
            out[name] = found
    return out


def _path_of(node: ast.AST, module: Path, names: dict[str, Path], depth: int = 0) -> Path | None:
    """The folder an expression names, built from `__file__` of `module`, else None."""
    if depth > 8:
        return None
    if isinstance(node, ast.Name):
        if node.id == "__file__":
            return Path(os.path.abspath(module))
        return names.get(node.id)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return None  # a relative path: relative to the working directory, not known
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):  # `Path(...) / "x"`
        base = _path_of(node.left, module, names, depth + 1)
        part = node.right
        if base is None or not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
            return None
        return Path(os.path.normpath(base / part.value))
    if isinstance(node, ast.Attribute) and node.attr == "parent":  # `Path(__file__).parent`
        base = _path_of(node.value, module, names, depth + 1)
        return base.parent if base is not None else None
    if not isinstance(node, ast.Call):
        return None
    called = dotted(node.func)[1]
    if called in {"Path", "abspath", "realpath", "resolve", "absolute", "str", "fspath"}:
        inner = node.args[0] if node.args else getattr(node.func, "value", None)
        return _path_of(inner, module, names, depth + 1) if inner is not None else None
    if called == "dirname" and node.args:
        base = _path_of(node.args[0], module, names, depth + 1)
        return base.parent if base is not None else None
    if called == "join" and node.args:
        base = _path_of(node.args[0], module, names, depth + 1)
        rest = node.args[1:]
        if base is None or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in rest
        ):
            return None
        return Path(os.path.normpath(base.joinpath(*(a.value for a in rest))))
    return None
