"""Volatile values inside assembled prompt text: the holes of a string expression
(kvscope.lint.pypieces) judged where the text is used.

`SYSTEM.replace("{MEMORY}", memory + "\\n\\n" + metadata(edited, agent_id, count))` puts every
line `metadata()` joins into the system prompt: its `{edited:%H:%M}` field is a clock there,
costed from the marker `{MEMORY}` in SYSTEM on. A hole is judged on evidence first (what the
value is: kvscope.lint.pyscan.Scan.call_kind, the parameter's type: kvscope.lint.pytypes), then
by its name unless it is plainly fixed. A hole reached from several uses is reported once, at
the first (outermost) use.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterator

from kvscope.lint.findings import Problem, clip
from kvscope.lint.names import SETTINGS_WORDS, classify_name
from kvscope.lint.patterns import classify_expr, words
from kvscope.lint.pyflow import COARSE_ATTRS
from kvscope.lint.pypieces import Piece, Resolver, context
from kvscope.lint.pyreport import AT_IMPORT, WHAT, advice, at_import, with_tools
from kvscope.lint.pyrun import derived, formats_text, reads
from kvscope.lint.pyscan import KIND_CODES, Scan, constant_name
from kvscope.lint.pytypes import numeric_param, typed_kind, typed_origin

COUNT_WHAT = "a count of messages or turns, new on every request"
_RESOLVERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_REPORTED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def fixed_value(node: ast.AST) -> bool:
    """A value that is the same on every request: a literal, a CONSTANT, `settings.X`."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Name | ast.Attribute) and constant_name(node):
        return True
    root, keys = node, []
    while isinstance(root, ast.Attribute | ast.Subscript):
        if isinstance(root, ast.Subscript):  # `prompt_config["full_name"]`: a settings key
            key = root.slice
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return False
            keys.append(key.value)
        root = root.value
    if "configurable" in keys or any(classify_name(k) in {"time", "id"} for k in keys):
        return False  # LangGraph's per-run `config["configurable"]`, `settings["session_id"]`
    return isinstance(root, ast.Name) and bool(words(root.id) & SETTINGS_WORDS)


def resolver(scan: Scan) -> Resolver:
    if scan not in _RESOLVERS:
        _RESOLVERS[scan] = Resolver(scan.tree, scan.parents)
    return _RESOLVERS[scan]


def hole_kind(
    scan: Scan, piece: Piece, beside: tuple[str, str], named: bool = True
) -> tuple[str | None, str]:
    """The kind of a hole's value and, when its type says so, why (`typed datetime`). Its name
    counts only when `named` (an f-string field, an operand written where the text is used),
    and not for a loop variable whose source reads as fixed (`x.description` over `agents`,
    over `TOOL_DOCS`)."""
    node = piece.node
    kind = scan.call_kind(node)
    why = ""
    typed = typed_kind(scan, node, piece.field, beside)
    if typed is not None and kind in {None, typed}:
        kind, why = typed, typed_origin(scan, node)
    open_value = (
        named
        and not fixed_value(node)
        and not scan.file_text(node)
        and not scan.table_value(node)
        and not numeric_param(scan, node)
    )
    if kind is None and open_value:
        kind = scan.named_kind(node)
        if kind is not None:  # unless what the loop variable iterates says otherwise
            shown = _iterated_as(scan, node)
            kind = classify_expr(shown) if shown is not None else None
    if kind is None and open_value and fetched_for_request(scan, node):
        kind = "request"  # `agent["name"]` over the agents found for this request's context
    if kind == "time" and (
        (piece.field is not None and _year_only(piece.field))
        or (isinstance(node, ast.Attribute) and node.attr in COARSE_ATTRS)
    ):
        kind = None  # `{edited:%Y}`, `{today.year}`: a year, the same all year
    return kind, why


def fetched_for_request(scan: Scan, node: ast.AST) -> bool:
    """`node` reads a local its function derives from this request's content (kvscope.lint.
    pyrun.request_names): `agent["name"]` for agent in `find_records(context)`."""
    fn = scan.function_of(node)
    if fn is None or (isinstance(node, ast.Name) and _assembled(fn, node.id)):
        return False
    return scan.reads_request(node)


