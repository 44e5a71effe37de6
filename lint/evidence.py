"""Evidence from a text template's own structure for placeholders whose names say nothing.

A placeholder named `{l}`, `{{ toc_page }}` or `{{ structure }}` tells nothing by its name, but
the prompt around it often does: it is the value of a LABEL naming per-request content.

- an XML-ish tag wrapping it alone: `<conversation_context>\\n${l}\\n</conversation_context>`;
- a label ending with ':' before it on its line (`Input text: {x}`) or alone on the line above
  (`` `current_page_text`: ``, `TOOL OUTPUT:`), a Markdown heading right above it
  (`## Text Content`), a delimiter that opens a section (`---BEGIN RETRIEVED DOCUMENTS---`);
- a sentence on the line above that announces it: "... the following feedback:".

The label's words are judged with the vocabulary of names (classify_name over the label made an
identifier; a parenthetical is dropped and the words before a preposition are tried first:
"Feedback of the code in the last round"). A label that names something fixed ("Tools:",
"Example output:", "Output format:") says nothing; "Language:" alone is a setting (only a label
that names the user, "User's language:", says per-user), and a placeholder whose own name says
it is fixed (`{output_format}`, `{tools_text}`, `{enable_x}`) keeps its name's verdict.
"""

from __future__ import annotations

import re

from kvscope.lint.names import (
    FLAG_WORDS,
    NOT_A_VALUE,
    NOT_THE_USER,
    REQUEST_NOT,
    SETTINGS_WORDS,
    Placeholder,
    classify_name,
    identifiers,
    name_parts,
    words,
)
from kvscope.lint.patterns import SLOT_RE

# Words of a placeholder's own name that say it is fixed per deploy, whatever its label says.
FIXED_NAME_WORDS = NOT_A_VALUE | REQUEST_NOT | NOT_THE_USER | SETTINGS_WORDS | FLAG_WORDS
# Words that make a label name the user ("User's language:", "Customer email:").
USER_OWNERS = frozenset(["user", "users", "customer", "customers", "client", "member"])
PREPOSITIONS = frozenset(["of", "from", "for", "in", "on", "to", "with", "about", "by", "at"])
LABEL_MAX_WORDS = 6
LINE_MAX = 300  # a label is a short line; longer ones are prose (and bound the regex work)

_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_OPEN_TAG_RE = re.compile(r"<(?P<t>[A-Za-z][\w.-]*)(?:\s[^<>]*)?>\s*$")
_DECOR = r"[\s*_`'\"]*"
# `Input text: `, `- **Upcoming events**: `, `` `current_page_text`: ``, `** The title: **`
_LABEL_RE = re.compile(
    rf"^\s*(?:[-*+]\s+|\d+[.)]\s+)?{_DECOR}(?P<l>[^\n:{{}}<>]+?){_DECOR}:{_DECOR}$"
)


def line_label(before: str) -> str | None:
    """The label a line opens with, when `before` (a line up to a value) is only a label:
    `Input text: `, `- **Upcoming events**: `, `- Session ID: `."""
    m = _LABEL_RE.match(before)
    return m.group("l") if m else None


