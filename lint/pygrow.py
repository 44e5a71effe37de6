"""Text appended to a prompt after it is first bound (kvscope.lint.pyrules' cost).

    system = f"You are a helpful assistant. Today's date is {today}. "
    system += ("- When answering use markdown.\n" "- Cite the documents you used.\n")

The date is costed on the whole prompt: every block of the `+=` text after it is lost too, not
only what is left of the f-string.
"""

from __future__ import annotations

import ast


def _text_of(node: ast.AST) -> str:
    """The prompt text an appended expression adds: literals as they are, values as `{}`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text_of(v) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text_of(node.left) + _text_of(node.right)
    return "{}"


def appended_after(parents: dict, node: ast.AST) -> str:
    """The text later `NAME += ...` statements of the same body add to the name `node` (a string
    expression) is first bound to; "" when it is not bound to a plain name."""
    stmt = parents.get(node)
    while isinstance(stmt, ast.Attribute | ast.Call):  # `f"...".strip()`
        stmt = parents.get(stmt)
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return ""
    target = stmt.targets[0]
    if not isinstance(target, ast.Name):
        return ""
    body = next(
        (
            getattr(parents.get(stmt), f)
            for f in ("body", "orelse")
            if stmt in getattr(parents.get(stmt), f, ())
        ),
        [],
    )
    out = ""
    for later in body[body.index(stmt) + 1 :] if stmt in body else ():
        if (
            isinstance(later, ast.AugAssign)
            and isinstance(later.op, ast.Add)
            and isinstance(later.target, ast.Name)
            and later.target.id == target.id
        ):
            out += _text_of(later.value)
        elif isinstance(later, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == target.id for t in later.targets
        ):
            break  # bound anew: what follows is another text
    return out