def _assembled(fn: ast.AST, name: str) -> bool:
    """Every binding of local `name` in `fn` is text assembled in code (`p = T.replace("<X>",
    x)`, an f-string, `a + b`): its holes are judged where they stand, not the whole."""
    values = []
    for n in ast.walk(fn):
        if not isinstance(n, ast.Assign | ast.AugAssign):
            continue
        targets = n.targets if isinstance(n, ast.Assign) else [n.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            values.append(n.value)
    return bool(values) and all(_text_op(v) for v in values)


def _text_op(value: ast.AST) -> bool:
    return isinstance(value, ast.JoinedStr | ast.BinOp | ast.Constant) or formats_text(value)


def spliced(
    scan: Scan,
    value: ast.AST,
    part: str,
    text: str | None,
    at: int | None,
    whole: bool = False,
    beside: tuple[str, str] = ("", ""),
    field: ast.FormattedValue | None = None,
    own: bool = False,
    slot: tuple[int, int] | None = None,
) -> Iterator[Problem]:
    """Problems for the holes of `value`, a string expression put into prompt text `text` at
    character `at` (None: not known, nor the cost); `own`: each hole is costed where it stands in
    the value's own text, placed at `at` in `text` when both are given (an operand of a
    concatenation), else the value is the whole prompt text. `whole`: a value that is not
    composed text is one hole (an f-string field), else there is nothing to report."""
    pieces = resolver(scan).pieces(value)
    if pieces is None:
        if not whole:
            return
        pieces = [Piece("", value, field)]
    rendered, offsets = "", []
    for p in pieces:
        offsets.append(len(rendered))
        rendered += p.text if p.node is None else "{}"
    reported = _REPORTED.setdefault(scan, set())
    home = scan.function_of(value)
    ordered: set[ast.AST] = set()  # appended f-strings whose listing order is reported
    # the items of a listing loop are judged here when `value` is the text they make up, not
    # one field of their f-string nor an operand a concatenation judges whole (`"..." +
    # "\n".join(lines)`: the joined listing, reported there)
    composed = _appended_fstring(scan, value) is None and not isinstance(
        scan.parents.get(value), ast.BinOp | ast.FormattedValue
    )
    for i, p in enumerate(pieces):
        if p.node is None:
            continue
        named = p.field is not None or scan.function_of(p.node) is home
        joined = _appended_fstring(scan, p.node) if composed else None
        items = listing_items(scan, joined) if joined is not None else set()
        if items and reads(p.node, items):
            if joined in ordered:
                continue  # the first field of an item says it; the rest follow it
            ordered.add(joined)
            kind, why = "order", ""
        else:
            kind, why = hole_kind(scan, p, context(pieces, i, beside), named)
        if kind is None or (kind, p.node) in reported:
            continue
        reported.add((kind, p.node))
        where = {"system": "system prompt", "tools": "tool definitions"}.get(part, "prompt")
        expr = clip(ast.unparse(p.node), 60)
        shown = f"`{expr}`"
        if why:  # the parameter's type says what it is: `edited: datetime`
            shown = why if why.startswith(f"`{expr}:") else f"{shown} (from {why})"
        what = COUNT_WHAT if why and kind == "request" else WHAT[kind]
        fn = scan.function_of(p.node)
        if fn is home or fn is None:
            msg = f"{shown} is {what}, interpolated into the {where}"
        else:
            msg = f"{shown} is {what}, in the text `{fn.name}()` returns into the {where}"
        if own and text is not None and at is not None:  # the value stands in `text` at `at`
            prefix, pos = text, at + offsets[i]
        else:
            prefix, pos = (rendered, offsets[i]) if own else (text, at)
        start, end = scan.span(p.enters or p.node)  # where the value enters the text
        if slot is not None and p.enters is value:
            start, end = slot  # `.format(devices=devices)`: at the template's `{devices}`
        full = with_tools(scan, value, prefix)
        opaque = own and any(isinstance(q.node, ast.Call) for q in pieces[i + 1 :])
        opaque = opaque or joined in ordered  # the other items follow it, as many as are found
        tail = AT_IMPORT if kind == "time" and at_import(scan, p.node) else advice(kind)
        yield Problem(
            KIND_CODES[kind], start, end, msg + tail, pos, None, full, None, opaque
        )  # text a helper returns after it (`parts.append(build_x())`): its cost is a floor


def _appended_fstring(scan: Scan, node: ast.AST) -> ast.JoinedStr | None:
    """The f-string `node` is a field of, when it is one."""
    field = scan.parents.get(node)
    joined = scan.parents.get(field) if isinstance(field, ast.FormattedValue) else None
    return joined if isinstance(joined, ast.JoinedStr) else None


def listing_items(scan: Scan, node: ast.JoinedStr) -> set[str]:
    """The loop's names when `node` is appended, once per item, to text or a list inside a
    loop over an unsorted listing (`for md_file in folder.glob("*.md"):
    parts.append(f"--- FILE: {md_file.name} ---\n{content}")`, `text += f"- {name}\n"`): the
    items enter the prompt in the file system's order, at the first field that reads one."""
    call = scan.parents.get(node)
    if isinstance(call, ast.Call) and node in call.args:
        if not (isinstance(call.func, ast.Attribute) and call.func.attr in {"append", "insert"}):
            return set()
        stmt = scan.parents.get(call)
    elif isinstance(call, ast.AugAssign) and isinstance(call.op, ast.Add):
        stmt = call
    else:
        return set()
    loop = scan.parents.get(stmt)
    while loop is not None and not isinstance(loop, ast.For | ast.FunctionDef | ast.Module):
        loop = scan.parents.get(loop)
    if not isinstance(loop, ast.For) or scan.facts.kind(loop.iter) != "order":
        return set()
    held = stmt.target if isinstance(stmt, ast.AugAssign) else call.func.value
    if isinstance(held, ast.Name) and _sorted_later(scan, held.id, loop):
        return set()  # `lines.sort()` after the loop: the listing's order is gone
    return derived(loop, {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)})


