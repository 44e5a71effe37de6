"""Why two renderings diverge: structural reasons from deepdiff plus volatile-value checks.

Each reason is a dict ``{"kind", "message", "rule", "path"}``; ``rule`` names the promptlint
rule that would have caught it (or ``None``). Reasons are listed in the order a reader should
fix them: the model, then tools, then messages, then other request fields, then text.
"""

from __future__ import annotations

import json

from kvscope.lint.diff.volatile import common_prefix_len, find_volatile, rule_label, volatile_at


def _reason(kind: str, message: str, rule: str | None = None, path: str | None = None) -> dict:
    return {"kind": kind, "message": message, "rule": rule, "path": path}


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _tool_name(tool: object, index: int) -> str:
    if isinstance(tool, dict):
        fn = tool.get("function") if isinstance(tool.get("function"), dict) else tool
        name = fn.get("name")
        if isinstance(name, str):
            return name
    return f"#{index}"


def text_reason(old: str, new: str, where: str = "text") -> dict | None:
    """The first edit between two texts, labelled volatile when a date or id changed."""
    if old == new:
        return None
    pos = common_prefix_len(old, new)
    line = old.count("\n", 0, pos) + 1
    for side in (new, old):
        hit = volatile_at(side, pos)
        if hit is not None:
            other = volatile_at(old if side is new else new, pos)
            before = other.value if other is not None and side is new else None
            change = f"{before!r} -> {hit.value!r}" if before else repr(hit.value)
            return _reason(
                f"volatile-{hit.kind}",
                f"{where} line {line}: a value that looks volatile ({hit.kind}) changed: {change}; "
                f"{rule_label(hit.code)} catches this",
                hit.code,
                where,
            )
    tail = common_prefix_len(old[pos:][::-1], new[pos:][::-1])
    for side, label in ((new, "added"), (old, "removed")):
        changed = side[pos : len(side) - tail]
        found = find_volatile(changed)
        if found:
            hit = found[0]
            return _reason(
                f"volatile-{hit.kind}",
                f"{where} line {line}: a value that looks volatile ({hit.kind}) was {label}: "
                f"{hit.value!r}; {rule_label(hit.code)} catches this",
                hit.code,
                where,
            )
    snippet_old = old[pos : pos + 40].split("\n")[0]
    snippet_new = new[pos : pos + 40].split("\n")[0]
    return _reason(
        "text-edited",
        f"{where} edited at line {line}: {snippet_old!r} -> {snippet_new!r}",
        None,
        where,
    )


