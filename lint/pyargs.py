"""Text parameters of prompt-building functions: values each call passes in.

`def action_prompt(cls, current_action: str): return f"...<action>{current_action}</action>"`
builds a prompt around what its caller hands it, and a function that takes the text as a
parameter exists to be called with different text: the step, the page title, the task of this
request. Its name says nothing (`{current_action}`), the parameter does: the prompt is new on
every call that passes a new value. Only parameters annotated `str` count (a number, a flag or
a list is configuration more often than content), and not those that read as configuration or
as the agent's own (`agent_name`, `date_format`, `instructions`), nor those with a default
(`style: str = "formal"`: a knob with its setting). A module that calls the function only ever
with fixed values (`action_prompt("Open the menu")`, a demo under `if __name__ == "__main__":`
aside) shows the value is not per call.
"""

from __future__ import annotations

import ast

from kvscope.lint.names import (
    NOT_A_VALUE,
    NOT_THE_USER,
    REQUEST_NOT,
    SETTINGS_WORDS,
    name_parts,
    words,
)
from kvscope.lint.pyflow import dotted

# Parameters that hand the builder prompt text to compose, not data (`base_prompt: str`).
COMPOSED_WORDS = frozenset(
    {"prompt", "system", "instruction", "instructions", "template", "preamble", "persona"}
)
NOT_ARGUMENT_WORDS = NOT_THE_USER | SETTINGS_WORDS | REQUEST_NOT | COMPOSED_WORDS | {"self", "cls"}


def text_annotation(node: ast.AST | None) -> bool:
    """`str`, `str | None`, `Optional[str]`."""
    if isinstance(node, ast.Name):
        return node.id == "str"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [node.left, node.right]
        return any(text_annotation(s) for s in sides) and all(
            text_annotation(s) or (isinstance(s, ast.Constant) and s.value is None) for s in sides
        )
    if isinstance(node, ast.Subscript) and dotted(node.value)[1] == "Optional":
        return text_annotation(node.slice)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in {"str", "str | None", "Optional[str]"}
    return False


def text_params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, int | None]:
    """{name: position (None: keyword-only)} of the parameters of `fn` that carry text a call
    passes in."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.AST] = {
        a.arg: d
        for a, d in zip(
            positional[len(positional) - len(args.defaults) :], args.defaults, strict=True
        )
    }
    defaults |= {
        a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    }
    out: dict[str, int | None] = {}
    for i, a in enumerate([*positional, *args.kwonlyargs]):
        ws = words(a.arg)
        if not text_annotation(a.annotation) or ws & NOT_ARGUMENT_WORDS:
            continue
        parts = name_parts(a.arg)
        if parts and parts[-1].lower() in NOT_A_VALUE:
            continue  # `date_format: str`: how, not what
        default = defaults.get(a.arg)
        if default is not None and not (
            isinstance(default, ast.Constant) and default.value is None
        ):
            continue  # `style: str = "formal"`, `command: str = DEFAULT_COMMAND`: a knob
        out[a.arg] = i if i < len(positional) else None
    return out


def per_call_args(tree: ast.Module, builders: list[ast.AST]) -> dict[ast.AST, set[str]]:
    """{function: its text parameters that some call may pass per request} for `builders`
    (functions whose result is prompt text), after what the module's own calls show."""
    calls: dict[str, list[ast.Call]] = {}
    demo = demo_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node not in demo:
            calls.setdefault(dotted(node.func)[1], []).append(node)
    out: dict[ast.AST, set[str]] = {}
    for fn in builders:
        offset = 1 if _is_method(fn) else 0
        keep = set()
        for name, pos in text_params(fn).items():
            at = None if pos is None else pos - offset
            passed = [
                p for c in calls.get(fn.name, []) if (p := passed_value(c, name, at)) is not None
            ]
            if passed and all(_fixed(p) for p in passed):
                continue  # every call here passes the same literal text
            keep.add(name)
        if keep:
            out[fn] = keep
    return out


def _is_method(fn: ast.AST) -> bool:
    args = fn.args.posonlyargs + fn.args.args
    return bool(args) and args[0].arg in {"self", "cls"}


def passed_value(call: ast.Call, name: str, pos: int | None) -> ast.AST | None:
    """What `call` passes for the parameter `name` (at position `pos`), if it passes it."""
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    if pos is not None and 0 <= pos < len(call.args):
        return call.args[pos]
    return None


def _fixed(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return True
    return isinstance(node, ast.Name) and node.id.isupper()


def demo_nodes(tree: ast.Module) -> set[ast.AST]:
    """The nodes under `if __name__ == "__main__":` at the module's top."""
    out: set[ast.AST] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.If) and "__name__" in ast.unparse(stmt.test):
            out.update(ast.walk(stmt))
    return out
