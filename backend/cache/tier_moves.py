"""Tier moves of the prefix cache: eviction, demotion, promotion, drops (a ``PrefixCache`` part).

``make_room(tier, n)`` evicts that tier's policy candidates (splitting a leaf when only part of it
is needed); each victim moves to the next present tier if that tier can make room in turn, else it
is dropped with its (lower-tier) subtree. Block contents move through the device storage
(``read_blocks`` / ``write_blocks``), the host tier's tensor pool and the disk tier's files; with
no storage only the bookkeeping moves.
"""

from __future__ import annotations

from typing import Any

from kvscope.backend.cache.block_pool import Block
from kvscope.backend.cache.radix import TIER_NAMES, Node

DEVICE, HOST, DISK = 0, 1, 2


class TierMoves:
    """Mixed into ``PrefixCache``; uses its pool, tiers, policies, counters and emitter."""

    def make_room(self, tier: int, n: int) -> bool:
        """Evict candidates of ``tier`` until it has ``n`` free blocks; False if it cannot."""
        while self.num_free(tier) < n:
            popped = self.policies[tier].pop()
            if popped is None:
                return False
            node, score = popped
            need = n - self.num_free(tier)
            if need < len(node):
                node = self.split(node, len(node) - need)
                self.policies[tier].discard(node)
            lower = self.lower_tier(tier)
            if lower is not None and self.make_room(lower, len(node)):
                self._demote(node, lower, score)
            else:
                self.drop_subtree(node, "capacity", score)
        return True

    def _set_tier(self, node: Node, tier: int, locs: list[Any]) -> None:
        old, n = node.tier, len(node)
        if node.in_policy:
            self.policies[old].discard(node)
        if node.counted:
            self.evictable[old] -= n
            self.evictable[tier] += n
        if node.pinned:
            self.pinned_blocks[old] -= n
            self.pinned_blocks[tier] += n
        self.cached[old] -= n
        self.cached[tier] += n
        parent = node.parent
        if parent is not self.root:
            parent.same_kids += (parent.tier == tier) - (parent.tier == old)
        node.tier = tier
        node.locs = locs
        node.same_kids = sum(1 for c in node.children.values() if c.tier == tier)
        node.nref = 0
        if tier == DEVICE:
            for block in locs:
                block.node = node
                if block.ref_cnt:
                    node.nref += 1
        self.policies[tier].on_enter(node)
        self.refresh(node)
        if parent is not self.root:
            self.refresh(parent)

    def _store_rows(self, tier: int, node: Node, rows: Any) -> list[Any]:
        n = len(node)
        if tier == HOST:
            assert self.host is not None
            slots = self.host.alloc(n)
            self.host.write(slots, rows)
            return slots
        assert self.disk is not None
        bs, tokens = self.bs, node.tokens
        parent = self.parent_hash(node)
        items = []
        for i, h in enumerate(node.hashes):
            block_tokens = None if tokens is None else tokens[i * bs : (i + 1) * bs]
            items.append(
                (h, None if rows is None else rows[i], parent, node.start + i, block_tokens)
            )
            parent = h
        self.disk.put_many(items)
        return [None] * n

    def _release_locs(self, node: Node) -> None:
        """Free the storage of a node's blocks in its current tier."""
        if node.tier == DEVICE:
            idle = []
            for block in node.locs:
                block.node = None
                if block.ref_cnt == 0:
                    idle.append(block)
            self.pool.release_all(idle)
        elif node.tier == HOST:
            assert self.host is not None
            self.host.free(node.locs)
        else:
            assert self.disk is not None
            self.disk.delete_many(node.hashes)

    def _rows(self, node: Node) -> Any:
        if node.tier == DEVICE:
            if self.storage is None:
                return None
            return self.storage.read_blocks([b.block_id for b in node.locs])
        if node.tier == HOST:
            assert self.host is not None
            return self.host.read(node.locs)
        raise AssertionError("disk rows are read block by block")

    def _demote(self, node: Node, tier: int, score: float | None) -> None:
        old = node.tier
        rows = self._rows(node)
        locs = self._store_rows(tier, node, rows)
        self._release_locs(node)
        self._set_tier(node, tier, locs)
        n = len(node)
        self._count(old, "demoted", n)
        self._move_count(old, tier, n)
        if self.em.on:
            src, dst = TIER_NAMES[old], TIER_NAMES[tier]
            self.em.evicted(node.hashes, "demoted", self.policy_name, score, src)
            self.em.removed(node.hashes, src)
            self.em.swapped(node.hashes, src, dst)
            self.em.stored(
                node.hashes, self.parent_hash(node), node.tokens, node.start, node.extra, dst
            )

    def drop_subtree(self, node: Node, reason: str | None, score: float | None = None) -> None:
        """Remove ``node`` and its descendants from the cache (``reason`` None: no counting)."""
        for cur in reversed(self.tree.subtree(node)):
            self._remove(cur, reason, score)

    def _remove(self, node: Node, reason: str | None, score: float | None) -> None:
        tier, n = node.tier, len(node)
        if node.in_policy:
            self.policies[tier].discard(node)
        if node.counted:
            self.evictable[tier] -= n
        if node.pinned:
            self.pinned_blocks[tier] -= n
        self.cached[tier] -= n
        self._release_locs(node)
        parent = node.parent
        self.tree.detach(node)
        if parent is not self.root and parent is not None:
            parent.same_kids -= parent.tier == tier
            self.refresh(parent)
        if reason is not None:
            self._count(tier, reason, n)
            if self.em.on:
                name = TIER_NAMES[tier]
                self.em.evicted(node.hashes, reason, self.policy_name, score, name)
                self.em.removed(node.hashes, name)

    def promote(self, node: Node) -> tuple[int, bool]:
        """Bring a locked lower-tier node to the device (free blocks were reserved).

        Returns ``(blocks promoted, truncated)``. A disk block that fails its check ends the
        match there: it and everything below it are dropped (reason ``corrupt``), unlocked.
        """
        node.lock -= 1
        old, n = node.tier, len(node)
        truncated = False
        if old == HOST:
            rows = self._rows(node)
        else:
            assert self.disk is not None
            got, bad = [], None
            for i, h in enumerate(node.hashes):
                row, why = self.disk.get(h)
                if why is not None:
                    bad = i
                    break
                got.append(row)
            if bad is not None:
                victim = node if bad == 0 else self.split(node, bad)
                for cur in self.tree.subtree(victim):
                    cur.lock = 0
                self.drop_subtree(victim, "corrupt")
                if bad == 0:
                    return 0, True
                n, truncated = bad, True
            rows = None if not got or got[0] is None else _stack(got)
        blocks = self.pool.take_n(n)
        for block in blocks:
            block.ref_cnt = 0
        if self.storage is not None and rows is not None:
            self.storage.write_blocks([b.block_id for b in blocks], rows)
        self._release_locs(node)
        self._set_tier(node, DEVICE, blocks)
        self._move_count(old, DEVICE, n)
        if self.em.on:
            src = TIER_NAMES[old]
            self.em.removed(node.hashes, src)
            self.em.swapped(node.hashes, src, "GPU")
            self.em.stored(
                node.hashes, self.parent_hash(node), node.tokens, node.start, node.extra, "GPU"
            )
        return n, truncated

    def upgrade(self, node: Node, blocks: list[Block]) -> None:
        """Replace a lower-tier node's copies with equal device blocks a sequence computed."""
        old = node.tier
        self._release_locs(node)
        self._set_tier(node, DEVICE, list(blocks))
        if self.em.on:
            self.em.removed(node.hashes, TIER_NAMES[old])
            self.em.stored(
                node.hashes, self.parent_hash(node), node.tokens, node.start, node.extra, "GPU"
            )


def _stack(rows: list[Any]) -> Any:
    import torch

    return torch.stack(rows)
