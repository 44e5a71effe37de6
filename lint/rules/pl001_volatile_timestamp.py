"""PL001 volatile-timestamp: a date, time or clock placeholder in the cacheable prefix.

Prefix caches match exact tokens from the start. A value that changes every request (or every
day) near the top of the system prompt or tools makes every block after it a miss, silently.

Bad (Jinja)::

    You are Acme's assistant. Today is {{ now }}.
    <900 tokens of instructions>

Good: keep the prefix fixed and send the date with the user's turn::

    You are Acme's assistant.
    <900 tokens of instructions>
    ... last user message: "(date: 2025-03-04) How do I ...?"

Detects: literal timestamps and dates (ISO 8601, `03/04/2025`, `4 March 2025`, `March 4, 2025`,
times with seconds, Unix epochs) in rendered requests, and in templates when they carry a time
of day or follow a current-date cue ("today is", "current date:", "is:", "of", "which is",
"Current UTC:", a `current_date` key, and cues in zh/ja/ko/es/fr/de/pt; then month-and-year,
redacted `7/XX/2025` and `{}`/`%s` count too); a cutoff or release cue covers only its own date;
dates in URLs, code, examples and few-shot sections are not reported; placeholders such as
`{{ now }}`, `{current_date}`, `${TIMESTAMP}`, `strftime_now(...)`; in Python, `datetime.now()`,
`time.time()`, `date.today()` and names assigned from them flowing into a prompt.
"""

from __future__ import annotations

from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem
from kvscope.lint.rules.common import RuleContext, volatile_for

CODE = "PL001"
NAME = "volatile-timestamp"
SEVERITY = "error"
FIXABLE = False
SUMMARY = "Date, time or clock placeholder in the cacheable prefix"


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    yield from volatile_for(doc, CODE)
