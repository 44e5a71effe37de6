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
imported from, and no code of either module writes into the table (`profile["name"] = ...`,
`profile.update(...)`) nor rebinds the name in the function that reads it.
"""

from __future__ import annotations

import ast
import weakref
from pathlib import Path

from kvscope.lint.projectsrc import parsed
from kvscope.lint.pyflow import resolve

MUTATORS = frozenset(["update", "setdefault", "pop", "clear", "append", "extend", "insert"])
_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # scan -> {name: literal}


def constant_lookup(scan, node: ast.AST) -> bool:
    """`node` is `table["a"]["b"]` (literal keys) of a literal table of the project."""
    root, keyed = node, False
    while isinstance(root, ast.Subscript):
        if not isinstance(root.slice, ast.Constant):
            return False
        root, keyed = root.value, True
    return keyed and isinstance(root, ast.Name) and table_of(scan, root) is not None


def splat_keys(scan, node: ast.AST) -> list[str]:
    """The keys a `**table` splat hands over, when `table` is a literal dict of the project
    (`template.format(instructions=x, **profile)`): each is filled with the deploy's text."""
    table = table_of(scan, node) if isinstance(node, ast.Name) else None
    if not isinstance(table, ast.Dict):
        return []
    return [k.value for k in table.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]


def table_of(scan, root: ast.Name) -> ast.AST | None:
    """The literal `root` names (see the module docstring), or None. Looked up once per
    module and name; only the reading function's own bindings are checked per read."""
    fn = scan.function_of(root)
    if fn is not None and any(
        isinstance(n, ast.Name) and n.id == root.id and isinstance(n.ctx, ast.Store)
        for n in ast.walk(fn)
    ):
        return None  # a local of the same name
    tables = _TABLES.setdefault(scan, {})
    if root.id not in tables:
        tables[root.id] = _module_table(scan, root.id)
    return tables[root.id]


def _module_table(scan, name: str) -> ast.AST | None:
    if _written(scan.tree, name):
        return None
    if _bound(scan.tree, name):
        return _literal_table(scan.tree, name)
    for stmt in scan.tree.body if scan.path is not None else ():
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if (alias.asname or alias.name) == name:
                    where = resolve(Path(scan.path), stmt.module, stmt.level)
                    got = parsed(where) if where is not None else None
                    return _literal_table(got[0].tree, alias.name) if got is not None else None
    return None


def _bound(tree: ast.Module, name: str) -> list[ast.AST]:
    """The values `name` is bound to at the module's top level."""
    return [
        stmt.value
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
    ]


def _literal_table(tree: ast.Module, name: str) -> ast.AST | None:
    """The literal `name` is bound to, once, at module level, when nothing writes into it."""
    values = _bound(tree, name)
    if len(values) != 1 or not isinstance(values[0], ast.Dict | ast.List | ast.Tuple):
        return None
    try:
        ast.literal_eval(values[0])
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return None
    return None if _written(tree, name) else values[0]


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
