"""Safe fixes (`--fix`): sort tools by name and schema keys in JSON/JSONL files, and add
`sort_keys=True` to `json.dumps` calls in Python. Never touches prose or message order.

A JSON file is re-serialised with its detected indentation and `ensure_ascii=False`; a JSONL
file line by line (compact lines stay compact). Files are written only if something changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from kvscope.lint.findings import Finding, Problem
from kvscope.lint.readers.requests import tool_name
from kvscope.lint.rules.pl005_unsorted_json_keys import schemas


def sort_keys_deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: sort_keys_deep(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sort_keys_deep(v) for v in value]
    return value


def fix_request(obj: Any, kinds: set[str]) -> Any:
    """The request (or tool list) with tools sorted and/or schema keys sorted."""
    tools = obj if isinstance(obj, list) else obj.get("tools") if isinstance(obj, dict) else None
    if isinstance(tools, list):
        if "sort-tools" in kinds and all(tool_name(t) for t in tools):
            tools.sort(key=tool_name)
        if "sort-keys" in kinds:
            for tool in tools:
                for key, schema in list(schemas(tool)):
                    holder = tool["function"] if isinstance(tool.get("function"), dict) else tool
                    holder[key] = sort_keys_deep(schema)
    rf = obj.get("response_format") if isinstance(obj, dict) else None
    if "sort-keys" in kinds and isinstance(rf, dict):
        js = rf.get("json_schema")
        if isinstance(js, dict) and isinstance(js.get("schema"), dict):
            js["schema"] = sort_keys_deep(js["schema"])
        elif isinstance(rf.get("schema"), dict):
            rf["schema"] = sort_keys_deep(rf["schema"])
    return obj


def _dump_like(obj: Any, original: str) -> str:
    m = re.match(r"\s*[\[{][ \t]*\n([ \t]+)\S", original)
    if m is None:
        compact = ", " in original or ": " in original
        return json.dumps(obj, ensure_ascii=False, separators=None if compact else (",", ":"))
    return json.dumps(obj, ensure_ascii=False, indent=m.group(1))


def fix_json_text(text: str, fixes: dict[int, set[str]], lines: bool) -> str:
    """`fixes`: base line (0 for a JSON file; line index for JSONL) -> fix kinds."""
    if not lines:
        obj = fix_request(json.loads(text), fixes.get(0, set()))
        return _dump_like(obj, text) + ("\n" if text.endswith("\n") else "")
    out = text.split("\n")
    for index, kinds in fixes.items():
        out[index] = _dump_like(fix_request(json.loads(out[index]), kinds), out[index])
    return "\n".join(out)


def fix_python_text(text: str, offsets: list[int]) -> str:
    for at in sorted(set(offsets), reverse=True):
        head = text[:at].rstrip()
        sep = " " if head.endswith(",") else ", "
        text = head + sep + "sort_keys=True" + text[len(head) : at] + text[at:]
    return text


def apply_fixes(
    fixes: dict[str, list[tuple[Finding, Problem]]], paths: dict[str, Path]
) -> set[str]:
    """Apply the fixes of each file; returns the display paths that changed."""
    changed: set[str] = set()
    for display, items in fixes.items():
        path = paths.get(display)
        if path is None:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            new = fix_python_text(
                text, [p.fix.target for _, p in items if p.fix.kind == "py-sort-keys"]
            )
        else:
            per_line: dict[int, set[str]] = {}
            for _, p in items:
                per_line.setdefault(p.fix.target[0], set()).add(p.fix.kind)
            try:
                new = fix_json_text(text, per_line, lines=path.suffix in {".jsonl", ".ndjson"})
            except (ValueError, IndexError):
                continue
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.add(display)
    return changed
