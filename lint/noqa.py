"""Inline suppression: `promptlint: noqa[: CODES]` in any comment syntax.

Same-line comments suppress findings that start on that line (`# ...` in Python and YAML,
`{# ... #}` in Jinja, `<!-- ... -->` in Markdown); a comment alone on its line also covers the
next line. `promptlint: noqa-file[: CODES]` anywhere suppresses the whole file. JSON has no
comments: use per-file-ignores.
"""

from __future__ import annotations

import re
from typing import NamedTuple

NOQA_RE = re.compile(
    r"promptlint:\s*noqa(?P<file>-file)?(?:\s*:?\s*(?P<codes>PL\d{3}(?:\s*,?\s*PL\d{3})*))?",
    re.I,
)
_ALONE_RE = re.compile(r"^\s*(?:#|\{#-?|<!--|//|\{\{!)\s*promptlint:.*?(?:#\}|-->|\}\})?\s*$", re.I)
ALL = frozenset({"*"})


class Suppressions(NamedTuple):
    lines: dict[int, frozenset[str]]
    file: frozenset[str]

    def covers(self, line: int, code: str) -> bool:
        for codes in (self.file, self.lines.get(line, frozenset())):
            if codes and ("*" in codes or code in codes):
                return True
        return False


def parse(source: str) -> Suppressions:
    """Suppressions of a file (1-based line numbers)."""
    lines: dict[int, frozenset[str]] = {}
    file_codes: set[str] = set()
    if "promptlint" not in source:
        return Suppressions(lines, frozenset())
    for no, line in enumerate(source.split("\n"), 1):
        if "promptlint" not in line:
            continue
        for m in NOQA_RE.finditer(line):
            codes = frozenset(re.findall(r"PL\d{3}", (m.group("codes") or "").upper())) or ALL
            if m.group("file"):
                file_codes |= codes
                continue
            targets = [no, no + 1] if _ALONE_RE.match(line) else [no]
            for t in targets:
                lines[t] = lines.get(t, frozenset()) | codes
    return Suppressions(lines, frozenset(file_codes))