def _sorted_later(scan: Scan, name: str, loop: ast.For) -> bool:
    """The list `name` is sorted after `loop` fills it (`name.sort()`, `sorted(name)`)."""
    fn = scan.function_of(loop)
    for node in ast.walk(fn if fn is not None else scan.tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "sort":
            subject = func.value  # `name.sort()`
        elif isinstance(func, ast.Name) and func.id == "sorted" and node.args:
            subject = node.args[0]  # `sorted(name)`
        else:
            continue
        if isinstance(subject, ast.Name) and subject.id == name:
            return True
    return False


def _iterated_as(scan: Scan, node: ast.AST) -> str | None:
    """The expression as its loop variable's source reads (`x.description` for x in `agents`
    -> `agents.description`); None when that source is fixed (`TOOL_FUNCTIONS.keys()`)."""
    root = node
    while isinstance(root, ast.Attribute | ast.Subscript | ast.Call):
        root = root.func if isinstance(root, ast.Call) else root.value
    text = ast.unparse(node)
    if not isinstance(root, ast.Name):
        return text
    cur = scan.parents.get(node)
    while cur is not None and not isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
        loops = cur.generators if isinstance(cur, ast.ListComp | ast.GeneratorExp) else []
        loops = loops or ([cur] if isinstance(cur, ast.For | ast.AsyncFor) else [])
        loops += cur.generators if isinstance(cur, ast.SetComp | ast.DictComp) else []
        for loop in loops:
            bound = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
            if root.id in bound:
                source = loop.iter
                while isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute):
                    source = source.func.value  # `TOOLS.items()`, `agents.values()`
                if fixed_value(source):
                    return None
                return _one_of(ast.unparse(source)) + text[len(root.id) :]
        cur = scan.parents.get(cur)
    return text


def _one_of(source: str) -> str:
    """An item of `source`, as its name reads: `agents` -> `agent`, `self.tools` -> `tool`."""
    last = source.rsplit(".", 1)[-1]
    if last.isidentifier() and len(last) > 3 and last.endswith("s") and not last.endswith("ss"):
        return last[:-1]
    return last if last.isidentifier() else source


def _year_only(field: ast.FormattedValue) -> bool:
    spec = field.format_spec
    if not isinstance(spec, ast.JoinedStr):
        return False
    text = "".join(str(v.value) for v in spec.values if isinstance(v, ast.Constant))
    return text.strip() in {"%Y", "%y"}
