"""Where a Python template is filled, and with what: `.format(k=v)` on a named template (its
attribute, a dict of templates), a dict of values handed on as `**variables`, and
`.replace("<marker>", value)`. A placeholder is judged by its fill (a constant everywhere is
fixed; a clock, id or user value, or content computed from the request, is volatile) before its
name is; the rules that use this live in kvscope.lint.pyrules.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from kvscope.lint.findings import Problem
from kvscope.lint.patterns import classify_expr, placeholders
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyreport import WHAT, problem
from kvscope.lint.pyscan import CACHEABLE, Scan
from kvscope.lint.pysections import fallback_default
from kvscope.lint.pysplice import fixed_value, resolver, spliced
from kvscope.lint.pystate import constant_state
from kvscope.lint.pytables import splat_keys


def named_kind(scan: Scan, kw: ast.keyword) -> str | None:
    """The kind of a `.format(name=value)` argument: what the value is, else what its name
    says unless the value is plainly fixed (`task=TASK`, `language=settings.language`)."""
    kind = scan.call_kind(kw.value)
    if kind or fixed_value(kw.value) or scan.literal_text(kw.value) or scan.table_value(kw.value):
        return kind  # `input=input` of an `input = "{input}"`: text written in code
    return classify_expr(kw.arg or "")


_MARKER_RE = re.compile(
    r"^\s*(?:<|\{\{?|\$\{?|\[|%)\s*(?P<name>[A-Za-z_][\w.]*)\s*(?:>|\}\}?|\]|%)?\s*$"
)


def replace_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    """`template.replace("<date>", today())`: a marker filled by hand. The marker is a literal
    or a constant expression (`"{" + KEYWORD + "}"`, a name bound to one); the value decides,
    costed from the marker in the template's text: its holes when it is assembled text
    (kvscope.lint.pysplice), else the whole value, judged by the marker's name when there is
    no evidence and it is not plainly fixed."""
    if len(node.args) != 2 or node.keywords:
        return
    marker, value = node.args
    from kvscope.lint.pyfilltable import table_entries, table_fills

    entries = table_entries(scan, node)
    if entries:
        yield from table_fills(scan, node, entries)
        return
    constant, mark = marker_text(scan, marker)
    if not constant:
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    text = next(
        (t for t in template_texts(scan, template_receiver(node)) if mark and mark in t), None
    )
    at = text.find(mark) if text is not None and mark else None
    fact = scan.facts.kind(value)
    written = any(p.node is None and p.text.strip() for p in resolver(scan).pieces(value) or [])
    if written or fact is None:  # assembled text (`prefix = f"Now: {date_time_text}..."`): its
        found = list(spliced(scan, value, part, text, at))  # values enter where they stand
        if found:
            yield from found
            return
    kind = fact or scan.call_kind(value)
    if kind is None and not fixed_value(value):
        name = _MARKER_RE.match(mark) if mark is not None else None
        kind = classify_expr(name.group("name") if name else _marker_name(marker))
        if kind is None and isinstance(value, ast.Name | ast.Attribute):
            kind = scan.value_kind(value)  # `.replace("DATUM", date)`: the value's own name
    if kind is not None:
        span = None
        if mark:  # `"""...Today is DATUM..."""`.replace("DATUM", date): on the marker's line
            bounded = (
                r"(?<!\w)" + re.escape(mark) + r"(?!\w)" if mark.isalnum() else re.escape(mark)
            )
            span = literal_span(scan, template_receiver(node), re.compile(bounded), value)
        yield problem(scan, kind, value, part, text, at, span)


TURN_ROLES = {"user", "assistant", "human", "ai", "model", "tool", "function"}


def _turn_argument(scan: Scan, node: ast.AST) -> bool:
    """`Message("user", "\n".join(dialogue))`: the text of a turn the role names first."""
    call = scan.parents.get(node)
    if not isinstance(call, ast.Call) or node not in call.args[1:]:
        return False
    role = call.args[0]
    return isinstance(role, ast.Constant) and str(role.value).lower() in TURN_ROLES


def template_receiver(node: ast.Call) -> ast.AST:
    """The template a chain of fills starts from: `T.replace(a, x).replace(b, y)` -> `T`."""
    cur = node.func.value
    while (
        isinstance(cur, ast.Call)
        and isinstance(cur.func, ast.Attribute)
        and cur.func.attr in {"replace", "strip"}
    ):
        cur = cur.func.value
    return cur


def marker_text(scan: Scan, node: ast.AST, depth: int = 0) -> tuple[bool, str | None]:
    """(is `node` a constant expression, its text when this module shows it): a literal,
    `"{" + KEYWORD + "}"`, an f-string of constants, an UPPER name, a local bound once to one
    of those."""
    if depth > 4:
        return False, None
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str), node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        (lc, lt), (rc, rt) = (
            marker_text(scan, node.left, depth + 1),
            marker_text(scan, node.right, depth + 1),
        )
        return lc and rc, lt + rt if lt is not None and rt is not None else None
    if isinstance(node, ast.JoinedStr):
        texts = [
            marker_text(scan, v.value if isinstance(v, ast.FormattedValue) else v, depth + 1)
            for v in node.values
        ]
        known = all(t is not None for _, t in texts)
        return all(c for c, _ in texts), "".join(t for _, t in texts) if known else None
    if isinstance(node, ast.Name | ast.Attribute):
        name = node.id if isinstance(node, ast.Name) else node.attr
        if isinstance(node, ast.Name) and not name.isupper():
            scope = resolver(scan)._binding_scope(node)
            values = resolver(scan).bindings(scope).get(name, [])
            if len(values) != 1 or isinstance(values[0], ast.AugAssign):
                return False, None
            return marker_text(scan, values[0], depth + 1)
        if not name.isupper():
            return False, None
        table = scan.assigns if isinstance(node, ast.Name) else scan.attr_assigns
        values = table.get(name, [])
        if len(values) == 1:
            const, text = marker_text(scan, values[0], depth + 1)
            return True, text if const else None
        return True, None  # imported or rebound: a constant whose text is elsewhere
    return False, None


def _marker_name(node: ast.AST) -> str:
    names = [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]
    return names[-1] if names else ""


def named_there(texts: list[str], name: str) -> bool:
    """Every known text of the template shows `{name}` (see `_placeholder_kind`)."""
    return all(any(ph.expr == name for ph in placeholders(t, "fstring")) for t in texts)


def format_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "replace":
        yield from replace_call(scan, node)
        return
    if isinstance(func, ast.Attribute) and func.attr == "join":
        part = scan.prompt_part(node)
        if part in CACHEABLE and not _turn_argument(scan, node):
            yield from spliced(scan, node, part, None, None, own=True)  # the lines' own fields
        return
    if not (isinstance(func, ast.Attribute) and func.attr == "format"):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    if not (isinstance(func.value, ast.Constant) and isinstance(func.value.value, str)):
        texts = template_texts(scan, func.value)
        for kw in node.keywords:  # a named template: judge the values by their names
            if not kw.arg:
                continue
            kind = named_kind(scan, kw)
            text = next((t for t in texts if "{" + kw.arg in t), None)  # costed on its text
            at = text.find("{" + kw.arg) if text is not None else None
            if not kind:  # assembled text: its holes; a local's value at the `{name}` it fills
                slot = placeholder_span(scan, func.value, kw)
                yield from spliced(scan, kw.value, part, text, at, slot=slot)
                continue
            if texts and named_there(texts, kw.arg):
                continue  # the template's own `{name}` is judged where it stands
            span = placeholder_span(scan, func.value, kw)
            yield problem(scan, kind, kw.value, part, text, at, span)
        return
    template = func.value.value
    for i, arg in enumerate(node.args):
        kind = scan.value_kind(arg)
        at = template.find("{}") if "{}" in template else template.find("{" + str(i))
        if kind:
            yield problem(scan, kind, arg, part, template, max(at, 0))
        else:
            yield from spliced(scan, arg, part, template, max(at, 0))
    for kw in node.keywords:
        if not kw.arg:
            continue
        kind = named_kind(scan, kw)
        at = max(template.find("{" + kw.arg), 0)
        span = placeholder_span(scan, func.value, kw)
        if kind:
            yield problem(scan, kind, kw.value, part, template, at, span)
        else:
            yield from spliced(scan, kw.value, part, template, at, slot=span)


def placeholder_span(scan: Scan, receiver: ast.AST, kw: ast.keyword) -> tuple[int, int] | None:
    """Where `{name}` stands in the source, when exactly one string literal of the `.format`
    receiver (`"...".format`, `textwrap.dedent(TEXT).format`) holds it once, on another line
    than the keyword that fills it: the text varies there, so the finding goes on that line
    (a one-line `"...{x}...".format(x=...)` keeps it on the value)."""
    name = kw.arg or ""
    pattern = re.compile(r"(?<!\{)\{" + re.escape(name) + r"(?=[}!:\[.])")
    span = literal_span(scan, receiver, pattern, kw.value)
    return (span[0], span[0] + len(name) + 2) if span else None


def literal_span(
    scan: Scan, receiver: ast.AST, pattern: re.Pattern, value: ast.AST
) -> tuple[int, int] | None:
    """Where `pattern` stands in the source, when exactly one string literal of `receiver` (or
    of the one value a name receiver is bound to) holds it once, on another line than `value`,
    which fills it there."""
    hits = []
    if isinstance(receiver, ast.Name) and len(scan.assigns.get(receiver.id, ())) == 1:
        receiver = scan.assigns[receiver.id][0]  # `TEMPLATE.format(...)`: its one literal
    for node in ast.walk(receiver):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            segment = ast.get_source_segment(scan.source, node) or ""
            hits += [(node, m) for m in pattern.finditer(segment)]
    if len(hits) != 1:
        return None
    node, m = hits[0]
    start = scan.offset(node.lineno, node.col_offset) + m.start()
    if scan.source.count("\n", 0, start) + 1 == value.lineno:
        return None
    return start, start + m.end() - m.start()


# The keys of a LangChain / LangGraph RunnableConfig: how a run is traced and checkpointed.
RUN_CONFIG_KEYS = {"configurable", "callbacks", "recursion_limit", "run_name", "run_id"}


def format_vars(scan: Scan, node: ast.Dict) -> Iterator[Problem]:
    """`variables = {"date": date.today(), ...}` handed to `template.format(**variables)` or
    to a helper whose result is the system prompt: the values are what the template shows."""
    pairs = [
        (k.value, v)
        for k, v in zip(node.keys, node.values, strict=True)
        if isinstance(k, ast.Constant) and isinstance(k.value, str)
    ]
    if any(k in RUN_CONFIG_KEYS for k, _ in pairs):
        return  # LangChain's run config (`{"configurable": {"thread_id": ...}}`): no template's
    found = [(v, kind) for _, v in pairs if (kind := scan.call_kind(v)) in {"time", "id", "user"}]
    if not found:
        return
    part = fed_part(scan, node)
    if part in CACHEABLE:
        for value, kind in found:
            yield problem(scan, kind, value, part, None, None)


def fed_part(scan: Scan, node: ast.AST, depth: int = 0) -> str | None:
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
                part = fed_part(scan, use, depth + 1)
                if part in CACHEABLE:
                    return part
    return None


def placeholder_kind(scan: Scan, shown: str, expr: str, fills: list) -> tuple[str | None, str]:
    """The kind of a template's placeholder and the finding's message: what the file fills it
    with wherever it does (a constant everywhere: nothing; evidence: that), else its name.
    `fills` are (name, value, call) of this module, or (name, value, call, scan) of the module
    importing the template (kvscope.lint.pyimportfills), judged by that module's scan."""
    mine = [(v, call, (by or [scan])[0]) for name, v, call, *by in fills if name == expr]
    if mine and all(
        fixed_value(v) or at.table_value(v) or constant_state(at.path, v) for v, _, at in mine
    ):
        return None, ""  # `TEMPLATE.format(task=TASK)`: the same text on every request
    named = classify_expr(expr)
    for v, call, at in mine:
        kind = fill_kind(at, v)
        if kind == "request" and named in {"time", "id"}:
            kind = named  # `current_time=state.get("current_time")`: a clock
        if kind and (_renders_messages(call) or at.prompt_part(call) in CACHEABLE):
            module = "" if at is scan else f"{Path(at.path).name} "
            where = f"`{ast.unparse(v)[:50]}`, {module}line {v.lineno}"
            return kind, f"placeholder `{shown}` is filled with {WHAT[kind]} ({where})"
    return named, f"placeholder `{shown}` puts {WHAT.get(named or '', '')} into the prompt"


