"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

`::error title=promptlint (PL001),file=F,line=L,col=C,endLine=L2,endColumn=C2::message`;
column properties only when the span is on one line (GitHub ignores them otherwise).
"""

from __future__ import annotations

from typing import TextIO

from kvscope.lint.findings import Finding

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def write(findings: list[Finding], out: TextIO, **_: object) -> None:
    for f in findings:
        props = [
            f"title={_prop(f'promptlint ({f.code})')}",
            f"file={_prop(f.path)}",
            f"line={f.line}",
            f"endLine={f.end_line}",
        ]
        if f.line == f.end_line:
            props += [f"col={f.column}", f"endColumn={f.end_column}"]
        cost = (
            ""
            if f.token_offset is None
            else (
                f" [token {f.token_offset}, block {f.block_index}; "
                f"{f.blocks_at_stake} blocks / {f.tokens_at_stake} tokens at stake]"
            )
        )
        message = f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}{cost}"
        out.write(f"::{LEVELS.get(f.severity, 'warning')} {','.join(props)}::{_data(message)}\n")
