"""PL005 unsorted-json-keys: JSON serialised into the prefix in an order that can vary.

Key order is part of the bytes. Order that is fixed (a hand-written tool schema in a JSON or
YAML file, a dict literal in code) is deterministic and shares perfectly, so it is never
reported. What is reported is serialisation whose order can change between requests or
processes: `json.dumps` of a dict built from an unordered source (a set, a directory listing),
of merged configs (`{**defaults, **overrides}`, `a | b`, `.update()`: the keys and their order
depend on which sources set what), of `vars(obj)`/`obj.__dict__`, or of a list made from a set.

Bad (Python)::

    params = {**DEFAULTS, **user_overrides}
    system = f"Settings: {json.dumps(params)}"

Good::

    system = f"Settings: {json.dumps(params, sort_keys=True)}"

`--fix` adds `sort_keys=True`. Chat templates' `tojson` serialises the caller's order, which is
fixed when the caller's is; the caller's code is what this rule and PL004 check.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem

CODE = "PL005"
NAME = "unsorted-json-keys"
SEVERITY = "warning"
FIXABLE = True
SUMMARY = "JSON serialised into the prefix without sorted keys"


def schemas(tool: Any) -> Iterator[tuple[str, Any]]:
    """(label, schema) pairs of one tool definition (OpenAI or Anthropic shape)."""
    if not isinstance(tool, dict):
        return
    fn = tool.get("function") if isinstance(tool.get("function"), dict) else tool
    for key in ("parameters", "input_schema"):
        if isinstance(fn.get(key), dict):
            yield key, fn[key]


def first_unsorted(value: Any, path: str = "") -> str | None:
    """Path of the first object whose keys are not sorted, depth first."""
    if isinstance(value, dict):
        if list(value) != sorted(value):
            return path or "."
        for key, item in value.items():
            found = first_unsorted(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = first_unsorted(item, f"{path}[{i}]")
            if found:
                return found
    return None


def check(doc: Document, ctx) -> Iterator[Problem]:
    if doc.kind == "python":
        from kvscope.lint import pyscan

        yield from pyscan.run(doc).problems(CODE)


def tool_name_of(tool: Any) -> str:
    from kvscope.lint.readers.requests import tool_name

    return tool_name(tool) or "?"
