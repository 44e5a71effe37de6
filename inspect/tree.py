"""The prefix tree as radix edges, derived from :class:`~kvscope.inspect.fold.CacheState`.

A radix edge is a maximal chain of cached blocks where each block has exactly one cached child;
the tree view shows one line per edge. Subtree totals are computed in one pass per state version
and cached. Widget-free; malformed streams (cycles in parent links) cannot loop forever.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from kvscope.inspect.blocks import Node
from kvscope.inspect.fold import CacheState

SORTS = ("hits", "size", "saved")


class Edge(NamedTuple):
    head: Any  # first block hash of the chain
    tail: Any  # last block hash (its children are the edge's children)
    blocks: int  # blocks on this edge
    subtree_blocks: int  # blocks here and below
    hits: int  # hits on the edge's first block
    saved_tokens: int  # tokens served from cache in the subtree (block hits x block size)
    tenant: str | None
    tier: str
    pinned: bool
    age_s: float  # producer time since the edge's first block was stored
    has_children: bool


class Totals(NamedTuple):
    blocks: int
    saved: int


class TreeIndex:
    """Subtree totals for one :class:`CacheState` version; rebuild with ``refresh``."""

    def __init__(self, state: CacheState) -> None:
        self.state = state
        self.version = -1
        self.totals: dict[Any, Totals] = {}
        self.refresh()

    def refresh(self) -> None:
        st = self.state
        if st.version == self.version:
            return
        bs = st.block_size or 0
        totals: dict[Any, Totals] = {}
        for root in st.roots:
            stack: list[tuple[Any, bool]] = [(root, False)]
            while stack:
                h, done = stack.pop()
                if done:
                    node = st.blocks[h]
                    blocks, saved = 1, node.hits * bs
                    for c in st.children.get(h, ()):
                        t = totals.get(c)
                        if t is not None:
                            blocks += t.blocks
                            saved += t.saved
                    totals[h] = Totals(blocks, saved)
                elif h not in totals:
                    stack.append((h, True))
                    stack.extend((c, False) for c in st.children.get(h, ()) if c not in totals)
        self.totals = totals
        self.version = st.version

    def edge(self, head: Any) -> Edge:
        st = self.state
        first: Node = st.blocks[head]
        h, n, seen = head, 1, {head}
        while True:
            kids = st.children.get(h)
            if not kids or len(kids) != 1:
                break
            (c,) = kids
            if c in seen:
                break
            seen.add(c)
            h, n = c, n + 1
        t = self.totals.get(head, Totals(n, 0))
        age = max(0.0, st.now - first.created)
        tenant, up, hops = first.tenant, first.parent, 0
        while tenant is None and up is not None and up in st.blocks and hops < 256:
            tenant, up, hops = st.blocks[up].tenant, st.blocks[up].parent, hops + 1
        return Edge(head, h, n, t.blocks, first.hits, t.saved, tenant, first.tier,
                    first.pinned, age, bool(st.children.get(h)))  # fmt: skip

    def children(self, tail: Any | None, sort: str = "hits") -> list[Edge]:
        """Edges below ``tail`` (``None``: the roots), best first by ``sort``."""
        self.refresh()
        st = self.state
        heads = st.roots if tail is None else st.children.get(tail, ())
        edges = [self.edge(h) for h in heads if h in st.blocks]
        key: Callable[[Edge], tuple] = {
            "hits": lambda e: (e.hits, e.saved_tokens, e.subtree_blocks),
            "size": lambda e: (e.subtree_blocks, e.hits),
            "saved": lambda e: (e.saved_tokens, e.hits),
        }[sort]
        edges.sort(key=lambda e: repr(e.head))  # ties in a stable order, whatever the hash seed
        edges.sort(key=key, reverse=True)
        return edges

    def chain_tokens(self, edge: Edge, limit: int = 256) -> list[int] | None:
        """Token ids along an edge (at most ``limit``); ``None`` if the producer sent none."""
        st, bs = self.state, self.state.block_size or 0
        out: list[int] = []
        h = edge.head
        for _ in range(edge.blocks):
            node = st.blocks.get(h)
            if node is None:
                break
            ids = node.token_ids(bs)
            if ids is None:
                return out or None
            out.extend(ids)
            if len(out) >= limit:
                return out[:limit]
            kids = st.children.get(h)
            if not kids or len(kids) != 1:
                break
            (h,) = kids
        return out

    def path_to(self, h: Any) -> list[Any]:
        """Block hashes from a root down to ``h`` (cycle-safe)."""
        st, path, seen = self.state, [], set()
        while h is not None and h in st.blocks and h not in seen:
            seen.add(h)
            path.append(h)
            h = st.blocks[h].parent
        path.reverse()
        return path

    def find(self, query: str, decode: Callable[[list[int]], str], limit: int = 50) -> list[Any]:
        """Cached blocks whose text (with the parent block's, for matches across a boundary)
        contains ``query`` (case-insensitive); shallowest first."""
        q = query.lower()
        if not q:
            return []
        st, bs = self.state, self.state.block_size or 0
        found = []
        for h, node in st.blocks.items():
            ids = node.token_ids(bs)
            if ids is None:
                continue
            parent = st.blocks.get(node.parent) if node.parent is not None else None
            pids = parent.token_ids(bs) if parent is not None else None
            if q in decode((pids or []) + ids).lower():
                found.append(h)
        found.sort(key=lambda x: len(self.path_to(x)))
        return found[:limit]