def _renders_messages(call: ast.Call) -> bool:
    """`chat_template.format_messages(...)`: the messages it renders carry their own roles, so
    the template's role decides, not where the rendered list goes."""
    return isinstance(call.func, ast.Attribute) and call.func.attr in {
        "format_messages",
        *INVOKE_METHODS,  # `chain.ainvoke({...})` of a prompt built from messages
    }


def fill_kind(scan: Scan, value: ast.AST) -> str | None:
    """What a value a template is filled with is, on evidence: `call_kind`, or content
    of this request (computed from a parameter such as `messages` or `query`)."""
    kind = scan.call_kind(value)
    if kind is not None:
        return kind
    return "request" if scan.reads_request(value) else None


def keyword_fills(scan: Scan, call: ast.Call) -> list[tuple[str, ast.AST]]:
    """(placeholder, value) of a `.format(...)` call's keywords; a `**profile` of a literal
    table of the project (kvscope.lint.pytables) fills each of its keys with fixed text."""
    out = [(kw.arg, kw.value) for kw in call.keywords if kw.arg]
    for kw in (k for k in call.keywords if k.arg is None):
        out += [(key, ast.Constant(value="")) for key in splat_keys(scan, kw.value)]
    return out


def invoked_fills(scan: Scan, prompt: ast.Call) -> list[tuple[str, ast.AST, ast.Call]]:
    """(placeholder, value, call) of the input dicts the prompt object `prompt` (a
    `ChatPromptTemplate.from_messages(...)` of this module) is invoked with."""
    return [
        (key, value, invoke)
        for invoke, inputs in invoke_calls(scan)
        if chain_root(scan, invoke.func.value) is prompt
        for key, value in inputs
    ]


