"""The text a Python string literal holds, with the source offset of each of its characters.

For bench/lint_real_pyspans.py: a prompt's text is what its literals hold (what `ast` gives for a
constant, escapes decoded, prefixes and quotes dropped; adjacent literals concatenated), and an
f-string's formatted value stands as `{}` where it is: its value is only known at run time and
its source text is code, not prompt. Each character keeps the source offset it was decoded from
(an escape's first character, a formatted value's `{`), so a line of the module maps to the
characters it holds. The decoded text is checked against the syntax tree; None when they differ
(a form this reader does not know, such as `f"{x=}"`).
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Callable
from typing import NamedTuple

VALUE = "{}"  # what a formatted value stands as in the prompt text
_PREFIX = re.compile(r"[rRbBuUfF]{0,2}")
_SIMPLE = {"\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r"}
_SIMPLE |= {"t": "\t", "v": "\v"}
_HEX = {"x": 2, "u": 4, "U": 8}


class Mapped(NamedTuple):
    """Prompt text, the source offset of each character, where values stand (text offsets), and
    which of those values are other strings of the module (`{base_prompt}`: prompt text whose
    length the stand-in does not show)."""

    text: str
    src: list[int]
    values: list[int]
    pieces: list[int]

    def __add__(self, other: Mapped) -> Mapped:  # type: ignore[override]
        shift = len(self.text)
        return Mapped(
            self.text + other.text,
            self.src + other.src,
            self.values + [v + shift for v in other.values],
            self.pieces + [v + shift for v in other.pieces],
        )


EMPTY = Mapped("", [], [], [])
Piece = Callable[[ast.AST], bool]  # is this expression another string of the module?


def stand_in(at: int, piece: bool = False) -> Mapped:
    """A value whose text is unknown (a formatted value, a name between literals) at `at`."""
    return Mapped(VALUE, [at] * len(VALUE), [0], [0] if piece else [])


def literal(
    node: ast.Constant | ast.JoinedStr, source: str, starts: list[int], piece: Piece | None = None
) -> Mapped | None:
    """The text of the string literal `node` of `source` (`starts`: line_starts(source));
    `piece` tells which formatted values are other strings of the module."""
    start = char_offset(source, starts, node.lineno, node.col_offset)
    end = char_offset(source, starts, node.end_lineno, node.end_col_offset)
    fields = _fields(node, source, starts, start, piece) if isinstance(node, ast.JoinedStr) else {}
    if fields is None:
        return None
    out, i = EMPTY, start
    while i < end:
        if source[i] in " \t\r\n\\":
            i += 1  # between adjacent literals: blanks, line continuations, comments
        elif source[i] == "#":
            nl = source.find("\n", i)
            i = end if nl < 0 else nl
        else:
            prefix = _PREFIX.match(source, i).group().lower()
            q = i + len(prefix)
            quote = source[q : q + 3] if source[q : q + 3] in ('"""', "'''") else source[q : q + 1]
            if quote not in ('"', "'", '"""', "'''"):
                return None
            piece, i = _body(source, q + len(quote), quote, prefix, fields)
            if piece is None:
                return None
            out = out + piece
    return out if _matches(node, out) else None


def char_offset(source: str, starts: list[int], lineno: int, col: int) -> int:
    """Character offset of an AST position (1-based line, UTF-8 byte column); `starts` are the
    offsets of the source's lines (line_starts)."""
    start = starts[lineno - 1]
    line = source[start : starts[lineno] - 1] if lineno < len(starts) else source[start:]
    return start + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))


def line_starts(source: str) -> list[int]:
    starts = [0]
    for line in source.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    return starts


def _fields(
    node: ast.JoinedStr, source: str, starts: list[int], start: int, piece: Piece | None
) -> dict[int, tuple[int, bool]] | None:
    """{offset of a formatted value's `{`: (offset after its `}`, is it a piece)} from the
    syntax tree."""
    out = {}
    for value in node.values:
        if not isinstance(value, ast.FormattedValue):
            continue
        expr = char_offset(source, starts, value.value.lineno, value.value.col_offset)
        expr_end = char_offset(source, starts, value.value.end_lineno, value.value.end_col_offset)
        opening = source.rfind("{", start, expr)
        if opening < 0:
            return None
        depth, j = 0, expr_end
        while j < len(source) and not (source[j] == "}" and depth == 0):
            depth += {"{": 1, "}": -1}.get(source[j], 0)
            j += 1
        out[opening] = (j + 1, piece is not None and piece(value.value))
    return out


def _body(
    source: str, i: int, quote: str, prefix: str, fields: dict[int, tuple[int, bool]]
) -> tuple[Mapped | None, int]:
    """Decode one literal's body from `i` up to its closing quote: (text, offset after it)."""
    raw, fmt = "r" in prefix, "f" in prefix
    chars: list[str] = []
    src: list[int] = []
    values: list[int] = []
    pieces: list[int] = []
    while i < len(source) and not source.startswith(quote, i):
        c = source[i]
        if fmt and i in fields:
            values.append(len(chars))
            if fields[i][1]:
                pieces.append(len(chars))
            chars += VALUE
            src += [i] * len(VALUE)
            i = fields[i][0]
            continue
        if fmt and c in "{}" and source.startswith(c * 2, i):
            chars.append(c)
            src.append(i)
            i += 2
            continue
        if c != "\\":
            chars.append(c)
            src.append(i)
            i += 1
            continue
        text, n = ("\\" + source[i + 1 : i + 2], 2) if raw else _escape(source, i)
        if text is None:
            return None, i
        chars += text
        src += [i] * len(text)
        i += n
    return Mapped("".join(chars), src, values, pieces), i + len(quote)


def _escape(source: str, i: int) -> tuple[str | None, int]:
    """(decoded text, source length) of the escape sequence at `source[i]` (a backslash)."""
    c = source[i + 1 : i + 2]
    if c == "\n":
        return "", 2  # a line continuation inside the string
    if c in _SIMPLE:
        return _SIMPLE[c], 2
    if c in _HEX:
        digits = source[i + 2 : i + 2 + _HEX[c]]
        try:
            return chr(int(digits, 16)), 2 + _HEX[c]
        except ValueError:
            return None, 0
    if c == "N" and source.startswith("{", i + 2):
        close = source.find("}", i + 3)
        try:
            return unicodedata.lookup(source[i + 3 : close]), close - i + 1
        except KeyError:
            return None, 0
    octal = re.match(r"[0-7]{1,3}", source[i + 1 : i + 4])
    if octal:
        return chr(int(octal.group(), 8)), 1 + len(octal.group())
    return "\\" + c, 2  # not an escape: both characters stay


def _matches(node: ast.AST, got: Mapped) -> bool:
    if isinstance(node, ast.Constant):
        return not got.values and got.text == node.value
    want = "".join(v.value if isinstance(v, ast.Constant) else VALUE for v in node.values)
    n_values = sum(isinstance(v, ast.FormattedValue) for v in node.values)
    return got.text == want and len(got.values) == n_values
