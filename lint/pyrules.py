"""The per-node checks of a Python module's scan (kvscope.lint.pyscan), one function per kind
of node: which check reads an f-string, a call, a `+`/`%` concatenation, a string literal, an
assignment or loop of tools, an `if` or a conditional expression.

The checks of f-strings (kvscope.lint.pyfstring), of `.format` fills (kvscope.lint.pyfill), of
tool order and JSON dumps (kvscope.lint.pyorder) and of conditional sections
(kvscope.lint.pysections) live in their own modules; concatenations and string literals are
here. Cache breakpoints are judged once the per-node findings are in
(kvscope.lint.pybreakpoints).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem
from kvscope.lint.patterns import placeholders, quiet_spans, volatile_literals
from kvscope.lint.pyadk import state_filled, state_kind, state_message
from kvscope.lint.pyfill import fills_of, format_call, format_vars, placeholder_kind
from kvscope.lint.pyfstring import fstring
from kvscope.lint.pygrow import appended_around, around, fragment, joined_around
from kvscope.lint.pyhistory import past_history
from kvscope.lint.pyimportfills import imported_fills
from kvscope.lint.pykwargs import check_prompt_kwargs
from kvscope.lint.pyorder import (
    check_json_dumps,
    check_tools_assign,
    check_tools_keyword,
    check_tools_loop,
)
from kvscope.lint.pyprint import check_printed
from kvscope.lint.pyreport import WHAT, advice, problem, with_tools
from kvscope.lint.pyscan import CACHEABLE, KIND_CODES, Scan
from kvscope.lint.pysections import conditional, conditional_expr
from kvscope.lint.pysplice import resolver, spliced
from kvscope.lint.pystrtemplate import dollar_slots, in_string_template
from kvscope.lint.pyswitches import check_switches
from kvscope.lint.pyturns import TURN_RE, turn_at
from kvscope.lint.pyverbatim import sent_verbatim
from kvscope.lint.rules.common import LOOP_RE, loop_kind
from kvscope.lint.rules.pl006_conditional_system_section import (
    conditional_message,
    jinja_conditions,
)
from kvscope.lint.slots import (
    agent_card_slot,
    item_card_field,
    persona_anywhere,
    shown_not_rendered,
)


def visit(scan: Scan, node: ast.AST) -> Iterator[Problem]:
    if isinstance(node, ast.JoinedStr):
        yield from fstring(scan, node)
    elif isinstance(node, ast.Call):
        yield from format_call(scan, node)
        yield from check_json_dumps(scan, node)
        yield from check_tools_keyword(scan, node)
        yield from check_printed(scan, node)
        yield from check_prompt_kwargs(scan, node)
        yield from check_switches(scan, node)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        yield from _concat(scan, node)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        found = around(_constant(scan, node), *joined_around(scan, node))
        yield from past_history(scan, node, found)
    elif isinstance(node, ast.Assign | ast.AnnAssign | ast.Return):
        yield from check_tools_assign(scan, node)
    elif isinstance(node, ast.For):
        yield from check_tools_loop(scan, node)
    elif isinstance(node, ast.If):
        yield from conditional(scan, node)
    elif isinstance(node, ast.Dict):
        yield from format_vars(scan, node)
    elif isinstance(node, ast.IfExp):
        yield from conditional_expr(scan, node)
    elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
        yield from _grown_from_value(scan, node)


def _concat(scan: Scan, node: ast.BinOp) -> Iterator[Problem]:
    if isinstance(scan.parents.get(node), ast.BinOp):
        return
    operands, stack = [], [node]
    while stack:
        cur = stack.pop()
        if isinstance(cur, ast.BinOp) and isinstance(cur.op, ast.Add):
            stack += [cur.right, cur.left]
        elif (
            isinstance(cur, ast.BinOp)
            and isinstance(cur.op, ast.Mod)
            and isinstance(cur.left, ast.Constant)
        ):
            operands.append(cur.left)
            right = cur.right
            operands += right.elts if isinstance(right, ast.Tuple) else [right]
        else:
            operands.append(cur)
    if not any(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in operands):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    texts = [_operand_text(scan, op) for op in operands]
    full = "".join(texts)
    at = 0
    for op, shown in zip(operands, texts, strict=True):
        if not (isinstance(op, ast.Constant) and isinstance(op.value, str)):
            kind = None if isinstance(op, ast.JoinedStr) else scan.value_kind(op)
            if kind:
                yield problem(scan, kind, op, part, full, at)
            elif not isinstance(op, ast.JoinedStr):
                yield from spliced(scan, op, part, full, at, own=True)  # a helper's joined lines
        at += len(shown)


def _grown_from_value(scan: Scan, node: ast.AugAssign) -> Iterator[Problem]:
    """`system_prompt = get_system_prompt(user_id)`, then `system_prompt += "\n\nYou are ..."`:
    text grown from a value its local is first bound to, which is then where the prompt starts.
    Judged at the first `+=` after that binding, on the value's evidence (a clock, an id, a
    call handed the user's identity), costed by the text the `+=`s add after it."""
    target = node.target
    fn = scan.function_of(node)
    if not isinstance(target, ast.Name) or fn is None:
        return
    binds = [
        n
        for n in ast.walk(fn)
        if isinstance(n, ast.Assign | ast.AugAssign)
        and n.lineno < node.lineno
        and any(isinstance(t, ast.Name) and t.id == target.id for t in _targets(n))
    ]
    if not binds:
        return
    last = max(binds, key=lambda n: n.lineno)
    if not isinstance(last, ast.Assign) or not isinstance(
        last.value, ast.Call | ast.Name | ast.Attribute | ast.Subscript
    ):
        return  # grown already, or bound to text written here (judged where it is written)
    kind = scan.call_kind(last.value)
    if kind is None or kind == "argument":
        return
    part = scan.local_part(target.id, last, 0)
    if part not in CACHEABLE:
        return
    _, after = appended_around(scan, last.value)  # the text the `+=`s add after the value
    yield problem(scan, kind, last.value, part, "{}" + after, 0)


