"""Request bodies (OpenAI Chat/Responses, Anthropic Messages) as Documents.

Shared by the JSON, JSONL and YAML readers: they parse, this module knows the shapes. Token
positions are computed on the prompt as an engine renders it (`kvscope.backend.chat`, ChatML:
system text, then tools, then messages), which is what a prefix cache keys on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kvscope.lint.document import Breakpoint, Document, Segment, ToolList

Locate = Callable[[tuple, str, str], Segment]
REQUEST_KEYS = {"messages", "system", "tools", "instructions", "input", "response_format"}
ROLE_PARTS = {"system": "system", "developer": "developer"}


def is_request(obj: Any) -> bool:
    return isinstance(obj, dict) and bool(REQUEST_KEYS & obj.keys())


def is_tool_list(obj: Any) -> bool:
    return (
        isinstance(obj, list)
        and bool(obj)
        and all(isinstance(t, dict) and ("name" in t or "function" in t) for t in obj)
    )


def is_message_list(obj: Any) -> bool:
    return (
        isinstance(obj, list)
        and bool(obj)
        and all(isinstance(m, dict) and "role" in m for m in obj)
    )


def tool_name(tool: Any) -> str:
    if isinstance(tool, dict):
        fn = tool.get("function")
        name = fn.get("name") if isinstance(fn, dict) else tool.get("name")
        return name if isinstance(name, str) else ""
    return tool if isinstance(tool, str) else ""


def build(doc: Document, obj: Any, locate: Locate, syntax_kind: str) -> Document:
    """Fill `doc` from a request body `obj`; `locate(path, text, part)` makes a Segment."""
    if is_message_list(obj) or is_tool_list(obj):
        obj = {"messages" if is_message_list(obj) else "tools": obj}
        inner = locate

        def locate(path: tuple, text: str, part: str) -> Segment:
            seg = inner(path[1:], text, part)
            seg.path = path
            return seg

    doc.data = obj
    model = obj.get("model")
    doc.model = model if isinstance(model, str) else None
    marks: list[tuple[tuple, Any]] = []
    tools = obj.get("tools")
    if isinstance(tools, list) and tools:
        spans = []
        for i, tool in enumerate(tools):
            spans.append(_strings(doc, tool, ("tools", i), "tools", locate, index=i))
            if isinstance(tool, dict) and "cache_control" in tool:
                marks.append((("tools", i, "cache_control"), tool["cache_control"]))
        doc.tool_lists.append(ToolList(tools, spans, syntax_kind))
    for key in ("system", "instructions"):
        _content(doc, obj.get(key), (key,), "system", locate, marks)
    messages = obj.get("messages")
    if isinstance(obj.get("input"), list):
        messages, mkey = obj["input"], "input"
    else:
        mkey = "messages"
        if isinstance(obj.get("input"), str):
            doc.segments.append(locate(("input",), obj["input"], "user"))
    if isinstance(messages, list):
        for i, msg in enumerate(messages):
            if isinstance(msg, dict):
                part = ROLE_PARTS.get(str(msg.get("role")), str(msg.get("role", "user")))
                _content(doc, msg.get("content"), (mkey, i, "content"), part, locate, marks)
    if isinstance(obj.get("prompt"), str):
        doc.segments.append(locate(("prompt",), obj["prompt"], "template"))
    if isinstance(obj.get("response_format"), dict):
        _strings(doc, obj["response_format"], ("response_format",), "schema", locate)
    if "cache_control" in obj:
        marks.append((("cache_control",), obj["cache_control"]))
    _render(doc, obj)
    for path, value in marks:
        after = _segment_before(doc, path)
        end = locate(path, "", "mark").src_start
        ttl = value.get("ttl", "5m") if isinstance(value, dict) else "5m"
        pos = None
        if after is not None and doc.segments[after].prefix_start is not None:
            pos = doc.segments[after].prefix_start + len(doc.segments[after].text)
        doc.breakpoints.append(
            Breakpoint(end, end, pos, str(ttl), after if after is not None else -1)
        )
    return doc


def _content(doc, content, path, part, locate, marks) -> None:
    if isinstance(content, str):
        doc.segments.append(locate(path, content, part))
    elif isinstance(content, list):
        for j, block in enumerate(content):
            if isinstance(block, str):
                doc.segments.append(locate((*path, j), block, part))
            elif isinstance(block, dict):
                if isinstance(block.get("text"), str):
                    doc.segments.append(locate((*path, j, "text"), block["text"], part))
                if "cache_control" in block:
                    marks.append(((*path, j, "cache_control"), block["cache_control"]))


def _strings(doc, value, path, part, locate, index=None) -> tuple[int, int]:
    """Segments for every string value under `value`; returns the span of its first string."""
    first: tuple[int, int] | None = None
    stack = [(path, value)]
    while stack:
        p, v = stack.pop(0)
        if isinstance(v, str):
            seg = locate(p, v, part)
            seg.index = index
            doc.segments.append(seg)
            if first is None or p[-1] == "name":
                first = (seg.src_start, seg.to_source(len(v)))
        elif isinstance(v, dict):
            stack[0:0] = [((*p, k), x) for k, x in v.items() if k != "cache_control"]
        elif isinstance(v, list):
            stack[0:0] = [((*p, k), x) for k, x in enumerate(v)]
    return first or (0, 0)


def _segment_before(doc: Document, mark_path: tuple) -> int | None:
    """Index of the last segment inside the block that carries a cache_control marker."""
    block = mark_path[:-1]
    best = None
    for i, seg in enumerate(doc.segments):
        if seg.path[: len(block)] == block:
            best = i
    return best


def _render(doc: Document, obj: dict) -> None:
    from kvscope.backend.chat import render_chat

    messages = (
        [m for m in obj.get("messages", []) if isinstance(m, dict)]
        if isinstance(obj.get("messages"), list)
        else []
    )
    system = obj.get("system", obj.get("instructions"))
    if isinstance(system, list):
        system = _plain(system)
    if isinstance(system, str) and system:
        messages = [{"role": "system", "content": system}, *messages]
    tools = obj.get("tools") if isinstance(obj.get("tools"), list) else None
    try:
        clean = [{**m, "content": _plain(m.get("content"))} for m in messages]
        doc.prefix = render_chat(clean, tools) if (clean or tools) else ""
    except Exception:
        doc.prefix = ""
    if doc.prefix:
        cursor = 0
        for seg in doc.segments:
            if not seg.text:
                continue
            for needle in (seg.text, json.dumps(seg.text, ensure_ascii=False)[1:-1]):
                at = doc.prefix.find(needle, cursor)
                if at < 0:
                    at = doc.prefix.find(needle)
                if at >= 0:
                    seg.prefix_start = at
                    cursor = at + len(needle)
                    break
    doc.build_prefix()


def _plain(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            b
            if isinstance(b, str)
            else b["text"]
            if isinstance(b, dict) and isinstance(b.get("text"), str)
            else ""
            for b in content
        )
    return ""
