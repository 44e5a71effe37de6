"""The per-node checks behind kvscope.lint.pyscan (one function per hazard)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem, clip
from kvscope.lint.patterns import (
    classify_expr,
    placeholders,
    quiet_spans,
    volatile_literals,
    words,
)
from kvscope.lint.pyconds import fixed_per_deploy, yields_text
from kvscope.lint.pyfill import fills_of, format_call, format_vars, placeholder_kind
from kvscope.lint.pygrow import appended_after
from kvscope.lint.pykwargs import check_prompt_kwargs
from kvscope.lint.pyorder import (
    check_json_dumps,
    check_tools_assign,
    check_tools_keyword,
    check_tools_loop,
)
from kvscope.lint.pyprint import check_printed
from kvscope.lint.pyreport import WHAT, advice, problem, with_tools
from kvscope.lint.pyscan import (
    CACHEABLE,
    KIND_CODES,
    PROMPT_WORDS,
    Scan,
    constant_name,
    dotted,
    user_side,
)
from kvscope.lint.pysplice import spliced
from kvscope.lint.pystrtemplate import dollar_slots, in_string_template
from kvscope.lint.pyturns import TURN_RE, ends_in_turn, resolved, turn_at
from kvscope.lint.rules.pl006_conditional_system_section import (
    conditional_message,
    jinja_conditions,
)
from kvscope.lint.slots import agent_card_slot, item_card_field, persona_slot, shown_not_rendered


def visit(scan: Scan, node: ast.AST) -> Iterator[Problem]:
    if isinstance(node, ast.JoinedStr):
        yield from _fstring(scan, node)
    elif isinstance(node, ast.Call):
        yield from format_call(scan, node)
        yield from check_json_dumps(scan, node)
        yield from check_tools_keyword(scan, node)
        yield from check_printed(scan, node)
        yield from check_prompt_kwargs(scan, node)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        yield from _concat(scan, node)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield from _constant(scan, node)
    elif isinstance(node, ast.Assign | ast.AnnAssign | ast.Return):
        yield from check_tools_assign(scan, node)
    elif isinstance(node, ast.For):
        yield from check_tools_loop(scan, node)
    elif isinstance(node, ast.If):
        yield from _conditional(scan, node)
    elif isinstance(node, ast.Dict):
        yield from format_vars(scan, node)
    elif isinstance(node, ast.IfExp):
        yield from _conditional_expr(scan, node)


def _fstring(scan: Scan, node: ast.JoinedStr) -> Iterator[Problem]:
    if isinstance(scan.parents.get(node), ast.FormattedValue | ast.JoinedStr):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    found = _fstring_problems(scan, node, part)
    extra = appended_after(scan, node)
    if extra:  # `system += "..."` later: the appended text is lost after the value too
        found = (
            p._replace(prefix_text=p.prefix_text + extra) if p.prefix_text is not None else p
            for p in found
        )
    if _fragment(scan, node):  # what follows it is not in this file: no floor
        found = (p._replace(fragment=True) for p in found)
    yield from found


def _fstring_problems(scan: Scan, node: ast.JoinedStr, part: str) -> Iterator[Problem]:
    text, positions = "", []
    for value in node.values:
        if isinstance(value, ast.Constant):
            text += str(value.value)
        else:
            positions.append((len(text), value))
            text += "{}"
    judged = set()
    chat, starts = resolved(node, scan.assigns)
    for (pos, value), at in zip(positions, starts, strict=True):
        if turn_at(chat, at) in {"user", "assistant"}:
            judged.add(pos)  # after a hand-written user turn marker: not the system prefix
            continue
        if isinstance(value, ast.FormattedValue):
            kind = scan.value_kind(value.value)
            if (
                kind in {"user", "argument"}
                and scan.call_kind(value.value) in {None, "argument"}
                and persona_slot(text, pos, pos + 2)
            ):
                judged.add(pos)  # f"You are {name}, an elite agent": the agent's own name
                continue
            if kind is not None:
                judged.add(pos)
                yield problem(scan, kind, value.value, part, text, pos)
            else:  # assembled text (a joined list, a helper's result) or a typed value
                beside = (chat[:at].rsplit("\n", 1)[-1], chat[at + 2 :].split("\n", 1)[0])
                yield from spliced(scan, value.value, part, text, pos, True, beside, value)
    yield from _fstring_text(scan, node, text, judged, dict(positions))


def _fstring_text(
    scan: Scan, node: ast.JoinedStr, text: str, judged: set[int], values: dict[int, ast.AST]
) -> Iterator[Problem]:
    """The literal text of an f-string: `{{current_datetime}}` renders as a placeholder that a
    second formatting fills; a cued `{}` is a clock whose value the name does not reveal."""
    start, end = scan.span(node)
    raw = scan.source[start:end]
    for ph in placeholders(text, "fstring"):
        kind = classify_expr(ph.expr)
        if kind is None or ph.start in judged:
            continue
        escaped = text[ph.start : ph.end].replace("{", "{{").replace("}", "}}")
        at = raw.find(escaped)
        s = start + max(at, 0)
        msg = f"placeholder `{text[ph.start : ph.end]}` puts {WHAT[kind]} into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(
            KIND_CODES[kind], s, s + len(escaped), msg + advice(kind), ph.start, None, full
        )
    for lit in volatile_literals(text, concrete=False):
        if lit.start in judged:
            continue
        if lit.start in values:  # `{value}` right after a cue such as "Current date:"
            value = values[lit.start]
            inner = getattr(value, "value", value)
            if isinstance(inner, ast.Name | ast.Attribute) and constant_name(inner):
                continue  # `{WORKING_DIR}`: a constant, whatever the words before it say
            s, e = scan.span(inner)
            msg = f"`{clip(ast.unparse(value), 60)}` is {WHAT[lit.kind]}, by the words before it"
            full = with_tools(scan, node, text)
            yield Problem(KIND_CODES[lit.kind], s, e, msg + advice(lit.kind), lit.start, None, full)
            continue
        at = raw.find(lit.text)
        s = start + max(at, 0)
        msg = f"`{lit.text}` looks like {WHAT[lit.kind]} baked into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(
            KIND_CODES[lit.kind],
            s,
            s + len(lit.text),
            msg + advice(lit.kind),
            lit.start,
            None,
            full,
        )


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
    text = ""
    for op in operands:
        if isinstance(op, ast.Constant) and isinstance(op.value, str):
            text += op.value
            continue
        kind = None if isinstance(op, ast.JoinedStr) else scan.value_kind(op)
        if kind:
            yield problem(scan, kind, op, part, None, len(text))
        elif not isinstance(op, ast.JoinedStr):
            yield from spliced(scan, op, part, None, None, own=True)  # a helper's, joined lines
        text += "{}"


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
    frag = _fragment(scan, node)
    turns = TURN_RE.search(text) is not None  # a raw chat string: its user turn is not the prefix
    phs = list(placeholders(text, "text"))
    if "$" in text and in_string_template(node, scan.parents, scan.string_templates):
        phs = sorted([*phs, *dollar_slots(text)])  # `string.Template("... $chunk_text ...")`
    for ph in phs:
        if shown_not_rendered(text, ph, None, code):
            continue
        if turns and turn_at(text, ph.start) in {"user", "assistant"}:
            continue
        if item_card_field(text, ph):
            continue  # `name: {{ name }}` / `description: {{ description }}`: an item's card
        kind, msg = placeholder_kind(scan, text[ph.start : ph.end], ph.expr, fills)
        if kind == "user" and persona_slot(text, ph.start, ph.end):
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
    for at, end, tag in jinja_conditions(text) if "{%" in text else ():
        if turns and turn_at(text, at) in {"user", "assistant"}:
            continue
        s, e = where(at, end)
        full = with_tools(scan, node, text)
        yield Problem("PL006", s, e, conditional_message(tag), at, None, full, None, frag)


def _fragment(scan: Scan, node: ast.AST) -> bool:
    """A module-level `NAME = \"\"\"...\"\"\"` or f-string (maybe `.strip()`-ed) that this file
    never uses: a piece of a prompt assembled elsewhere, so the text after it is not known here."""
    cur = scan.parents.get(node)
    while isinstance(cur, ast.Attribute | ast.Call):
        cur = scan.parents.get(cur)
    if not isinstance(cur, ast.Assign) or not isinstance(scan.parents.get(cur), ast.Module):
        return False
    names = [t.id for t in cur.targets if isinstance(t, ast.Name)]
    return bool(names) and not any(scan.uses.get(n) for n in names)


def _system_item(node: ast.AST) -> bool:
    """A system message being appended: `{"role": "system", ...}` or `SystemMessage(...)`."""
    if isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values, strict=True):
            if isinstance(k, ast.Constant) and k.value == "role" and isinstance(v, ast.Constant):
                return v.value in {"system", "developer"}
    if isinstance(node, ast.Call):
        return (dotted(node.func)[1] or "").startswith("System")
    return False


def _in_user_side_function(scan: Scan, node: ast.AST) -> bool:
    """Inside `def user_prompt(...)` / `def UserMessage(...)`: text built there is the user turn."""
    cur = scan.parents.get(node)
    while cur is not None:
        if isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
            return user_side(cur.name)
        cur = scan.parents.get(cur)
    return False


def _after_user_turn(scan: Scan, node: ast.If, target: ast.AST) -> bool:
    """The target already holds a hand-written user turn (`prompt += f"{im_start}user..."`)
    before this `if`: what the `if` adds comes after the user's message."""
    fn = scan.function_of(node)
    name = ast.unparse(target)
    for stmt in ast.walk(fn) if fn is not None else ():
        if not isinstance(stmt, ast.Assign | ast.AugAssign) or stmt.lineno >= node.lineno:
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if any(ast.unparse(t) == name for t in targets) and ends_in_turn(
            stmt.value, scan.assigns
        ) in {"user", "assistant"}:
            return True
    return False