def fills_of(scan: Scan, text: str) -> list[tuple[str, ast.AST, ast.Call]]:
    """(placeholder name, value, call) of every `.format(name=value)` in this module whose
    template can be `text`."""
    if scan._fills is None:
        scan._fills = {}
        for call in scan._format_calls:
            receiver = call.func.value
            if isinstance(receiver, ast.Constant):
                continue
            for t in template_texts(scan, receiver):
                for key, value in keyword_fills(scan, call):
                    scan._fills.setdefault(t, []).append((key, value, call))
        for call, inputs in invoke_calls(scan):
            for t in chain_texts(scan, call.func.value):
                for key, value in inputs:
                    scan._fills.setdefault(t, []).append((key, value, call))
    return scan._fills.get(text, [])


INVOKE_METHODS = frozenset(["invoke", "ainvoke", "stream", "astream"])


def invoke_calls(scan: Scan) -> list[tuple[ast.Call, list[tuple[str, ast.AST]]]]:
    """LangChain's fills: `chain.ainvoke({"input": q, "json_schema": request.jsonSchema})`, a
    dict of the prompt's variables (keyed by literal strings) given to a runnable."""
    out = []
    for n in ast.walk(scan.tree):
        if not (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in INVOKE_METHODS
            and n.args
            and isinstance(n.args[0], ast.Dict)
        ):
            continue
        d = n.args[0]
        inputs = [
            (k.value, v)
            for k, v in zip(d.keys, d.values, strict=True)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        ]
        if inputs:
            out.append((n, inputs))
    return out


