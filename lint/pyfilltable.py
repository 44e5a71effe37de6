"""A table of markers and values that a loop fills a prompt with.

    placeholders = {"{cwd}": os.getcwd(), "{today}": datetime.now().strftime("%Y-%m-%d")}
    for key, value in placeholders.items():
        content = content.replace(key, str(value))

kvscope.lint.pyfill judges `.replace(marker, value)` by its marker and value; here both are the
loop's names, and the table says what each marker is filled with. Each entry is a fill of its
own, judged on evidence (a clock, an id, the user's machine or folder) and reported at the entry.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem
from kvscope.lint.pyfill import template_receiver, template_texts
from kvscope.lint.pyreport import problem
from kvscope.lint.pyscan import CACHEABLE, Scan


def table_entries(scan: Scan, node: ast.Call) -> list[tuple[str, ast.AST]]:
    """The (marker, value) entries of a table a loop fills a template from: `for key, value in
    placeholders.items(): content = content.replace(key, str(value))`, with `placeholders =
    {"{cwd}": os.getcwd(), "{today}": ...}` a dict literal bound once in the same function."""
    marker, value = node.args
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "str"
        and len(value.args) == 1
    ):
        value = value.args[0]
    if not (isinstance(marker, ast.Name) and isinstance(value, ast.Name)):
        return []
    loop = scan.parents.get(node)
    while loop is not None and not isinstance(loop, ast.For | ast.FunctionDef | ast.Module):
        loop = scan.parents.get(loop)
    if not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Tuple):
        return []
    names = [getattr(t, "id", None) for t in loop.target.elts]
    items = loop.iter
    if names != [marker.id, value.id] or not (
        isinstance(items, ast.Call)
        and isinstance(items.func, ast.Attribute)
        and items.func.attr == "items"
        and isinstance(items.func.value, ast.Name)
    ):
        return []
    fn = scan.function_of(loop)
    table = items.func.value.id
    binds = [
        n
        for n in ast.walk(fn if fn is not None else scan.tree)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == table for t in n.targets)
    ]
    if len(binds) != 1 or not isinstance(binds[0].value, ast.Dict):
        return []
    return [
        (k.value, v)
        for k, v in zip(binds[0].value.keys, binds[0].value.values, strict=True)
        if isinstance(k, ast.Constant) and isinstance(k.value, str)
    ]


def table_fills(
    scan: Scan, node: ast.Call, entries: list[tuple[str, ast.AST]]
) -> Iterator[Problem]:
    """Each entry of the table whose value is a clock, an id or per-user data (on evidence:
    `os.getcwd()`, `datetime.now()`, `platform.system()`), reported at the entry, costed from
    its marker in the template's text when the module shows it."""
    part = scan.prompt_part(node)
    stmt = scan.parents.get(node)
    if part is None and isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
        part = scan.local_part(stmt.targets[0].id, stmt, 0)  # `content = content.replace(...)`
    if part not in CACHEABLE:
        return
    texts = template_texts(scan, template_receiver(node))
    for mark, value in entries:
        kind = scan.facts.kind(value) or scan.call_kind(value)
        if kind is None or kind == "argument":
            continue
        text = next((t for t in texts if mark in t), None)
        at = text.find(mark) if text is not None else None
        yield problem(scan, kind, value, part, text, at)
