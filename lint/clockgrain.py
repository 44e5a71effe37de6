"""How fine a clock value is: a time of day changes between the turns of one conversation.

The floor (`min-blocks-at-stake`) drops a finding whose prompt has nothing cacheable after it:
the prompt is then as shared as it can be between requests. That holds for per-user data and
for today's date, which stay the same for a whole conversation. A clock finer than a day
(`{system_time}`, `datetime.now().isoformat()`, `14:03`) differs on every turn, so every later
turn of a conversation re-reads its whole history after the system prompt, however short the
text after the clock is: the history costs a block at the least, so such a finding is
reported at the default floor of 1 block (a higher floor still hides it).
"""

from __future__ import annotations

import re

from kvscope.lint.names import words

# strftime directives of a time of day (`%H:%M`, `%X`, `%c`, `%T`, `%R`)
_TIME_DIRECTIVE_RE = re.compile(r"%-?[HIMSXcTRpfr]")
_DIRECTIVE_RE = re.compile(r"%-?[A-Za-z]")
# a time of day written out: `14:03`, `2024-06-01T09:30`, `9:15 AM`
_TIME_LITERAL_RE = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d])")
TIME_WORDS = frozenset(
    ["time", "now", "timestamp", "datetime", "clock", "hour", "minute", "second", "seconds"]
)
_DATE_ONLY_CALL_RE = re.compile(r"\.date\(\)")  # `datetime.now().date()`


# what narrows a flagged call right after it: an f-string format spec or a strftime call
_AFTER_RE = re.compile(r"""(?:![rsa])?:([^{}\n]*)\}|\s*\.strftime\(\s*(?:f?r?["'])([^"'\n]*)""")


def narrowing_after(text: str) -> str:
    """The format that text right after a flagged value applies to it, or ''."""
    m = _AFTER_RE.match(text)
    return "" if m is None else (m.group(1) or m.group(2) or "")


def changes_between_turns(flagged: str) -> bool:
    """True when the flagged text shows the clock, finer than a day: a written time of day, or
    a name or call of the time (`system_time`, `datetime.now()`, `time.time()`), not narrowed
    to the date (`datetime.now().date()`, `strftime("%Y-%m-%d")`). A time-of-day format alone
    does not: `{edited:%H:%M}` is when something happened, which need not change per turn."""
    formats = [m.group() for m in _DIRECTIVE_RE.finditer(flagged)]
    if formats and not any(_TIME_DIRECTIVE_RE.fullmatch(f) for f in formats):
        return False  # narrowed to the date
    if _TIME_LITERAL_RE.search(flagged):
        return True
    if _DATE_ONLY_CALL_RE.search(flagged):
        return False
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", flagged)
    return any(words(n) & TIME_WORDS for n in names)
