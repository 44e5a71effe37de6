"""Python string expressions whose parts keep where they came from.

Prompt text is often assembled: `"\\n".join(lines)` of a list written out or grown by
`.append(...)` / `.extend(...)` / `+=` in the same function, `a + b`, f-strings, names bound to
such text, and the return value of a function of this module (`metadata(...)`,
`PromptGenerator.compile_block(...)`, `self.section()`). `pieces()` resolves such an expression
to a sequence of literal text and holes; a hole is the expression a value comes from (an
f-string field, an operand that is not text written in code), so a clock in one joined line is
found where the joined text is used. Every name and function being resolved is kept in `seen`:
a name met again (`text = text + x`, `a = b; b = a`, a recursive helper) is a hole, never
followed again.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from kvscope.lint.pycallees import local_function

MAX_DEPTH = 8
MAX_PIECES = 400
MAX_STEPS = 2000  # expressions visited for one top-level resolution: `a() + a()` nested deep
# Methods that return their receiver's text, trimmed or re-indented.
PASS_THROUGH = {"strip", "lstrip", "rstrip", "dedent", "removeprefix", "removesuffix"}
FUNCTIONS = ast.FunctionDef | ast.AsyncFunctionDef


class Piece(NamedTuple):
    """Literal `text`, or a hole: the expression `node` whose value lands here (`field`: the
    f-string field it is written in, with its format spec; `enters`: the name the value
    enters the text by, when `node` is a binding of that name that is not text itself:
    `division = user.division` one branch, `division = "general"` the other)."""

    text: str
    node: ast.AST | None = None
    field: ast.FormattedValue | None = None
    enters: ast.AST | None = None


class Resolver:
    """Resolves string expressions of one module (kvscope.lint.pyscan.Scan's tree)."""

    def __init__(self, tree: ast.Module, parents: dict[ast.AST, ast.AST]) -> None:
        self.tree = tree
        self.parents = parents
        self._bindings: dict[ast.AST | None, dict[str, list[ast.AST]]] = {}
        self._memo: dict[ast.AST, list[Piece] | None] = {}
        self._steps = MAX_STEPS

    def pieces(self, node: ast.AST) -> list[Piece] | None:
        """The pieces of a string expression, or None when it is not text composed in code
        (a bare parameter, an unknown call: the caller judges it whole)."""
        if node not in self._memo:
            self._memo[node] = None  # re-entry while resolving: unknown
            self._steps = MAX_STEPS
            found = self._compose(node, frozenset(), 0)
            self._memo[node] = found[:MAX_PIECES] if found is not None else None
        return self._memo[node]

    def text_of(self, node: ast.AST) -> str | None:
        """The text an expression holds, with `{}` for its holes, as far as this module shows
        it: what `pieces()` resolves, and `self.X` / `cls.X` of an attribute the enclosing
        class binds once in its body and no method rebinds (`instructions = "You are..."`).
        For costing only: what follows a value in its prompt."""
        own = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        if own and node.value.id in {"self", "cls"}:
            bound = self._class_attr(node)
            node = bound if bound is not None else node
        found = self.pieces(node)
        if not found:
            return None
        return "".join(p.text if p.node is None else "{}" for p in found)

    def _class_attr(self, node: ast.Attribute) -> ast.AST | None:
        cls = self.parents.get(node)
        while cls is not None and not isinstance(cls, ast.ClassDef):
            cls = self.parents.get(cls)
        if cls is None:
            return None
        values = [
            stmt.value
            for stmt in cls.body
            if isinstance(stmt, ast.Assign | ast.AnnAssign)
            and stmt.value is not None
            and any(
                isinstance(t, ast.Name) and t.id == node.attr
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
            )
        ]
        rebound = any(
            isinstance(sub, ast.Attribute)
            and isinstance(sub.ctx, ast.Store)
            and sub.attr == node.attr
            and isinstance(sub.value, ast.Name)
            and sub.value.id in {"self", "cls"}
            for sub in ast.walk(cls)
        )
        return values[0] if len(values) == 1 and not rebound else None

    def scope_of(self, node: ast.AST) -> ast.AST | None:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, FUNCTIONS):
            cur = self.parents.get(cur)
        return cur

    # composition
    def _expand(self, node: ast.AST, seen: frozenset, depth: int) -> list[Piece]:
        found = self._compose(node, seen, depth)
        return found if found is not None else [Piece("", node)]

    def _compose(self, node: ast.AST, seen: frozenset, depth: int) -> list[Piece] | None:
        self._steps -= 1
        if depth > MAX_DEPTH or self._steps < 0:
            return None
        if isinstance(node, ast.Constant):
            return [Piece(node.value)] if isinstance(node.value, str) else None
        if isinstance(node, ast.JoinedStr):
            out: list[Piece] = []
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    plain = value.format_spec is None and value.conversion == -1
                    inner = self._compose(value.value, seen, depth + 1) if plain else None
                    out += inner if inner is not None else [Piece("", value.value, value)]
                elif isinstance(value, ast.Constant):
                    out.append(Piece(str(value.value)))
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = self._compose(node.left, seen, depth + 1)
            right = self._compose(node.right, seen, depth + 1)
            if left is None and right is None:
                return None
            return (left or [Piece("", node.left)]) + (right or [Piece("", node.right)])
        if isinstance(node, ast.IfExp):
            body = self._compose(node.body, seen, depth + 1)
            orelse = self._compose(node.orelse, seen, depth + 1)
            if body is None or orelse is None:
                return None  # `stamp if edited else "never"`: judged whole, where it is used
            return body + orelse  # either branch: both branches' holes, as alternatives
        if isinstance(node, ast.Call):
            return self._call(node, seen, depth)
        if isinstance(node, ast.Name):
            return self._name(node, seen, depth)
        return None

    def _call(self, node: ast.Call, seen: frozenset, depth: int) -> list[Piece] | None:
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr == "join" and len(node.args) == 1 and not node.keywords:
                items = self._elements(node.args[0], seen, depth + 1)
                if items is None:
                    return None
                sep = self._compose(func.value, seen, depth + 1) or []
                out: list[Piece] = []
                for i, item in enumerate(items):
                    if i:
                        out += sep
                    out += self._expand(item, seen, depth + 1)
                    if len(out) > MAX_PIECES:
                        break
                return out
            if func.attr in PASS_THROUGH:
                target = func.value
                if func.attr == "dedent" and node.args:
                    target = node.args[0]
                return self._compose(target, seen, depth + 1)
        if isinstance(func, ast.Name) and func.id == "dedent" and len(node.args) == 1:
            return self._compose(node.args[0], seen, depth + 1)
        out = None
        for fn in self.callees(node):
            key = ("fn", id(fn))
            if key in seen:
                continue
            for value in returns(fn):
                found = self._expand(value, seen | {key}, depth + 1)
                out = (out or []) + found
        return out

    def callees(self, call: ast.Call) -> list[ast.AST]:
        """The function of this module a call runs (kvscope.lint.pycallees.local_function):
        `helper(...)`, `Cls.method(...)`, `self.method(...)` / `cls.method(...)` inside a
        method of the class or of a base class the module defines."""
        found = local_function(self.tree, self.parents, call)
        return [found[0]] if found is not None else []

    def _name(self, node: ast.Name, seen: frozenset, depth: int) -> list[Piece] | None:
        scope = self._binding_scope(node)
        key = ("name", id(scope), node.id)
        if key in seen:
            return None
        seen = seen | {key}
        out, any_text = [], False
        for value in self.bindings(scope).get(node.id, []):
            if isinstance(value, ast.AugAssign):
                if not isinstance(value.op, ast.Add):
                    return None
                value = value.value
            found = self._compose(value, seen, depth + 1)
            any_text = any_text or found is not None
            out += found if found is not None else [Piece("", value, enters=node)]
        return out if any_text else None

    def _elements(self, node: ast.AST, seen: frozenset, depth: int) -> list[ast.AST] | None:
        """The items a `.join` argument holds: a list or tuple written out, the element of a
        comprehension (it stands for every item; one that only filters a list, `p for p in parts
        if p`, holds that list's items), or a local list grown by `.append`,
        `.extend`, `.insert` and `+=` in code order."""
        if depth > MAX_DEPTH:
            return None
        if isinstance(node, ast.List | ast.Tuple):
            return [e.value if isinstance(e, ast.Starred) else e for e in node.elts]
        if isinstance(node, ast.ListComp | ast.GeneratorExp):
            gen = node.generators[0]
            if (
                len(node.generators) == 1
                and isinstance(node.elt, ast.Name)
                and isinstance(gen.target, ast.Name)
                and gen.target.id == node.elt.id
            ):  # `p for p in parts if p`: the list's own items, the empty ones left out
                return self._elements(gen.iter, seen, depth + 1) or [node.elt]
            return [node.elt]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            if node.func.id in {"list", "tuple", "sorted", "reversed"}:
                return self._elements(node.args[0], seen, depth + 1)
            return None
        if not isinstance(node, ast.Name):
            return None
        scope = self._binding_scope(node)
        key = ("list", id(scope), node.id)
        if key in seen:
            return None
        seen = seen | {key}
        items: list[tuple[tuple[int, int], list[ast.AST]]] = []
        for value in self.bindings(scope).get(node.id, []):
            src = value.value if isinstance(value, ast.AugAssign) else value
            found = self._elements(src, seen, depth + 1)
            if found is None:
                return None
            items.append(((value.lineno, value.col_offset), found))
        if not items:
            return None
        for call in self._growth(scope, node.id):
            if call.func.attr == "append" and len(call.args) == 1:
                found = [call.args[0]]
            elif call.func.attr == "insert" and len(call.args) == 2:
                found = [call.args[1]]
            elif call.func.attr == "extend" and len(call.args) == 1:
                found = self._elements(call.args[0], seen, depth + 1) or [call.args[0]]
            else:
                continue
            items.append(((call.lineno, call.col_offset), found))
        items.sort(key=lambda item: item[0])
        return [e for _, found in items for e in found]

    def _growth(self, scope: ast.AST | None, name: str) -> list[ast.Call]:
        body = scope if scope is not None else self.tree
        return [
            sub
            for sub in ast.walk(body)
            if isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in {"append", "extend", "insert"}
            and isinstance(sub.func.value, ast.Name)
            and sub.func.value.id == name
            and self.scope_of(sub) is scope
        ]

    # bindings
    def _binding_scope(self, node: ast.Name) -> ast.AST | None:
        """The function whose local `node` is (it binds the name), else None: the module."""
        fn = self.scope_of(node)
        while fn is not None:
            if node.id in self.bindings(fn) or node.id in params(fn):
                return fn
            fn = self.scope_of(fn)
        return None

    def bindings(self, scope: ast.AST | None) -> dict[str, list[ast.AST]]:
        """{name: the values bound to it in `scope`, in code order}: plain assignments' values
        and `+=` statements (a parameter has none)."""
        if scope not in self._bindings:
            table: dict[str, list[ast.AST]] = {}
            body = scope if scope is not None else self.tree
            for sub in ast.walk(body):
                if self.scope_of(sub) is not scope:
                    continue
                if isinstance(sub, ast.Assign):
                    for t in sub.targets:
                        if isinstance(t, ast.Name):
                            table.setdefault(t.id, []).append(sub.value)
                elif isinstance(sub, ast.AnnAssign) and sub.value is not None:
                    if isinstance(sub.target, ast.Name):
                        table.setdefault(sub.target.id, []).append(sub.value)
                elif isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
                    table.setdefault(sub.target.id, []).append(sub)
            for values in table.values():
                values.sort(key=lambda v: (v.lineno, v.col_offset))
            self._bindings[scope] = table
        return self._bindings[scope]