def chain_texts(scan: Scan, node: ast.AST) -> list[str]:
    """The literal texts of the prompt a runnable starts with: `UPDATE_CHAIN = (UPDATE_PROMPT |
    model.with_structured_output(...)).with_config(...)`, `UPDATE_PROMPT =
    ChatPromptTemplate.from_messages([("system", "..."), ("human", "{input}")])`; [] when it
    is not known here."""
    root = chain_root(scan, node)
    if root is None:
        return []
    return [
        c.value for c in ast.walk(root) if isinstance(c, ast.Constant) and isinstance(c.value, str)
    ]


def chain_root(scan: Scan, node: ast.AST, depth: int = 0) -> ast.Call | None:
    """The prompt object (`ChatPromptTemplate.from_messages([...])`) a runnable expression
    starts with, through names it is bound to (in the same function first) and pipes."""
    while depth <= 4:
        if isinstance(node, ast.Call) and prompt_call(node):
            return node
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node = node.func.value  # `.with_config(...)`, `.with_retry()`: the same runnable
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            node = node.left  # `prompt | model | parser`: the prompt renders first
        else:
            values = _local_values(scan, node) or _bound_values(scan, node)
            if len(values) != 1:
                return None
            node, depth = values[0], depth + 1
    return None


def _local_values(scan: Scan, node: ast.AST) -> list[ast.AST]:
    """The values a name is assigned in the function it is read in."""
    fn = scan.function_of(node) if isinstance(node, ast.Name) else None
    if fn is None:
        return []
    return [
        a.value
        for a in ast.walk(fn)
        if isinstance(a, ast.Assign)
        and len(a.targets) == 1
        and isinstance(a.targets[0], ast.Name)
        and a.targets[0].id == node.id
    ]