_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+(?P<l>[^\n{}]+?)\s*#*\s*$")
# `---BEGIN RETRIEVED DOCUMENTS---`, `~~~START_OF_INSTRUCTIONS~~~`
_DELIM_RE = re.compile(
    r"^\s*[-=~#*]{3,}\s*(?:BEGIN|START)(?:[\s_]OF)?[\s_]+(?P<l>[\w ]+?)\s*[-=~#*]{3,}\s*$", re.I
)
_FOLLOWING_RE = re.compile(
    r"\bthe\s+following\s+(?P<l>[A-Za-z]+(?:\s+[A-Za-z]+){0,2}?)\s*(?:\([^()]*\))?\s*:\s*$", re.I
)
# "Here is a short description of the project:", "Here are the questions you asked:"
_HERE_RE = re.compile(
    r"^\s*here\s+(?:is|are)\s+(?:the\s+|a\s+|an\s+|some\s+)?(?P<l>[^:\n]{1,80}?)\s*:\s*$", re.I
)
_FENCE_RE = re.compile(r"^\s*(?:```|~~~)[\w+-]*\s*$")
# "These are the user's connected accounts:": what follows belongs to the user.
_OWNED_RE = re.compile(
    r"\b(?:the|this|your)\s+(?:user|customer|client|member)['\u2019]s\s+"
    r"(?P<l>[\w.-]+(?:\s+[\w.-]+){0,4}?)\s*:\s*$",
    re.I,
)
# What may stand around a placeholder alone on its line: quotes, backticks, bullets, punctuation.
_ALONE_RE = re.compile(r"^[\s\"'`*\->.,;]*$")


_LATEST_RE = re.compile(r"[A-Za-z_][\w.]*\s*\[\s*-\s*\d+\s*\](?:\.[A-Za-z_]\w*)*")


def placeholder_evidence(text: str, ph: Placeholder) -> tuple[str, str | None] | None:
    """(kind, why or None) for an opaquely named placeholder that the template's structure
    shows to vary, `why` saying how for the finding: its label, the prompt calling it random,
    or the latest item of a list (what a tool returned,
    `{tool_output}`, is judged by its name: kvscope.lint.names.classify_name)."""
    if not identifiers(ph.expr):
        return None  # `{{'param': 'value'}}`: a literal renders itself, whatever its label
    found = label_kind(text, ph)
    if found is not None:
        return found[0], f"fills the `{found[1].strip()[:40]}` section, so it"
    said = described_random(text, ph.expr)
    if said is not None:  # "... framed with randomized fences" and `${COMMENTS_FENCE}`
        return "id", f"is what the prompt calls {said[:40]!r}, so it"
    if _LATEST_RE.fullmatch(ph.expr) and not fixed_name(ph.expr):
        return "request", None  # `{{ commands[-1] }}`: the latest of a list that grows
    return None


def label_kind(text: str, ph: Placeholder) -> tuple[str, str] | None:
    """(kind, label) when the opaque placeholder `ph` is the value of a label that names
    per-request content (or a clock value, an id, the user), else None."""
    if fixed_name(ph.expr):
        return None
    for label, owned in _labels(text, ph):
        kind = "user" if owned else judge_label(label)
        if kind is not None:
            return kind, label
    return None


# "randomized fences", "a random boundary token", "a randomly generated marker"
_RANDOM_DESC_RE = re.compile(
    r"\b(?:randomi[sz]ed|random(?:ly[\s-]generated)?)[\s-]+(?P<w>(?:[A-Za-z]+[\s-]+){0,2}[A-Za-z]+)",
    re.I,
)


def described_random(text: str, expr: str) -> str | None:
    """True when the prompt itself (its text or its front matter's description) calls the
    thing a placeholder's name ends with random: `${COMMENTS_FENCE}` in a template that says
    it frames data "using randomized fences" has a new value on every call. Returns the
    phrase that says so, else None."""
    if fixed_name(expr) or "random" not in text.lower():
        return None
    idents = identifiers(expr)
    parts = name_parts(idents[0]) if idents else []
    head = parts[-1].lower().removesuffix("s") if parts else ""
    if len(head) < 4:
        return None
    for m in _RANDOM_DESC_RE.finditer(text):
        said = [w.lower().removesuffix("s") for w in re.split(r"[\s-]+", m.group("w"))]
        if head in said:
            words_said = m.group().split()
            return " ".join(words_said[: len(words_said) - len(said) + said.index(head) + 1])
    return None


def fixed_name(expr: str) -> bool:
    """True when a placeholder's own words say it is fixed per deploy (`output_format`)."""
    return any(words(ident) & FIXED_NAME_WORDS for ident in identifiers(expr))


