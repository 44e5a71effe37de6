"""PL007 cache-breakpoint-misuse: Anthropic `cache_control` breakpoints that cannot pay off.

A breakpoint writes a cache entry for everything before it (tools, system, messages). If
volatile content (a timestamp, an id, per-user data) comes before the breakpoint, the entry is
written on every request and never read: you pay the 1.25x (or 2x) write price for nothing.
Anthropic also accepts at most 4 breakpoints per request, and 1-hour entries must come before
5-minute ones.

Bad (Anthropic request JSON)::

    {"system": [{"type": "text", "text": "Now: 2025-03-04T10:11:12Z. You are ...",
                 "cache_control": {"type": "ephemeral"}}]}

Good: volatile text after the last breakpoint::

    {"system": [{"type": "text", "text": "You are ...",
                 "cache_control": {"type": "ephemeral"}}],
     "messages": [{"role": "user", "content": "Now: 2025-03-04T10:11:12Z. ..."}]}
"""

from __future__ import annotations

from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem
from kvscope.lint.rules.common import volatile_by_segment

CODE = "PL007"
NAME = "cache-breakpoint-misuse"
SEVERITY = "error"
FIXABLE = False
SUMMARY = "Anthropic cache_control breakpoint after volatile content, or more than 4"
MAX_BREAKPOINTS = 4


def check(doc: Document, ctx) -> Iterator[Problem]:
    if doc.kind == "python":
        from kvscope.lint import pyscan

        yield from pyscan.run(doc).problems(CODE)
        return
    marks = doc.breakpoints
    if not marks:
        return
    if len(marks) > MAX_BREAKPOINTS:
        extra = marks[MAX_BREAKPOINTS]
        msg = (
            f"{len(marks)} cache_control breakpoints; Anthropic accepts at most "
            f"{MAX_BREAKPOINTS} per request (the request is rejected). Keep the last "
            "breakpoint of each stable section only"
        )
        yield Problem(CODE, extra.src_start, extra.src_end, msg, extra.prefix_pos)
    seen_5m = False
    for mark in marks:
        if mark.ttl == "1h" and seen_5m:
            msg = (
                "a 1-hour cache_control breakpoint after a 5-minute one; Anthropic requires "
                "1-hour entries to come first"
            )
            yield Problem(CODE, mark.src_start, mark.src_end, msg, mark.prefix_pos)
            break
        seen_5m = seen_5m or mark.ttl != "1h"
    hazards = volatile_by_segment(doc)
    for mark in marks:  # segments are in cache order: tools, system, messages
        before = [p for i, p in hazards if i <= mark.after_segment]
        if before:
            first = before[0]
            line = doc.source.count("\n", 0, first.src_start) + 1
            msg = (
                f"cache_control breakpoint after volatile content ({first.code} on line "
                f"{line}): the entry it writes changes every request and is never read. "
                "Move volatile text after the last breakpoint"
            )
            yield Problem(CODE, mark.src_start, mark.src_end, msg, mark.prefix_pos)
            return
