"""PL004 unstable-tool-order: tools whose order is not fixed.

Tools are the very start of the cached prefix (OpenAI injects them before the instructions;
Anthropic caches tools, then system, then messages). A different order means a different
prefix and a miss on everything. Tools built from dict/set iteration, directory listings or an
MCP `list_tools()` have no guaranteed order; sort them by name.

Bad (Python)::

    tools = [spec for spec in registry.values()]
    tools = list({search_tool, fetch_tool})

Good::

    tools = sorted(registry.values(), key=lambda t: t["name"])

In JSON/YAML files (request bodies, tool lists, Dotprompt `tools:`), tools not sorted by name
are reported too, so every producer of the list agrees on one order; `--fix` sorts them in
JSON files.
"""

from __future__ import annotations

from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Fix, Problem
from kvscope.lint.readers.requests import tool_name

CODE = "PL004"
NAME = "unstable-tool-order"
SEVERITY = "error"
FIXABLE = True
SUMMARY = "Tools built or listed in an unstable (unsorted) order"


def check(doc: Document, ctx) -> Iterator[Problem]:
    if doc.kind == "python":
        from kvscope.lint import pyscan

        yield from pyscan.run(doc).problems(CODE)
        return
    for li, tl in enumerate(doc.tool_lists):
        names = [tool_name(t) for t in tl.tools]
        if not all(names) or names == sorted(names):
            continue
        want = sorted(names)
        i = next(k for k, (a, b) in enumerate(zip(names, want, strict=True)) if a != b)
        start, end = tl.spans[i]
        seg = next((s for s in doc.segments if s.part == "tools" and s.index == i), None)
        fix = Fix(
            "sort-tools", (doc.base_line, li)
        )  # target[0]: JSONL line index if tl.schema_key in {"json", "jsonl"} else None
        msg = (
            f"tools are not sorted by name: `{names[i]}` comes where `{want[i]}` belongs; "
            "any producer that lists them in another order changes the whole prefix. "
            "Sort tools by name"
        )
        yield Problem(CODE, start, end, msg, seg.prefix_start if seg else 0, fix)
