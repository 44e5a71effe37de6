"""The per-node checks behind kvscope.lint.pyscan (one function per hazard)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kvscope.lint.findings import Problem
from kvscope.lint.names import SETTINGS_WORDS, deploy_fixed
from kvscope.lint.patterns import (
    classify_expr,
    placeholders,
    quiet_spans,
    shown_not_rendered,
    volatile_literals,
    words,
)
from kvscope.lint.pyorder import (
    check_json_dumps,
    check_tools_assign,
    check_tools_keyword,
    check_tools_loop,
)
from kvscope.lint.pyscan import (
    CACHEABLE,
    KIND_CODES,
    PROMPT_WORDS,
    Scan,
    dotted,
    user_side,
)
from kvscope.lint.pyturns import ends_in_turn, resolved, turn_at

WHAT = {
    "time": "a clock value",
    "id": "a per-request id or random value",
    "user": "per-user data",
    "order": "an unsorted file listing",
    "request": "per-request content (the user's input, retrieved context, history)",
}


def visit(scan: Scan, node: ast.AST) -> Iterator[Problem]:
    if isinstance(node, ast.JoinedStr):
        yield from _fstring(scan, node)
    elif isinstance(node, ast.Call):
        yield from _format_call(scan, node)
        yield from check_json_dumps(scan, node)
        yield from check_tools_keyword(scan, node)
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
        yield from _format_vars(scan, node)
    elif isinstance(node, ast.IfExp):
        yield from _conditional_expr(scan, node)


def _problem(scan, kind, value_node, part, prefix_text, prefix_pos) -> Problem:
    start, end = scan.span(value_node)
    where = (
        "system prompt" if part == "system" else "tool definitions" if part == "tools" else "prompt"
    )
    msg = f"{WHAT[kind]} (`{ast.unparse(value_node)[:60]}`) is interpolated into the {where}"
    text = with_tools(scan, value_node, prefix_text)
    return Problem(KIND_CODES[kind], start, end, msg + _advice(kind), prefix_pos, None, text)


def with_tools(scan: Scan, node: ast.AST, text: str | None) -> str | None:
    """`text` followed by the tools sent with it: engines render tools after the system
    prompt, so a clock in the system text also costs every tool definition's tokens."""
    if text is None:
        return None
    tools = scan.tools_sent_with(node)
    return text if tools is None else f"{text}\n{tools}"


def _advice(kind: str) -> str:
    return {
        "time": "; every request gets a new prefix from here on. Move it to the last user turn "
        "or round it to the day",
        "id": "; it differs on every request. Send it as metadata, not in the prompt",
        "user": "; no two users share the prefix after it. Put per-user details in the "
        "last user turn",
        "order": "; its order follows the file system and can differ between machines and "
        "runs. Wrap it in sorted()",
        "request": "; no two requests share the prefix after it. Send it in the last user turn, "
        "after every fixed instruction",
    }[kind]


def _fstring(scan: Scan, node: ast.JoinedStr) -> Iterator[Problem]:
    if isinstance(scan.parents.get(node), ast.FormattedValue | ast.JoinedStr):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
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
            if kind is not None:
                judged.add(pos)
                yield _problem(scan, kind, value.value, part, text, pos)
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
            KIND_CODES[kind], s, s + len(escaped), msg + _advice(kind), ph.start, None, full
        )
    for lit in volatile_literals(text, concrete=False):
        if lit.start in judged:
            continue
        if lit.start in values:  # `{value}` right after a cue such as "Current date:"
            value = values[lit.start]
            s, e = scan.span(getattr(value, "value", value))
            msg = f"`{ast.unparse(value)[:60]}` is {WHAT[lit.kind]}, by the words before it,"
            full = with_tools(scan, node, text)
            yield Problem(
                KIND_CODES[lit.kind], s, e, msg + _advice(lit.kind), lit.start, None, full
            )
            continue
        at = raw.find(lit.text)
        s = start + max(at, 0)
        msg = f"`{lit.text}` looks like {WHAT[lit.kind]} baked into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(
            KIND_CODES[lit.kind],
            s,
            s + len(lit.text),
            msg + _advice(lit.kind),
            lit.start,
            None,
            full,
        )


def fixed_value(node: ast.AST) -> bool:
    """A value that is the same on every request: a literal, a CONSTANT, `settings.X`."""
    if isinstance(node, ast.Constant):
        return True
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
    if name is not None and name.isupper():
        return True
    root = node
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(root, ast.Name) and bool(words(root.id) & SETTINGS_WORDS)


