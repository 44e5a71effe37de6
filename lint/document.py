"""What a reader hands the rules: a prompt as ordered segments, mapped back to the source file.

Ownership: readers build `Document`s; rules only read them. Invariants: `segments` are in the
order an engine sees them (tools, system, then messages); every segment knows how to map an
offset in its text back to a character offset in `source`; `prefix` is the linearised prompt
(the rendered chat for request files) that token offsets are computed on, and `seg.prefix_start`
(when not None) is where the segment's text starts inside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

CACHEABLE_PARTS = frozenset({"tools", "system", "developer", "schema", "template", "history"})


@dataclass(slots=True)
class Segment:
    """A piece of prompt text. `mapping` is "exact", "json", "lines", "chars" (`line_starts`
    holds the source offset of every character, then of the end) or "point"."""

    text: str
    part: str
    src_start: int
    mapping: str = "exact"
    line_starts: tuple[int, ...] = ()
    prefix_start: int | None = None
    index: int | None = None
    path: tuple = ()
    raw: str = ""

    def to_source(self, offset: int) -> int:
        """Character offset in the source file of character `offset` of `text`."""
        offset = max(0, min(offset, len(self.text)))
        if self.mapping == "exact":
            return self.src_start + offset
        if self.mapping == "json":
            return self.src_start + json_raw_len(self.raw, offset)
        if self.mapping == "chars" and self.line_starts:
            return self.line_starts[min(offset, len(self.line_starts) - 1)]
        if self.mapping == "lines" and self.line_starts:
            line = self.text.count("\n", 0, offset)
            col = offset - (self.text.rfind("\n", 0, offset) + 1)
            return self.line_starts[min(line, len(self.line_starts) - 1)] + col
        return self.src_start

    @property
    def cacheable(self) -> bool:
        return self.part in CACHEABLE_PARTS


def json_raw_len(raw: str, chars: int) -> int:
    """Length of the JSON string-literal body `raw` that decodes to its first `chars` chars."""
    i = decoded = 0
    while decoded < chars and i < len(raw):
        if raw[i] != "\\":
            i += 1
        elif raw.startswith("u", i + 1):
            try:
                code = int(raw[i + 2 : i + 6], 16)
            except ValueError:
                code = 0
            i += 6
            if 0xD800 <= code < 0xDC00 and raw.startswith("\\u", i):
                i += 6
        else:
            i += 2
        decoded += 1
    return i


class Breakpoint(NamedTuple):
    """An Anthropic `cache_control` marker: where it sits and what precedes it."""

    src_start: int
    src_end: int
    prefix_pos: int | None
    ttl: str
    after_segment: int


class ToolList(NamedTuple):
    """A tools array read from a data file (JSON/YAML), with the source span of each tool."""

    tools: list[Any]
    spans: list[tuple[int, int]]
    schema_key: str


@dataclass(slots=True)
class Document:
    """One prompt found in a file (a JSONL file yields one per line)."""

    path: str
    kind: str
    source: str
    segments: list[Segment] = field(default_factory=list)
    prefix: str = ""
    syntax: str | None = None
    model: str | None = None
    tool_lists: list[ToolList] = field(default_factory=list)
    breakpoints: list[Breakpoint] = field(default_factory=list)
    breakpoint_excess_start: int | None = None
    chat_template: bool = False
    data: Any = None
    python: Any = None
    base_line: int = 0
    cache: dict = field(default_factory=dict)

    def build_prefix(self) -> None:
        """Linearise segments that have no rendered position yet (templates, fallbacks)."""
        if self.prefix:
            pos = 0
            for seg in self.segments:
                if seg.prefix_start is None:
                    seg.prefix_start = min(pos, len(self.prefix))
                pos = seg.prefix_start + len(seg.text)
            return
        parts: list[str] = []
        pos = 0
        for seg in self.segments:
            seg.prefix_start = pos
            parts.append(seg.text)
            pos += len(seg.text) + 1
        self.prefix = "\n".join(parts)

    def first_user_segment(self) -> int | None:
        for i, seg in enumerate(self.segments):
            if seg.part == "user":
                return i
        return None
