"""`string.Template` text in Python: its `$name` slots (kvscope.lint.pyrules).

A literal that reaches `string.Template(...)` (directly, or through `"\\n".join([...])`,
`+`, parentheses) is filled with `.substitute()`: its bare `$name` is a placeholder, as
`${name}` is everywhere. Outside such a call, `$name` in prose is text (`$HOME`, `$5`).
"""

from __future__ import annotations

import ast
import re

from kvscope.lint.names import Placeholder

_DOLLAR_RE = re.compile(r"(?<!\$)\$(?P<n>[A-Za-z_][A-Za-z0-9_]*)")
_HOPS = 6  # literal -> list -> join call -> Template call, with a little room


def template_names(tree: ast.Module) -> set[str]:
    """The names `string.Template` goes by in this module (`Template`, `string.Template`)."""
    names = set()
    for node in tree.body:  # imports at the top level of the module
        if isinstance(node, ast.ImportFrom) and node.module == "string":
            names.update(a.asname or a.name for a in node.names if a.name == "Template")
        elif isinstance(node, ast.Import):
            names.update(f"{a.asname or a.name}.Template" for a in node.names if a.name == "string")
    return names


def in_string_template(node: ast.AST, parents: dict, names: set[str]) -> bool:
    """True when the literal `node` is (part of) the argument of a `string.Template` call."""
    cur = node
    for _ in range(_HOPS):
        parent = parents.get(cur)
        if parent is None:
            return False
        if (
            isinstance(parent, ast.Call)
            and cur in parent.args
            and ast.unparse(parent.func) in names
        ):
            return True
        if not isinstance(parent, ast.List | ast.Tuple | ast.BinOp | ast.Call | ast.Attribute):
            return False
        cur = parent
    return False


def dollar_slots(text: str) -> list[Placeholder]:
    """The bare `$name` slots of `string.Template` text (`$$` is a literal dollar; `${name}` is
    read by kvscope.lint.names.placeholders already)."""
    if "$" not in text:
        return []
    return [Placeholder(m.start(), m.end(), m.group("n")) for m in _DOLLAR_RE.finditer(text)]
