"""Conditionals in Python prompt code (PL006): which build system text per request.

A conditional matters only when it changes the *text* of the system prompt from one request to
the next. Decided on data flow, not on names:

- a conditional expression counts only when a branch yields string text (a literal, an
  f-string, a `.format()`/`.join()` result, a name bound to text); a list of message objects,
  a builder instance (`ChatPromptBuilder(...)`) or None is not text, even in a function named
  `..._messages`;
- a condition that is the same for every request of a deploy, a template or a program
  instance is not per request: settings, flags and constants (kvscope.lint.names.deploy_fixed),
  a test of the template's own content (`if MARKER not in system_prompt`), a program's
  signature (`if signature.instructions`) and attributes set only in `__init__`
  (`if self.use_tools`).
"""

from __future__ import annotations

import ast

from kvscope.lint.names import SETTINGS_WORDS, deploy_fixed
from kvscope.lint.patterns import words
from kvscope.lint.pyflow import dotted
from kvscope.lint.pypart import PATH_CALLS, PROMPT_WORDS
from kvscope.lint.pypieces import params
from kvscope.lint.pyscan import Scan

# Calls whose result is the deploy's configuration (`get_config()`, `os.getenv("MODE")`).
FIXED_CALLS = {"getenv", "get_setting", "get_settings", "get_config", "load_config"}
# Methods and functions whose result is a string.
TEXT_CALLS = {
    "format",
    "format_map",
    "join",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "dedent",
    "indent",
    "render",
    "substitute",
    "safe_substitute",
    "str",
    "upper",
    "lower",
}
# Names that say "text of a prompt" (not the message list, which PROMPT_WORDS also holds).
TEXT_WORDS = PROMPT_WORDS - {"messages", "sys"}
# A program's definition, fixed once the program is built (DSPy's `signature.instructions`).
PROGRAM_WORDS = {"signature"}
MAX_HOPS = 4


def yields_text(scan: Scan, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
    """True when `node` evaluates to prompt text: a string, or a list of strings (lines joined
    later), or a system message. Names are followed through their assignments; a name met
    again (`a = b; b = a`) or a chain longer than MAX_HOPS is unknown: False."""
    if len(seen) > MAX_HOPS:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return yields_text(scan, node.left, seen) or yields_text(scan, node.right, seen)
    if isinstance(node, ast.IfExp):
        return yields_text(scan, node.body, seen) or yields_text(scan, node.orelse, seen)
    if isinstance(node, ast.List | ast.Tuple):
        return bool(node.elts) and all(yields_text(scan, e, seen) for e in node.elts)
    if isinstance(node, ast.Call):
        return _call_text(scan, node, seen)
    if isinstance(node, ast.Name):
        if node.id in seen:
            return False
        values = scan.assigns.get(node.id, [])
        if values:
            return any(yields_text(scan, v, seen | {node.id}) for v in values)
        return node.id.isupper() or bool(words(node.id) & TEXT_WORDS)
    if isinstance(node, ast.Attribute):
        key = "." + node.attr
        if key in seen:
            return False
        values = scan.attr_assigns.get(node.attr, [])
        if values:
            return any(yields_text(scan, v, seen | {key}) for v in values)
        return node.attr.isupper() or bool(words(node.attr) & TEXT_WORDS)
    if isinstance(node, ast.Subscript):
        base = node.value
        name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
        return bool(words(name) & TEXT_WORDS) or name.isupper()
    return False


def _call_text(scan: Scan, node: ast.Call, seen: frozenset[str]) -> bool:
    recv, attr = dotted(node.func)
    name = attr or recv
    if name in TEXT_CALLS:
        return True
    if name in PATH_CALLS:
        return False  # `env.get_template(...)` loads a template object; its `.render()` is text
    if name[:1].isupper():
        return name.startswith("System")  # `SystemMessage(...)`; other classes are objects
    key = name + "()"
    if key in seen:
        return False
    for fn in ast.walk(scan.tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and fn.name == name:
            returns = [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value]
            return any(yields_text(scan, r, seen | {key}) for r in returns)
    return bool(words(name) & TEXT_WORDS)  # `load_prompt("a")`, defined elsewhere


def fixed_per_deploy(scan: Scan, node: ast.If | ast.IfExp) -> bool:
    """True when the condition is the same for every request: it reads only constants
    (`DEBUG`), settings (`settings.X`, `config.flag`), the environment (`os.environ`,
    `os.getenv`), the template's own text, a program's signature, or attributes set only in
    `__init__`."""
    names = [n for n in ast.walk(node.test) if isinstance(n, ast.Name)]
    if not names or deploy_fixed(ast.unparse(node.test)) or _tests_the_template(scan, node.test):
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
        and _root(test.left) in loop_vars
    ):
        return True  # `for field in fields: if field == "Examples"` / `tmpl["role"] == "system"`
    if _dedupes(node):
        return True
    if any(_role_test(sub) for sub in ast.walk(test)):
        return True  # `if messages[-1]["role"] == "user": prompt += "A: "`: the transcript's form
    return all(_fixed_name(scan, n, node, frozenset()) for n in names)


def _role_test(node: ast.AST) -> bool:
    """`msg["role"] == "user"`, `m.role in ("assistant", "tool")`: which turn a message is, a
    question of the transcript's shape, not of what the system prompt says."""
    if not isinstance(node, ast.Compare) or not all(
        isinstance(c, ast.Constant | ast.Tuple | ast.List | ast.Set) for c in node.comparators
    ):
        return False
    left = node.left
    if isinstance(left, ast.Subscript):
        key = left.slice
        return isinstance(key, ast.Constant) and key.value == "role"
    return isinstance(left, ast.Attribute) and left.attr == "role"


# Builtins that read an object without making data of their own (and `os`, the environment).
NEUTRAL_CALLS = {"hasattr", "getattr", "isinstance", "len", "bool", "str", "callable", "type", "os"}


def _fixed_name(scan: Scan, n: ast.Name, where: ast.AST, seen: frozenset[str]) -> bool:
    """The name `n` (read at `where`) holds the same value on every request: a constant, a
    setting, `self.<attr>` set only in `__init__`, a `bool` parameter (a mode switch), or a
    local bound once, to a value of those (`skills = self.agent.skills if self.agent else ""`)."""
    ws = words(n.id)
    parent = scan.parents.get(n)
    if _run_config(scan, n):
        return False  # LangGraph's `config["configurable"]["user_id"]`: this run's
    if n.id.isupper() or ws & (SETTINGS_WORDS | PROGRAM_WORDS) or n.id in NEUTRAL_CALLS:
        return True
    if isinstance(parent, ast.Attribute) and (
        parent.attr.isupper() or words(parent.attr) & (SETTINGS_WORDS | PROGRAM_WORDS)
    ):
        return True  # self.config..., app.DEBUG, self.signature.instructions
    if n.id == "self":
        return isinstance(parent, ast.Attribute) and _set_in_init(scan, parent.attr)
    fn = scan.function_of(where)
    if fn is None or n.id in seen or len(seen) > MAX_HOPS:
        return False
    if _bool_param(fn, n.id):
        return True
    values = [
        v
        for v in scan.assigns.get(n.id, [])
        if scan.function_of(v) is fn and v.lineno < getattr(where, "lineno", 0)
    ]
    if len(values) != 1 or n.id in params(fn):
        return False  # bound twice (`found = False` ... `found = True`): control flow decides
    return all(
        _fixed_name(scan, m, v, seen | {n.id})
        for v in values
        for m in ast.walk(v)
        if isinstance(m, ast.Name)
    )


def _run_config(scan: Scan, n: ast.Name) -> bool:
    """`n` is read for its `configurable` part (`config["configurable"]["user_id"]`,
    `config.configurable`): LangGraph's per-run values, not the deploy's settings."""
    cur = scan.parents.get(n)
    while isinstance(cur, ast.Subscript | ast.Attribute):
        key = cur.attr if isinstance(cur, ast.Attribute) else getattr(cur.slice, "value", None)
        if key == "configurable":
            return True
        cur = scan.parents.get(cur)
    return False


def _bool_param(fn: ast.AST, name: str) -> bool:
    a = fn.args
    return any(
        x.arg == name and isinstance(x.annotation, ast.Name) and x.annotation.id == "bool"
        for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)
    )


