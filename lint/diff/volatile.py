"""Values that change from request to request and the promptlint rule that catches each.

Shared by ``promptlint diff`` (why did a rendering change?) and ``promptlint measure`` (which
prefixes diverge only by a volatile value?). Patterns are deliberately conservative: a false
"volatile" label costs a user more trust than a missed one.
"""

from __future__ import annotations

import re
from typing import NamedTuple

RULE_NAMES = {
    "PL001": "volatile-timestamp",
    "PL002": "volatile-identifier",
    "PL003": "per-user-content",
    "PL004": "unstable-tool-order",
    "PL005": "unsorted-json-keys",
    "PL006": "conditional-system-section",
    "PL007": "cache-breakpoint-misuse",
    "PL008": "prefix-below-minimum",
}

_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
_PATTERNS: list[tuple[str, str, str]] = [
    (
        "PL002",
        "uuid",
        r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b",
    ),
    (
        "PL001",
        "timestamp",
        r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?",
    ),
    ("PL001", "date", rf"\b\d{{1,2}} {_MONTH},? \d{{4}}\b|\b{_MONTH} \d{{1,2}},? \d{{4}}\b"),
    ("PL001", "time", r"\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b"),
    ("PL001", "epoch", r"\b1[5-9]\d{8}(?:\.\d+)?\b"),
    ("PL003", "email", r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b"),
    (
        "PL002",
        "request-id",
        r"\b(?:req|request|trace|span|session|sess|msg|run|call|chatcmpl)[-_][0-9A-Za-z]{4,}\b",
    ),
    ("PL002", "hex-id", r"\b[0-9a-f]{16,}\b"),
]
_COMBINED = re.compile("|".join(f"(?P<g{i}>{rx})" for i, (_, _, rx) in enumerate(_PATTERNS)))
_LABELS = {f"g{i}": (code, kind) for i, (code, kind, _) in enumerate(_PATTERNS)}


class Volatile(NamedTuple):
    """A volatile value found in a text: its rule, kind, span and the value itself."""

    code: str
    kind: str
    start: int
    end: int
    value: str


def find_volatile(text: str) -> list[Volatile]:
    """Every volatile value in ``text``, left to right, without overlaps (one regex pass).

    At one position the earlier pattern in the table wins (a UUID before a hex id).
    """
    out = []
    for m in _COMBINED.finditer(text):
        code, kind = _LABELS[m.lastgroup]
        out.append(Volatile(code, kind, m.start(), m.end(), m.group()))
    return out


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


def common_prefix_len(a: str, b: str) -> int:
    """Length of the longest common prefix of two strings."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n
    while hi - lo > 32:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    while lo < hi and a[lo] == b[lo]:
        lo += 1
    return lo


def rule_label(code: str) -> str:
    """``"PL001 volatile-timestamp"``."""
    return f"{code} {RULE_NAMES.get(code, '')}".strip()
