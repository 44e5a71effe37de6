"""``check_integrity``: every invariant of the manager, its prefix cache and its tiers.

Slow (walks everything); tests call it after every step of a property-based run.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kvscope.backend.cache.radix import Node


def check(mgr: Any) -> None:
    cache = mgr._cache
    pool = cache.pool
    bs = mgr.block_size
    root = cache.tree.root

    refs: Counter[int] = Counter()
    for seq in mgr._seqs.values():
        assert len(seq.blocks) == (0 if seq.host_slots is not None else -(-seq.n_tokens // bs)), (
            f"{seq.seq_id}: {len(seq.blocks)} blocks for {seq.n_tokens} tokens"
        )
        assert 0 <= seq.published <= seq.n_tokens // bs, f"{seq.seq_id}: published too far"
        for block in seq.blocks + seq.shadows:
            refs[block.block_id] += 1
    free_ids = set()
    for block in pool.free_list:
        free_ids.add(block.block_id)
    assert len(free_ids) == pool.num_free, "free list size counter is wrong"
    for block in pool.blocks:
        want = refs.get(block.block_id, 0)
        assert block.ref_cnt == want, f"block {block.block_id}: ref {block.ref_cnt} != {want} refs"
        in_free = block.block_id in free_ids
        if in_free:
            assert block.ref_cnt == 0 and block.node is None, f"{block} is free but in use"
        else:
            assert block.ref_cnt > 0 or block.node is not None, f"{block} leaked"

    evictable, cached, pinned = [0, 0, 0], [0, 0, 0], [0, 0, 0]
    host_slots: list[int] = []
    disk_keys: set[bytes] = set()
    for node in cache.tree.nodes():
        _check_node(cache, node, root, bs)
        n = len(node)
        cached[node.tier] += n
        if node.counted:
            evictable[node.tier] += n
        if node.pinned:
            pinned[node.tier] += n
        if node.tier == 1:
            host_slots.extend(node.locs)
        elif node.tier == 2:
            disk_keys.update(node.hashes)
    assert evictable == cache.evictable, f"evictable {cache.evictable} != {evictable}"
    assert cached == cache.cached, f"cached {cache.cached} != {cached}"
    assert pinned == cache.pinned_blocks, f"pinned {cache.pinned_blocks} != {pinned}"
    for seq in mgr._seqs.values():
        _check_published(cache, seq)
        if seq.host_slots is not None:
            host_slots.extend(seq.host_slots)
    if cache.host is not None:
        assert len(host_slots) == len(set(host_slots)), "a host slot is used twice"
        free = cache.host.free_slots()
        assert not free & set(host_slots), "a host slot is both free and used"
        assert len(free) + len(host_slots) == cache.host.capacity, "host slots leaked"
    if cache.disk is not None:
        assert disk_keys == cache.disk.keys, "disk tier keys differ from the tree's disk nodes"
        assert len(disk_keys) <= cache.disk.capacity, "disk tier over capacity"
    for tier, policy in enumerate(cache.policies):
        members = sum(1 for x in cache.tree.nodes() if x.in_policy and x.tier == tier)
        assert members == policy.size, f"tier {tier} policy size {policy.size} != {members}"


def _check_node(cache: Any, node: Node, root: Node, bs: int) -> None:
    parent = node.parent
    assert parent is not None and parent.children.get(node.hashes[0]) is node, f"{node} orphaned"
    assert node.hashes and len(node.locs) == len(node.hashes), f"{node}: empty or misaligned"
    assert node.start == parent.end, f"{node} does not continue its parent's chain"
    if node.tokens is not None:
        assert len(node.tokens) == len(node.hashes) * bs, f"{node}: token count"
    if parent is not root:
        assert node.tier >= parent.tier, f"{node}: tier above its parent's"
        assert not node.pinned or parent.pinned, f"{node}: pinned under an unpinned parent"
    same = sum(1 for c in node.children.values() if c.tier == node.tier)
    assert node.same_kids == same, f"{node}: same_kids {node.same_kids} != {same}"
    if node.tier == 0:
        nref = 0
        for block in node.locs:
            assert block.node is node, f"{block} does not point at its node {node}"
            assert not cache.pool.is_free(block), f"cached hash maps to freed {block}"
            nref += block.ref_cnt > 0
        assert node.nref == nref, f"{node}: nref {node.nref} != {nref}"
        if nref and parent is not root:
            assert parent.nref, f"{node} referenced under an unreferenced parent"
    else:
        assert node.nref == 0, f"{node}: lower-tier node with references"
    assert node.lock == 0, f"{node}: lock left behind"
    counted = node.nref == 0 and not node.pinned
    assert node.counted == counted, f"{node}: counted flag stale"
    candidate = counted and node.same_kids == 0
    assert node.in_policy == candidate, f"{node}: policy membership {node.in_policy}"
    if node.pinned:
        assert all(h in cache.pins for h in node.hashes), f"{node}: pinned without a pin"


def _check_published(cache: Any, seq: Any) -> None:
    if seq.keys is None or seq.host_slots is not None or not seq.published:
        return
    segs, m = cache.tree.walk(seq.keys.hashes[: seq.published])
    assert m == seq.published, f"{seq.seq_id}: published blocks missing from the cache"
    held = {id(b) for b in seq.blocks} | {id(b) for b in seq.shadows}
    for node, cnt in segs:
        assert node.tier == 0, f"{seq.seq_id}: a published block left the device"
        for block in node.locs[:cnt]:
            assert id(block) in held, f"{seq.seq_id}: holds no reference on {block}"
