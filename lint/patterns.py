"""The volatile-value detector: the one place that decides what in a prompt's text varies.

`promptlint check` (PL001-PL003), `promptlint diff` (why two renderings differ) and measure's
near misses (prefixes equal once volatile values are masked) all ask this module, so
"volatile" means the same in all three. Evidence beats word matches: a bare date in a template
is static text unless a current-date cue precedes it; ids inside URLs, code and examples
("e.g.", "strings of the format ...") are the same on every request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from kvscope.lint.cues import (
    ID_CUE_RE,
    KEY_CUE_RE,
    MONTHS,
    MONTHS_INTL,
    USER_CUE_RE,
    date_cued,
    example_cued,
    static_cued,
)
from kvscope.lint.names import (  # noqa: F401  (the detector's public vocabulary)
    Placeholder,
    classify_expr,
    classify_name,
    identifiers,
    placeholders,
    words,
)

_TIME = (
    r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?(?:[AaPp]\.?[Mm]\.?))?"
    r"(?:\s?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?"
)
_WEEKDAY = r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? )?"
_CJK_DAY = r"\d{4}\s?年\s?\d{1,2}\s?月\s?\d{1,2}\s?[日号號]|\d{4}년\s?\d{1,2}월\s?\d{1,2}일"
_CJK_MONTH = r"\d{4}\s?年\s?\d{1,2}\s?月|\d{4}년\s?\d{1,2}월"
_X = r"(?:XX?|xx?|\?\?)"
DATETIME_RE = re.compile(
    r"(?<![A-Za-z0-9_.-])(?:(?P<full>"
    rf"\d{{4}}-\d{{2}}-\d{{2}}(?:[T ]{_TIME})?"
    rf"|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}(?:,? {_TIME})?"
    rf"|\d{{1,2}}\.\d{{1,2}}\.\d{{4}}"
    rf"|{_WEEKDAY}\d{{1,2}} {MONTHS},? \d{{4}}(?:,? {_TIME})?"
    rf"|{_WEEKDAY}{MONTHS} \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}(?:,? (?:at )?{_TIME})?"
    rf"|{_CJK_DAY}"
    rf"|\d{{1,2}}(?:\.|º|er)?\s(?:de\s)?{MONTHS_INTL}\.?\s(?:de\s)?\d{{4}}"
    rf"|(?<!\d){_TIME}(?=\W|$)"
    r"|1[6-9]\d{8}(?:\.\d+)?(?!\d)"
    r")|(?P<cued>"  # shapes that are a current date only after a cue
    rf"{MONTHS},? \d{{4}}|{MONTHS_INTL}\s(?:de\s)?\d{{4}}|{_CJK_MONTH}"
    rf"|\d{{4}}-\d{{2}}(?![\d-])"
    rf"|(?:\d{{1,2}}|{_X})/(?:\d{{1,2}}|{_X})/(?:\d{{2,4}}|XXXX)|\d{{4}}-(?:\d{{2}}|XX)-XX"
    r"))"
)
TIME_OF_DAY_RE = re.compile(r"\d{1,2}:\d{2}|1[6-9]\d{8}")
SECONDS_RE = re.compile(r"\d:\d{2}:\d{2}|^1[6-9]\d{8}")
UUID_RE = re.compile(
    r"(?<![0-9A-Fa-f-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"(?![0-9A-Fa-f-])"
)
PREFIXED_ID_RE = re.compile(
    r"(?<![\w-])(?:req|request|trace|span|sess|session|run|msg|chatcmpl|call|conv|corr|txn|nonce)"
    r"[-_](?=[A-Za-z0-9]*\d)[A-Za-z0-9]{6,}(?![\w-])"
)
HEX_ID_RE = re.compile(
    r"(?<![\w-])(?=[0-9a-f]{24})(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{24,}(?![\w-])"
)
EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
URL_RE = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s<>\"'`)\]]+", re.I)
CODE_RE = re.compile(  # a fence closes on a line of as many backticks (or tildes) or more
    r"(?ms)^[ \t]*(?P<fence>(?:\\?`){3,}|~{3,})(?P<info>[^\n]*).*?"
    r"(?:^[ \t]*(?P=fence)[`~]*[ \t]*$|\Z)"
    r"|`[^`\n]+`"
)
SLOT_RE = re.compile(r"\{\{[^{}\n]*\}\}|\$?\{[^{}\n]*\}")
# Fences that hold prose (often the whole published prompt), not code.
PROSE_FENCES = frozenset({"markdown", "md", "text", "txt", "plaintext", "prompt", "xml", "jinja"})
ANON_RE = re.compile(r"\{\s*\d*\s*\}|%s|\$\d\b")
PHRASE_OWNERS = ("user", "customer", "client", "member")
USER_PHRASE_RE = re.compile(  # matched on lower-cased text
    r"\b(?:user|customer|client|member)(?:'s|’s)?\s*(?:preferred\s+|first\s+|full\s+)?"
    r"(?:name|email|e-mail|id|locale|time\s?zone|language|location|country|city|"
    r"os(?:\s+version)?|operating\s+system|shell|workspace|working\s+directory|device|browser)\s*"
    r"(?:is|:|=)\s*(?P<value>[^\s{}<>%$\[('\"“‘`][^\n,.;]{0,40})"
)
# Where the user is or what they use, written out: "chatting with the user via the ChatGPT iOS
# app", "The user is on Windows", "User is in the country US" (matched on the original text: the
# value is a capitalised name).
USER_WHERE_RE = re.compile(
    r"(?<![A-Za-z])(?i:user|customer)\s+(?:"
    r"(?i:is)\s+(?:(?i:currently|using|located)\s+)?(?i:on|in|from|using)\s+(?i:the\s+)?"
    r"(?:(?i:country|city|region|state)\s+(?i:of\s+)?)?"
    r"(?P<value>[A-Z][\w-]*(?:\.[\w-]+)*(?:[ \t]+[A-Z][\w-]*(?:\.[\w-]+)*){0,2})"
    r"|(?i:via|through)\s+(?i:the\s+)?"
    r"(?P<app>[A-Z][\w.-]*(?:[ \t]+[A-Za-z][\w.-]*){0,2}[ \t]+(?i:app|application|client)))"
    r"\b"
)
_LANGUAGES = (
    "english|spanish|french|german|portuguese|italian|dutch|russian|ukrainian|polish|czech|"
    "turkish|arabic|hebrew|persian|hindi|bengali|urdu|chinese|mandarin|cantonese|japanese|"
    "korean|vietnamese|thai|indonesian|malay|swedish|norwegian|danish|finnish|greek|romanian|"
    "hungarian|español|français|deutsch|português|italiano|中文|日本語|한국어"
)
# A locale or response language set per user: "Respond in the following locale: en-US",
# "ALWAYS write in this language: english."
LOCALE_RE = re.compile(
    r"(?i)\b(?:locale|language)\s*[:=]\s*(?P<value>[a-z]{2,3}[-_][A-Z]{2}\b|"
    rf"(?:{_LANGUAGES})\b)"
)
# Environment facts written as `Key: value` lines ("Shell: zsh", "Timezone: Asia/Shanghai",
# "OS Version: Darwin 24.3.0", "Is directory a git repo: Yes"): the user's machine and the
# state of the folder the session runs in, not the deploy.
ENV_LINE_RE = re.compile(
    r"(?im)^[ \t>*•⦁-]*(?:platform|shell|os(?:\s+version)?|operating\s+system|time\s?zone|"
    r"location|country|working\s+directory|cwd|current\s+directory|home\s+directory|"
    r"is\s+(?:the\s+)?(?:directory|folder|cwd)\s+a\s+git\s+repo(?:sitory)?)"
    r"[ \t]*:[ \t]*(?P<value>[^\s{}<>$%(\[\"'`*][^\n]{0,50}?)[ \t.]*$"
)
REDACTED_RE = re.compile(r"\[redacted\]|<redacted>|\bREDACTED\b", re.I)
_NOT_A_VALUE = re.compile(
    r"(?i)(?:the|a|an|not|never|always|their|your|his|her|its|provided|given|unknown|"
    r"available|shown|stored|in|based|whatever|as|set|required|optional|important|only|"
    r"usually|used|listed|below|above|same|different|one|any|empty|null|none)\b"
)
_PASSIVE_RE = re.compile(r"[a-z]+(?:ed|en)\b(?!-)")  # "is displayed", "is hidden": a verb
_EXAMPLE_IDS = ("123e4567-e89b-12d3-a456-426614174000", "12345678-1234-")
KIND_CODES = {"time": "PL001", "id": "PL002", "user": "PL003"}


class Literal(NamedTuple):
    """A volatile value: its span, kind ("time", "id", "user"), text and shape ("date",
    "uuid", "email", ...: what diff and measure call it)."""

    start: int
    end: int
    kind: str
    text: str
    shape: str = ""


def volatile_literals(text: str, concrete: bool) -> Iterator[Literal]:
    """Literal dates/times ("time"), ids ("id") and user details ("user") in prompt text.

    `concrete` is True for captured requests (every value was rendered at request time); in
    templates a bare date is static text, so only times of day and cued dates count there,
    and a `{}`/`%s` right after a current-date cue is a clock placeholder.
    """
    found = sorted(_literals(text, concrete), key=lambda lit: (lit.start, -lit.end))
    end = -1
    for lit in found:
        if lit.start >= end:
            yield lit
            end = lit.end


def quiet_spans(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(URL spans, code spans: fenced blocks and inline code). What they hold is shown, not
    rendered per request: a URL is the same on every request, code is an example."""
    urls = [m.span() for m in URL_RE.finditer(text)] if "://" in text or "www." in text else []
    code = []
    if "`" in text or "~~~" in text:
        for m in CODE_RE.finditer(text):
            if m.group("fence"):
                info = m.group("info").strip().lower().split(" ")[0].strip("\\`")
                if info in PROSE_FENCES or (not info and m.end() - m.start() > len(text) / 2):
                    continue  # the prompt itself, fenced for display
                if not info and m.end() == len(text) and not _closed(m):
                    continue  # a stray fence no line closes: the text after it is prose
                if info in SHOWN_PROMPT_FENCES and under_prompt_heading(text, m.start()):
                    continue  # `## Prompt`, then the prompt to paste, fenced as `yaml`
                body = m.group().split("\n", 1)[1] if "\n" in m.group() else ""
                if (
                    body.strip()
                    and not SLOT_RE.sub("", body).strip(" \t\n`~")
                    and not example_cued(text[max(0, m.start() - 80) : m.start()])
                ):
                    continue  # a fence around a bare placeholder: where the content goes
            code.append(m.span())
    return urls, code


