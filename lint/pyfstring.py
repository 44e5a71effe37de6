"""f-strings in Python prompt code (PL001-PL003): the values and the literal text of an
f-string that reaches a cacheable part of a prompt.

    system = f"You are a helpful assistant. Today is {date.today()}."   # PL001

A value is judged by what it is (kvscope.lint.pyscan.Scan.value_kind); one whose text is
assembled elsewhere (a joined list, a helper's result) by its pieces (kvscope.lint.pysplice).
A value after a hand-written user turn, or the agent's own name (`f"You are {name}, ..."`), is
not a hazard of the system prefix. The literal text is read for placeholders a second
formatting fills (`{{current_datetime}}`) and for values a cue names (`Current date: {d}`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem, clip
from kvscope.lint.patterns import classify_expr, placeholders, volatile_literals
from kvscope.lint.pygrow import appended_around, around, fragment, joined_around, schema_around
from kvscope.lint.pyhistory import past_history
from kvscope.lint.pyreport import WHAT, advice, problem, with_tools
from kvscope.lint.pyscan import CACHEABLE, KIND_CODES, Scan, constant_name
from kvscope.lint.pysplice import resolver, spliced
from kvscope.lint.pyturns import resolved, turn_at
from kvscope.lint.slots import persona_slot


def fstring(scan: Scan, node: ast.JoinedStr) -> Iterator[Problem]:
    if isinstance(scan.parents.get(node), ast.FormattedValue | ast.JoinedStr):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    found = _fstring_problems(scan, node, part)
    # `system += "..."` later, the other items of a joined list: lost after the value too
    found = around(around(found, *joined_around(scan, node)), *appended_around(scan, node))
    if part == "tools":  # the later definitions of a literal schema follow it too
        found = around(found, *schema_around(scan, node))
    if fragment(scan, node):  # what follows it is not in this file: no floor
        found = (p._replace(fragment=True) for p in found)
    yield from past_history(scan, node, found)


def _fstring_problems(scan: Scan, node: ast.JoinedStr, part: str) -> Iterator[Problem]:
    text, positions = "", []
    full, at_full = "", {}  # the text costs are counted on: the fields' own text where known
    for value in node.values:
        if isinstance(value, ast.Constant):
            text += str(value.value)
            full += str(value.value)
        else:
            positions.append((len(text), value))
            at_full[len(text)] = len(full)
            text += "{}"
            full += _field_text(scan, value)
    judged = set()
    chat, starts = resolved(node, scan.assigns)
    for (pos, value), at in zip(positions, starts, strict=True):
        if turn_at(chat, at) in {"user", "assistant"}:
            judged.add(pos)  # after a hand-written user turn marker: not the system prefix
            continue
        if isinstance(value, ast.FormattedValue) and _composed_local(scan, value.value):
            beside = (chat[:at].rsplit("\n", 1)[-1], chat[at + 2 :].split("\n", 1)[0])
            holes = list(spliced(scan, value.value, part, full, at_full[pos], True, beside, value))
            if holes:  # `text = "\n".join(f"{m['content']}" for m in messages)`: its holes
                judged.add(pos)
                yield from holes
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
                yield problem(scan, kind, value.value, part, full, at_full[pos])
            else:  # assembled text (a joined list, a helper's result) or a typed value
                beside = (chat[:at].rsplit("\n", 1)[-1], chat[at + 2 :].split("\n", 1)[0])
                yield from spliced(scan, value.value, part, full, at_full[pos], True, beside, value)
    yield from _fstring_text(scan, node, text, judged, dict(positions))


def _composed_local(scan: Scan, node: ast.AST) -> bool:
    """A local of the function bound only to text it writes around its values (an f-string,
    lines of a comprehension joined): what varies in it enters the prompt where it is written,
    not where the local is."""
    if not isinstance(node, ast.Name) or scan.function_of(node) is None:
        return False
    values = scan.assigns.get(node.id, ())
    return bool(values) and all(isinstance(v, ast.JoinedStr) or _joined_lines(v) for v in values)


def _joined_lines(value: ast.AST) -> bool:
    """`"\n".join(f"{m['role']}: {m['content']}" for m in messages)`: lines written around
    each item (not bare items, `"\n".join(lines)`, which enter where the joined text does)."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "join"
        and len(value.args) == 1
    ):
        return False
    arg = value.args[0]
    return isinstance(arg, ast.ListComp | ast.GeneratorExp) and isinstance(arg.elt, ast.JoinedStr)


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


def _field_text(scan: Scan, field: ast.AST) -> str:
    """What an f-string field adds to the prompt's text, for costing: the text a plain field
    holds where the module shows it (`{BASE_PROMPT}`, `{self.instructions}` of a class
    attribute, a helper's return), else a hole `{}`. `f"Today is {d}. {self.instructions}"`
    costs the instructions after the date."""
    if not isinstance(field, ast.FormattedValue) or field.format_spec or field.conversion != -1:
        return "{}"
    return resolver(scan).text_of(field.value) or "{}"
