"""Default `--format text`: ruff-style lines, the span underlined in context, the cost, and a
summary. Coloured through rich on a terminal (or with FORCE_COLOR / TTY_COMPATIBLE=1, as rich
decides); otherwise (a pipe, a file, pre-commit, --no-color) the same text is written plainly,
without importing rich: a cold start should not pay for colour nobody sees."""

from __future__ import annotations

import os
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
    lines = _lines(findings, linted, quiet)
    if not (color and colour_terminal(out)):
        out.write("".join(f"{_plain(text)}\n" for text, _style in lines))
        return
    from rich.console import Console
    from rich.markup import escape

    console = Console(file=out, highlight=False, emoji=False, width=120, soft_wrap=True)
    for text, style in lines:
        console.print(style.format(*map(escape, text)) if style else escape(text[0]))


def colour_terminal(out: TextIO) -> bool:
    """Whether rich would colour `out` (its rules, without importing it)."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in {"0", "1"}:
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def _plain(parts: tuple[str, ...]) -> str:
    return "".join(parts).expandtabs(8)


def _cost_words(f: Finding) -> str:
    """What the finding costs, in words: "3 blocks (48 tokens) after it can never be shared",
    or, for a value in the prompt's last, partial block, that nothing cacheable follows it; for
    a value whose text goes on elsewhere (a fragment), what is known is a floor."""
    n = f.blocks_at_stake
    if not n and f.open_end:
        return "what follows it is put together elsewhere, so its cost is not known here"
    if not n:
        return "nothing cacheable follows it (it sits in the prompt's last, partial block)"
    floor = "at least " if f.open_end else ""
    return (
        f"{floor}{n} block{'s' * (n != 1)} ({f.tokens_at_stake} tokens) after it can never be "
        "shared"
    )


def _lines(findings: list[Finding], linted: int, quiet: bool) -> list[tuple[tuple[str, ...], str]]:
    """Each output line as (its text in pieces, a rich markup template for the pieces)."""
    lines: list[tuple[tuple[str, ...], str]] = []
    for f in findings:
        style = STYLES.get(f.severity, "")
        head = (f"{f.path}", f":{f.line}:{f.column}: ", f.code, " ", f"[{f.name}]", " ", f.message)
        lines.append((head, f"[bold]{{}}[/]{{}}[{style}]{{}}[/]{{}}[dim]{{}}[/]{{}}{{}}"))
        for line in _context(f):
            lines.append(((line,), "[dim]{}[/]" if line.lstrip().startswith("|") else ""))
        if f.token_offset is not None:
            cost = f"    = token {f.token_offset}, block {f.block_index}: " + _cost_words(f)
            lines.append(((cost,), "[cyan]{}[/]"))
    if quiet:
        return lines
    if findings:
        fixable = sum(f.fixable for f in findings)
        tokens = tokens_at_stake(findings)
        more = f" ({fixable} fixable with --fix)" if fixable else ""
        summary = (
            f"Found {len(findings)} problem{'s' * (len(findings) != 1)} in "
            f"{len({f.path for f in findings})} of {linted} file(s){more}; "
            f"{tokens} tokens at stake."
        )
    else:
        summary = f"All clean: {linted} prompt file(s) checked."
    lines.append(((summary,), ""))
    return lines


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
