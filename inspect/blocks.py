"""One cached block as the inspector sees it, and per-tenant counters. Plain data, no logic
beyond tier bookkeeping; :class:`~kvscope.inspect.fold.CacheState` owns every instance."""

from __future__ import annotations

from typing import Any

TIERS = ("GPU", "CPU", "DISK", "OTHER")
# SGLang's HiCache host pool is pinned host memory, "CPU_PINNED" on its wire.
_TIER_INDEX = {"GPU": 0, "CPU": 1, "DISK": 2, "CPU_PINNED": 1}


def tier_index(medium: str | None) -> int:
    """0 GPU (device; also ``None``), 1 CPU (host, also SGLang's ``CPU_PINNED``), 2 DISK, 3 anything
    else (e.g. a connector or an SGLang storage backend)."""
    if medium is None:
        return 0
    i = _TIER_INDEX.get(medium)
    return _TIER_INDEX.get(medium.upper(), 3) if i is None else i


class Node:
    """One cached block: all copies of one hash, per tier (``copies[i]`` for ``TIERS[i]``).

    ``tokens[offset:offset + block_size]`` are its token ids (``tokens`` is shared by the whole
    stored run, so a block costs no copy); ``tokens`` is ``None`` when the producer sent none.
    """

    __slots__ = ("c0", "c1", "c2", "c3", "created", "hash", "hits", "last_used", "offset",
                 "parent", "pinned", "tenant", "tokens")  # fmt: skip

    def __init__(self, h: Any, parent: Any, tokens: list[int] | None, offset: int, ts: float):
        self.hash = h
        self.parent = parent
        self.tokens = tokens
        self.offset = offset
        self.created = ts
        self.last_used = ts
        self.hits = 0
        self.c0 = self.c1 = self.c2 = self.c3 = 0
        self.pinned = False
        self.tenant: str | None = None

    @property
    def copies(self) -> dict[str, int]:
        """Live copies per tier (tiers with none left out)."""
        counts = (self.c0, self.c1, self.c2, self.c3)
        return {TIERS[i]: n for i, n in enumerate(counts) if n}

    @property
    def tier(self) -> str:
        """The fastest tier holding a copy."""
        for i, n in enumerate((self.c0, self.c1, self.c2, self.c3)):
            if n:
                return TIERS[i]
        return "-"

    def token_ids(self, block_size: int) -> list[int] | None:
        if self.tokens is None:
            return None
        return self.tokens[self.offset : self.offset + block_size]


SLOT = ("c0", "c1", "c2", "c3")


def add_copy(node: Node, i: int, delta: int) -> int:
    """Add ``delta`` copies on tier ``i``; returns the new count."""
    name = SLOT[i]
    n = getattr(node, name) + delta
    setattr(node, name, n)
    return n


class TenantStats:
    __slots__ = ("blocks", "hit_tokens", "hits", "query_tokens")

    def __init__(self) -> None:
        self.blocks = 0
        self.hit_tokens = 0
        self.query_tokens = 0
        self.hits = 0
