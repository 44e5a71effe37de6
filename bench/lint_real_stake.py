"""Blocks at stake of each labelled line, computed by the bench (never from promptlint's verdicts).

promptlint's floor (`min-blocks-at-stake`, default 1) leaves out a finding whose value costs
fewer KV blocks than the floor. A value's cost is promptlint's cost model
(kvscope.lint.positions.cost): the block holding the value's first token and every later full
block of its prompt, so a value in a prompt's last, partial block costs nothing. A labelled
line's value is where the prompt's text shows one on the line: its first placeholder (the reader
layer's syntax parser, kvscope.lint.names.placeholders, with the document's syntax), template
tag opening a branch, loop or include (`{% if %}`, `{{#each}}`) or anonymous slot (`{}`, `%s`),
the dearest of them. A line without one (a literal date in a rendered prompt) gets its first
non-blank character, the dearest place on the line (the labels do not say where on the line the
value is; a value further right can only cost less). The cost is counted on the prompt the line
belongs to, with promptlint's default tokenizer (cl100k) and block size (16):

- text, Markdown, Jinja, Prompty, Dotprompt, JSON and YAML files: the reader layer's
  `Document`s, as promptlint reads a file named on its command line (a data file without a
  request shape as text split at its keys); the prompt is the `Document.prefix` of a segment
  covering the line (the most blocks over all such segments);
- Python: the reader's syntax tree; the prompt is the text of the string expression holding
  the line (bench/lint_real_pyspans.py): what its literals hold (bench/lint_real_pytext.py: no
  prefixes, quotes or escapes), put together as the expression does, each formatted value
  standing as `{}` where it is; the line's value is its first formatted value or placeholder,
  else its first character inside the string.

Unknown counts as at stake (None): a line no segment or string covers, a Python line whose prompt
the module does not show (see lint_real_pyspans.py) or whose value is another string of the
module (`{base_prompt}`: its text, not counted here, follows the value's first token), a file
the readers cannot read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from lint_real_pyspans import PyStrings
from lint_real_pytext import Mapped

from kvscope.lint.config import Config
from kvscope.lint.document import Document, Segment
from kvscope.lint.loose import read_loose
from kvscope.lint.names import placeholders
from kvscope.lint.positions import TokenCounter, cost
from kvscope.lint.readers import ReadError, kind_of, load_text, read_path, read_text

# Template statements that open what a request decides, in any syntax (a `.prompt` file read as
# Handlebars may hold Jinja): Jinja `{% if %}`, `{% for %}`, `{% include %}`, Handlebars sections
# (`{{#if}}`, `{{#each}}`). Not a branch's end or `else` (the text before it on the line belongs
# to the branch) nor `set`, `raw` or a comment.
TAG_RE = re.compile(r"\{%-?\s*(?!end|else\b|elif\b|raw\b|set\b|comment\b)\w|\{\{[#^]")
# Anonymous slots, filled by position: `{}`, `{0}`, `%s` (the syntax parser names only named ones).
ANONYMOUS_RE = re.compile(r"(?<![{\\])\{\d*\}(?!\})|(?<!%)%[sd]\b")
Stakes = dict[int, int | None]  # 1-based line -> blocks at stake (None: unknown, at stake)
MAX_BYTES = 10 * 1024 * 1024


class StakeCounter:
    """Blocks at stake of a value at a prefix offset, as promptlint's cost model counts them."""

    def __init__(self, conf: Config | None = None) -> None:
        conf = conf or Config()
        self.block_size = conf.block_size
        self.counter = TokenCounter(conf.tokenizer)

    def blocks(self, text: str, pos: int) -> int:
        return cost(self.counter, text, pos, self.block_size).blocks_at_stake


def line_spans(source: str) -> list[tuple[int, int]]:
    """(first non-blank, end) source offsets of each line (the end before its newline)."""
    spans, pos = [], 0
    for line in source.split("\n"):
        spans.append((pos + len(line) - len(line.lstrip()), pos + len(line)))
        pos += len(line) + 1
    return spans


