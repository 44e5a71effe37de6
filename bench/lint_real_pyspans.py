"""The prompt a line of a Python module belongs to, read from the syntax tree alone.

For bench/lint_real_stake.py: a line's prompt is the string expression holding it (the literal
with the `+`, `%`, f-string, `.format`, `.join`, `.strip` or `dedent` around it, up to the
statement), from its first string literal to its last. Unknown (None) when:

- no string literal covers the line, or the line also holds code outside its literals (a
  `.format(date=today())` argument, a dict value `datetime.now()`): where that value lands in
  the prompt is not on this line;
- the string is stored in a name that is appended to (`+=`) or built into another string in
  the module, or in a module-level name the module never uses (a piece of a prompt assembled in
  another module): what follows it in the final prompt is not known here.
"""

from __future__ import annotations

import ast

STRING_METHODS = {"format", "format_map", "join", "strip", "lstrip", "rstrip", "replace"}
STRING_CALLS = {"dedent", "cleandoc"}
UNKNOWN = "\0unknown"


class PyStrings:
    """String expressions of one module, with the offsets of their literals."""

    def __init__(self, tree: ast.Module, source: str) -> None:
        self.source = source
        self.starts = [0]
        for line in source.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
        nodes = list(ast.walk(tree))
        self.literals = sorted(
            (n for n in nodes if _is_literal(n) and not self._in_fstring(n)),
            key=lambda n: (n.lineno, n.col_offset),
        )
        self.used = {_name(n) for n in nodes if isinstance(getattr(n, "ctx", None), ast.Load)}
        self.embedded = {_name(n.target) for n in nodes if isinstance(n, ast.AugAssign)}
        self.embedded |= {_name(n) for n in nodes if self._built_in(n)}
        self.code = [n for n in nodes if self._loose_code(n)]

    def prompts_of(self, lineno: int, line_start: int) -> list[tuple[str, int]] | None:
        """(prompt text, offset of the line's start in it) for each string expression holding
        line `lineno`; None when the line's prompt is not known."""
        holders = [lit for lit in self.literals if lit.lineno <= lineno <= lit.end_lineno]
        if not holders or any(n.lineno == lineno for n in self.code):
            return None
        out = []
        for holder in holders:
            top = self._string_expr(holder)
            if self._names_of(top) & (self.embedded | {UNKNOWN}):
                return None
            pieces = [lit for lit in self.literals if _inside(lit, top)]
            first = self.offset(pieces[0].lineno, pieces[0].col_offset)
            last = max(self.offset(p.end_lineno, p.end_col_offset) for p in pieces)
            out.append((self.source[first:last], max(0, min(line_start, last) - first)))
        return out

    def offset(self, lineno: int, col: int) -> int:
        """Character offset of an AST position (1-based line, UTF-8 byte column)."""
        start = self.starts[lineno - 1]
        line = self.source[start : self.starts[lineno] - 1]
        return start + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))

    def _in_fstring(self, node: ast.AST) -> bool:
        return isinstance(self.parents.get(node), ast.JoinedStr | ast.FormattedValue)

    def _string_expr(self, node: ast.AST) -> ast.AST:
        """The outermost expression that builds a string out of `node`."""
        cur = node
        while True:
            up = self.parents.get(cur)
            if isinstance(up, ast.BinOp) and isinstance(up.op, ast.Add | ast.Mod):
                cur = up
            elif isinstance(up, ast.Attribute) and up.attr in STRING_METHODS:
                call = self.parents.get(up)
                cur = call if isinstance(call, ast.Call) and call.func is up else up
            elif self._builds(up, cur):
                cur = up
            else:
                return cur

    def _builds(self, up: ast.AST | None, cur: ast.AST) -> bool:
        """`up` builds a string from `cur`: `"".join([...])`, `dedent(...)`, `.format(cur)`."""
        if isinstance(up, ast.List | ast.Tuple):
            return _string_call(self.parents.get(up))
        return _string_call(up) and up.func is not cur

    def _names_of(self, top: ast.AST) -> set[str]:
        """Names the string is stored under (assignment targets, the function returning it)."""
        stmt = self.parents.get(top)
        while isinstance(stmt, ast.Call) and top in stmt.args:  # TextPrompt("""...""")
            top, stmt = stmt, self.parents.get(stmt)
        if isinstance(stmt, ast.AugAssign):
            return {UNKNOWN}
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names = {_name(t) for t in targets} - {""}
            if isinstance(self.parents.get(stmt), ast.Module) and not names & self.used:
                return {UNKNOWN}
            return names
        if isinstance(stmt, ast.Return):
            fn = self.parents.get(stmt)
            while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                fn = self.parents.get(fn)
            return {fn.name} if fn is not None else set()
        return set()

    def _built_in(self, node: ast.AST) -> bool:
        """A loaded name whose value is built into another string (`+`/`%` operand, f-string
        value, `.format`/`.join` argument); `PROMPT.format(...)` itself is still PROMPT."""
        if not isinstance(node, ast.Name | ast.Attribute) or not isinstance(node.ctx, ast.Load):
            return False
        cur, up = node, self.parents.get(node)
        while isinstance(up, ast.Attribute) or (isinstance(up, ast.Call) and up.func is cur):
            cur, up = up, self.parents.get(up)
        if isinstance(up, ast.keyword):
            up = self.parents.get(up)
        if isinstance(up, ast.List | ast.Tuple):
            up = self.parents.get(up)
            return _string_call(up)
        if isinstance(up, ast.BinOp):
            return isinstance(up.op, ast.Add | ast.Mod)
        return isinstance(up, ast.FormattedValue) or (_string_call(up) and cur is not up.func)

    def _loose_code(self, node: ast.AST) -> bool:
        """A value computed outside any string literal (a call, a loaded name)."""
        if not isinstance(node, ast.Call | ast.Name | ast.Attribute | ast.Subscript):
            return False
        if isinstance(getattr(node, "ctx", None), ast.Store | ast.Del):
            return False
        up = self.parents.get(node)
        if isinstance(up, ast.AnnAssign | ast.arg) and up.annotation is node:
            return False
        anc = up
        while anc is not None:
            if isinstance(anc, ast.JoinedStr):
                return False  # inside an f-string: part of the literal's text
            anc = self.parents.get(anc)
        cur = node
        while isinstance(up, ast.Attribute) and up.value is cur:
            cur, up = up, self.parents.get(up)  # `textwrap` of textwrap.dedent(...)
        if isinstance(up, ast.Call) and up.func is cur:
            return False  # a callee: the call itself is judged
        # "...".format(...), TextPrompt("""..."""): the string's own call
        own = _string_call(node) or any(_is_literal(a) for a in getattr(node, "args", ()))
        return not (isinstance(node, ast.Call) and own)


def _is_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and type(node.value) is str
    )


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _string_call(node: ast.AST | None) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in STRING_METHODS or name in STRING_CALLS


def _inside(node: ast.AST, top: ast.AST) -> bool:
    return (node.lineno, node.col_offset) >= (top.lineno, top.col_offset) and (
        node.end_lineno,
        node.end_col_offset,
    ) <= (top.end_lineno, top.end_col_offset)
