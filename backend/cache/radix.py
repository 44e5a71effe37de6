"""The radix tree over block-hash chains: one node per run of blocks, split on divergence.

A node holds a run of consecutive blocks of one chain, all in one tier (0 device, 1 host, 2 disk):
``hashes[i]`` is the key of the block at chain position ``start + i``; ``locs[i]`` is where it
lives (a device ``Block``, a host slot, or ``None`` on disk, which is keyed by hash). Children are
keyed by the hash of their first block; a child's chain continues its parent's last block.

Tiers are monotone along every path: a child's tier is never above its parent's (device blocks
form a prefix-closed subtree, device + host another). The tree knows nothing of policies or
refcounts beyond the fields it carries; ``PrefixCache`` keeps those fields right.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kvscope.backend.prefix_keys import NO_EXTRA, ExtraKeys

TIER_NAMES = ("GPU", "CPU", "DISK")


class Node:
    """A run of cached blocks. Mutable bookkeeping is set here and kept by ``PrefixCache``."""

    __slots__ = (
        "children",
        "counted",
        "extra",
        "freq",
        "hashes",
        "hits",
        "in_policy",
        "last_access",
        "lock",
        "locs",
        "nref",
        "parent",
        "pinned",
        "prio_base",
        "same_kids",
        "start",
        "tenants",
        "tier",
        "tokens",
        "ver",
    )

    def __init__(
        self,
        parent: Node | None,
        hashes: list[bytes],
        locs: list[Any],
        tier: int,
        start: int,
        tokens: list[int] | None = None,
        extra: ExtraKeys = NO_EXTRA,
    ) -> None:
        self.parent = parent
        self.children: dict[bytes, Node] = {}
        self.hashes = hashes
        self.locs = locs
        self.tier = tier
        self.start = start
        self.tokens = tokens
        self.extra = extra
        self.nref = 0  # device blocks of this node with ref_cnt > 0
        self.pinned = False
        self.lock = 0  # in-flight promotions
        self.same_kids = 0  # children in the same tier
        self.counted = False  # included in PrefixCache.evictable[tier]
        self.in_policy = False
        self.ver = 0
        self.hits = 0
        self.freq = 0.0  # gdsf: accesses, decayed with a half-life
        self.last_access = 0
        self.prio_base = 0.0
        self.tenants: set[str] | None = None

    def __len__(self) -> int:
        return len(self.hashes)

    @property
    def end(self) -> int:
        return self.start + len(self.hashes)

    def __repr__(self) -> str:
        head = self.hashes[0].hex()[:8] if self.hashes else "root"
        return f"Node({head}+{len(self)}, tier {self.tier})"


class RadixTree:
    """Structure only: walk, insert, split, remove. The root holds no blocks."""

    __slots__ = ("block_size", "root")

    def __init__(self, block_size: int) -> None:
        self.block_size = block_size
        self.root = Node(None, [], [], 0, 0)

    def walk(self, hashes: list[bytes]) -> tuple[list[tuple[Node, int]], int]:
        """Segments ``(node, blocks matched from its start)`` of the longest cached prefix."""
        out: list[tuple[Node, int]] = []
        node, i, n = self.root, 0, len(hashes)
        while i < n:
            child = node.children.get(hashes[i])
            if child is None:
                break
            hs = child.hashes
            size = len(hs)
            if hs == hashes[i : i + size]:
                out.append((child, size))
                i += size
                node = child
                continue
            k, limit = 1, min(size, n - i)
            while k < limit and hs[k] == hashes[i + k]:
                k += 1
            out.append((child, k))
            i += k
            break
        return out, i

    def add_child(self, parent: Node, node: Node) -> None:
        node.parent = parent
        parent.children[node.hashes[0]] = node

    def split(self, node: Node, k: int) -> Node:
        """Keep the first ``k`` blocks in ``node``; the rest becomes its only child, returned.

        The tail inherits the children, tier, access statistics and pin; device blocks of the
        tail point at the tail.
        """
        assert 0 < k < len(node.hashes), "split inside the run only"
        tail = Node(
            node,
            node.hashes[k:],
            node.locs[k:],
            node.tier,
            node.start + k,
            None if node.tokens is None else node.tokens[k * self.block_size :],
            node.extra,
        )
        del node.hashes[k:]
        del node.locs[k:]
        if node.tokens is not None:
            del node.tokens[k * self.block_size :]
        tail.children, node.children = node.children, {tail.hashes[0]: tail}
        for child in tail.children.values():
            child.parent = tail
        tail.same_kids, node.same_kids = node.same_kids, 1
        tail.pinned = node.pinned
        tail.hits = node.hits
        tail.freq = node.freq
        tail.last_access = node.last_access
        tail.prio_base = node.prio_base
        tail.tenants = None if node.tenants is None else set(node.tenants)
        tail.counted = node.counted
        if node.tier == 0:
            nref = 0
            for block in tail.locs:
                block.node = tail
                if block.ref_cnt:
                    nref += 1
            tail.nref, node.nref = nref, node.nref - nref
        return tail

    def detach(self, node: Node) -> None:
        """Unlink a childless node from its parent."""
        assert not node.children, "detach leaves only"
        parent = node.parent
        if parent is not None and parent.children.get(node.hashes[0]) is node:
            del parent.children[node.hashes[0]]
        node.parent = None

    def nodes(self) -> Iterator[Node]:
        """Every node but the root, parents before children."""
        stack = list(self.root.children.values())
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children.values())

    def subtree(self, node: Node) -> list[Node]:
        """``node`` and its descendants, children after parents."""
        out, stack = [], [node]
        while stack:
            cur = stack.pop()
            out.append(cur)
            stack.extend(cur.children.values())
        return out
