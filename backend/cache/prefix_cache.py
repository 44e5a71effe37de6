"""The prefix cache: radix tree + per-tier policies + tier moves + pins.

``PrefixCache`` owns every cached block in every tier and the evictable/pinned counters; the
manager owns sequences and calls ``ref`` / ``unref`` for device blocks they use. Invariants
(checked by ``check_integrity``):

- a node is *counted* (its blocks in ``evictable[tier]``) iff no block of it is referenced and it
  is not pinned; it is a policy *candidate* iff counted, unlocked and no child shares its tier;
- references and pins are prefix-closed (a sequence references every tree block before its last,
  through its table or a shadow reference), so every counted block is reachable by evicting
  candidates leaves-first;
- evicting a device node demotes it to the next present tier if that tier can make room, else it
  drops the node and its (lower-tier) subtree; the same holds from host to disk.
"""

from __future__ import annotations

from typing import Any

from kvscope.backend.cache.block_pool import Block, BlockPool
from kvscope.backend.cache.disk_tier import DiskTier
from kvscope.backend.cache.emitter import Emitter
from kvscope.backend.cache.host_tier import HostTier
from kvscope.backend.cache.policy import make_policy
from kvscope.backend.cache.radix import TIER_NAMES, Node, RadixTree

DEVICE, HOST, DISK = 0, 1, 2


