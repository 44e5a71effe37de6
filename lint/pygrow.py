"""What follows a prompt's text in its file (kvscope.lint.pyrules' cost): the text appended
after it is first bound, or nothing known at all.

    system = f"You are a helpful assistant. Today's date is {today}. "
    system += ("- When answering use markdown.\n" "- Cite the documents you used.\n")

The date is costed on the whole prompt: every block of the `+=` text after it is lost too, not
only what is left of the f-string. The name's bindings and the text of each are the ones the
splice resolver reads (kvscope.lint.pypieces). A module-level piece the file never uses is a
fragment: what follows it is assembled elsewhere, so its findings get no floor.
"""

from __future__ import annotations

import ast


def appended_after(scan, node: ast.AST) -> str:
    """The text the `NAME += ...` bindings that follow add to the plain name `node` (a string
    expression) is first bound to, up to the name's next plain binding; values stand as `{}`."""
    from kvscope.lint.pysplice import resolver

    stmt = scan.parents.get(node)
    while isinstance(stmt, ast.Attribute | ast.Call):  # `f"...".strip()`
        stmt = scan.parents.get(stmt)
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return ""
    target = stmt.targets[0]
    if not isinstance(target, ast.Name):
        return ""
    r = resolver(scan)
    bound = r.bindings(r.scope_of(stmt)).get(target.id, [])
    if stmt.value not in bound:
        return ""
    out = ""
    for later in bound[bound.index(stmt.value) + 1 :]:
        if not isinstance(later, ast.AugAssign) or not isinstance(later.op, ast.Add):
            break  # bound anew: what follows is another text
        pieces = r.pieces(later.value) or []
        out += "".join(p.text if p.node is None else "{}" for p in pieces) or "{}"
    return out


def fragment(scan, node: ast.AST) -> bool:
    """A module-level `NAME = \"\"\"...\"\"\"` or f-string (maybe `.strip()`-ed) that this file
    never uses: a piece of a prompt assembled elsewhere, so the text after it is not known here.
    Not when the project's modules that import it all send it whole (`X.format(...)` as a
    message's content: kvscope.lint.pyimporters): then its own text is what follows."""
    cur = scan.parents.get(node)
    while isinstance(cur, ast.Attribute | ast.Call):
        cur = scan.parents.get(cur)
    if not isinstance(cur, ast.Assign) or not isinstance(scan.parents.get(cur), ast.Module):
        return False
    names = [t.id for t in cur.targets if isinstance(t, ast.Name)]
    if not names or any(scan.uses.get(n) for n in names):
        return False
    if scan.path is not None:
        from kvscope.lint.pyimporters import importer_use

        uses = [importer_use(scan.path, n) for n in names]
        if any(u is not None for u in uses) and not any(u is not None and u.piece for u in uses):
            return False  # imported and sent whole elsewhere: its own text is all that follows
    return True