def _closed(fenced: re.Match) -> bool:
    """The fenced block ends on a closing fence line, not at the end of the text."""
    last = fenced.group().rstrip("\n").rsplit("\n", 1)
    return len(last) == 2 and last[1].strip().startswith(fenced.group("fence").lstrip("\\")[:3])


# Fences a README shows a prompt in, under a heading that names it (a prompt to paste into a
# YAML option); a fence of a programming language there is still an example of code.
SHOWN_PROMPT_FENCES = frozenset({"", "yaml", "yml"})
HEADING_RE = re.compile(r"(?m)^[ \t]{0,3}(#{1,6})[ \t]+(.*)$")


def under_prompt_heading(text: str, pos: int) -> bool:
    """The Markdown section `pos` stands in, or one enclosing it, is headed by a name with
    the word "prompt" (`## Prompt`, then `### 1. List areas`, then the fence)."""
    level = 7
    for m in reversed(list(HEADING_RE.finditer(text, 0, pos))):
        depth = len(m.group(1))
        if depth < level:
            if re.search(r"\bprompts?\b", m.group(2), re.IGNORECASE):
                return True
            level = depth
    return False


def inside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in spans)


def _literals(text: str, concrete: bool) -> Iterator[Literal]:
    urls, code = quiet_spans(text)
    quiet = urls + code
    digits = digit_positions(text)
    if digits or "XX" in text:
        if "XX" in text:
            digits = sorted({*digits, *(m.start() for m in re.finditer("XX", text))})
        yield from _dates(text, concrete, urls, code, digits)
        yield from _ids(text, concrete, quiet, digits)
    if not concrete and ("{" in text or "%s" in text or "$" in text):
        yield from _anonymous(text, quiet)
    if concrete and "@" in text:
        for m in EMAIL_RE.finditer(text):
            if not inside(quiet, m.start(), m.end()):
                yield Literal(m.start(), m.end(), "user", m.group(), "email")
    yield from _user_phrases(text, quiet, concrete)
    if not concrete and ":" in text:
        for m in ENV_LINE_RE.finditer(text):
            value = m.group("value")
            short = len(value.split()) <= 4 and not re.search(r"\b(?:vs|or|and/or)\b", value)
            if short and not inside(quiet, m.start(), m.end()):
                a = m.start("value")
                yield Literal(a, a + len(value), "user", value, "environment")
    if "edacted" in text or "EDACTED" in text:
        yield from _redacted(text, quiet)
    if "anguage" in text or "ocale" in text:
        for m in LOCALE_RE.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].lower()
            if not inside(quiet, m.start(), m.end()) and "default" not in line:
                a, b = m.span("value")
                yield Literal(a, b, "user", m.group("value"), "locale")