def _named_kind(scan: Scan, kw: ast.keyword) -> str | None:
    """The kind of a `.format(name=value)` argument: what the value is, else what its name
    says unless the value is plainly fixed (`task=TASK`, `language=settings.language`)."""
    kind = scan.call_kind(kw.value)
    if kind or fixed_value(kw.value):
        return kind
    return classify_expr(kw.arg or "")


_MARKER_RE = re.compile(
    r"^\s*(?:<|\{\{?|\$\{?|\[|%)\s*(?P<name>[A-Za-z_][\w.]*)\s*(?:>|\}\}?|\]|%)?\s*$"
)


def _replace_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    """`template.replace("<date>", today())`: a marker filled by hand. The value decides; a
    value with no evidence is judged by the marker's name unless it is plainly fixed."""
    if len(node.args) != 2 or node.keywords:
        return
    marker, value = node.args
    if not (isinstance(marker, ast.Constant) and isinstance(marker.value, str)):
        return
    kind = scan.call_kind(value)
    if kind is None and not fixed_value(value):
        m = _MARKER_RE.match(marker.value)
        kind = classify_expr(m.group("name")) if m else None
    if kind is None:
        return
    part = scan.prompt_part(node)
    if part in CACHEABLE:
        yield _problem(scan, kind, value, part, None, None)


def _named_there(texts: list[str], name: str) -> bool:
    """Every known text of the template shows `{name}` (see `_placeholder_kind`)."""
    return all(any(ph.expr == name for ph in placeholders(t, "fstring")) for t in texts)


def _format_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "replace":
        yield from _replace_call(scan, node)
        return
    if not (isinstance(func, ast.Attribute) and func.attr == "format"):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    if not (isinstance(func.value, ast.Constant) and isinstance(func.value.value, str)):
        texts = scan.template_texts(func.value)
        for kw in node.keywords:  # a named template: judge the values by their names
            kind = _named_kind(scan, kw)
            if not kind or not kw.arg:
                continue
            if texts and _named_there(texts, kw.arg):
                continue  # the template's own `{name}` is judged where it stands
            text = next((t for t in texts if "{" + kw.arg in t), None)  # costed on its text
            at = text.find("{" + kw.arg) if text is not None else None
            yield _problem(scan, kind, kw.value, part, text, at)
        return
    template = func.value.value
    for i, arg in enumerate(node.args):
        kind = scan.value_kind(arg)
        if kind:
            at = template.find("{}") if "{}" in template else template.find("{" + str(i))
            yield _problem(scan, kind, arg, part, template, max(at, 0))
    for kw in node.keywords:
        kind = _named_kind(scan, kw)
        if kind and kw.arg:
            yield _problem(
                scan, kind, kw.value, part, template, max(template.find("{" + kw.arg), 0)
            )


FILL_CALLS = {"format", "format_map", "render", "substitute", "safe_substitute", "invoke"}


def _format_vars(scan: Scan, node: ast.Dict) -> Iterator[Problem]:
    """`variables = {"date": date.today(), ...}` handed to `template.format(**variables)` or
    to a helper whose result is the system prompt: the values are what the template shows."""
    pairs = [
        (k, v)
        for k, v in zip(node.keys, node.values, strict=True)
        if isinstance(k, ast.Constant) and isinstance(k.value, str)
    ]
    found = [(v, kind) for _, v in pairs if (kind := scan.call_kind(v)) in {"time", "id", "user"}]
    if not found:
        return
    part = _fed_part(scan, node)
    if part in CACHEABLE:
        for value, kind in found:
            yield _problem(scan, kind, value, part, None, None)


def _fed_part(scan: Scan, node: ast.AST, depth: int = 0) -> str | None:
    """The prompt part a dict of template values ends up in: through `**d` or an argument of
    a fill call, or of any call whose result is prompt text, following one assignment."""
    parent = scan.parents.get(node)
    if isinstance(parent, ast.keyword) and parent.arg is None:
        node, parent = parent, scan.parents.get(parent)
    if isinstance(parent, ast.Call) and node is not parent.func:
        return scan.prompt_part(parent)
    if isinstance(parent, ast.Assign) and depth == 0 and node is parent.value:
        for t in parent.targets:
            if not isinstance(t, ast.Name):
                continue
            for use in scan.uses.get(t.id, ()):
                if scan.function_of(use) is not scan.function_of(parent):
                    continue
                part = _fed_part(scan, use, depth + 1)
                if part in CACHEABLE:
                    return part
    return None


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
            yield _problem(scan, kind, op, part, None, len(text))
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
    fills = scan.fills_of(node.value)
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
    for ph in placeholders(text, "text"):
        if shown_not_rendered(text, ph, None, code):
            continue
        kind, msg = _placeholder_kind(scan, text[ph.start : ph.end], ph.expr, fills)
        if kind:
            s, e = where(ph.start, ph.end)
            full = with_tools(scan, node, text)
            yield Problem(
                KIND_CODES[kind], s, e, msg + _advice(kind), ph.start, None, full, None, frag
            )
    for lit in volatile_literals(text, concrete=False):
        s, e = where(lit.start, lit.end)
        msg = f"`{lit.text}` looks like {WHAT[lit.kind]} baked into the prompt"
        full = with_tools(scan, node, text)
        yield Problem(KIND_CODES[lit.kind], s, e, msg + _advice(lit.kind), lit.start, None, full)


