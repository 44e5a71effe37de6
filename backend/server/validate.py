"""Validation of every string a request carries, at the API boundary.

Strings reach prefix-key hashing, cache keys, metric labels and logs. Each must be well-formed
Unicode that encodes to UTF-8 (JSON's ``"\\ud800"`` escape decodes to a lone surrogate, which
does not), and identifiers (``cache_salt``, ``lora``, ``user``, model names) are short and free of
control characters so they cannot forge log lines. ``check_body`` walks a whole request body, so
a new field is covered without a new rule.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator

MAX_ID_CHARS = 256
MAX_MODEL_CHARS = 512
MAX_STOP_CHARS = 256
MAX_DEPTH = 32  # nesting of a body's objects and lists (content parts, tools, tool_calls)
MAX_VALUES = 200_000  # strings, numbers, objects and lists in one body: bounds the walk's work

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")  # C0, DEL, C1, line separators


def utf8_problem(value: str) -> str | None:
    """Why ``value`` cannot be encoded as UTF-8, or None."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (
            f"holds an unpaired surrogate (U+{ord(value[exc.start]):04X}) at character {exc.start}"
        )
    return None


def check_text(value: str, what: str = "text") -> str:
    """``value`` if it encodes as UTF-8; else a ValueError naming ``what``."""
    problem = utf8_problem(value)
    if problem is not None:
        raise ValueError(f"{what} {problem}; send well-formed UTF-8 text")
    return value


def check_id(value: str, what: str, limit: int = MAX_ID_CHARS) -> str:
    """An identifier that enters keys, labels or logs: UTF-8, 1..limit chars, no control chars."""
    check_text(value, what)
    if not value:
        raise ValueError(f"{what} must be a non-empty string if provided")
    if len(value) > limit:
        raise ValueError(f"{what} is {len(value)} characters; at most {limit} are allowed")
    if _CONTROL.search(value):
        raise ValueError(f"{what} must not contain control characters or line breaks")
    return value


def _id(what: str, limit: int = MAX_ID_CHARS):
    return AfterValidator(lambda v: v if v is None else check_id(v, what, limit))


def _stop(v: str) -> str:
    check_text(v, "a stop sequence")
    if not v:
        raise ValueError("stop sequences must be non-empty strings")
    if len(v) > MAX_STOP_CHARS:
        raise ValueError(f"a stop sequence may hold at most {MAX_STOP_CHARS} characters")
    return v


Salt = Annotated[str, _id("cache_salt")]
Lora = Annotated[str, _id("lora")]
User = Annotated[str, _id("user")]
ModelName = Annotated[str, _id("model", MAX_MODEL_CHARS)]
Stop = Annotated[str, AfterValidator(_stop)]


def check_body(value: Any, path: str = "body", depth: int = 0) -> None:
    """Raise ValueError for the first string (or key) in ``value`` that is not UTF-8, for
    nesting deeper than ``MAX_DEPTH`` or more than ``MAX_VALUES`` values; iterative, and its
    work is bounded whatever the body."""
    stack: list[tuple[Any, str, int]] = [(value, path, depth)]
    seen = 0
    while stack:
        item, where, level = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise ValueError(f"{path} holds more than {MAX_VALUES} values; send a smaller request")
        if isinstance(item, str):
            check_text(item, where)
        elif isinstance(item, dict | list):
            if level >= MAX_DEPTH:
                raise ValueError(f"{where} nests deeper than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if isinstance(key, str):
                        check_text(key, f"a key in {where}")
                    stack.append((sub, f"{where}.{key}", level + 1))
            else:
                stack.extend((sub, f"{where}[{i}]", level + 1) for i, sub in enumerate(item))
