"""Near misses: cacheable prefixes that differ only by a volatile value.

The cacheable head of a request is its leading system/developer text plus its tools (for a
plain prompt, its first ``PLAIN_HEAD`` characters). Two heads that are equal once volatile
values are masked (``kvscope.lint.diff.volatile``) and tools are put in canonical order (sorted
by name, sorted keys), but differ as sent, are a near miss: the cache lost them to a timestamp
(PL001), an id (PL002), per-user content (PL003), tool order (PL004) or key order (PL005).
Memory: one entry per masked head, with a bounded set of variant hashes; past
``MAX_GROUPS_IN_MEMORY`` heads (a log whose system prompts differ per request) the least
recently seen groups are spilled to a SQLite file (``spillmap``), with identical results.
"""

from __future__ import annotations

import json

import xxhash

from kvscope.lint.diff.volatile import (
    RULE_NAMES,
    common_prefix_len,
    find_volatile,
    mask_volatile,
    volatile_at,
)
from kvscope.lint.measure.spillmap import SpillMap

PLAIN_HEAD = 2000
MAX_VARIANTS = 4096
MAX_CACHED_HEADS = 1 << 18  # raw -> masked hash cache: ~35 MB when full
MAX_GROUPS_IN_MEMORY = 1 << 14  # each holds its first head's text (KBs for RAG prompts)


def _content(msg: dict) -> str:
    c = msg.get("content")
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        return "".join(p.get("text", "") for p in c if isinstance(p, dict))
    return ""


def _tool_name(tool: object) -> str:
    if isinstance(tool, dict):
        fn = tool.get("function") if isinstance(tool.get("function"), dict) else tool
        return str(fn.get("name", ""))
    return ""


def cacheable_head(request: dict | None) -> tuple[str, list]:
    """(leading system text, tools) of a request; ``("", [])`` when it has none."""
    if not isinstance(request, dict):
        return "", []
    if "messages" not in request:
        prompt = request.get("prompt")
        return (prompt[:PLAIN_HEAD] if isinstance(prompt, str) else ""), []
    parts = []
    for msg in request.get("messages") or []:
        if not isinstance(msg, dict) or msg.get("role") not in ("system", "developer"):
            break
        parts.append(_content(msg))
    tools = request.get("tools") or []
    return "\n".join(parts), tools if isinstance(tools, list) else []


class _Group:
    __slots__ = (
        "example",
        "lost",
        "model",
        "new",
        "pos",
        "requests",
        "rules",
        "seq",
        "tenant",
        "variants",
    )

    def __init__(
        self, example: tuple[str, str, list], tenant: str | None, model: str | None, seq: int
    ) -> None:
        self.seq = seq  # creation order: ties in ``top`` break by it
        self.example = example
        self.variants: set[int] = set()
        self.requests = 0
        self.lost = 0.0
        self.rules: dict[tuple[str, str], int] = {}
        self.new: tuple[str, str] | None = None
        self.pos = 0
        self.tenant = tenant
        self.model = model


def _rank(g: _Group) -> tuple[bool, float, int]:
    return len(g.variants) > 1, g.lost, g.seq


class NearMisses:
    """Feed requests with ``add``; ``top(n)`` lists the costliest near-miss groups."""

    def __init__(self, max_in_memory: int | None = None, temp_dir: str | None = None) -> None:
        bound = MAX_GROUPS_IN_MEMORY if max_in_memory is None else max_in_memory
        self.groups = SpillMap(bound, _rank, temp_dir)
        self.masked_of: dict[int, int] = {}  # raw head hash -> masked head hash (a cache)

    def add(
        self,
        request: dict | None,
        text: str | None,
        n_tokens: int,
        tenant: str | None = None,
        model: str | None = None,
    ) -> None:
        system, tools = cacheable_head(request)
        if not system and not tools:
            return
        raw_tools = json.dumps(tools, ensure_ascii=False) if tools else "[]"
        raw = xxhash.xxh3_64_intdigest(f"{model}\x1e{system}\x1e{raw_tools}".encode())
        masked = self.masked_of.get(raw)
        if masked is None:
            canon = sorted(tools, key=_tool_name)
            canon_tools = json.dumps(canon, sort_keys=True, ensure_ascii=False)
            masked_head = f"{model}\x1e{mask_volatile(system)}\x1e{canon_tools}"
            masked = xxhash.xxh3_64_intdigest(masked_head.encode())
            if len(self.masked_of) >= MAX_CACHED_HEADS:
                self.masked_of.clear()
            self.masked_of[raw] = masked
        group = self.groups.get(masked)
        if group is None:
            group = _Group((system, raw_tools, tools), tenant, model, len(self.groups))
            self.groups.put(masked, group)
        group.requests += 1
        if raw in group.variants or len(group.variants) >= MAX_VARIANTS:
            return
        group.variants.add(raw)
        if len(group.variants) == 1:
            return
        old_system, old_tools, old_tool_list = group.example
        ratio = n_tokens / len(text) if text else 0.25
        head_chars = len(system) + len(raw_tools)
        if system != old_system:
            pos = common_prefix_len(old_system, system)
            hit = volatile_at(system, pos) or volatile_at(old_system, pos)
            if hit is None:
                found = find_volatile(system)
                hit = found[0] if found else None
            code, kind = (hit.code, hit.kind) if hit else ("PL002", "unknown")
            before = volatile_at(old_system, pos)
            example = (
                before.value if before else old_system[pos : pos + 30],
                hit.value if hit else system[pos : pos + 30],
            )
        else:
            pos = len(system) + common_prefix_len(old_tools, raw_tools)
            same_order = [_tool_name(t) for t in old_tool_list] == [_tool_name(t) for t in tools]
            code, kind = ("PL005", "key-order") if same_order else ("PL004", "tool-order")
            example = (
                ", ".join(_tool_name(t) for t in old_tool_list),
                ", ".join(_tool_name(t) for t in tools),
            )
        group.rules[(code, kind)] = group.rules.get((code, kind), 0) + 1
        group.lost += max(head_chars - pos, 0) * ratio
        if group.new is None:
            group.new, group.pos = example, pos

    def top(self, n: int = 10) -> list[dict]:
        """The ``n`` near-miss groups that cost the most recomputed tokens (estimated)."""
        out = []
        for g in self.groups.best(n):
            (code, kind), _ = max(g.rules.items(), key=lambda kv: kv[1])
            out.append(
                {
                    "rule": code,
                    "rule_name": RULE_NAMES.get(code, ""),
                    "kind": kind,
                    "requests": g.requests,
                    "variants": len(g.variants),
                    "first_divergent_char": g.pos,
                    "example": {"old": g.new[0], "new": g.new[1]} if g.new else None,
                    "estimated_tokens_lost": round(g.lost),
                    "tenant": g.tenant,
                    "model": g.model,
                    "head": mask_volatile(g.example[0])[:120],
                }
            )
        return out

    def check_integrity(self) -> None:
        self.groups.check_integrity()

    def close(self) -> None:
        self.groups.close()