def _targets(node: ast.Assign | ast.AugAssign) -> list[ast.AST]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _operand_text(scan: Scan, op: ast.AST) -> str:
    """An operand of a `+`/`%` concatenation as the prompt holds it: a literal's text, text
    composed in code (`SYSTEM`, a helper's joined lines) with `{}` for its holes, else `{}`.
    What follows a value in the concatenation is what it costs (`SYSTEM + results + TAIL`)."""
    if isinstance(op, ast.Constant) and isinstance(op.value, str):
        return op.value
    pieces = resolver(scan).pieces(op)
    if not pieces:
        return "{}"
    return "".join(p.text if p.node is None else "{}" for p in pieces)


def _constant(scan: Scan, node: ast.Constant) -> Iterator[Problem]:
    parent = scan.parents.get(node)
    if isinstance(parent, ast.JoinedStr | ast.Expr):
        return
    if isinstance(parent, ast.Attribute) and parent.attr in {"format", "format_map"}:
        return  # the values decide: see _format_call
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr == "replace"
        and parent.args[:1] == [node]
    ):
        return  # the marker `.replace` fills: see _replace_call
    part = scan.prompt_part(node)
    fills = fills_of(scan, node.value)
    if part is None and fills:  # a template known to be a prompt by where it is filled
        parts = {scan.prompt_part(call) for _, _, call in fills}
        part = next((p for p in ("system", "template", "tools") if p in parts), None)
    if part not in CACHEABLE:
        return
    text = node.value
    start, end = scan.span(node)
    raw = scan.source[start:end]
    body = raw.lstrip("rRbBuUfF")
    quote = body[:3] if body[:3] in {'"""', "'''"} else body[:1]
    base = start + (len(raw) - len(body)) + len(quote)
    exact = body[len(quote) : len(body) - len(quote)] == text

    def where(a: int, b: int) -> tuple[int, int]:
        if exact:
            return base + a, base + b
        piece = text[a:b]  # escapes in the literal: find the same occurrence in the source
        nth, at = text.count(piece, 0, a), -1
        for _ in range(nth + 1):
            at = raw.find(piece, at + 1)
            if at < 0:
                return start, end
        return start + at, start + at + len(piece)

    code = quiet_spans(text)[1]
    frag = fragment(scan, node)
    turns = TURN_RE.search(text) is not None  # a raw chat string: its user turn is not the prefix
    # a constant sent unrendered has braces that are text (kvscope.lint.pyverbatim); the
    # project-wide look is only needed when there are braces to judge
    rendered = ("{" not in text and "$" not in text) or not sent_verbatim(scan, node)
    phs = list(placeholders(text, "text")) if rendered else []
    if rendered and "$" in text and in_string_template(node, scan.parents, scan.string_templates):
        phs = sorted([*phs, *dollar_slots(text)])  # `string.Template("... $chunk_text ...")`
    adk = None  # an ADK agent's instruction: its keys are the session's state
    imported = None  # looked up on the first placeholder this module does not fill
    for ph in phs:
        if shown_not_rendered(text, ph, None, code):
            continue
        if turns and turn_at(text, ph.start) in {"user", "assistant"}:
            continue
        if item_card_field(text, ph):
            continue  # `name: {{ name }}` / `description: {{ description }}`: an item's card
        if imported is None and not any(name == ph.expr for name, _, _ in fills):
            imported = imported_fills(scan, node)  # filled where it is imported
        kind, msg = placeholder_kind(
            scan, text[ph.start : ph.end], ph.expr, fills + (imported or [])
        )
        if kind is None and not fills and adk is not False:
            adk = adk or state_filled(scan, node)  # looked up on the first that needs it
            kind = state_kind(text[ph.start : ph.end]) if adk else None
            msg = state_message(text[ph.start : ph.end]) if kind else msg
        if kind == "user" and persona_anywhere(text, ph.start, ph.end):
            continue  # "You are {name}, an elite agent": the agent's name, fixed per deploy
        if kind in {"user", "request"} and agent_card_slot(text, ph):
            continue  # "You are {role}. {backstory}\nYour goal is: {goal}": the agent's card
        if kind:
            s, e = where(ph.start, ph.end)
            full = with_tools(scan, node, text)
            yield Problem(
                KIND_CODES[kind], s, e, msg + advice(kind), ph.start, None, full, None, frag
            )
    for lit in volatile_literals(text, concrete=False):
        if turns and turn_at(text, lit.start) in {"user", "assistant"}:
            continue
        s, e = where(lit.start, lit.end)
        msg = f"`{lit.text}` looks like {WHAT[lit.kind]} baked into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(
            KIND_CODES[lit.kind], s, e, msg + advice(lit.kind), lit.start, None, full, None, frag
        )
    for m in LOOP_RE.finditer(text) if rendered and ("{%" in text or "{{#each" in text) else ():
        kind = loop_kind(m.group("e") or m.group("h"))  # `{% for passage in context %}`
        if kind not in {"request", "user"}:
            continue
        if turns and turn_at(text, m.start()) in {"user", "assistant"}:
            continue
        s, e = where(m.start(), m.end())
        msg = f"loop `{m.group()[:60]}` renders {WHAT[kind]} into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(KIND_CODES[kind], s, e, msg + advice(kind), m.start(), None, full, None, frag)
    for at, end, tag in jinja_conditions(text) if rendered and "{%" in text else ():
        if turns and turn_at(text, at) in {"user", "assistant"}:
            continue
        s, e = where(at, end)
        full = with_tools(scan, node, text)
        yield Problem("PL006", s, e, conditional_message(tag), at, None, full, None, frag)
