"""The prompt a line of a Python module belongs to, read from the syntax tree alone.

For bench/lint_real_stake.py: a line's prompt is the string expression holding it (the literal
with the `+`, `%`, f-string, `.format`, `.join`, `.strip` or `dedent` around it, up to the
statement). Its text is what the expression's literals hold (bench/lint_real_pytext.py: escapes
decoded, no prefixes or quotes), put together as the expression does: `+` concatenates, `.join`
puts its separator between a literal list's items, `.strip` and `dedent` drop what they drop,
`%`, `.format` and `.replace` leave the template's text as it is; a formatted value, or any other
operand (a name, a call), stands as `{}` where it is. Unknown (None) when:

- no string literal covers the line, or the line also holds code outside its literals (a
  `.format(date=today())` argument, a dict value `datetime.now()`): where that value lands in
  the prompt is not on this line;
- the string is stored in a name that is appended to (`+=`) or built into another string in
  the module: what follows it in the final prompt is not known here;
- the string is passed (itself or by name) to a call that also gets `tools=` or `functions=`:
  an engine renders the tool definitions after the system prompt, and the module does not
  show their text;
- the string is stored in a module-level name the module never uses. That holds in a prompts
  module too (a file of prompt constants, imported elsewhere): such a module holds whole
  prompts and pieces alike (a date line another module appends to its system prompt), the two
  look the same in the file, and a piece costs what the importer's text after it costs;
- a literal's text cannot be read back (a form pytext does not know).
"""

from __future__ import annotations

import ast
import inspect
import textwrap

from lint_real_pytext import EMPTY, Mapped, char_offset, line_starts, literal, stand_in

STRING_METHODS = {"format", "format_map", "join", "strip", "lstrip", "rstrip", "replace"}
STRING_CALLS = {"dedent", "cleandoc"}
UNKNOWN = "\0unknown"
TOOL_KEYS = {"tools", "functions"}  # a call's tool definitions, rendered after its prompt


