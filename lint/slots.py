"""Whether a placeholder of a prompt text is filled per request where it stands.

A placeholder can stand in text that only shows it (inline code, a naming rule, an example) or
in a field whose value is fixed (the assistant's own name, a tool card's name and description);
these say which (kvscope.lint.rules.common for templates, kvscope.lint.pyrules for Python).
"""

from __future__ import annotations

import re

from kvscope.lint.cues import example_cued
from kvscope.lint.evidence import line_label
from kvscope.lint.names import Placeholder, name_parts
from kvscope.lint.patterns import SLOT_RE, inside


def _slot_elsewhere(text: str, ph: Placeholder, code: list) -> bool:
    """True when `ph` is quoted as inline code (`` `{user_query}` ``) and the same placeholder
    also stands bare in the text, outside code: a template fills every occurrence of its slot,
    quoted or not (a fenced block keeps its placeholders: it may show another template)."""
    span = next((c for c in code if c[0] <= ph.start and ph.end <= c[1]), None)
    if span is None or text.startswith(("```", "~~~"), span[0]) or text[span[0]] != "`":
        return False
    needle, at = text[ph.start : ph.end], -1
    while (at := text.find(needle, at + 1)) >= 0:
        end = at + len(needle)
        embedded = text[at - 1 : at] in {"{", "$"} or text[end : end + 1] == "}"
        if at != ph.start and not embedded and not inside(code, at, end):
            return True  # the same slot, not part of `{{x}}` or `${x}`
    return False


_TOKEN_EDGE_RE = re.compile(r"[\s\"'`()\[\]<>,;]")


def shown_not_rendered(text: str, ph: Placeholder, syntax: str | None, code: list) -> bool:
    """True when placeholder `ph` of `text` shows code or describes a format rather than being
    filled per request: a `${name}` or `{user.name}` in a fenced or inline code example, or a
    naming rule such as `devin/{timestamp}-{feature}` or "files named like {date}.log".

    In a Jinja/Handlebars document a `{{ ... }}` placeholder renders wherever it stands."""
    if syntax in {"jinja", "handlebars"} and text.startswith("{{", ph.start):
        return False
    if inside(code, ph.start, ph.end):
        return not _slot_elsewhere(text, ph, code)
    if _in_shown_fstring(text, ph):
        return True
    left = ph.start
    while left > 0 and not _TOKEN_EDGE_RE.match(text[left - 1]):
        left -= 1
    right = ph.end
    while right < len(text) and not _TOKEN_EDGE_RE.match(text[right]):
        right += 1
    token = text[left:right]
    if "/" in token and token != text[ph.start : ph.end]:
        return True
    return example_cued(text[max(0, ph.start - 60) : ph.start])


_FSTRING_OPEN_RE = re.compile(r"""(?<![\w])[fF][rR]?(["'])(?:(?!\1)[^\n])*$""")


def _in_shown_fstring(text: str, ph: Placeholder) -> bool:
    """`{name}` inside a Python f-string literal the prompt shows as code (`7:    print(f"Hello,
    {name}!")` in a code listing): the field of the example's own string, opened by `f"` and
    closed on the same line."""
    line_start = text.rfind("\n", 0, ph.start) + 1
    line_end = text.find("\n", ph.end)
    opened = _FSTRING_OPEN_RE.search(text, line_start, ph.start)
    rest = text[ph.end : len(text) if line_end < 0 else line_end]
    return opened is not None and opened.group(1) in rest


_CARD_FIELDS = {"name": "description", "description": "name", "desc": "name"}
_NAMED_BY_SLOT_RE = re.compile(r"\{\{?\s*[\w.]*name\s*\}\}?\s*:\s*$")  # `- {{ name }}: ` then it
_CARD_LABEL_RE = {
    w: re.compile(rf"(?im)^[ \t]*(?:[-*+][ \t]+)?\**{w}\**[ \t]*:") for w in ("name", "description")
}


def item_card_field(text: str, ph: Placeholder) -> bool:
    """True when `ph` is the `name` or `description` field of a card (within two lines: `name:
    {{ name }}` / `description: {{ description }}` as labelled lines, `{{ tool.name }}` beside
    `{{ tool.description }}`, `- {{ name }}: {{ param.description }}`): the tool, function or
    item described, not the user's name or the request's description. Once a field of a card,
    the same placeholder is that field everywhere in the text."""
    expr = ph.expr.strip().lstrip("$")
    root, _, last = expr.rpartition(".")
    other = _CARD_FIELDS.get(last.lower())
    if other is None or not re.fullmatch(r"[\w.]+", expr):
        return False
    needle, at = text[ph.start : ph.end], -1
    while (at := text.find(needle, at + 1)) >= 0:
        start = at
        for _ in range(3):
            start = text.rfind("\n", 0, max(start - 1, 0)) + 1 if start else 0
        end = at + len(needle)
        for _ in range(3):
            nxt = text.find("\n", end + 1)
            end = len(text) if nxt < 0 else nxt
        window = text[start:end]
        line_end = text.find("\n", at)
        rest = text[at + len(needle) : len(text) if line_end < 0 else line_end]
        if (
            _CARD_LABEL_RE[other].search(window)
            or (root and f"{root}.{other}" in window)
            or (last == "name" and rest.startswith(":") and ".description" in rest)
            or (last != "name" and _NAMED_BY_SLOT_RE.search(text, text.rfind("\n", 0, at) + 1, at))
        ):
            return True
    return False


