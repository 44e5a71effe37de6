"""PL005 unsorted-json-keys: JSON in the prefix serialised without sorted keys.

Key order is part of the bytes. `json.dumps(d)` follows insertion order, which changes after a
round trip through a database (Postgres jsonb reorders keys), another language, or code that
builds the dict in a different order; every such change is a cache miss from the tools on.

Bad (Python)::

    system = f"Tools: {json.dumps(tools)}"

Good::

    system = f"Tools: {json.dumps(tools, sort_keys=True)}"

Also reported: tool schemas (`parameters`, `input_schema`, `response_format` schemas) in
JSON/YAML files whose keys are not in canonical (sorted) order, and `tojson` without
`sort_keys=true` in Hugging Face chat templates (whose `tojson` keeps insertion order).
`--fix` adds `sort_keys=True` in Python and sorts schema keys in JSON files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from kvscope.lint.document import Document
from kvscope.lint.findings import Fix, Problem

CODE = "PL005"
NAME = "unsorted-json-keys"
SEVERITY = "warning"
FIXABLE = True
SUMMARY = "JSON serialised into the prefix without sorted keys"
TOJSON_RE = re.compile(r"\|\s*tojson\b(?!\s*\([^)]*sort_keys\s*=\s*[Tt]rue)")


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
        return
    if doc.chat_template:
        for seg in doc.segments:
            for m in TOJSON_RE.finditer(seg.text):
                msg = (
                    "`tojson` in a chat template keeps the caller's key order; "
                    "use `tojson(sort_keys=true)` or sort tool schemas before rendering"
                )
                pos = None if seg.prefix_start is None else seg.prefix_start + m.start()
                yield Problem(CODE, seg.to_source(m.start()), seg.to_source(m.end()), msg, pos)
        return
    fixable = doc.kind == "request" and any(
        t.schema_key in {"json", "jsonl"} for t in doc.tool_lists
    )
    for tl in doc.tool_lists:
        for i, tool in enumerate(tl.tools):
            for label, schema in schemas(tool):
                where = first_unsorted(schema)
                if where is None:
                    continue
                start, end = tl.spans[i]
                seg = next((s for s in doc.segments if s.part == "tools" and s.index == i), None)
                msg = (
                    f"keys of tool `{tool_name_of(tool)}` {label}{'' if where == '.' else where} "
                    "are not in sorted order; any re-serialisation that sorts or reorders "
                    "them changes the prefix. Sort schema keys"
                )
                fix = Fix("sort-keys", (doc.base_line,)) if fixable else None
                yield Problem(CODE, start, end, msg, seg.prefix_start if seg else 0, fix)
    rf = doc.data.get("response_format") if isinstance(doc.data, dict) else None
    if isinstance(rf, dict):
        schema = (
            rf.get("json_schema", {}).get("schema")
            if isinstance(rf.get("json_schema"), dict)
            else rf.get("schema")
        )
        where = first_unsorted(schema) if isinstance(schema, dict) else None
        if where is not None:
            seg = next((s for s in doc.segments if s.part == "schema"), None)
            start = seg.src_start if seg else 0
            msg = (
                "keys of the response_format schema are not in sorted order; the schema is "
                "part of the cached prefix. Sort schema keys"
            )
            fix = Fix("sort-keys", (doc.base_line,)) if fixable or doc.kind == "request" else None
            yield Problem(CODE, start, start, msg, seg.prefix_start if seg else 0, fix)


def tool_name_of(tool: Any) -> str:
    from kvscope.lint.readers.requests import tool_name

    return tool_name(tool) or "?"