class PyStrings:
    """String expressions of one module, with the offsets of their literals."""

    def __init__(self, tree: ast.Module, source: str) -> None:
        self.source = source
        self.starts = line_starts(source)
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
        self.string_names = {n for lit in self.literals for n in self._targets(lit)}
        self.tool_calls = {
            n for n in nodes if isinstance(n, ast.Call) and {k.arg for k in n.keywords} & TOOL_KEYS
        }
        self.followed = {  # names passed to a call that also sends tools: tools follow them
            _name(_unwrapped(v))
            for c in self.tool_calls
            for v in (*c.args, *(k.value for k in c.keywords if k.arg not in TOOL_KEYS))
        } - {""}

    def prompts_of(self, lineno: int) -> list[Mapped] | None:
        """The text of each string expression holding line `lineno` (each character with its
        source offset); None when the line's prompt is not known."""
        holders = [lit for lit in self.literals if lit.lineno <= lineno <= lit.end_lineno]
        if not holders or any(n.lineno == lineno for n in self.code):
            return None
        out = []
        for holder in holders:
            top = self._string_expr(holder)
            if self._names_of(top) & (self.embedded | self.followed | {UNKNOWN}):
                return None
            text = self.render(top)
            if text is None:
                return None
            out.append(text)
        return out

    def render(self, node: ast.AST) -> Mapped | None:
        """The prompt text a string expression builds (None: a literal that cannot be read)."""
        if _is_literal(node):
            return literal(node, self.source, self.starts, self.is_piece)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            left = self.render(node.left)
            if isinstance(node.op, ast.Mod) or left is None:
                return left  # `"..." % args`: the template's text, its slots still in it
            right = self.render(node.right)
            return None if right is None else left + right
        call = node if isinstance(node, ast.Call) else None
        func = call.func if call is not None else None
        if isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
            base = self.render(func.value)
            if base is None or func.attr in {"format", "format_map", "replace"}:
                return base
            if func.attr == "join":
                return self._join(base, call.args[0] if call.args else None)
            chars = call.args[0].value if call.args and _is_str(call.args[0]) else None
            return _strip(base, func.attr, chars)
        name = _name(func) if func is not None else ""
        if name in STRING_CALLS and call.args:
            inner = self.render(call.args[0])
            return None if inner is None else _dedent(inner, name == "cleandoc")
        return stand_in(self.offset(node.lineno, node.col_offset), self.is_piece(node))

    def is_piece(self, node: ast.AST) -> bool:
        """`node` names another string of the module (`base_prompt = f"..."`)."""
        return isinstance(node, ast.Name | ast.Attribute) and _name(node) in self.string_names

    def _join(self, sep: Mapped, items: ast.AST | None) -> Mapped | None:
        if not isinstance(items, ast.List | ast.Tuple):
            return stand_in(sep.src[0] if sep.src else 0)  # items built at run time
        out: Mapped | None = None
        for item in items.elts:
            part = self.render(item)
            if part is None:
                return None
            out = part if out is None else out + sep + part
        return out if out is not None else EMPTY

    def offset(self, lineno: int, col: int) -> int:
        """Character offset of an AST position (1-based line, UTF-8 byte column)."""
        return char_offset(self.source, self.starts, lineno, col)

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

    def _targets(self, literal: ast.AST) -> set[str]:
        """Names the string expression holding `literal` is assigned to (not a call's result:
        `x = d.get("key")` is not a string of the module)."""
        top = self._string_expr(literal)
        stmt = self.parents.get(top)
        if isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign) and stmt.value is top:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            return {_name(t) for t in targets} - {""}
        return set()

    def _names_of(self, top: ast.AST) -> set[str]:
        """Names the string is stored under (assignment targets, the function returning it)."""
        stmt = self.parents.get(top)
        while isinstance(stmt, ast.Call) and top in stmt.args:  # TextPrompt("""...""")
            top, stmt = stmt, self.parents.get(stmt)
        if stmt in self.tool_calls or self.parents.get(stmt) in self.tool_calls:
            return {UNKNOWN}  # Agent(instructions="""...""", tools=[...]): tools follow it
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


def _unwrapped(node: ast.AST) -> ast.AST:
    """`PROMPT` of `PROMPT.format(...).strip()`."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in STRING_METHODS
    ):
        node = node.func.value
    return node


def _is_str(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is str


def _slice(m: Mapped, a: int, b: int) -> Mapped:
    def inside(offsets: list[int]) -> list[int]:
        return [v - a for v in offsets if a <= v < b]

    return Mapped(m.text[a:b], m.src[a:b], inside(m.values), inside(m.pieces))


def _strip(m: Mapped, how: str, chars: str | None) -> Mapped:
    a, b = 0, len(m.text)
    if how in {"strip", "lstrip"}:
        a = b - len(m.text.lstrip(chars))
    if how in {"strip", "rstrip"}:
        b = len(m.text.rstrip(chars))
    return _slice(m, a, max(a, b))


def _dedent(m: Mapped, clean: bool) -> Mapped | None:
    """`textwrap.dedent` (or `inspect.cleandoc`) of the text, each kept character keeping its
    source offset: both only drop characters from the starts of lines and (cleandoc) blank
    lines at either end; None when the result is not that (tabs cleandoc expanded)."""
    new = (inspect.cleandoc if clean else textwrap.dedent)(m.text).split("\n")
    lines, pos = [], 0
    for line in m.text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    if clean:
        while len(lines) > len(new) and not m.text[slice(*lines[0])].strip():
            lines.pop(0)
        lines = lines[: len(new)]
    if len(lines) != len(new):
        return None
    out = EMPTY
    for k, ((a, b), kept) in enumerate(zip(lines, new, strict=True)):
        if not m.text[a:b].endswith(kept):
            return None
        out = out + _slice(m, b - len(kept), b + (k < len(lines) - 1))
    return out


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
