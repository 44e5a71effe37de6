"""Message markup in a template: role sections written as tags.

Semantic Kernel prompts (skprompt.txt, prompt YAML `template:`) write `<message role="user">`
... `</message>`; its Handlebars prompts `{{#message role="user"}}` ... `{{/message}}`; haystack's
chat prompt builder `{% message role="user" %}` ... `{% endmessage %}`; LlamaIndex's
`RichPromptTemplate` `{% chat role="user" %}` ... `{% endchat %}`. A prompt written in a
model's own chat format marks its turns with the format's header tokens: Llama 3
`<|start_header_id|>user<|end_header_id|>` ... `<|eot_id|>`, ChatML `<|im_start|>user` ...
`<|im_end|>`, Gemma `<start_of_turn>user` ... `<end_of_turn>`, Phi-3 `<|user|>` ... `<|end|>`,
Llama 2 `[INST] <<SYS>>` system `<</SYS>>` user `[/INST]`. Frameworks that split one string
into messages by delimiter tags name the role in the tag: `<START_OF_USER_PROMPT>` ...
`<END_OF_USER_PROMPT>`.
A section is its role's turn, as a Prompty `user:` line is. Markup that shows no user section
splits nothing: the template stays one part and is linted whole.
"""

from __future__ import annotations

import re

from kvscope.lint.document import Segment, json_raw_len

ROLES = {"system": "system", "developer": "system", "user": "user"}
# Llama 2 marks turns with brackets: the system prompt sits inside the first `[INST]`.
ROLES |= {"[inst]": "user", "<</sys>>": "user", "<<sys>>": "system", "[/inst]": "assistant"}
_ROLE = r"""role\s*=\s*["'](system|user|assistant|developer|tool)["']"""
_TURN = r"(system|user|assistant|developer|tool|ipython|model)"
# The tags of Semantic Kernel and haystack, also read in Python strings (kvscope.lint.pyturns).
MESSAGE_OPEN = (
    rf"<message\s+{_ROLE}[^>]*>"
    rf"|\{{\{{~?\s*#message\s+{_ROLE}[^{{}}]*\}}\}}"
    rf"|\{{%-?\s*(?:message|chat)\s+{_ROLE}[^%]*%\}}"  # haystack; LlamaIndex's RichPromptTemplate
)
ROLE_RE = re.compile(_ROLE, re.I)
MESSAGE_CLOSE = r"</message\s*>|\{\{~?\s*/message\s*~?\}\}|\{%-?\s*end(?:message|chat)\s*-?%\}"
OPEN_RE = re.compile(
    rf"{MESSAGE_OPEN}"
    rf"|<\|start_header_id\|>{_TURN}<\|end_header_id\|>"
    rf"|<\|im_start\|>{_TURN}(?![\w-])"
    rf"|<start_of_turn>{_TURN}(?![\w-])"
    r"|<\|(system|user|assistant)\|>"
    r"|(\[INST\]|<<SYS>>|<</SYS>>|\[/INST\])"
    r"|<START_OF_(SYSTEM|USER|ASSISTANT)(?:_(?:PROMPT|MESSAGE|TURN))?>",
    re.I,
)
CLOSE_RE = re.compile(
    rf"{MESSAGE_CLOSE}"
    r"|<\|eot_id\|>|<\|im_end\|>|<end_of_turn>|<\|end\|>"
    r"|<END_OF_(?:SYSTEM|USER|ASSISTANT)(?:_(?:PROMPT|MESSAGE|TURN))?>",
    re.I,
)
_MARKERS = ("message", "<|", "<start_of_turn>", "[INST]", "[inst]", "START_OF_", "start_of_")
_TAG_RE = re.compile(f"{OPEN_RE.pattern}|{CLOSE_RE.pattern}", re.I)


def has_user_section(text: str) -> bool:
    """True when the markup opens a section with role user."""
    return any(ROLES.get(_role(m) or "") == "user" for m in OPEN_RE.finditer(text))


def _role(m: re.Match) -> str | None:
    role = next((g for g in m.groups() if g), None)
    return role.lower() if role else None


def sections(text: str) -> list[tuple[int, int, str]]:
    """(start, end, part) of the text around and inside message tags: "template" outside any
    section, else the section's part ("system", "user", "assistant"). Tags are left out."""
    out: list[tuple[int, int, str]] = []
    part, pos = "template", 0
    for m in _TAG_RE.finditer(text):
        role = _role(m)
        if role is None and part == "template":
            continue  # the close of `<message role="{{role}}">`: no section of ours ends here
        if text[pos : m.start()].strip():
            out.append((pos, m.start(), part))
        part = ROLES.get(role, "assistant") if role else "template"
        pos = m.end()
    if text[pos:].strip() or not out:
        out.append((pos, len(text), part))
    return out


def split_segment(seg: Segment) -> list[Segment]:
    """`seg` split at its message markup when the markup holds a user section, else [seg]."""
    if not any(m in seg.text for m in _MARKERS) or not has_user_section(seg.text):
        return [seg]
    cut = [part_of(seg, a, b, part) for a, b, part in sections(seg.text)]
    return cut or [seg]


def part_of(seg: Segment, start: int, end: int, part: str) -> Segment:
    """The slice seg.text[start:end] as a segment of its own, mapped to the same source."""
    text = seg.text[start:end]
    if seg.mapping == "lines" and seg.line_starts:
        first = seg.text.count("\n", 0, start)
        lines = (seg.to_source(start), *seg.line_starts[first + 1 :])
        return Segment(text, part, lines[0], "lines", lines, path=seg.path, raw=seg.raw)
    if seg.mapping == "json":
        a, b = json_raw_len(seg.raw, start), json_raw_len(seg.raw, end)
        raw = seg.raw[a:b]
        mapping = "exact" if raw == text else "json"
        return Segment(text, part, seg.src_start + a, mapping, path=seg.path, raw=raw)
    return Segment(text, part, seg.to_source(start), seg.mapping, path=seg.path, raw=seg.raw)
