"""Chat turns written out by hand: which role a piece of a raw chat string is sent under.

Code that renders the chat itself (`f"{im_start}system\\n...{im_end}"`, then
`prompt += f"\\n{im_start}user\\n{query}{im_end}"`) says the role with the chat format's own
markers: ChatML, Llama 3 headers, Gemma turns, `[INST]` (with Llama 2's `<<SYS>>`), `<|user|>`,
the delimiter tags a framework splits one string by (`<START_OF_USER_PROMPT>`), and the message
tags of Semantic Kernel and haystack (`<message role="user">`, `{{#message role="user"}}`,
`{% message role="user" %}`, the same tags kvscope.lint.readers.messages splits templates by).
What follows a user or an assistant marker is that turn, not the cacheable system prefix, also
inside one literal that holds several turns. Marker names held in constants
(`im_start = "<|im_start|>"`) are resolved.
"""

from __future__ import annotations

import ast
import re

from kvscope.lint.readers.messages import MESSAGE_CLOSE, MESSAGE_OPEN, ROLE_RE

TURN_RE = re.compile(
    r"<\|im_start\|>\s*(?P<a>\w+)"
    r"|<\|start_header_id\|>\s*(?P<b>\w+)\s*<\|end_header_id\|>"
    r"|<start_of_turn>\s*(?P<c>\w+)"
    r"|<\|(?P<d>system|user|assistant)\|>"
    r"|(?P<inst>\[INST\])|(?P<close>\[/INST\])"
    r"|(?P<sys><<SYS>>)|(?P<endsys><</SYS>>)"  # Llama 2: the system prompt inside the first [INST]
    r"|<START_OF_(?P<e>SYSTEM|USER|ASSISTANT)(?:_(?:PROMPT|MESSAGE|TURN))?>"  # split by the caller
    r"|(?P<end><END_OF_(?:SYSTEM|USER|ASSISTANT)(?:_(?:PROMPT|MESSAGE|TURN))?>"
    rf"|{MESSAGE_CLOSE})"
    rf"|(?P<msg>{MESSAGE_OPEN})",
    re.I,
)
ROLES = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "model": "assistant",
    "gpt": "assistant",
    "tool": "assistant",
    "ipython": "assistant",
}


def turn_at(text: str, pos: int) -> str | None:
    """The role of the turn that character `pos` of a raw chat string is in, if a marker
    before it says one."""
    role = None
    for m in TURN_RE.finditer(text, 0, pos):
        if m.group("inst") or m.group("endsys"):
            role = "user"
        elif m.group("sys"):
            role = "system"
        elif m.group("close"):
            role = "assistant"
        elif m.group("msg"):
            role = ROLES.get(ROLE_RE.search(m.group("msg")).group(1).lower(), role)
        elif m.group("end"):
            role = None  # between sections: whatever the caller makes of it
        else:
            name = m.group("a") or m.group("b") or m.group("c") or m.group("d") or m.group("e")
            role = ROLES.get(name.lower(), role)
    return role


def constant_text(node: ast.AST, assigns: dict[str, list[ast.AST]]) -> str | None:
    """The value of a name bound once to a string literal (`im_start = "<|im_start|>"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        values = assigns.get(node.id, [])
        if len(values) == 1 and isinstance(values[0], ast.Constant):
            value = values[0].value
            return value if isinstance(value, str) else None
    return None


def resolved(node: ast.JoinedStr, assigns: dict[str, list[ast.AST]]) -> tuple[str, list[int]]:
    """The text of an f-string with constant names filled in, and where each value starts."""
    text, starts = "", []
    for value in node.values:
        if isinstance(value, ast.Constant):
            text += str(value.value)
            continue
        starts.append(len(text))
        inner = value.value if isinstance(value, ast.FormattedValue) else value
        text += constant_text(inner, assigns) or "{}"
    return text, starts


def ends_in_turn(node: ast.AST | None, assigns: dict[str, list[ast.AST]]) -> str | None:
    """The role of the last turn a string expression opens, if it opens one."""
    if isinstance(node, ast.JoinedStr):
        text = resolved(node, assigns)[0]
    else:
        text = constant_text(node, assigns) if node is not None else None
    return turn_at(text, len(text)) if text else None
