"""Lookups in a table written out in the project's code: the same on every request.

    # setup.py
    profile = {"name": "John", "full_name": "John Doe", "background": "Senior engineer"}
    # helper.py
    from setup import profile
    system_prompt = triage_system_prompt.format(name=profile["name"], ...)

`profile["name"]` reads as a user's name, but the table is a literal of the deploy's own
settings: every request reads the same text. A lookup counts as fixed when its keys are
literals and its root is a module-level name bound once to a literal (dicts, lists, strings,
numbers: what `ast.literal_eval` accepts), in the module itself or in the project module it is
imported from, and no code of that module writes into the table (`profile["name"] = ...`) or
rebinds the name in the function that reads it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from kvscope.lint.pyflow import resolve


def constant_lookup(scan, node: ast.AST) -> bool:
    """`node` is `table["a"]["b"]` (literal keys) of a literal table bound at module level
    here, or imported from a project module."""
    root, keyed = node, False
    while isinstance(root, ast.Subscript):
        if not isinstance(root.slice, ast.Constant):
            return False
        root, keyed = root.value, True
    return keyed and isinstance(root, ast.Name) and _table_name(scan, root)


def _table_name(scan, root: ast.Name) -> bool:
    """`root` names a literal table bound at module level here or in the project module it
    is imported from, which no code writes into, and no local of its function shadows."""
    fn = scan.function_of(root)
    if fn is not None and any(
        isinstance(n, ast.Name) and n.id == root.id and isinstance(n.ctx, ast.Store)
        for n in ast.walk(fn)
    ):
        return False  # a local of the same name
    if _written(scan.tree, root.id):
        return False
    if _literal_table(scan.tree, root.id):
        return True
    if scan.path is None:
        return False
    for stmt in scan.tree.body:
        if isinstance(stmt, ast.ImportFrom) and any(
            (a.asname or a.name) == root.id for a in stmt.names
        ):
            original = next(a.name for a in stmt.names if (a.asname or a.name) == root.id)
            where = resolve(Path(scan.path), stmt.module, stmt.level)
            return where is not None and _imported_table(where, original)
    return False


def splat_keys(scan, node: ast.AST) -> list[str]:
    """The keys a `**table` splat hands over, when `table` is a literal table of the project
    (`template.format(instructions=x, **profile)`): each is filled with the deploy's text."""
    if not isinstance(node, ast.Name):
        return []
    if not _table_name(scan, node):
        return []
    table = _table_value(scan, node.id)
    if not isinstance(table, ast.Dict):
        return []
    return [k.value for k in table.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]


def _table_value(scan, name: str) -> ast.AST | None:
    for tree in (scan.tree, *_imported_trees(scan, name)):
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in stmt.targets
            ):
                return stmt.value
    return None


def _imported_trees(scan, name: str) -> list[ast.Module]:
    for stmt in scan.tree.body if scan.path is not None else ():
        if isinstance(stmt, ast.ImportFrom):
            for a in stmt.names:
                if (a.asname or a.name) == name:
                    where = resolve(Path(scan.path), stmt.module, stmt.level)
                    tree = _parsed(where) if where is not None else None
                    return [tree] if tree is not None else []
    return []


@functools.lru_cache(maxsize=256)
def _parsed(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return None


@functools.lru_cache(maxsize=256)
def _imported_table(path: Path, name: str) -> bool:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return False
    return _literal_table(tree, name)


def _literal_table(tree: ast.Module, name: str) -> bool:
    """`name` is bound once at module level, to a literal, and nothing writes into it."""
    values = [
        stmt.value
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
    ]
    if len(values) != 1 or not isinstance(values[0], ast.Dict | ast.List | ast.Tuple):
        return False
    try:
        ast.literal_eval(values[0])
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return False
    return not _written(tree, name)


MUTATORS = frozenset(["update", "setdefault", "pop", "clear", "append", "extend", "insert"])


def _written(tree: ast.Module, name: str) -> bool:
    """Code of the module writes into the table (`profile["name"] = ...`,
    `profile.update(...)`) or rebinds it from a function (`global profile`)."""
    for n in ast.walk(tree):
        base = None
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store | ast.Del):
            base = n.value
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            base = n.func.value if n.func.attr in MUTATORS else None
        elif isinstance(n, ast.Global) and name in n.names:
            return True
        while isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name) and base.id == name:
            return True
    return False