def _user_phrases(text: str, quiet: list[tuple[int, int]], concrete: bool) -> Iterator[Literal]:
    """ "The user's name is Alice", "User locale: es-ES": matched only where an owner word
    stands (a scan of the whole text with the full pattern is ~10x slower). In a template, a
    phrase inside a few-shot example section is the example's text."""
    lower = text.lower()
    regex = USER_PHRASE_RE
    if len(lower) != len(text):  # a few characters change length when lower-cased
        lower, regex = text, re.compile(USER_PHRASE_RE.pattern, re.I)
    starts = []
    for owner in PHRASE_OWNERS:
        pos = lower.find(owner)
        while pos >= 0:
            starts.append(pos)
            pos = lower.find(owner, pos + len(owner))
    for pos in sorted(starts):
        m = regex.match(lower, pos) or USER_WHERE_RE.match(text, pos)
        if m is None:
            continue
        group = "app" if m.re is USER_WHERE_RE and m.group("app") else "value"
        value = text[m.start(group) : m.end(group)].rstrip()
        if (
            _NOT_A_VALUE.match(value)
            or _PASSIVE_RE.match(value)
            or inside(quiet, m.start(), m.end())
        ):
            continue  # "the user's email is displayed (e.g. ...)": what is done with it, no value
        before = text[max(0, m.start() - 60) : m.start()]
        if example_cued(before) or re.search(
            r"(?i)\b(?:if|when|whether|unless)\s+(?:the\s+)?$", before
        ):
            continue  # an example or a hypothetical ("if the user's name is X"), not a value
        if not concrete and in_example_block(text, m.start()):
            continue
        yield Literal(m.start(group), m.start(group) + len(value), "user", value, "user-detail")