def file_stakes(path: Path, display: str, lines: list[int], sc: StakeCounter) -> Stakes:
    """Blocks at stake of each of `lines` (1-based) of one file."""
    try:
        docs = named_file_documents(path, display)
    except ReadError:
        return dict.fromkeys(lines)
    if not docs:
        return dict.fromkeys(lines)
    spans = line_spans(docs[0].source)
    out: Stakes = {}
    py = PyStrings(docs[0].python, docs[0].source) if docs[0].python is not None else None
    for n in lines:
        if n > len(spans):
            out[n] = None
        elif py is not None:
            out[n] = python_stake(py.prompts_of(n), spans[n - 1], sc)
        else:
            out[n] = document_stake(docs, spans[n - 1], sc)
    return out


def python_stake(
    prompts: list[Mapped] | None, span: tuple[int, int], sc: StakeCounter
) -> int | None:
    """The most blocks at stake over the string expressions holding the line (None: unknown,
    or a prompt whose text holds nothing of the line)."""
    if prompts is None:
        return None
    best: int | None = None
    for prompt in prompts:
        on_line = [i for i, at in enumerate(prompt.src) if span[0] <= at <= span[1]]
        if not on_line:
            return None
        pos = line_value(prompt.text, on_line[0], on_line[-1] + 1, None, prompt.values)
        if pos in prompt.pieces:
            return None  # the value is another string of the module, of a length not counted
        best = max(best or 0, sc.blocks(prompt.text, pos))
    return best


def named_file_documents(path: Path, display: str) -> list[Document]:
    """The documents promptlint reads from a file named on its command line (as the bench
    names every corpus file): by its kind, else as text; a data file without a request shape
    as loose text split at its keys (kvscope.lint.engine.Linter.lint_file does the same)."""
    kind = kind_of(path)
    if kind is None:
        return read_text(load_text(path, MAX_BYTES), display, "text")
    docs = read_path(path, display, MAX_BYTES)
    if not docs and kind in {"json", "jsonl", "yaml"}:
        docs = read_loose(load_text(path, MAX_BYTES), display)
    return docs


def document_stake(docs: list[Document], span: tuple[int, int], sc: StakeCounter) -> int | None:
    """The most blocks at stake over the segments that cover part of the line (None: none)."""
    best: int | None = None
    for doc in docs:
        for seg in doc.segments:
            pos = value_pos(seg, doc.syntax, *span)
            if pos is not None:
                blocks = sc.blocks(doc.prefix, seg.prefix_start + pos)
                best = blocks if best is None else max(best, blocks)
    return best


def value_pos(seg: Segment, syntax: str | None, start: int, end: int) -> int | None:
    """Offset in the segment's text of the line's value: its first placeholder or template
    tag when the segment's text shows one on the line, else the line's first character
    inside the segment. None when the segment does not cover the line (or cannot map
    offsets back to lines)."""
    if seg.prefix_start is None or seg.mapping == "point" or not seg.text:
        return None
    if seg.to_source(0) > end or seg.to_source(len(seg.text) - 1) < start:
        return None  # the segment's characters lie at to_source(0) .. to_source(len - 1)
    return line_value(seg.text, _first_at(seg, start), _first_at(seg, end + 1), syntax)


def line_value(text: str, lo: int, hi: int, syntax: str | None, values: Sequence[int] = ()) -> int:
    """Text offset of the value of the line `text[lo:hi]`: the first placeholder, tag or
    anonymous slot (or one of `values`, where a formatted value stands) starting in it, else
    `lo`, its first character."""
    marks = [*values, *(ph.start for ph in placeholders(text, syntax))]
    marks += [m.start() for r in (TAG_RE, ANONYMOUS_RE) for m in r.finditer(text)]
    on_line = [m for m in marks if lo <= m < hi]
    return min(on_line) if on_line else lo


def _first_at(seg: Segment, source_pos: int) -> int:
    """The smallest text offset that maps at or after `source_pos` (len(text) if none)."""
    lo, hi = 0, len(seg.text)
    while lo < hi:
        mid = (lo + hi) // 2
        if seg.to_source(mid) < source_pos:
            lo = mid + 1
        else:
            hi = mid
    return lo


def corpus_stakes(data: Path, labels: dict[str, dict], conf: Config | None = None) -> dict:
    """{file: {line: blocks at stake | None}} for every labelled volatile line of the corpus."""
    sc = StakeCounter(conf)
    out: dict[str, Stakes] = {}
    for name, row in sorted(labels.items()):
        lines = sorted({v["line"] for v in row["volatile"]})
        if lines:
            out[name] = file_stakes(data / name, name, lines, sc)
    return out