def _key_order_paths(old: object, new: object, path: str) -> list[str]:
    """Paths where two equal JSON values serialise differently because of key order."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = [path] if list(old) != list(new) and set(old) == set(new) else []
        for key in old:
            if key in new:
                out += _key_order_paths(old[key], new[key], f"{path}.{key}")
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        out = []
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            out += _key_order_paths(a, b, f"{path}[{i}]")
        return out
    return []


def tool_reasons(old: list, new: list) -> list[dict]:
    """Tools reordered (PL004), added, removed, changed or re-keyed (PL005)."""
    out: list[dict] = []
    old_names = [_tool_name(t, i) for i, t in enumerate(old)]
    new_names = [_tool_name(t, i) for i, t in enumerate(new)]
    added = [n for n in new_names if n not in old_names]
    removed = [n for n in old_names if n not in new_names]
    if added:
        out.append(_reason("tool-added", f"tools added: {', '.join(added)}", None, "tools"))
    if removed:
        out.append(_reason("tool-removed", f"tools removed: {', '.join(removed)}", None, "tools"))
    common_old = [n for n in old_names if n in new_names]
    common_new = [n for n in new_names if n in old_names]
    if common_old != common_new:
        out.append(
            _reason(
                "tools-reordered",
                f"tools reordered: {', '.join(common_old)} -> {', '.join(common_new)}; "
                f"{rule_label('PL004')} catches this (sort tools by name)",
                "PL004",
                "tools",
            )
        )
    by_old = dict(zip(old_names, old, strict=True))
    for name, tool in zip(new_names, new, strict=True):
        if name not in by_old:
            continue
        before = by_old[name]
        if before == tool:
            out.extend(_key_order_reason(before, tool, f"tools[{name}]"))
        else:
            out.append(
                _reason(
                    "tool-changed",
                    _deepdiff_summary(before, tool, f"tools[{name}]"),
                    None,
                    f"tools[{name}]",
                )
            )
    return out


def _key_order_reason(old: object, new: object, path: str) -> list[dict]:
    """Equal values serialised with another key order: a PL005 reason, or nothing."""
    paths = _key_order_paths(old, new, path)
    if not paths:
        return []
    text = (
        f"JSON key order changed at {', '.join(paths[:3])}; "
        f"{rule_label('PL005')} catches this (serialise with sorted keys)"
    )
    return [_reason("key-order-changed", text, "PL005", paths[0])]


def _deepdiff_summary(old: object, new: object, path: str) -> str:
    from deepdiff import DeepDiff

    diff = DeepDiff(old, new, verbose_level=1)
    parts = []
    for kind, items in diff.items():
        where = list(items)[:3] if hasattr(items, "__iter__") else []
        parts.append(f"{kind.replace('_', ' ')}: {', '.join(str(w) for w in where)}")
    return f"{path} changed ({'; '.join(parts) or 'type changed'})"


def message_reasons(old: list, new: list) -> list[dict]:
    """Edits to the messages, one reason per changed message (volatile values labelled)."""
    out: list[dict] = []
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        role = a.get("role", "?") if isinstance(a, dict) else "?"
        where = f"messages[{i}] ({role})"
        if a == b:
            out.extend(_key_order_reason(a, b, f"messages[{i}]"))
            continue
        ca = a.get("content") if isinstance(a, dict) else None
        cb = b.get("content") if isinstance(b, dict) else None
        if isinstance(ca, str) and isinstance(cb, str) and ca != cb:
            reason = text_reason(ca, cb, where)
            if reason is not None:
                out.append(reason)
        if not (isinstance(ca, str) and isinstance(cb, str)) or {**a, "content": cb} != b:
            out.append(_reason("message-changed", _deepdiff_summary(a, b, where), None, where))
    if len(new) > len(old):
        out.append(
            _reason(
                "messages-appended",
                f"{len(new) - len(old)} message(s) appended "
                "(an append keeps the earlier prefix shareable)",
                None,
                "messages",
            )
        )
    elif len(old) > len(new):
        out.append(
            _reason(
                "messages-removed", f"{len(old) - len(new)} message(s) removed", None, "messages"
            )
        )
    return out


def explain(
    old_request: dict | None, new_request: dict | None, old_text: str, new_text: str
) -> list[dict]:
    """All reasons for a divergence; falls back to the text when no structure explains it."""
    if old_text == new_text and old_request == new_request:
        return []
    out: list[dict] = []
    if isinstance(old_request, dict) and isinstance(new_request, dict):
        if old_request.get("model") != new_request.get("model"):
            out.append(
                _reason(
                    "model-changed",
                    f"model changed: {old_request.get('model')!r} "
                    f"-> {new_request.get('model')!r} (no block is shared)",
                    None,
                    "model",
                )
            )
        out += tool_reasons(
            list(old_request.get("tools") or []), list(new_request.get("tools") or [])
        )
        out += message_reasons(
            list(old_request.get("messages") or []), list(new_request.get("messages") or [])
        )
        rest_old = {k: v for k, v in old_request.items() if k not in {"model", "tools", "messages"}}
        rest_new = {k: v for k, v in new_request.items() if k not in {"model", "tools", "messages"}}
        if rest_old != rest_new:
            out.append(
                _reason(
                    "request-changed",
                    _deepdiff_summary(rest_old, rest_new, "request"),
                    None,
                    "request",
                )
            )
    if not out and old_text != new_text:
        reason = text_reason(old_text, new_text, "rendered prompt")
        if reason is not None:
            out.append(reason)
    if isinstance(new_request, dict) and len(out) > 1:
        out.sort(key=lambda r: _anchor(r, new_request, new_text))
    return out


def _anchor(reason: dict, request: dict, text: str) -> int:
    """Where in the new rendering a reason's subject starts (its place in cache order)."""
    path = reason.get("path") or ""
    if reason["kind"] == "model-changed":
        return -1
    if path.startswith("messages["):
        index = int(path[len("messages[") : path.index("]")])
        messages = request.get("messages") or []
        if index < len(messages) and isinstance(messages[index], dict):
            content = messages[index].get("content")
            if isinstance(content, str) and content:
                found = text.find(content[:200])
                return found if found >= 0 else len(text)
    if path.startswith("tools"):
        positions = [
            text.find(json.dumps(_tool_name(t, i)))
            for i, t in enumerate(request.get("tools") or [])
        ]
        positions = [p for p in positions if p >= 0]
        return min(positions) if positions else len(text)
    return len(text)