def digit_positions(text: str) -> list[int]:
    """Offsets of the ASCII digits of `text`, in order (str.find is ~5x faster than a regex
    scan on digit-poor prose)."""
    out: list[int] = []
    for d in "0123456789":
        i = text.find(d)
        while i >= 0:
            out.append(i)
            i = text.find(d, i + 1)
    out.sort()
    return out


def _around_digits(
    regex: re.Pattern[str], text: str, digits: list[int], before: int, after: int
) -> Iterator[re.Match[str]]:
    """`regex.finditer(text)`, searched only near digits: every date and id holds one, and a
    long alternation scanned over a whole 10 kB prompt costs milliseconds. The windows
    (`before`/`after` characters around each digit) are merged, so a match is never cut;
    lookbehinds still see the text before a window."""
    spans: list[list[int]] = []
    for pos in digits:
        lo, hi = max(0, pos - before), min(len(text), pos + 1 + after)
        if spans and lo <= spans[-1][1]:
            spans[-1][1] = hi
        else:
            spans.append([lo, hi])
    for lo, hi in spans:
        yield from regex.finditer(text, lo, hi)


def _dates(
    text: str, concrete: bool, urls: list, code: list, digits: list[int]
) -> Iterator[Literal]:
    prev_end, listed = 0, False
    for m in _around_digits(DATETIME_RE, text, digits, 48, 32):
        window = text[max(prev_end, m.start() - 60) : m.start()]
        in_list = listed and _LIST_GAP_RE.fullmatch(text, prev_end, m.start()) is not None
        prev_end, listed = m.end(), False
        value = m.group()
        if (
            inside(urls, m.start(), m.end())
            or in_list  # `formats: "2 PM", "14:00", "2024-01-15T14:00:00"`: the cue's list
            or example_cued(window)
            or on_example_line(text, m.start())
        ):
            listed = True
            continue
        if not concrete and (inside(code, m.start(), m.end()) or in_example_block(text, m.start())):
            continue
        if time_code(text, m.start(), m.end()):
            continue
        if date_cued(window):
            yield Literal(m.start(), m.end(), "time", value, _shape(value))
            continue
        if m.group("cued") or static_cued(window) or inside(code, m.start(), m.end()):
            continue
        has_time = TIME_OF_DAY_RE.search(value) is not None
        has_date = not re.fullmatch(_TIME, value)
        seconds = SECONDS_RE.search(value) is not None
        if not concrete and _ON_THE_HOUR_RE.search(value):
            continue  # `default to 09:00:00`: a time on the hour is a rule's, no clock reading
        if seconds or (has_date and (concrete or has_time)):
            yield Literal(m.start(), m.end(), "time", value, _shape(value))


