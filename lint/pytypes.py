"""Type annotations as evidence of what a parameter holds (evidence beats names).

`def block(edited: datetime)` formats a clock value into text whatever the parameter is called;
`agent_id: str` is an id; `previous_message_count: int` grows with the conversation. The
annotation says what the value is; the name (kvscope.lint.names) says what it is about:

- a parameter annotated `datetime` / `date` (also `datetime | None`, `Optional[datetime]`,
  `"datetime"`) is a clock value, except through `.year` or a `%Y` format spec;
- a parameter annotated `str` (or `UUID`) whose name ends in `_id` is an id, unless it names
  what a deploy fixes (`model_id`, `provider_id`);
- a parameter annotated `int` is a per-request count when its name or the text beside it in the
  prompt ("{count} earlier messages") counts messages, turns or history; not a setting
  (`max_results: int`, "at most {n} turns").

Locals computed from such a parameter (`stamp = format_datetime(edited, tz)`) hold the same
kind. A module whose every call of the function passes a fixed value (`block(date(2024, 1,
1))`) shows the value is not per request.
"""

from __future__ import annotations

import ast
import re
import weakref

from kvscope.lint.names import NOT_A_VALUE, SETTINGS_WORDS, name_parts, words
from kvscope.lint.pyargs import demo_nodes, passed_value
from kvscope.lint.pyflow import COARSE_ATTRS, dotted

TIME_TYPES = {"datetime", "date", "DateTime", "Timestamp", "Arrow"}
ID_TYPES = {"str", "UUID", "uuid"}
COUNT_TYPES = {"int"}
SET_TYPES = {"set", "frozenset", "Set", "FrozenSet", "AbstractSet", "MutableSet"}
# An `_id` that a deploy fixes: the model, the provider, the index searched.
FIXED_ID_WORDS = frozenset(
    {"model", "llm", "provider", "deployment", "engine", "embedding", "region", "voice", "index"}
)
COUNTED = frozenset(
    {"message", "messages", "msg", "msgs", "turn", "turns", "history", "exchange", "exchanges"}
)
# Words of a limit, in the parameter's name or right before its value ("at most {n} turns").
LIMIT_WORDS = frozenset(
    {"max", "min", "maximum", "minimum", "limit", "top", "cap", "most", "least", "up", "than"}
    | {"last", "first"}
)
YEAR_SPECS = {"%Y", "%y", "Y"}
IGNORED_CALLS = {"len", "bool", "isinstance", "type", "id"}
_WORD = re.compile(r"[a-z]+")
CONTAINERS = ast.List | ast.Tuple | ast.Set | ast.Dict | ast.ListComp | ast.GeneratorExp

_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # scan -> {fn: names}
_DEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # scan -> demo nodes