def _placeholder_kind(scan: Scan, shown: str, expr: str, fills: list) -> tuple[str | None, str]:
    """The kind of a template's placeholder and the finding's message: what the file fills it
    with wherever it does (a constant everywhere: nothing; evidence: that), else its name."""
    mine = [(value, call) for name, value, call in fills if name == expr]
    if mine and all(fixed_value(value) for value, _ in mine):
        return None, ""  # `TEMPLATE.format(task=TASK)`: the same text on every request
    for value, call in mine:
        kind = scan.fill_kind(value)
        if kind and scan.prompt_part(call) in CACHEABLE:
            where = f"`{ast.unparse(value)[:50]}`, line {value.lineno}"
            return kind, f"placeholder `{shown}` is filled with {WHAT[kind]} ({where})"
    kind = classify_expr(expr)
    return kind, f"placeholder `{shown}` puts {WHAT.get(kind or '', '')} into the prompt"


def _fragment(scan: Scan, node: ast.AST) -> bool:
    """A module-level `NAME = \"\"\"...\"\"\"` (maybe `.strip()`-ed) that this file never uses:
    a piece of a prompt assembled elsewhere, so the text after it is not known here."""
    cur = scan.parents.get(node)
    while isinstance(cur, ast.Attribute | ast.Call):
        cur = scan.parents.get(cur)
    if not isinstance(cur, ast.Assign) or not isinstance(scan.parents.get(cur), ast.Module):
        return False
    names = [t.id for t in cur.targets if isinstance(t, ast.Name)]
    return bool(names) and not any(scan.uses.get(n) for n in names)


FIXED_CALLS = {"getenv", "get_setting", "get_config"}


def fixed_per_deploy(scan: Scan, node: ast.If | ast.IfExp) -> bool:
    """True when the condition is the same for every request: it reads only constants
    (`DEBUG`), settings (`settings.X`, `config.flag`) and the environment (`os.environ`,
    `os.getenv`)."""
    names = [n for n in ast.walk(node.test) if isinstance(n, ast.Name)]
    if not names or deploy_fixed(ast.unparse(node.test)):
        return True
    for sub in ast.walk(node.test):
        if isinstance(sub, ast.Call) and dotted(sub.func)[1] in FIXED_CALLS:
            return True
    loop_vars = set()
    cur = scan.parents.get(node)
    while cur is not None:
        if isinstance(cur, ast.For):
            loop_vars |= {t.id for t in ast.walk(cur.target) if isinstance(t, ast.Name)}
        cur = scan.parents.get(cur)
    test = node.test
    if (
        isinstance(test, ast.Compare)
        and all(isinstance(c, ast.Constant) for c in test.comparators)
        and isinstance(test.left, ast.Name)
        and test.left.id in loop_vars
    ):
        return True  # `for field in fields: if field == "Examples"`: structure, not data
    for n in names:
        ws = words(n.id)
        if n.id.isupper() or ws & SETTINGS_WORDS or n.id == "os":
            continue
        parent = scan.parents.get(n)
        if isinstance(parent, ast.Attribute) and (
            parent.attr.isupper() or words(parent.attr) & SETTINGS_WORDS
        ):
            continue  # self.config..., app.DEBUG
        return False
    return True


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
            msg = (
                f"system prompt text is added only when `{ast.unparse(node.test)[:50]}`: "
                "requests on either side of the condition share no prefix after it. Keep the "
                "system prompt fixed and put the variable part in the last user turn"
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


def _conditional_expr(scan: Scan, node: ast.IfExp) -> Iterator[Problem]:
    if scan.prompt_part(node) not in {"system", "template"} or fixed_per_deploy(scan, node):
        return
    start, end = scan.span(node)
    msg = (
        f"the system prompt depends on `{ast.unparse(node.test)[:50]}`: requests on either side "
        "of the condition share no prefix after it. Keep the system prompt fixed and put the "
        "variable part in the last user turn"
    )
    yield Problem("PL006", start, end, msg, None, None, None)