# What separates the items of a list of values: `"2 PM", "14:00", "2024-01-15T14:00:00"`.
_LIST_GAP_RE = re.compile(r"""[\s"'`]*(?:[,;/|]|\bor\b|\band\b)[\s"'`]*""")
# A time on the hour to the second (`09:00:00`, `T14:00:00`), as rules and examples write it.
_ON_THE_HOUR_RE = re.compile(r"(?<!\d)\d{1,2}:00:00(?![\d.,])")

# A position in a recording: SRT/VTT milliseconds (`00:00:05,390`) or a span between two times
# (`00:00:05-00:00:10`, `00:01:02 --> 00:01:09`).
_CODE_TAIL_RE = re.compile(r"[,.]\d{3}(?!\d)|\s*(?:-->|[-–~]\s*\d{1,2}:\d{2}:\d{2})")
_CODE_HEAD_RE = re.compile(r"\d{1,2}:\d{2}:\d{2}(?:[,.]\d+)?\s*(?:-->|[-–~])\s*$")


def time_code(text: str, start: int, end: int) -> bool:
    """A time of day alone (no date) that is a position in a video or audio file: subtitle
    milliseconds after it, or a span of two such times. The same on every request."""
    value = text[start:end]
    if not re.fullmatch(_TIME, value) or not re.match(r"\d{1,2}:\d{2}:\d{2}", value):
        return False
    if re.match(r":\d{2}", text[end : end + 3]):
        return True  # `00:00:05-00:00:10` read as one time with a zone: a span of two
    head = text[max(0, start - 40) : start]
    return bool(_CODE_TAIL_RE.match(text, end) or _CODE_HEAD_RE.search(head))


# "-Examples-", "## Sample output", "For example:", and a numbered example's own title, which
# may be long: "## Example 7: Vague temporal references with a historical observation date".
_EXAMPLE_HEAD_RE = re.compile(
    r"(?im)^[^\w\n]{0,12}(?:few-shot\s+|for\s+)?(?:examples?|sample(?:s| output)?|demo)\b"
    r"(?:[^\n]{0,40}|\s*#?\d+\s*[:.)\-–—][^\n]{0,120})$"
)
_REAL_HEAD_RE = re.compile(
    r"(?im)^[^\w\n]{0,12}(?:real|actual|your|now|begin|input|output format|task)\b[^\n]{0,40}$"
)


# A line that labels itself an example: "Example: Events -from 2022-05-22 ...", "- e.g.: ...".
_EXAMPLE_LINE_RE = re.compile(
    r"(?i)[\s>*_`-]{0,6}(?:for\s+example|e\.g\.|examples?|sample(?:\s+(?:input|output|call))?)"
    r"(?:\s*#?\d+)?\s*[:\-–—]"
)


def on_example_line(text: str, pos: int) -> bool:
    """True when the line holding `pos` opens with an example label (every value on it is the
    example's: the cue's reach within a line is otherwise a few words), or is a statement of
    code written out in prose, commented or not (`//   SELECT * FROM t AT(TIMESTAMP =>
    '2024-01-15 10:00:00')`, `const since = "2024-01-15T10:00:00Z";`): a value in code is the
    example's literal, not the time of the request."""
    start = text.rfind("\n", 0, pos) + 1
    if _EXAMPLE_LINE_RE.match(text, start, min(pos, start + 80)) is not None:
        return True
    return _CODE_LINE_RE.match(text, start, pos) is not None


# A line that is a statement of code: SQL, or a JS/TS/Python declaration, after any comment mark.
_CODE_LINE_RE = re.compile(
    r"[ \t]*(?:(?://|--|#)[ \t]*)?(?:(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE|ALTER|"
    r"MERGE\s+INTO|COPY\s+INTO)\s|(?:const|let|var)\s+\w+\s*=|\w+(?:\.\w+)*\s*\([^()\n]*=>)"
)