def annotation_types(node: ast.AST | None) -> set[str] | None:
    """The type names an annotation allows, `None` dropped: `Optional[datetime]` ->
    {"datetime"}; None for no annotation or one not understood."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except (SyntaxError, ValueError):  # not an expression, a null byte
            return None
    if isinstance(node, ast.Constant) and node.value is None:
        return set()
    if isinstance(node, ast.Name | ast.Attribute):
        return {dotted(node)[1]}
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = annotation_types(node.left), annotation_types(node.right)
        return None if left is None or right is None else left | right
    if isinstance(node, ast.Subscript) and dotted(node.value)[1] in {"Optional", "Union"}:
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        out: set[str] = set()
        for item in inner:
            found = annotation_types(item)
            if found is None:
                return None
            out |= found
        return out
    if isinstance(node, ast.Subscript):
        return {dotted(node.value)[1]}  # `set[str]`: a set, whatever it holds
    return None


def param_kind(name: str, annotation: ast.AST | None) -> str | None:
    """ "time", "id" or "count" (an int that may count per-request things) for a parameter."""
    types = annotation_types(annotation)
    if not types:
        return None
    ws = words(name)
    parts = [p.lower() for p in name_parts(name)]
    if types <= TIME_TYPES:
        return None if parts[-1:] and parts[-1] in NOT_A_VALUE else "time"
    if types <= ID_TYPES and len(parts) >= 2 and parts[-1] == "id":
        return None if ws & (FIXED_ID_WORDS | SETTINGS_WORDS) else "id"
    if types <= COUNT_TYPES and not ws & (LIMIT_WORDS | SETTINGS_WORDS | NOT_A_VALUE):
        return "count"
    return None


def typed_names(scan, fn: ast.AST) -> dict[str, tuple[str, ast.arg]]:
    """{name: (kind, the typed parameter it holds or is computed from)} of `fn`'s typed
    parameters (see `param_kind`) that calls in this module do not always pass fixed values
    for, and of the locals computed from them."""
    table = _TABLES.setdefault(scan, {})
    if fn in table:
        return table[fn]
    table[fn] = {}  # re-entry: nothing known
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    offset = 1 if positional and positional[0].arg in {"self", "cls"} else 0
    found: dict[str, tuple[str, ast.arg]] = {}
    for i, a in enumerate([*positional, *args.kwonlyargs]):
        kind = param_kind(a.arg, a.annotation)
        if kind is None:
            continue
        pos = i - offset if i < len(positional) else None
        if _always_fixed(scan, fn, a.arg, pos):
            continue
        found[a.arg] = (kind, a)
    if found:
        for _ in range(2):
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                    if isinstance(node.value, ast.Compare | ast.BoolOp | CONTAINERS):
                        continue  # a test, or a list of lines: its items are judged as used
                    origin = read_typed(node.value, found)
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for t in targets:
                        if origin and isinstance(t, ast.Name) and t.id not in found:
                            found[t.id] = origin
    table[fn] = found
    return found


def read_typed(node: ast.AST, names: dict[str, tuple]) -> tuple[str, ast.arg] | None:
    """(kind, parameter) of a typed name `node` reads, not through `.year`, `len()`, a test."""
    stack = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.Name) and sub.id in names:
            return names[sub.id]
        if isinstance(sub, ast.Attribute) and sub.attr in COARSE_ATTRS:
            continue
        if isinstance(sub, ast.Call) and dotted(sub.func)[1] in IGNORED_CALLS:
            continue
        if isinstance(sub, ast.Compare | ast.BoolOp | ast.Lambda):
            continue
        if isinstance(sub, ast.FormattedValue) and _year_spec(sub):
            continue  # `f"{edited:%Y}"`: a year
        stack.extend(ast.iter_child_nodes(sub))
    return None


def typed_origin(scan, node: ast.AST) -> str:
    """Why `node` has its typed kind, for a message: "`edited: datetime`"."""
    fn = scan.function_of(node)
    origin = read_typed(node, typed_names(scan, fn)) if fn is not None else None
    if origin is None:
        return ""
    arg = origin[1]
    return f"`{arg.arg}: {ast.unparse(arg.annotation)[:30]}`"


def typed_kind(
    scan,
    node: ast.AST,
    field: ast.FormattedValue | None = None,
    beside: tuple[str, str] = ("", ""),
) -> str | None:
    """The kind of `node` (an expression put into text) that its typed parameters show:
    "time", "id", or "request" for a count of messages, turns or history (by the name, or by
    the words `beside` it on its line of text: before, after)."""
    fn = scan.function_of(node)
    if fn is None:
        return None
    origin = read_typed(node, typed_names(scan, fn))
    kind = origin[0] if origin is not None else None
    if kind == "time" and field is not None and _year_spec(field):
        return None  # `{edited:%Y}`: a year, not a clock
    if kind != "count":
        return kind
    name = ast.unparse(node)
    if words(name.replace(".", "_")) & COUNTED:
        return "request"
    before, after = (_WORD.findall(text.lower()) for text in beside)
    if set(before[-3:] + after[:4]) & COUNTED and not set(before[-3:]) & LIMIT_WORDS:
        return "request"  # "{count} earlier messages", not "at most {n} messages"
    return None


def numeric_param(scan, node: ast.AST) -> bool:
    """`node` is a parameter annotated `int` / `float` (maybe optional): a number, not the
    content its name may read as (`max_results: int` is how many results, not the results)."""
    fn = scan.function_of(node)
    if fn is None or not isinstance(node, ast.Name):
        return False
    args = fn.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if a.arg == node.id:
            types = annotation_types(a.annotation)
            return bool(types) and types <= {"int", "float"}
    return False


def _year_spec(field: ast.FormattedValue) -> bool:
    spec = field.format_spec
    if not isinstance(spec, ast.JoinedStr):
        return False
    text = "".join(str(v.value) for v in spec.values if isinstance(v, ast.Constant))
    return text.strip() in YEAR_SPECS


def _always_fixed(scan, fn: ast.AST, name: str, pos: int | None) -> bool:
    if scan not in _DEMO:
        _DEMO[scan] = demo_nodes(scan.tree)
    demo = _DEMO[scan]
    passed = []
    for node in scan.uses.get(fn.name, ()):
        call = scan.parents.get(node)
        if not (isinstance(call, ast.Call) and call.func is node) or call in demo:
            continue
        value = passed_value(call, name, pos)
        if value is not None:
            passed.append(value)
    return bool(passed) and all(_fixed(v) for v in passed)


def _fixed(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Name):
        return node.id.isupper()
    if isinstance(node, ast.Call):  # `date(2024, 1, 1)`, `UUID("...")`
        return bool(node.args) and all(isinstance(a, ast.Constant) for a in node.args)
    return False