_PERSONA_RE = re.compile(
    r"(?i)(?:\byou\s+are|\byou['’]re|\byour\s+name\s+is|\bi\s+am|\bact\s+as|"
    r"\byou\s+work\s+(?:at|for)(?:\s+(?:a|an|the))?(?:\s+company)?(?:\s+(?:named|called))?|"
    r"\b(?:agent|assistant|bot|chatbot|ai|character)\s+(?:named|called))\W{0,3}$"
    r"|(?i:\b(?:agent|assistant|bot|chatbot)\s+['\"‘“`]$)"
    # the same in the other languages prompts are written in (zh, ja, ko, es, fr, de, pt)
    r"|(?:你的名字是|你的名字叫|你叫|你是|我是|名叫|あなたの名前は|あなたは|당신의\s*이름은|당신은)\W{0,3}$"
    r"|(?i:\b(?:eres|te\s+llamas|tu\s+nombre\s+es|tu\s+es|vous\s+êtes|tu\s+t['’]appelles|"
    r"(?:ton|votre)\s+nom\s+est|du\s+bist|dein\s+name\s+ist|você\s+é|seu\s+nome\s+é)\W{0,3}$)"
)


def persona_anywhere(text: str, start: int, end: int) -> bool:
    """True when the placeholder `text[start:end]` names the assistant (or its employer: "You
    work at company named {company_name}") at any of its occurrences: a template fills every
    occurrence with the same value (`{company_name}'s business is ...` further on)."""
    needle, at = text[start:end], -1
    while (at := text.find(needle, at + 1)) >= 0:
        if persona_slot(text, at, at + len(needle)):
            return True
    return False


def persona_slot(text: str, start: int, end: int | None = None) -> bool:
    """True when the placeholder at `start` names the assistant: "You are {{name}}", "a helpful
    agent named '{{name}}'", "your managed agent '{{name}}'" (not "a customer named {{name}}",
    not "Be a good assistant. {{name}} is asking", not "You are {name}'s assistant": whose)."""
    if end is not None and (
        re.match(r"['’]s\b", text[end : end + 3]) or text[end : end + 1] == "的"
    ):
        return False  # whose: "You are {name}'s assistant", "我是{company}的..."
    if end is not None and _WORKS_AT_ZH.search(text, max(0, start - 30), start):
        return _WORKS_AS_ZH.match(text, end) is not None  # "你在{company}担任{role}职务"
    return _PERSONA_RE.search(text, max(0, start - 30), start) is not None


_WORKS_AT_ZH = re.compile(r"你在\W{0,3}$")  # "you ... at {company}", then what you do there
_WORKS_AS_ZH = re.compile(r"\W{0,3}(?:担任|工作|上班|任职)")


# What an agent's card says of it, beside the slot that names it ("You are {identity}").
CARD_WORDS = frozenset(
    ["description", "desc", "backstory", "goal", "goals", "role", "personality", "identity", "bio"]
)


def agent_card_slot(text: str, ph: Placeholder) -> bool:
    """True when `ph` describes the agent a template is instantiated for: the prompt names the
    agent with a slot ("You are {role}.", "You are {identity}, an agent in ..."), and `ph` is a
    description, backstory, goal or role on that line or the next three (crew-style
    `You are {role}. {backstory}\nYour personal goal is: {goal}`). The task of the call
    (`Mission: {user_task}`) is not the agent's."""
    head = name_parts(re.sub(r"\W", "_", ph.expr.strip()))
    if not head or head[-1].lower() not in CARD_WORDS:
        return False
    line_start = text.rfind("\n", 0, ph.start) + 1
    lo = line_start
    for _ in range(3):
        if lo <= 0:
            break
        lo = text.rfind("\n", 0, lo - 1) + 1
    window_end = text.find("\n", ph.end)
    window = text[lo : len(text) if window_end < 0 else window_end]
    for m in SLOT_RE.finditer(window):
        at = lo + m.start()
        if at != ph.start and persona_slot(text, at, lo + m.end()):
            return True
    return persona_slot(text, ph.start, ph.end)  # `You are {role}.` itself


_DESCRIBED_RE = re.compile(
    r"(?i)\b(?:examples?|e\.g|format|syntax|pattern|placeholders?|templates?|variables?|usage|"
    r"replaced|such as|like)\b"
)
# the value ends its line, or the sentence it closes: "Current date is: `{{ now }}`. Determine ..."
_AFTER_VALUE_RE = re.compile(
    r"[ \t]*(?:\([^()\n]*\))?[ \t]*(?:[.;,]?[ \t]*(?:\n|$)|[.;][ \t]+(?=[A-Z]))"
)


def labelled_value(text: str, start: int, end: int) -> bool:
    """True when the inline code `text[start:end]` holds a value under a label of its own line
    (`- Session ID: `{{ session_id }}``, `Memory directory: `${DIR}` (large)`, "Current date
    is: `{{ time_now }}`. Determine ..."): a value shown in monospace, which a template fills per
    render. Not when the label describes a format or
    lists placeholders ("Format: `{date}`", "replaced by: `{{user}}`, `{{home}}`")."""
    label = line_label(text[text.rfind("\n", 0, start) + 1 : start])
    if label is None or _DESCRIBED_RE.search(label):
        return False
    return _AFTER_VALUE_RE.match(text, end) is not None
