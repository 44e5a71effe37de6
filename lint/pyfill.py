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

from kvscope.lint.findings import Problem
from kvscope.lint.names import SETTINGS_WORDS
from kvscope.lint.patterns import classify_expr, placeholders, words
from kvscope.lint.pyreport import WHAT, problem
from kvscope.lint.pyrun import reads, request_names
from kvscope.lint.pyscan import CACHEABLE, Scan


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


def named_kind(scan: Scan, kw: ast.keyword) -> str | None:
    """The kind of a `.format(name=value)` argument: what the value is, else what its name
    says unless the value is plainly fixed (`task=TASK`, `language=settings.language`)."""
    kind = scan.call_kind(kw.value)
    if kind or fixed_value(kw.value):
        return kind
    return classify_expr(kw.arg or "")


_MARKER_RE = re.compile(
    r"^\s*(?:<|\{\{?|\$\{?|\[|%)\s*(?P<name>[A-Za-z_][\w.]*)\s*(?:>|\}\}?|\]|%)?\s*$"
)


def replace_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
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
        yield problem(scan, kind, value, part, None, None)


def named_there(texts: list[str], name: str) -> bool:
    """Every known text of the template shows `{name}` (see `_placeholder_kind`)."""
    return all(any(ph.expr == name for ph in placeholders(t, "fstring")) for t in texts)


def format_call(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "replace":
        yield from replace_call(scan, node)
        return
    if not (isinstance(func, ast.Attribute) and func.attr == "format"):
        return
    part = scan.prompt_part(node)
    if part not in CACHEABLE:
        return
    if not (isinstance(func.value, ast.Constant) and isinstance(func.value.value, str)):
        texts = template_texts(scan, func.value)
        for kw in node.keywords:  # a named template: judge the values by their names
            kind = named_kind(scan, kw)
            if not kind or not kw.arg:
                continue
            if texts and named_there(texts, kw.arg):
                continue  # the template's own `{name}` is judged where it stands
            text = next((t for t in texts if "{" + kw.arg in t), None)  # costed on its text
            at = text.find("{" + kw.arg) if text is not None else None
            yield problem(scan, kind, kw.value, part, text, at)
        return
    template = func.value.value
    for i, arg in enumerate(node.args):
        kind = scan.value_kind(arg)
        if kind:
            at = template.find("{}") if "{}" in template else template.find("{" + str(i))
            yield problem(scan, kind, arg, part, template, max(at, 0))
    for kw in node.keywords:
        kind = named_kind(scan, kw)
        if kind and kw.arg:
            yield problem(scan, kind, kw.value, part, template, max(template.find("{" + kw.arg), 0))


def format_vars(scan: Scan, node: ast.Dict) -> Iterator[Problem]:
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
    with wherever it does (a constant everywhere: nothing; evidence: that), else its name."""
    mine = [(value, call) for name, value, call in fills if name == expr]
    if mine and all(fixed_value(value) for value, _ in mine):
        return None, ""  # `TEMPLATE.format(task=TASK)`: the same text on every request
    for value, call in mine:
        kind = fill_kind(scan, value)
        if kind and scan.prompt_part(call) in CACHEABLE:
            where = f"`{ast.unparse(value)[:50]}`, line {value.lineno}"
            return kind, f"placeholder `{shown}` is filled with {WHAT[kind]} ({where})"
    kind = classify_expr(expr)
    return kind, f"placeholder `{shown}` puts {WHAT.get(kind or '', '')} into the prompt"


def fill_kind(scan: Scan, value: ast.AST) -> str | None:
    """What a value a template is filled with is, on evidence: `call_kind`, or content
    of this request (computed from a parameter such as `messages` or `query`)."""
    kind = scan.call_kind(value)
    if kind is not None:
        return kind
    fn = scan.function_of(value)
    if fn is not None:
        if fn not in scan._request_names:
            scan._request_names[fn] = request_names(fn)
        if reads(value, scan._request_names[fn]):
            return "request"
    return None


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
                for kw in call.keywords:
                    if kw.arg:
                        scan._fills.setdefault(t, []).append((kw.arg, kw.value, call))
    return scan._fills.get(text, [])


def template_texts(scan: Scan, node: ast.AST, depth: int = 0) -> list[str]:
    """The literal texts a template expression can be, as far as this module shows:
    `REACT_PROMPT`, `scan.react_template` (assigned one), `PROMPT_TEMPLATE[lang]` (one of a
    dict of them); [] when any of it is unknown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if depth > 3:
        return []
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
    if isinstance(node, ast.Attribute):
        return scan.attr_assigns.get(node.attr, [])
    return []
