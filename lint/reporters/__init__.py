"""Reporters: text (rich), json, github (workflow commands), sarif (2.1.0)."""

from __future__ import annotations

from typing import TextIO

from kvscope.lint.findings import Finding


def write(
    fmt: str,
    findings: list[Finding],
    out: TextIO,
    *,
    linted: int = 0,
    color: bool = True,
    quiet: bool = False,
) -> None:
    """Write `findings` to `out` in format `fmt` (text, json, github or sarif)."""
    if fmt == "json":
        from kvscope.lint.reporters.json_report import write as w
    elif fmt == "github":
        from kvscope.lint.reporters.github import write as w
    elif fmt == "sarif":
        from kvscope.lint.reporters.sarif import write as w
    else:
        from kvscope.lint.reporters.text import write as w
    w(findings, out, linted=linted, color=color, quiet=quiet)
