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
from kvscope.backend.cache.config import tier_blocks
from kvscope.backend.cache.disk_tier import DiskTier
from kvscope.backend.cache.emitter import Emitter
from kvscope.backend.cache.host_tier import HostTier
from kvscope.backend.cache.policy import make_policy
from kvscope.backend.cache.radix import TIER_NAMES, Node, RadixTree
from kvscope.backend.cache.tier_moves import DEVICE, DISK, HOST, TierMoves

__all__ = ["DEVICE", "DISK", "HOST", "PrefixCache", "storage_layout"]


def storage_layout(storage: Any) -> str | None:
    """What must match for a disk block to be loaded into this storage."""
    if storage is None:
        return None
    parts = (
        type(storage).__name__,
        getattr(storage, "block_nbytes", ""),
        getattr(storage, "storage_dtype", getattr(getattr(storage, "data", None), "dtype", "")),
        getattr(storage, "block_shape", ""),
    )
    return "|".join(str(p) for p in parts)


class PrefixCache(TierMoves):
    """Cached blocks of all tiers. Not thread-safe: the manager serialises calls."""

    def __init__(self, config: Any, storage: Any, emitter: Emitter) -> None:
        self.bs = config.block_size
        self.tree = RadixTree(self.bs)
        self.root = self.tree.root
        self.pool = BlockPool(config.num_blocks)
        host = tier_blocks(config.host_blocks, config.host_bytes, storage, "host")
        disk = tier_blocks(config.disk_blocks, config.disk_bytes, storage, "disk")
        self.host = HostTier(host) if host else None
        disk_dir = config.disk_dir if storage is not None else None
        self.disk = DiskTier(disk, disk_dir, storage_layout(storage)) if disk else None
        self.storage = storage
        self.em = emitter
        self.policy_name = config.eviction
        self.policies = [
            make_policy(config.eviction, self.bs, config.gdsf_attn_tokens, config.gdsf_half_life)
            for _ in range(3)
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
            why = None
            if parent is None:
                why = "its parent block is not restored"
            elif entry.hash in parent.children:
                why = "a duplicate of a restored block"
            elif entry.start != parent.end:
                why = f"'start' {entry.start} does not follow its parent (ends at {parent.end})"
            elif entry.tokens is not None and len(entry.tokens) != self.bs:
                why = f"'tokens' holds {len(entry.tokens)} ids, not one block of {self.bs}"
            if why is not None:
                self.disk.delete(entry.hash)
                self.disk.note_discarded(f"{entry.hash.hex()}.kvb", why)
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
