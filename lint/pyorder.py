"""Order hazards in Python (PL004, PL005): iteration and serialisation whose order can vary.

Python dicts keep insertion order, so order varies only where it comes from an unordered source:
a set (also a parameter typed `set[str]`), a directory listing, an MCP `list_tools()`, a dict
built from those, or merged dicts whose keys depend on which sources set what.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Fix, Problem
from kvscope.lint.patterns import words
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyscan import CACHEABLE, LISTING_CALLS, SCHEMA_WORDS, TOOL_WORDS, Scan
from kvscope.lint.pytypes import SET_TYPES

LOG_CALLS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "print", "log"}


def check_json_dumps(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    recv, attr = dotted(node.func)
    if attr != "dumps" or recv not in {"json", ""} or not node.args:
        return
    for kw in node.keywords:
        if kw.arg == "sort_keys" and not (
            isinstance(kw.value, ast.Constant) and not kw.value.value
        ):
            return
    about = words(ast.unparse(node.args[0]).replace(".", "_"))
    in_prompt = scan.prompt_part(node) in CACHEABLE
    cur = scan.parents.get(node)
    while cur is not None and not isinstance(cur, ast.stmt):
        if isinstance(cur, ast.FormattedValue):
            in_prompt = in_prompt or scan.prompt_part(scan.parents[cur]) in CACHEABLE
        cur = scan.parents.get(cur)
    if not (in_prompt or about & SCHEMA_WORDS):
        return
    parent = scan.parents.get(node)
    if isinstance(parent, ast.Call) and dotted(parent.func)[1] in LOG_CALLS:
        return  # logged, not sent
    why = unordered_json(scan, node.args[0])
    if why is None:
        return  # order fixed in code: deterministic, shares perfectly
    start, end = scan.span(node)
    bad_kw = any(kw.arg == "sort_keys" for kw in node.keywords)
    fix = (
        None
        if bad_kw or any(k.arg is None for k in node.keywords)
        else Fix("py-sort-keys", end - 1)
    )
    msg = (
        f"`{ast.unparse(node)[:60]}` serialises {why} without sort_keys=True: its key order "
        "can differ between requests or processes, and every order is a new prefix"
    )
    yield Problem("PL005", start, end, msg, None, fix, None)


def unordered_json(
    scan: Scan, node: ast.AST, depth: int = 0, seen: frozenset[str] = frozenset()
) -> str | None:
    """Why the JSON of `node` has no fixed key/item order, or None when its order is fixed.

    `seen` holds the names being resolved: `x = {k: v for k, v in x.items()}` refers to
    itself, and a name met again resolves to "unknown" (None), never to recursion."""
    if depth > 3:
        return None
    if isinstance(node, ast.Dict):
        if sum(k is None for k in node.keys) and len(node.keys) > 1:
            return f"merged dicts (`{ast.unparse(node)[:40]}`)"
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return f"merged dicts (`{ast.unparse(node)[:40]}`)"
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return "an object's attributes (`__dict__`)"
    if isinstance(node, ast.Call):
        name = dotted(node.func)[1]
        if name == "vars":
            return "an object's attributes (`vars()`)"
        if name in {"list", "tuple"} and node.args:
            inner = node.args[0]
            if isinstance(inner, ast.BinOp) and isinstance(
                inner.op, ast.BitOr | ast.BitAnd | ast.Sub
            ):
                return "a list made from a set"
        spread = sum(k.arg is None for k in node.keywords)
        if name == "dict" and spread and spread + len(node.args) > 1:
            return f"merged dicts (`{ast.unparse(node)[:40]}`)"
    if isinstance(node, ast.DictComp):
        for gen in node.generators:
            why = unstable_source(scan, gen.iter, seen)
            if why:
                return f"a dict built from {why}"
        return None
    if isinstance(node, ast.Name):
        if node.id in scan.updated:
            return f"merged dicts (`{node.id}.update(...)`)"
        if node.id in seen:
            return None
        for value in scan.assigns.get(node.id, ()):
            why = unordered_json(scan, value, depth + 1, seen | {node.id})
            if why:
                return why
        return None
    why = unstable_source(scan, node, seen)
    return f"items from {why}" if why else None


def unstable_source(scan: Scan, node: ast.AST, seen: frozenset[str] = frozenset()) -> str | None:
    """Why iterating `node` has no stable order, or None (also for a name already being
    resolved in `seen`: a self- or mutually-referential assignment is not followed again)."""
    if isinstance(node, ast.Call):
        attr = dotted(node.func)[1]
        if attr == "sorted":
            return None
        if attr in {"values", "keys", "items"} and isinstance(node.func, ast.Attribute):
            built = dict_source(scan, node.func.value, seen)
            return f"dict .{attr}() of a dict built from {built}" if built else None
        if attr in {"set", "frozenset"}:
            return "a set"
        if attr in {"list", "tuple"} and node.args:
            return unstable_source(scan, node.args[0], seen)
    if isinstance(node, ast.Set) and all(isinstance(e, ast.Constant) for e in node.elts):
        return None  # a set of names or strings, not of tool definitions
    if isinstance(node, ast.Set | ast.SetComp):
        return "a set"
    if isinstance(node, ast.ListComp | ast.GeneratorExp):
        for gen in node.generators:
            why = unstable_source(scan, gen.iter, seen)
            if why:
                return why
        return None
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and dotted(sub.func)[1] in LISTING_CALLS:
            return f"a listing (`{dotted(sub.func)[1]}()`)"
    return None


def dict_source(scan: Scan, node: ast.AST, seen: frozenset[str] = frozenset()) -> str | None:
    """Why a dict's insertion order (which its views follow) can vary: it is built by a
    comprehension over a set or a file listing. A dict written in code, or filled in code
    order, iterates in the same order every time: None. A name already in `seen` (being
    resolved further up: `fields = {k: v for k, v in fields.items()}`) is unknown: None."""
    if isinstance(node, ast.Name):
        if node.id in seen:
            return None
        values, seen = scan.assigns.get(node.id, []), seen | {node.id}
    else:
        values = [node]
    for value in values:
        if isinstance(value, ast.DictComp):
            for gen in value.generators:
                why = unstable_source(scan, gen.iter, seen)
                if why:
                    return why
        elif isinstance(value, ast.Call) and dotted(value.func)[1] in {"dict", "fromkeys"}:
            for arg in value.args:
                why = unstable_source(scan, arg, seen)
                if why:
                    return why
    return None


def set_typed(scan: Scan, name: ast.Name) -> str | None:
    """Why the name `name` holds a set: a parameter annotated `set[...]`, or only set values."""
    fn = scan.parents.get(name)
    while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        fn = scan.parents.get(fn)
    if fn is not None:
        for arg in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs:
            if arg.arg == name.id and arg.annotation is not None:
                ann = arg.annotation
                base = ann.value if isinstance(ann, ast.Subscript) else ann
                if dotted(base)[1] in SET_TYPES:
                    return f"a set (`{arg.arg}: {ast.unparse(ann)}`)"
    values = scan.assigns.get(name.id, [])
    seen = frozenset({name.id})
    if values and all(unstable_source(scan, v, seen) == "a set" for v in values):
        return f"a set (`{name.id}`)"
    return None


def iterated(scan: Scan, name: str) -> bool:
    """True when the variable `name` is iterated somewhere (not only tested with `in`)."""
    for node in scan.uses.get(name, ()):
        if not isinstance(node, ast.Name):
            continue
        parent = scan.parents.get(node)
        if isinstance(parent, ast.For | ast.comprehension) and parent.iter is node:
            return True
        if isinstance(parent, ast.Starred | ast.keyword):
            return True
        if (
            isinstance(parent, ast.Call)
            and node in parent.args
            and dotted(parent.func)[1] not in {"len", "isinstance", "bool", "sorted"}
        ):
            return True
    return False


def _tools_problem(scan: Scan, value: ast.AST, why: str) -> Problem:
    start, end = scan.span(value)
    msg = (
        f"tools are built from {why} without sorting; their order (and the whole prefix) "
        "can change between processes. Wrap it in sorted(..., key=name)"
    )
    return Problem("PL004", start, end, msg, None, None, None)


def check_tools_assign(scan: Scan, node: ast.AST) -> Iterator[Problem]:
    if node.value is None:
        return
    if isinstance(node, ast.Return):
        fn = scan.parents.get(node)
        while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            fn = scan.parents.get(fn)
        names = [fn.name] if fn is not None else []
    else:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = [ast.unparse(t) for t in targets]
    if any(words(n.replace(".", "_")) & TOOL_WORDS for n in names):
        why = unstable_source(scan, node.value)
        is_set = isinstance(node.value, ast.Set | ast.SetComp) or (
            isinstance(node.value, ast.Call) and dotted(node.value.func)[1] in {"set", "frozenset"}
        )
        if is_set and not isinstance(node, ast.Return):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            plain = [t.id for t in targets if isinstance(t, ast.Name)]
            if plain and not any(iterated(scan, n) for n in plain):
                return  # a set used only for membership tests has no order to leak
        if why:
            yield _tools_problem(scan, node.value, why)


def check_tools_keyword(scan: Scan, node: ast.Call) -> Iterator[Problem]:
    for kw in node.keywords:
        if kw.arg in {"tools", "functions"} and not isinstance(kw.value, ast.Name):
            why = unstable_source(scan, kw.value)
            if why:
                yield _tools_problem(scan, kw.value, why)


def check_tools_loop(scan: Scan, node: ast.For) -> Iterator[Problem]:
    if isinstance(node.iter, ast.Name):
        why = set_typed(scan, node.iter)
    else:
        why = unstable_source(scan, node.iter)
    if not why:
        return
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in {"append", "extend"}
            and words(ast.unparse(sub.func.value)) & TOOL_WORDS
        ):
            yield _tools_problem(scan, node.iter, why)
            return
