"""The volatile-value vocabulary shared by the rules: literal patterns and placeholder names.

Placeholders are classified by the words of their identifiers (`current_date` -> {current,
date}; `userName` -> {user, name}), so `runtime` or `datapoint` never look like a clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_TIME = (
    r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?(?:[AaPp]\.?[Mm]\.?))?"
    r"(?:\s?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?"
)
DATETIME_RE = re.compile(
    r"(?<![\w.-])(?:"
    rf"\d{{4}}-\d{{2}}-\d{{2}}(?:[T ]{_TIME})?"
    rf"|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}(?:,? {_TIME})?"
    rf"|\d{{1,2}}\.\d{{1,2}}\.\d{{4}}"
    rf"|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? )?\d{{1,2}} {_MONTHS},? \d{{4}}(?:,? {_TIME})?"
    rf"|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? )?{_MONTHS} \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}"
    rf"(?:,? (?:at )?{_TIME})?"
    rf"|(?<!\d){_TIME}(?=\W|$)"
    r"|1[6-9]\d{8}(?:\.\d+)?(?!\d)"
    r")"
)
TIME_OF_DAY_RE = re.compile(r"\d{1,2}:\d{2}|1[6-9]\d{8}")
SECONDS_RE = re.compile(r"\d:\d{2}:\d{2}|^1[6-9]\d{8}")
DATE_CUE_RE = re.compile(
    r"(?i)(?:today|current(?:ly)?|now|date|time|timestamp|as of right now|it is)\W{0,3}"
    r"(?:is|:|=)?\s*$"
)
STATIC_CUE_RE = re.compile(
    r"(?i)(?:cutoff|cut-off|released?|version|copyright|©|updated|effective|since|founded|"
    r"established|born|deadline|until|before|after|between|from|trained)\b[^.\n]{0,25}$"
)
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
_DIGIT_RE = re.compile(r"\d")
PHRASE_OWNERS = ("user", "customer", "client", "member")
USER_PHRASE_RE = re.compile(  # matched on lower-cased text
    r"\b(?:user|customer|client|member)(?:'s)?\s+(?:name|email|id|locale|timezone)\s*"
    r"(?:is|:|=)\s*(?P<value>[^\s{}<>][^\n,.;]{0,40})"
)

TIME_WORDS = frozenset(
    [
        "date",
        "datetime",
        "time",
        "timestamp",
        "now",
        "today",
        "clock",
        "utcnow",
        "strftime",
        "tomorrow",
        "yesterday",
        "weekday",
        "ts",
        "timezone_now",
        "localtime",
    ]
)
RANDOM_WORDS = frozenset(
    ["uuid", "uuid4", "uuid1", "guid", "nonce", "random", "rand", "ulid", "nanoid", "salt"]
)
ID_OWNERS = frozenset(
    [
        "request",
        "req",
        "trace",
        "span",
        "session",
        "sess",
        "correlation",
        "idempotency",
        "run",
        "conversation",
        "conv",
        "message",
        "msg",
        "thread",
        "call",
        "job",
        "invocation",
        "execution",
        "transaction",
        "txn",
    ]
)
ID_WORDS = frozenset(["id", "ids", "key", "uid"])
USER_WORDS = frozenset(
    [
        "user",
        "username",
        "users",
        "customer",
        "tenant",
        "account",
        "member",
        "client",
        "email",
        "mail",
        "locale",
        "timezone",
        "tz",
        "lang",
        "language",
        "org",
        "organization",
        "company",
        "workspace",
        "fullname",
        "firstname",
        "lastname",
        "nickname",
        "phone",
        "address",
        "city",
        "country",
        "location",
        "profile",
        "preferences",
        "persona",
    ]
)
BARE_NAMES = frozenset(["name", "first_name", "last_name", "full_name", "display_name", "nickname"])
NAME_QUALIFIERS = frozenset({"first", "last", "full", "display", "nick", "given", "family"})
TIME_PLACEHOLDER_NAMES = frozenset({"strftime_now", "date_string"})

_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+")
_KEYWORDS = frozenset(
    [
        "and",
        "or",
        "not",
        "in",
        "is",
        "if",
        "else",
        "for",
        "true",
        "false",
        "none",
        "True",
        "False",
        "None",
        "loop",
        "self",
        "range",
    ]
)


def words(identifier: str) -> set[str]:
    """Lower-case words of an identifier: snake_case, camelCase and SCREAMING_CASE."""
    out: set[str] = set()
    for chunk in identifier.split("_"):
        out.update(w.lower() for w in _CAMEL_RE.findall(chunk))
    return out


def identifiers(expr: str) -> list[str]:
    """Identifiers of a placeholder expression, string literals removed."""
    expr = re.sub(r"'[^']*'|\"[^\"]*\"", "", expr)
    return [m for m in _IDENT_RE.findall(expr) if m not in _KEYWORDS]


def classify_name(identifier: str) -> str | None:
    """ "time", "id" or "user" for a volatile-looking identifier, else None."""
    if identifier in TIME_PLACEHOLDER_NAMES:
        return "time"
    ws = words(identifier)
    if ws & TIME_WORDS:
        return "time"
    if ws & RANDOM_WORDS or (ws & ID_OWNERS and ws & ID_WORDS) or "traceparent" in ws:
        return "id"
    if ws & USER_WORDS or identifier in BARE_NAMES or ("name" in ws and ws & NAME_QUALIFIERS):
        return "user"
    return None


def classify_expr(expr: str) -> str | None:
    """Classify a placeholder expression such as `user.name | upper` or `now().isoformat()`.
    The first identifier decides `name`-like attributes (`tool.name` is not per-user)."""
    idents = identifiers(expr)
    for i, ident in enumerate(idents):
        kind = classify_name(ident)
        if kind == "user" and ident in BARE_NAMES and i > 0:
            continue
        if kind is not None:
            return kind
    return None


class Placeholder(NamedTuple):
    start: int
    end: int
    expr: str


_PLACEHOLDER_RES = {
    "jinja": re.compile(r"\{\{-?(?P<e>.*?)-?\}\}", re.S),
    "handlebars": re.compile(r"\{\{\{?(?P<e>[^{}#/^!>][^{}]*?)\}?\}\}"),
    "fstring": re.compile(
        r"(?<![{$])\{(?P<e>[A-Za-z_][\w.\[\]'\"]*(?:\(\))?)(?:![rsa])?(?::[^{}]*)?\}(?!\})"
    ),
    "dollar": re.compile(r"\$\{(?P<e>[A-Za-z_][\w.]*)\}"),
    "percent": re.compile(r"%\((?P<e>[A-Za-z_]\w*)\)[sdrf]"),
}
SYNTAXES = {
    "jinja": ("jinja", "dollar", "percent"),
    "handlebars": ("handlebars",),
    "fstring": ("fstring", "dollar"),
    "text": ("jinja", "fstring", "dollar", "percent"),
}


def placeholders(text: str, syntax: str | None) -> Iterator[Placeholder]:
    """Template placeholders in `text` for a template syntax (None: every known syntax)."""
    if "{" not in text and "%(" not in text:
        return
    seen: set[int] = set()
    for name in SYNTAXES.get(syntax or "text", SYNTAXES["text"]):
        for m in _PLACEHOLDER_RES[name].finditer(text):
            if m.start() in seen or (name == "fstring" and _inside_double(text, m.start())):
                continue
            seen.add(m.start())
            yield Placeholder(m.start(), m.end(), m.group("e").strip())


def _inside_double(text: str, pos: int) -> bool:
    return text.startswith("{{", max(0, pos - 1)) or text.rfind("{{", 0, pos) > text.rfind(
        "}}", 0, pos
    )


class Literal(NamedTuple):
    start: int
    end: int
    kind: str
    text: str


def volatile_literals(text: str, concrete: bool) -> Iterator[Literal]:
    """Literal dates/times ("time"), ids ("id") and user details ("user") in prompt text.

    `concrete` is True for captured requests (every value was rendered at request time); in
    templates a bare date is static text, so only times of day and cued dates count there.
    """
    found = sorted(_literals(text, concrete), key=lambda lit: (lit.start, -lit.end))
    end = -1
    for lit in found:
        if lit.start >= end:
            yield lit
            end = lit.end


def _literals(text: str, concrete: bool) -> Iterator[Literal]:
    if _DIGIT_RE.search(text) is not None:
        yield from _numeric_literals(text, concrete)
    if concrete and "@" in text:
        for m in EMAIL_RE.finditer(text):
            yield Literal(m.start(), m.end(), "user", m.group())
    lower = text.lower()
    if any(word in lower for word in PHRASE_OWNERS):
        regex = USER_PHRASE_RE
        if len(lower) != len(text):  # a few characters change length when lower-cased
            lower, regex = text, re.compile(USER_PHRASE_RE.pattern, re.I)
        for m in regex.finditer(lower):
            value = text[m.start("value") : m.end("value")]
            yield Literal(m.start("value"), m.end("value"), "user", value)


def _numeric_literals(text: str, concrete: bool) -> Iterator[Literal]:
    """Dates, times and ids: all of them contain a digit, so prose without one skips this."""
    for m in DATETIME_RE.finditer(text):
        before = text[max(0, m.start() - 40) : m.start()]
        if STATIC_CUE_RE.search(before):
            continue
        value = m.group()
        has_time = TIME_OF_DAY_RE.search(value) is not None
        has_date = not re.fullmatch(_TIME, value)
        seconds = SECONDS_RE.search(value) is not None
        if DATE_CUE_RE.search(before) or seconds or (has_date and (concrete or has_time)):
            yield Literal(m.start(), m.end(), "time", value)
    for regex in (UUID_RE, PREFIXED_ID_RE, HEX_ID_RE):
        for m in regex.finditer(text):
            yield Literal(m.start(), m.end(), "id", m.group())
