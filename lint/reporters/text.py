"""Default `--format text`: ruff-style lines, the span underlined in context, the cost, and a
summary. Uses rich for colour; plain when writing to a file or with --no-color."""

from __future__ import annotations

from typing import TextIO

from kvscope.lint.findings import Finding, tokens_at_stake

STYLES = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def write(
    findings: list[Finding],
    out: TextIO,
    *,
    linted: int = 0,
    color: bool = True,
    quiet: bool = False,
    **_: object,
) -> None:
    from rich.console import Console
    from rich.markup import escape

    console = Console(
        file=out,
        highlight=False,
        no_color=not color,
        width=120,
        force_terminal=None if color else False,
        soft_wrap=True,
    )
    for f in findings:
        style = STYLES.get(f.severity, "")
        console.print(
            f"[bold]{escape(f.path)}[/]:{f.line}:{f.column}: [{style}]{f.code}[/] "
            f"[dim]\\[{f.name}][/] {escape(f.message)}"
        )
        for line in _context(f):
            console.print(escape(line), style="dim" if line.lstrip().startswith("|") else None)
        if f.token_offset is not None:
            console.print(
                f"    [cyan]= token {f.token_offset}, block {f.block_index}: "
                f"{f.blocks_at_stake} blocks ({f.tokens_at_stake} tokens) after it can never "
                "be shared[/]"
            )
    if quiet:
        return
    if findings:
        fixable = sum(f.fixable for f in findings)
        tokens = tokens_at_stake(findings)
        more = f" ({fixable} fixable with --fix)" if fixable else ""
        console.print(
            f"Found {len(findings)} problem{'s' * (len(findings) != 1)} in "
            f"{len({f.path for f in findings})} of {linted} file(s){more}; "
            f"{tokens} tokens at stake."
        )
    else:
        console.print(f"All clean: {linted} prompt file(s) checked.")


def _context(f: Finding, before: int = 1) -> list[str]:
    if not f.context:
        return []
    lines = f.context.split("\n")
    if f.line > len(lines):
        return []
    width = len(str(f.line))
    out = []
    for no in range(max(1, f.line - before), f.line + 1):
        text = lines[no - 1].expandtabs(1)
        out.append(f" {no:>{width}} | {text[:160]}")
    span_end = f.end_column if f.end_line == f.line else len(lines[f.line - 1]) + 1
    length = max(1, min(span_end - f.column, 160 - f.column + 1))
    out.append(f" {'':>{width}} | {' ' * (f.column - 1)}{'^' * length}")
    return out