def _conditional(scan: Scan, node: ast.If) -> Iterator[Problem]:
    if fixed_per_deploy(scan, node) or _in_user_side_function(scan, node):
        return
    for stmt in node.body + node.orelse:
        target = None
        if isinstance(stmt, ast.AugAssign):
            target = stmt.target
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            if isinstance(func, ast.Attribute) and func.attr in {"append", "extend", "insert"}:
                target = func.value
        if target is None:
            continue
        ws = words(ast.unparse(target).replace(".", "_"))
        if ws & {"messages", "msgs"} and not any(
            _system_item(a) for a in getattr(stmt.value, "args", ())
        ):
            continue  # building the message list, not the system text
        if ws & PROMPT_WORDS and not user_side(ast.unparse(target).replace(".", "_")):
            if _after_user_turn(scan, node, target):
                continue
            start, end = scan.span(node.test)
            cond, name = clip(ast.unparse(node.test), 60), clip(ast.unparse(target), 30)
            msg = (
                f"`{name}` gets text only when `{cond}`: "
                f"{UNKNOWN_COST} Keep the system prompt fixed and put the variable part in the "
                "last user turn"
            )
            yield Problem("PL006", start, end, msg, None, None, None)
            return


def breakpoints(scan: Scan, tree: ast.Module) -> Iterator[Problem]:
    volatile = [p for p in scan.found if p.code in {"PL001", "PL002", "PL003"}]
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or isinstance(scan.parents.get(call), ast.Call):
            continue
        marks = []
        for sub in ast.walk(call):
            if isinstance(sub, ast.Dict):
                for key in sub.keys:
                    if isinstance(key, ast.Constant) and key.value == "cache_control":
                        marks.append(scan.span(key))
        if not marks:
            continue
        marks.sort()
        if len(marks) > 4:
            s, e = marks[4]
            msg = f"{len(marks)} cache_control breakpoints in one call; Anthropic accepts at most 4"
            yield Problem("PL007", s, e, msg, None, None, None)
        lo = scan.span(call)[0]
        for s, e in marks:
            before = [p for p in volatile if lo <= p.src_start < s]
            if before:
                msg = (
                    f"cache_control breakpoint after volatile content ({before[0].code} at "
                    f"offset {before[0].src_start}): its cache entry is never read"
                )
                yield Problem("PL007", s, e, msg, None, None, None)
                break


# Python prompt code gives no rendered prompt to count: say what follows, not a cost.
UNKNOWN_COST = (
    "if it reaches the system prompt, requests on either side of the condition share "
    "no prefix after it (how many tokens follow is not known from this file)."
)


def _conditional_expr(scan: Scan, node: ast.IfExp) -> Iterator[Problem]:
    if scan.prompt_part(node) not in {"system", "template"} or fixed_per_deploy(scan, node):
        return
    if not (yields_text(scan, node.body) or yields_text(scan, node.orelse)):
        return  # `[last] if last.tool_calls else []`, `Builder(...) if x else None`: no text
    start, end = scan.span(node)
    msg = (
        f"this text depends on `{clip(ast.unparse(node.test), 60)}`: "
        f"{UNKNOWN_COST} Keep the system prompt fixed and put the variable part in the last "
        "user turn"
    )
    yield Problem("PL006", start, end, msg, None, None, None)