def prompt_call(call: ast.Call) -> bool:
    """`ChatPromptTemplate.from_messages(...)`, `PromptTemplate.from_template(...)`,
    `ChatPromptTemplate([...])`: a prompt object built from literal messages."""
    recv, name = dotted(call.func)
    return name.endswith("PromptTemplate") or (
        name in {"from_messages", "from_template"} and recv.endswith("PromptTemplate")
    )


def template_texts(scan: Scan, node: ast.AST, depth: int = 0) -> list[str]:
    """The literal texts a template expression can be, as far as this module shows:
    `REACT_PROMPT`, `scan.react_template` (assigned one), `PROMPT_TEMPLATE[lang]` (one of a
    dict of them); [] when any of it is unknown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if depth > 3:
        return []
    if default := fallback_default(node):  # `custom if custom else self.TEMPLATE`: the code's
        return template_texts(scan, default, depth + 1)  # own text; a caller's is not known
    table = isinstance(node, ast.Subscript)
    values = _bound_values(scan, node.value if table else node)
    out: list[str] = []
    for value in values:
        if table != isinstance(value, ast.Dict):
            return []
        for item in value.values if table else [value]:
            texts = template_texts(scan, item, depth + 1)
            if not texts:
                return []
            out += texts
    return out


def _bound_values(scan: Scan, node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Name):
        return scan.assigns.get(node.id, [])
    if isinstance(node, ast.Attribute):  # `self.t = ...`, else a class's own `SYSTEM = "..."`
        return scan.attr_assigns.get(node.attr) or [
            v
            for v in scan.assigns.get(node.attr, [])
            if isinstance(scan.parents.get(scan.parents.get(v)), ast.ClassDef)
        ]
    return []
