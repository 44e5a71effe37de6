"""The tools sent with a Python prompt: engines render them after the system text, so a
volatile value there also costs every tool definition's tokens."""

from __future__ import annotations

import ast
import json

from kvscope.lint.pyscan import Scan


def tools_sent_with(scan: Scan, node: ast.AST, depth: int = 0) -> str | None:
    """The text of the tools passed (`tools=`/`functions=`) in the call that sends `node`,
    following it through the names it is assigned to; None when no call shows tools."""
    child, cur = node, scan.parents.get(node)
    while cur is not None:
        if isinstance(cur, ast.Call):
            for kw in cur.keywords:
                if kw.arg in {"tools", "functions"} and kw.value is not child:
                    return _tools_text(scan, kw.value)
        if isinstance(cur, ast.Assign | ast.AnnAssign) and depth < 2:
            targets = cur.targets if isinstance(cur, ast.Assign) else [cur.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    for use in scan.uses.get(t.id, ()):
                        found = tools_sent_with(scan, use, depth + 1)
                        if found is not None:
                            return found
            return None
        if isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef) and depth < 2:
            for use in scan.uses.get(cur.name, ()):  # `Agent(instructions=fn, tools=...)`
                found = tools_sent_with(scan, use, depth + 1)
                if found is not None:
                    return found
            return None
        if isinstance(cur, ast.stmt) and not isinstance(cur, ast.Expr | ast.Return):
            return None
        child, cur = cur, scan.parents.get(cur)
    return None


def _tools_text(scan: Scan, value: ast.AST) -> str | None:
    if isinstance(value, ast.Name):
        values = scan.assigns.get(value.id)
        if not values:
            return None
        value = values[-1]

    if isinstance(value, ast.List | ast.Tuple) and value.elts:
        schemas = [_function_schema(scan, e) for e in value.elts]
        if all(schemas):
            return json.dumps(schemas, ensure_ascii=False)
    try:
        return json.dumps(ast.literal_eval(value), ensure_ascii=False)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return ast.unparse(value)


def _function_schema(scan: Scan, node: ast.AST) -> dict | None:
    """The schema a framework sends for a plain function passed as a tool (its name,
    docstring and parameters), as far as this module defines it."""
    if not isinstance(node, ast.Name):
        return None
    fn = next(
        (
            d
            for d in scan.parents
            if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef) and d.name == node.id
        ),
        None,
    )
    if fn is None:
        return None
    params = {a.arg: {"type": "string"} for a in fn.args.args if a.arg not in {"self", "cls"}}
    return {
        "type": "function",
        "function": {
            "name": fn.name,
            "description": ast.get_docstring(fn) or "",
            "parameters": {"type": "object", "properties": params, "required": list(params)},
        },
    }
