"""A prompt printed for pasting: a script that prints what a person then pastes into a chat.

`print("You are my private research assistant.")` followed by `print(context)` sends the
printed lines to a model by hand: they are a system prompt, and what is printed among them is
judged as in any other (kvscope.lint.pyscan, kvscope.lint.pyrules). A run of prints is one
prompt when one of its literal lines reads as an instruction to a model; a script that only
reports its progress (`print(f"Wrote {path} at {datetime.now()}")`) prints no prompt.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kvscope.lint.findings import Problem

# print(), click.echo() / typer.echo(), sys.stdout.write(), rich's console.print()
PRINT_CALLS = {"print", "echo", "write"}
INSTRUCTION_RE = re.compile(
    r"(?im)^[^\w\n]*(?:you\s+are|you['’]re|act\s+as|your\s+(?:role|task|job)\s+is|"
    r"base\s+every\s+answer|answer\s+only\s+from)\b"
)


def _prints(stmt: ast.AST) -> ast.Call | None:
    """The print call `stmt` is made of (`print(...)` as a statement), else None."""
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return None
    func = stmt.value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return stmt.value if name in PRINT_CALLS else None


def printed_run(parents: dict, call: ast.Call) -> list[ast.Call] | None:
    """The consecutive print statements `call` is one of, when they print a prompt."""
    stmt = parents.get(call)
    if _prints(stmt) is not call:
        return None
    body = next(
        (
            getattr(parents.get(stmt), f)
            for f in ("body", "orelse", "finalbody")
            if stmt in getattr(parents.get(stmt), f, ())
        ),
        None,
    )
    if body is None:
        return None
    at = body.index(stmt)
    lo = at
    while lo > 0 and _prints(body[lo - 1]) is not None:
        lo -= 1
    hi = at
    while hi + 1 < len(body) and _prints(body[hi + 1]) is not None:
        hi += 1
    run = [_prints(s) for s in body[lo : hi + 1]]
    literals = (
        a.value
        for c in run
        for a in c.args
        if isinstance(a, ast.Constant) and isinstance(a.value, str)
    )
    return run if any(INSTRUCTION_RE.search(t) for t in literals) else None


def _keyword(call: ast.Call, name: str, default: str) -> str:
    for kw in call.keywords:
        if (
            kw.arg == name
            and isinstance(kw.value, ast.Constant)
            and isinstance(kw.value.value, str)
        ):
            return kw.value.value
    return default


def printed_text(run: list[ast.Call]) -> tuple[str, dict[ast.AST, int]]:
    """The text the run prints (each value that is not a literal standing as `{}`), and where
    each such value starts in it."""
    text, at = "", {}
    for call in run:
        sep, end = _keyword(call, "sep", " "), _keyword(call, "end", "\n")
        for i, arg in enumerate(call.args):
            text += sep if i else ""
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                text += arg.value
            else:
                at[arg] = len(text)
                text += "{}"
        text += end
    return text, at


def check_printed(scan, node: ast.Call) -> Iterator[Problem]:
    """A value printed among the lines of a printed prompt (`print(context)`) whose kind is
    known (a listing's order, a clock, an id, per-user or per-request data)."""
    from kvscope.lint.pyreport import problem

    run = printed_run(scan.parents, node)
    if run is None:
        return
    text, at = printed_text(run)
    for arg in node.args:
        if isinstance(arg, ast.Constant | ast.JoinedStr):
            continue  # literals and f-strings are read as prompt text where they stand
        kind = scan.value_kind(arg)
        if kind is not None:
            yield problem(scan, kind, arg, "system", text, at[arg])