def params(fn: ast.AST) -> set[str]:
    args = fn.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    return names | {a.arg for a in (args.vararg, args.kwarg) if a is not None}


def returns(fn: ast.AST) -> list[ast.AST]:
    """The values `fn` returns (not those of functions nested in it)."""
    out, stack = [], list(fn.body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.Return) and sub.value is not None:
            out.append(sub.value)
        elif not isinstance(sub, FUNCTIONS | ast.Lambda | ast.ClassDef):
            stack.extend(ast.iter_child_nodes(sub))
    return sorted(out, key=lambda v: (v.lineno, v.col_offset))


def context(pieces: list[Piece], i: int, outer: tuple[str, str] = ("", "")) -> tuple[str, str]:
    """The literal text on the line of hole `i` (before it, after it); `outer` is the text
    beside the whole expression, for a hole at its edge."""
    before, edge = "", True
    for p in reversed(pieces[:i]):
        if p.node is not None or "\n" in p.text:
            before = (p.text if p.node is None else "") + before
            edge = False
            break
        before = p.text + before
    if edge:
        before = outer[0] + before
    after, edge = "", True
    for p in pieces[i + 1 :]:
        if p.node is not None or "\n" in p.text:
            after += p.text if p.node is None else ""
            edge = False
            break
        after += p.text
    if edge:
        after += outer[1]
    return before.rsplit("\n", 1)[-1], after.split("\n", 1)[0]