class PrefixCache:
    """Cached blocks of all tiers. Not thread-safe: the manager serialises calls."""

    def __init__(self, config: Any, storage: Any, emitter: Emitter) -> None:
        self.bs = config.block_size
        self.tree = RadixTree(self.bs)
        self.root = self.tree.root
        self.pool = BlockPool(config.num_blocks)
        self.host = HostTier(config.host_blocks) if config.host_blocks else None
        disk_dir = config.disk_dir if storage is not None else None
        self.disk = DiskTier(config.disk_blocks, disk_dir) if config.disk_blocks else None
        self.storage = storage
        self.em = emitter
        self.policy_name = config.eviction
        self.policies = [
            make_policy(config.eviction, self.bs, config.gdsf_attn_tokens) for _ in range(3)
        ]
        self.evictable = [0, 0, 0]
        self.cached = [0, 0, 0]
        self.pinned_blocks = [0, 0, 0]
        self.pins: dict[bytes, int] = {}
        self.tick = 0
        self.evictions: dict[tuple[str, str], int] = {}
        self.moves: dict[str, int] = {}

    # -- bookkeeping ---------------------------------------------------------------------------
    def refresh(self, node: Node) -> None:
        """Re-derive ``counted`` and policy membership after any change to ``node``."""
        want = node.nref == 0 and not node.pinned
        if want != node.counted:
            n = len(node.hashes)
            self.evictable[node.tier] += n if want else -n
            node.counted = want
        if want and node.lock == 0 and node.same_kids == 0:
            if not node.in_policy:
                self.policies[node.tier].push(node)
        elif node.in_policy:
            self.policies[node.tier].discard(node)

    def ref(self, block: Block) -> None:
        block.ref_cnt += 1
        if block.ref_cnt == 1:
            node = block.node
            if node is not None:
                node.nref += 1
                if node.nref == 1:
                    self.refresh(node)

    def unref(self, block: Block) -> None:
        block.ref_cnt -= 1
        if block.ref_cnt == 0:
            node = block.node
            if node is None:
                self.pool.release(block)
            else:
                node.nref -= 1
                if node.nref == 0:
                    self.refresh(node)

    def ref_all(self, blocks: list[Block]) -> None:
        """``ref`` each block (the hot path of allocation and fork)."""
        for block in blocks:
            block.ref_cnt += 1
            if block.ref_cnt == 1:
                node = block.node
                if node is not None:
                    node.nref += 1
                    if node.nref == 1:
                        self.refresh(node)

    def unref_all(self, blocks: list[Block]) -> None:
        """``unref`` each block in order; uncached blocks reaching 0 go back to the pool."""
        freed = []
        for block in blocks:
            block.ref_cnt -= 1
            if block.ref_cnt == 0:
                node = block.node
                if node is None:
                    freed.append(block)
                else:
                    node.nref -= 1
                    if node.nref == 0:
                        self.refresh(node)
        if freed:
            self.pool.release_all(freed)

    def touch(self, node: Node, tenant: str | None = None) -> None:
        self.policies[node.tier].on_access(node, self.tick)
        if tenant is not None:
            if node.tenants is None:
                node.tenants = set()
            node.tenants.add(tenant)
        if node.in_policy:
            self.policies[node.tier].push(node)

    def split(self, node: Node, k: int) -> Node:
        """Split ``node`` after ``k`` blocks; returns the tail (both re-derived)."""
        if node.in_policy:
            self.policies[node.tier].discard(node)
        tail = self.tree.split(node, k)
        self.refresh(node)
        self.refresh(tail)
        return tail

    def lower_tier(self, tier: int) -> int | None:
        if tier == DEVICE and self.host is not None:
            return HOST
        if tier < DISK and self.disk is not None:
            return DISK
        return None

    def num_free(self, tier: int) -> int:
        if tier == DEVICE:
            return self.pool.num_free
        tier_store = self.host if tier == HOST else self.disk
        return 0 if tier_store is None else tier_store.num_free

    def parent_hash(self, node: Node) -> bytes | None:
        parent = node.parent
        return None if parent is None or parent is self.root else parent.hashes[-1]

    def _count(self, tier: int, reason: str, n: int) -> None:
        key = (TIER_NAMES[tier], reason)
        self.evictions[key] = self.evictions.get(key, 0) + n

    def _move_count(self, src: int, dst: int, n: int) -> None:
        key = f"{TIER_NAMES[src]}->{TIER_NAMES[dst]}"
        self.moves[key] = self.moves.get(key, 0) + n

    # -- insert / pin --------------------------------------------------------------------------
    def insert(
        self,
        parent: Node,
        hashes: list[bytes],
        blocks: list[Block],
        tokens: list[int] | None,
        extra: Any,
        tenant: str | None,
    ) -> Node:
        """Publish private device blocks (already referenced by their sequence) under ``parent``."""
        assert parent is self.root or parent.tier == DEVICE, "device blocks under device parents"
        node = Node(parent, hashes, blocks, DEVICE, parent.end, tokens, extra)
        nref = 0
        for block in blocks:
            block.node = node
            if block.ref_cnt:
                nref += 1
        node.nref = nref
        self.tree.add_child(parent, node)
        self.cached[DEVICE] += len(hashes)
        self.touch(node, tenant)
        self.refresh(node)
        if parent is not self.root:
            parent.same_kids += 1
            self.refresh(parent)
        if self.em.on:
            self.em.stored(hashes, self.parent_hash(node), tokens, node.start, extra, "GPU")
        if self.pins and hashes[0] in self.pins:
            self._apply_pins(node)
        return node

    def _pinned_prefix(self, node: Node) -> int:
        k, pins = 0, self.pins
        for h in node.hashes:
            if h not in pins:
                break
            k += 1
        return k

    def _set_pinned(self, node: Node, pinned: bool) -> None:
        if node.pinned != pinned:
            node.pinned = pinned
            self.pinned_blocks[node.tier] += len(node) if pinned else -len(node)
            self.refresh(node)

    def _apply_pins(self, node: Node) -> None:
        k = self._pinned_prefix(node)
        if 0 < k < len(node):
            tail = self.split(node, k)
            self._set_pinned(tail, False)
        self._set_pinned(node, k > 0)

    def pin(self, hashes: list[bytes]) -> int:
        """Register a pinned chain; returns how many of its blocks are cached now."""
        for h in hashes:
            self.pins[h] = self.pins.get(h, 0) + 1
        segs, m = self.tree.walk(hashes)
        for node, _ in segs:
            self._apply_pins(node)
        if self.em.on:
            self.em.pinned(hashes, True)
        return m

    def unpin(self, hashes: list[bytes]) -> None:
        for h in hashes:
            left = self.pins.get(h, 0) - 1
            if left > 0:
                self.pins[h] = left
            else:
                self.pins.pop(h, None)
        segs, _ = self.tree.walk(hashes)
        for node, _ in segs:
            self._apply_pins(node)
        if self.em.on:
            self.em.pinned(hashes, False)

    # -- eviction and tier moves ---------------------------------------------------------------
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
        for i, h in enumerate(node.hashes):
            self.disk.put(
                h,
                None if rows is None else rows[i],
                parent,
                node.start + i,
                None if tokens is None else tokens[i * bs : (i + 1) * bs],
            )
            parent = h
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
            for h in node.hashes:
                self.disk.delete(h)

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

    # -- reset and restore ---------------------------------------------------------------------
    def reset(self) -> None:
        """Forget every cached block of every tier (pins stay registered)."""
        for child in list(self.root.children.values()):
            self.drop_subtree(child, None)
        for policy in self.policies:
            policy.reset()
        if self.em.on:
            self.em.cleared()

    def restore_disk(self) -> int:
        """Rebuild disk-tier nodes from the disk manifest; returns blocks restored."""
        if self.disk is None or not self.disk.restored:
            return 0
        by_hash: dict[bytes, Node] = {}
        restored = 0
        for entry in self.disk.restored:
            parent = self.root if entry.parent is None else by_hash.get(entry.parent)
            if parent is None or entry.hash in parent.children or entry.start != parent.end:
                self.disk.delete(entry.hash)
                self.disk.discarded_at_start += 1
                continue
            node = Node(parent, [entry.hash], [None], DISK, entry.start, entry.tokens)
            self.tree.add_child(parent, node)
            if parent is not self.root:
                parent.same_kids += 1
                self.refresh(parent)
            self.cached[DISK] += 1
            by_hash[entry.hash] = node
            self.refresh(node)
            restored += 1
        self.disk.restored = []
        return restored


def _stack(rows: list[Any]) -> Any:
    import torch

    return torch.stack(rows)