def in_example_block(text: str, pos: int, reach: int = 2500) -> bool:
    """True inside a few-shot example section: after a short heading line such as
    "-Examples-", "Example 1:" or "## Sample output", with no "Real Data"/"Input" heading
    between it and `pos`."""
    lo = max(0, pos - reach)
    if "xample" not in text[lo:pos] and "ample" not in text[lo:pos]:
        return False
    heads = list(_EXAMPLE_HEAD_RE.finditer(text, lo, pos))
    if not heads:
        return False
    return _REAL_HEAD_RE.search(text, heads[-1].end(), pos) is None


def _shape(value: str) -> str:
    if re.fullmatch(r"1[6-9]\d{8}(?:\.\d+)?", value):
        return "epoch"
    if re.fullmatch(_TIME, value):
        return "time"
    return "timestamp" if TIME_OF_DAY_RE.search(value) else "date"


def _ids(
    text: str, concrete: bool, quiet: list[tuple[int, int]], digits: list[int]
) -> Iterator[Literal]:
    for regex, shape in ((UUID_RE, "uuid"), (PREFIXED_ID_RE, "request-id"), (HEX_ID_RE, "hex-id")):
        for m in _around_digits(regex, text, digits, 80, 80):
            value = m.group()
            if inside(quiet, m.start(), m.end()) or _example_id(value):
                continue
            window = text[max(0, m.start() - 60) : m.start()]
            if (example_cued(window) or on_example_line(text, m.start())) and not ID_CUE_RE.search(
                window
            ):
                continue
            if not concrete and in_example_block(text, m.start()):
                continue  # an id in a few-shot example is part of the example's text
            if shape == "hex-id" and not concrete and not ID_CUE_RE.search(window):
                continue  # a hash written into a template is the same on every request
            yield Literal(m.start(), m.end(), "id", value, shape)


def _example_id(value: str) -> bool:
    digits = value.lower().replace("-", "")
    return len(set(digits)) <= 2 or value.lower().startswith(_EXAMPLE_IDS)


def _redacted(text: str, quiet: list[tuple[int, int]]) -> Iterator[Literal]:
    """A value the publisher redacted varies: `id: [redacted]`, `Current date: [REDACTED]`."""
    for m in REDACTED_RE.finditer(text):
        if inside(quiet, m.start(), m.end()):
            continue
        window = text[max(0, m.start() - 60) : m.start()]
        key = KEY_CUE_RE.search(window)
        kind = classify_name(key.group("key")) if key else None
        if date_cued(window):
            kind = "time"
        elif kind is None and ID_CUE_RE.search(window):
            kind = "id"
        if kind in KIND_CODES:
            yield Literal(m.start(), m.end(), kind, m.group(), "redacted")


def _anonymous(text: str, quiet: list[tuple[int, int]]) -> Iterator[Literal]:
    for m in ANON_RE.finditer(text):
        if inside(quiet, m.start(), m.end()):
            continue
        window = text[max(0, m.start() - 60) : m.start()]
        if date_cued(window):
            yield Literal(m.start(), m.end(), "time", m.group(), "placeholder")
        elif USER_CUE_RE.search(window):
            yield Literal(m.start(), m.end(), "user", m.group(), "placeholder")


class Volatile(NamedTuple):
    """A volatile value found in a rendered text: its rule, shape, span and the value."""

    code: str
    kind: str
    start: int
    end: int
    value: str


def find_volatile(text: str) -> list[Volatile]:
    """Every volatile value in a rendered text (as a request carries it), left to right,
    without overlaps: the same detector `promptlint check` uses on captured requests."""
    return [
        Volatile(KIND_CODES[lit.kind], lit.shape or lit.kind, lit.start, lit.end, lit.text)
        for lit in volatile_literals(text, concrete=True)
    ]


def volatile_at(text: str, pos: int, slack: int = 2) -> Volatile | None:
    """The volatile value covering character ``pos`` (within ``slack`` characters), if any."""
    for v in find_volatile(text):
        if v.start - slack <= pos < v.end + slack:
            return v
    return None


def mask_volatile(text: str) -> str:
    """``text`` with each volatile value replaced by its rule code, e.g. ``<PL001>``."""
    out, last = [], 0
    for v in find_volatile(text):
        out.append(text[last : v.start])
        out.append(f"<{v.code}>")
        last = v.end
    out.append(text[last:])
    return "".join(out)
