"""How a Python finding is worded and costed: its message, its advice and the text its cost is
counted on (the prompt text, then the tools sent with it)."""

from __future__ import annotations

import ast

from kvscope.lint.findings import Problem, clip
from kvscope.lint.pyscan import KIND_CODES, Scan
from kvscope.lint.pytools import tools_sent_with

WHAT = {
    "time": "a clock value",
    "id": "a per-request id or random value",
    "user": "per-user data",
    "order": "text in an order that can change between runs (an unsorted file listing or set)",
    "request": "per-request content (the user's input, retrieved context, history)",
    "argument": "text passed in on each call of this prompt builder",
}


def problem(scan, kind, value_node, part, prefix_text, prefix_pos, span=None) -> Problem:
    """A finding on `value_node`, or on `span` (source offsets): the placeholder the value
    fills, when the template's text stands in the same statement."""
    start, end = span or scan.span(value_node)
    where = (
        "system prompt" if part == "system" else "tool definitions" if part == "tools" else "prompt"
    )
    msg = f"`{clip(ast.unparse(value_node), 60)}` is {WHAT[kind]}, interpolated into the {where}"
    text = with_tools(scan, value_node, prefix_text)
    tail = AT_IMPORT if kind == "time" and at_import(scan, value_node) else advice(kind)
    return Problem(KIND_CODES[kind], start, end, msg + tail, prefix_pos, None, text)


AT_IMPORT = (
    ", computed once when the module is imported: every process and restart gets a new "
    "prefix, and the date goes stale after midnight. Compute it per request and send it in "
    "the last user turn"
)


def at_import(scan: Scan, node: ast.AST) -> bool:
    """`node` is evaluated when its module is imported: it stands at module level, or it names
    a module-level variable bound to a clock (`TODAY = date.today()`, read in a function)."""
    if scan.function_of(node) is None:
        return True
    names = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
    return bool(names) and all(
        scan.facts.table_of(n) is scan.facts.tainted and n.id in scan.facts.tainted for n in names
    )


def with_tools(scan: Scan, node: ast.AST, text: str | None) -> str | None:
    """`text` followed by the tools sent with it: engines render tools after the system
    prompt, so a clock in the system text also costs every tool definition's tokens."""
    if text is None:
        return None
    tools = tools_sent_with(scan, node)
    return text if tools is None else f"{text}\n{tools}"


def advice(kind: str) -> str:
    return {
        "time": "; every request gets a new prefix from here on. Move it to the last user turn "
        "or round it to the day",
        "id": "; it differs on every request. Send it as metadata, not in the prompt",
        "user": "; no two users share the prefix after it. Put per-user details in the "
        "last user turn",
        "order": "; its order follows the file system or string hashing, and can differ "
        "between machines and runs. Sort what it comes from (sorted(...))",
        "request": "; no two requests share the prefix after it. Send it in the last user turn, "
        "after every fixed instruction",
        "argument": "; calls with different values share no prefix after it. Send it in the "
        "last user turn, after every fixed instruction",
    }[kind]
