"""What follows a prompt's text in its file (kvscope.lint.pyrules' cost): the text appended
after it is first bound, or nothing known at all.

    system = f"You are a helpful assistant. Today's date is {today}. "
    system += ("- When answering use markdown.\n" "- Cite the documents you used.\n")

The date is costed on the whole prompt: every block of the `+=` text after it is lost too, not
only what is left of the f-string. The name's bindings and the text of each are the ones the
splice resolver reads (kvscope.lint.pypieces). A module-level piece the file never uses, or the
text a top-level function returns that the file never calls, is a fragment: what follows it is
assembled elsewhere, so its findings get no floor.
"""

from __future__ import annotations

import ast


def appended_around(scan, node: ast.AST) -> tuple[str, str]:
    """(before, after): the text the name's earlier pieces hold and the text the `NAME += ...`
    bindings that follow add, for the plain name `node` (a string expression) is bound or
    appended to, up to the name's next plain binding; values stand as `{}`. A prompt built
    piece by piece (`prompt += f'"{sim}".\\n'` between fixed `+=` pieces) has the earlier
    pieces before the value and loses every later piece after it."""
    from kvscope.lint.pysplice import resolver

    stmt = scan.parents.get(node)
    while isinstance(stmt, ast.Attribute | ast.Call):  # `f"...".strip()`
        stmt = scan.parents.get(stmt)
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add):
        target, binding = stmt.target, stmt  # `prompt += f"...{sim}..."`: one piece of many
    elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, binding = stmt.targets[0], stmt.value
    else:
        return "", ""
    if not isinstance(target, ast.Name):
        return "", ""
    r = resolver(scan)
    bound = r.bindings(r.scope_of(stmt)).get(target.id, [])
    if binding not in bound:
        return "", ""

    def text(b: ast.AST) -> str:
        return _text(r, b.value if isinstance(b, ast.AugAssign) else b)

    at = bound.index(binding)
    before = []
    for earlier in reversed(bound[:at] if binding is stmt else []):
        before.append(text(earlier))
        if not isinstance(earlier, ast.AugAssign) or not isinstance(earlier.op, ast.Add):
            break  # the plain binding the pieces are appended to
    else:
        before = []  # no plain binding first: the text the name held is not known here
    after = ""
    for later in bound[at + 1 :]:
        if not isinstance(later, ast.AugAssign) or not isinstance(later.op, ast.Add):
            break  # bound anew: what follows is another text
        after += text(later)
    return "".join(reversed(before)), after


def fragment(scan, node: ast.AST) -> bool:
    """A module-level `NAME = \"\"\"...\"\"\"` or f-string (maybe `.strip()`-ed) that this file
    never uses: a piece of a prompt assembled elsewhere, so the text after it is not known here.
    Not when the project's modules that import it all send it whole (`X.format(...)` as a
    message's content: kvscope.lint.pyimporters): then its own text is what follows."""
    cur = scan.parents.get(node)
    while isinstance(cur, ast.Attribute | ast.Call) or _joined_item(scan, cur):
        cur = scan.parents.get(cur)  # `.strip()`, `Template(...)`, `"\n".join([...])`
    if isinstance(cur, ast.Return):
        return _returned_piece(scan, cur)
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


def _returned_piece(scan, ret: ast.Return) -> bool:
    """The text a top-level function returns that nothing in its module calls (a prompt
    module's `def get_prompt(): return f"Current date: {...}"`, which the app joins with other
    modules' text after importing it by name): what follows it is assembled elsewhere. Not
    when the project's importers use what it returns whole."""
    fn = scan.function_of(ret)
    if fn is None or not isinstance(scan.parents.get(fn), ast.Module) or scan.uses.get(fn.name):
        return False
    if scan.path is not None:
        from kvscope.lint.pyimporters import importer_use

        use = importer_use(scan.path, fn.name)
        if use is not None and not use.piece:
            return False
    return True


def _text(r, node: ast.AST) -> str:
    """What the string expression `node` holds, as the splice resolver reads it; values (and
    what it cannot read) stand as `{}`."""
    pieces = r.pieces(node) or []
    return "".join(p.text if p.node is None else "{}" for p in pieces) or "{}"


def _joined_item(scan, node: ast.AST | None) -> bool:
    """`node` is the list or tuple of a `SEP.join([...])`: its items are one text, joined."""
    call = scan.parents.get(node) if isinstance(node, ast.List | ast.Tuple) else None
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "join"
        and call.args[:1] == [node]
    )


def joined_around(scan, node: ast.AST) -> tuple[str, str]:
    """(before, after): the text the other items of the `SEP.join([...])` that `node` is an
    item of put before and after it (`"\\n".join(["## Document: $doc", "### Content: $text",
    "Answer from the documents above."])`); values stand as `{}`. Empty when it is no item."""
    seq = scan.parents.get(node)
    if not _joined_item(scan, seq):
        return "", ""
    from kvscope.lint.pysplice import resolver

    r = resolver(scan)
    glue = _text(r, scan.parents.get(seq).func.value)
    texts = [_text(r, item) for item in seq.elts]
    at = seq.elts.index(node)
    before = "".join(t + glue for t in texts[:at])
    after = "".join(glue + t for t in texts[at + 1 :])
    return before, after


def schema_around(scan, node: ast.AST) -> tuple[str, str]:
    """(before, after): the rest of the literal tool definitions a string stands in (the
    `"description"` of `{"name": ..., "description": f"... Today is {date}",
    "parameters": {...}}`, in the list `get_spec()` returns); values stand as their code.
    Engines send every later definition, the system prompt and the conversation after it."""
    outer, cur = node, scan.parents.get(node)
    while isinstance(cur, ast.Dict | ast.List | ast.Tuple):
        outer, cur = cur, scan.parents.get(cur)
    if outer is node:
        return "", ""
    whole, own = ast.unparse(outer), ast.unparse(node)
    at = whole.find(own)
    return ("", "") if at < 0 else (whole[:at], whole[at + len(own) :])


def around(problems, before: str, after: str):
    """`problems` costed on the whole text: `before` and `after` put around each one's."""
    for p in problems:
        if p.prefix_text is None or not (before or after):
            yield p
            continue
        pos = None if p.prefix_pos is None else len(before) + p.prefix_pos
        yield p._replace(prefix_text=before + p.prefix_text + after, prefix_pos=pos)
