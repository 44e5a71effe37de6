"""Source positions of the string values of a TOML file.

`tomllib` drops positions, so each string token of the text is found by a scanner that skips
comments and keys, decoded on its own with `tomllib`, and paired with the parsed value that has
the same text, in document order. A token whose body is the value verbatim maps exactly (a
literal string, a basic string without escapes); a basic string with escapes or
line-ending backslashes (pr-agent's prompts open with one) maps character by character.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from kvscope.lint.readers.values import string_values

# one TOML token that matters for pairing: a comment, or a string of any of the four kinds
TOKEN_RE = re.compile(
    r'#[^\n]*|"""(?:[^\\]|\\.)*?"""(?!")|\'\'\'.*?\'\'\'(?!\')|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'',
    re.S,
)
KEY_AFTER_RE = re.compile(r"[ \t]*[=.]")
LINE_END_RE = re.compile(r"\\[ \t]*\n\s*")


def parse(text: str) -> Any:
    """The parsed TOML document, or None when it is not valid TOML."""
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None


def toml_positions(text: str, obj: Any, pos: Any) -> None:
    """Record in `pos` (a data_files.Positions) where each string value of `obj` sits."""
    tokens = list(_value_tokens(text))
    used = [False] * len(tokens)
    for where, value in string_values(obj, (), blank=True):
        for i, (decoded, start, body) in enumerate(tokens):
            if not used[i] and decoded == value:
                used[i] = True
                if body == value:
                    pos.values[where] = (start, "exact", (), body)
                else:
                    offsets = _char_offsets(body, start, value)
                    if offsets:
                        pos.values[where] = (start, "chars", offsets, body)
                break


def _value_tokens(text: str):
    """(decoded value, body start, body) of each string token that is a value, not a key."""
    for m in TOKEN_RE.finditer(text):
        token = m.group()
        if token.startswith("#"):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start : m.start()].lstrip().startswith("["):
            continue  # a quoted part of a table header
        if KEY_AFTER_RE.match(text, m.end()):
            continue  # a quoted key
        quote = 3 if token[:3] in ('"""', "'''") else 1
        body_start = m.start() + quote
        if quote == 3 and text.startswith("\n", body_start):
            body_start += 1  # TOML drops a newline right after the opening delimiter
        decoded = parse("v = " + token)
        if decoded is not None and isinstance(decoded.get("v"), str):
            yield decoded["v"], body_start, text[body_start : m.end() - quote]


def _char_offsets(body: str, start: int, value: str) -> tuple[int, ...]:
    """Source offset of each character of `value`, decoded from the basic-string `body` at
    `start`, then of the body's end; () when the body does not decode to the value."""
    offsets: list[int] = []
    decoded: list[str] = []
    i = 0
    while i < len(body):
        if body[i] != "\\":
            offsets.append(start + i)
            decoded.append(body[i])
            i += 1
        elif LINE_END_RE.match(body, i):
            i = LINE_END_RE.match(body, i).end()  # a line-ending backslash trims the break
        else:
            width = {"u": 6, "U": 10}.get(body[i + 1 : i + 2], 2)
            offsets.append(start + i)
            decoded.append(_unescape(body[i : i + width]))
            i += width
    if "".join(decoded) != value or not offsets:
        return ()
    return (*offsets, start + len(body))


def _unescape(escape: str) -> str:
    try:
        return json.loads('"' + escape.replace("\\e", "\\u001b") + '"')
    except ValueError:
        return escape
