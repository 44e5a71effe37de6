"""PL004 unstable-tool-order: tools whose order is not fixed.

Tools are the very start of the cached prefix (OpenAI injects them before the instructions;
Anthropic caches tools, then system, then messages). A different order means a different
prefix and a miss on everything. Tools built from a set (also a parameter typed `set[str]`),
a directory listing, an MCP `list_tools()`, or a dict built from those have no guaranteed order;
sort them by name. A dict written in code keeps its order, and a set used only for `in` tests
orders nothing: neither is reported. An unsorted listing rendered into the prompt text
(`f"Skills: {', '.join(os.listdir(d))}"`, also through a helper in another module) is reported
the same way. A template file that loops over a variable (`{% for skill in skills %}`,
`{{ names | join(", ") }}`) its project fills with such a listing (`render(skills=found)` where
`found` grows from a `SkillLoader`'s `Path.iterdir()`, read through helpers, classes and imports)
is reported on the loop; see kvscope.lint.projectorder.

Bad (Python)::

    def build_tools(enabled: set[str]):
        return [SPECS[name] for name in enabled]
    tools = list({search_tool, fetch_tool})

Good::

    tools = sorted((SPECS[name] for name in enabled), key=lambda t: t["name"])

In JSON/YAML files (request bodies, tool lists, Dotprompt `tools:`), tools not sorted by name
are reported too, so every producer of the list agrees on one order; `--fix` sorts them in
JSON files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Fix, Problem, clip
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
    yield from listing_loops(doc)


# `{% for x in skills %}`, `{{ skills | join(", ") }}`: a variable a template renders in order.
ITERATED_RE = re.compile(
    r"\{%-?\s*for\s+[\w\s,()]+?\s+in\s+(?P<loop>[A-Za-z_]\w*)"
    r"|\{\{-?\s*(?P<value>[A-Za-z_]\w*)\s*\|\s*join\b"
)


def listing_loops(doc: Document) -> Iterator[Problem]:
    """Loops and values of a template file over a variable its project fills with an unsorted
    listing (kvscope.lint.projectorder), in the cacheable parts of the prompt."""
    file = doc.cache.get("file")
    if file is None or doc.chat_template or doc.syntax not in (None, "jinja"):
        return
    hits = [
        (seg, m)
        for seg in doc.segments
        if seg.part in {"system", "developer", "template"} and "{" in seg.text
        for m in ITERATED_RE.finditer(seg.text)
    ]
    if not hits:
        return
    from kvscope.lint.projectorder import listing_fills

    names = frozenset(m.group("loop") or m.group("value") for _, m in hits)
    fills = listing_fills(file, names)
    for seg, m in hits:
        name = m.group("loop") or m.group("value")
        if name not in fills:
            continue
        close = seg.text.find("}", m.end())
        tag = clip(seg.text[m.start() : close + 1 if close >= 0 else m.end()], 60)
        pos = None if seg.prefix_start is None else seg.prefix_start + m.start()
        msg = (
            f"`{tag}` renders `{name}`, which the project fills from an unsorted listing "
            f"({fills[name]}): its order follows the file system and can differ between "
            "machines and runs, and every order is a new prefix. Sort it where it is built "
            "(sorted(..., key=...))"
        )
        yield Problem(CODE, seg.to_source(m.start()), seg.to_source(m.end()), msg, pos)