def _root(node: ast.AST) -> str | None:
    """`tmpl` of `tmpl["role"]` or `tmpl.role`."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _dedupes(node: ast.If | ast.IfExp) -> bool:
    """`if instr not in parts: parts.append(instr)`: a membership test on the list being built
    keeps an item from coming twice; it decides no text of its own."""
    test = node.test
    if not (
        isinstance(node, ast.If)
        and isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.NotIn)
    ):
        return False
    pool = ast.unparse(test.comparators[0])
    return any(
        isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and c.func.attr in {"append", "extend", "insert", "add"}
        and ast.unparse(c.func.value) == pool
        for stmt in node.body
        for c in ast.walk(stmt)
    )


def _tests_the_template(scan: Scan, test: ast.AST) -> bool:
    """`if MARKER not in system_prompt`: whether the template holds a fixed marker is the
    same for every request that uses the template."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not isinstance(test, ast.Compare) or not all(
        isinstance(op, ast.In | ast.NotIn) for op in test.ops
    ):
        return False
    where = test.comparators[-1]
    name = where.id if isinstance(where, ast.Name) else getattr(where, "attr", "")
    return bool(words(name) & TEXT_WORDS) and _constant_text(scan, test.left, frozenset())


def _constant_text(scan: Scan, node: ast.AST, seen: frozenset[str]) -> bool:
    """Text fixed in code: literals, UPPER constants and names bound only to those."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _constant_text(scan, node.left, seen) and _constant_text(scan, node.right, seen)
    if isinstance(node, ast.JoinedStr):
        return all(
            _constant_text(scan, v.value if isinstance(v, ast.FormattedValue) else v, seen)
            for v in node.values
        )
    if isinstance(node, ast.Name):
        if node.id.isupper():
            return True
        values = scan.assigns.get(node.id, [])
        if node.id in seen or len(seen) > MAX_HOPS or not values:
            return False
        return all(_constant_text(scan, v, seen | {node.id}) for v in values)
    return False


def _set_in_init(scan: Scan, attr: str) -> bool:
    """`self.<attr>` is bound in this module only inside `__init__`: fixed per instance."""
    found = False
    for node in ast.walk(scan.tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr == attr
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    fn = scan.function_of(node)
                    if fn is None or fn.name != "__init__" or isinstance(node, ast.AugAssign):
                        return False
                    found = True
    return found