def judge_label(label: str) -> str | None:
    """What a label's words name: "request", "time", "id", "user" (only when it names the
    user), or None for a label naming something fixed or nothing in particular."""
    label = re.sub(r"\([^()]*\)", " ", label)
    ws = [w.lower() for w in _WORD_RE.findall(label.replace("'s", ""))]
    ws = [w for w in ws if w not in {"the", "a", "an", "this", "that", "these", "your", "my"}]
    if not ws or len(ws) > LABEL_MAX_WORDS:
        return None
    if set(ws) & (REQUEST_NOT | NOT_A_VALUE | NOT_THE_USER | SETTINGS_WORDS):
        return None  # "Example output", "Output format", "Tools", "Config"
    cut = next((i for i, w in enumerate(ws) if w in PREPOSITIONS), len(ws))
    for phrase in (ws[:cut], ws):
        if not phrase:
            continue
        kind = classify_name("_".join(phrase))
        if kind == "user" and not set(ws) & USER_OWNERS:
            continue  # "Language:", "Location:": a setting unless the label names the user
        if kind is not None:
            return kind
    return None


def _labels(text: str, ph: Placeholder) -> list[tuple[str, bool]]:
    """The candidate labels of `ph`, nearest first, each with whether it announces the
    user's own data ("These are the user's accounts:")."""
    out: list[tuple[str, bool]] = []
    line_start = text.rfind("\n", 0, ph.start) + 1
    line_end = text.find("\n", ph.end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[line_start : ph.start], text[ph.end : line_end]
    tag = _OPEN_TAG_RE.search(text, max(0, ph.start - 200), ph.start)
    if tag and re.match(rf"\s*</{re.escape(tag.group('t'))}\s*>", text[ph.end :]):
        out.append((tag.group("t"), False))  # <conversation_context>{x}</conversation_context>
    if not _alone(after) or len(before) > LINE_MAX:
        return out
    label = line_label(before)
    if label and not _alone(before):
        out.append((label, False))  # `Input text: {x}`
    if not _alone(before):
        return out
    above = _line_above(text, line_start)
    if above is None:
        return out
    for pattern in (_HEADING_RE, _DELIM_RE, _LABEL_RE, _HERE_RE, _FOLLOWING_RE):
        m = pattern.match(above) if pattern is not _FOLLOWING_RE else pattern.search(above)
        if m:
            out.append((m.group("l"), False))  # a heading, a label, "the following feedback:"
    m = _OWNED_RE.search(above)
    if m and _owned_words_name_content(m.group("l")):
        out.append(("the user's " + m.group("l"), True))
    return out


def _alone(rest: str) -> bool:
    """Nothing but punctuation and other placeholders stands beside a placeholder on its line
    (`{{ structure }} {{ title }}` under "The title:": the label covers the line's values)."""
    return _ALONE_RE.match(SLOT_RE.sub("", rest) if "{" in rest else rest) is not None


def _owned_words_name_content(phrase: str) -> bool:
    """ "currently connected accounts" names what the user has; "data in this format" and
    "request, using these tools" name something else (a preposition, a fixed word)."""
    ws = {w.lower() for w in _WORD_RE.findall(phrase)}
    return not ws & (PREPOSITIONS | REQUEST_NOT | NOT_A_VALUE | NOT_THE_USER)


def _line_above(text: str, line_start: int) -> str | None:
    """The nearest non-blank line above (one blank line and one code fence may stand
    between), else None; None too for a line holding template code or a long one (prose)."""
    end = line_start - 1
    blanks, fences = 0, 0
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if not line.strip():
            blanks += 1
        elif _FENCE_RE.match(line):
            fences += 1  # "Here is the error:\n```\n{x}": the label stands above the fence
        else:
            return line if "{" not in line and "%}" not in line and len(line) <= LINE_MAX else None
        if blanks > 1 or fences > 1:
            return None
        end = start - 1
    return None
