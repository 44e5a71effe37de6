"""Eviction: leaves first, never referenced or pinned blocks, lru vs gdsf order, NoSpace."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.cache import CacheConfig, KVCacheManager, NoSpace
from kvscope.backend.events import BlockEvicted, ListSink

BS = 4


def prompt(tag: int, blocks: int) -> list[int]:
    return [tag] * (blocks * BS) + [999]  # the trailing token keeps all blocks matchable


def run(mgr: KVCacheManager, seq_id: str, tokens: list[int]) -> int:
    hit = mgr.allocate(seq_id, tokens).num_cached_tokens
    mgr.mark_computed(seq_id, len(tokens))
    mgr.free(seq_id)
    return hit


@pytest.mark.parametrize("policy", ["lru", "gdsf"])
def test_pinned_prefix_survives_any_pressure(policy):
    mgr = KVCacheManager(CacheConfig(num_blocks=10, block_size=BS, eviction=policy))
    system = prompt(1, 3)
    assert mgr.pin(system[:-1]) == 0  # pending: not computed yet
    run(mgr, "sys", system)
    for i in range(30):
        run(mgr, f"x{i}", prompt(100 + i, 2))
        mgr.check_integrity()
    assert mgr.match(system).tiers == ["GPU"] * 3
    stats = mgr.stats()
    assert stats.tiers["GPU"].pinned == 3
    # Pins count against capacity: 10 blocks - 3 pinned leaves room for 7.
    assert mgr.can_allocate(prompt(7, 6)) and not mgr.can_allocate(prompt(7, 7))
    mgr.unpin(system[:-1])
    for i in range(30):
        run(mgr, f"y{i}", prompt(200 + i, 2))
    assert mgr.match(system).num_tokens == 0


def test_config_pins_apply_once_computed():
    system = prompt(5, 2)
    mgr = KVCacheManager(CacheConfig(num_blocks=6, block_size=BS, pinned_prefixes=[system]))
    run(mgr, "s", system)
    for i in range(10):
        run(mgr, f"x{i}", prompt(50 + i, 3))
    assert mgr.match(system).num_tokens == 2 * BS
    assert any(p.pinned for p in mgr.top_prefixes(5))


def test_referenced_blocks_are_never_evicted():
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=BS))
    held = prompt(1, 4)
    mgr.allocate("held", held)
    mgr.mark_computed("held", len(held))
    for i in range(10):
        run(mgr, f"x{i}", prompt(10 + i, 2))
    assert mgr.match(held).num_tokens == 4 * BS
    assert not mgr.can_allocate(prompt(3, 4))
    before = mgr.stats()
    with pytest.raises(NoSpace):
        mgr.allocate("big", prompt(3, 4))
    assert mgr.stats() == before and not mgr.has_seq("big")
    mgr.check_integrity()


def test_leaves_go_before_their_shared_parent():
    mgr = KVCacheManager(CacheConfig(num_blocks=6, block_size=BS, eviction="lru"))
    shared = [7] * (2 * BS)
    run(mgr, "a", shared + [1] * BS + [0])
    run(mgr, "b", shared + [2] * BS + [0])
    for i in range(3):
        run(mgr, f"x{i}", prompt(40 + i, 1))  # pressure: 2 + 1 + 1 + 3 > 6
    assert mgr.match([*shared, 0]).num_tokens == 2 * BS
    assert mgr.match(shared + [1] * BS + [0]).num_tokens == 2 * BS


@pytest.mark.parametrize(("policy", "hot_survives"), [("lru", False), ("gdsf", True)])
def test_gdsf_keeps_a_frequent_prefix_that_lru_drops(policy, hot_survives):
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=BS, eviction=policy))
    hot = prompt(1, 2)
    for i in range(5):
        run(mgr, f"h{i}", hot)
    for i in range(4):
        run(mgr, f"o{i}", prompt(10 + i, 2))  # one-shot prompts; the 4th forces an eviction
    assert (mgr.match(hot).num_tokens == 2 * BS) is hot_survives


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(1, 4)), min_size=5, max_size=60))
def test_gdsf_clock_rises_to_each_evicted_score(stream):
    sink = ListSink()
    mgr = KVCacheManager(CacheConfig(num_blocks=10, block_size=BS), sinks=[sink])
    policy = mgr._cache.policies[0]
    clocks = []
    for i, (tag, blocks) in enumerate(stream):
        run(mgr, f"r{i}", prompt(tag, blocks))
        clocks.append(policy.clock)
    scores = [e.score for e in sink.events if isinstance(e, BlockEvicted)]
    assert clocks == sorted(clocks)
    assert policy.clock == max(scores, default=0.0)
    # Aging: a newly stored prefix ranks above everything evicted so far.
    run(mgr, "new", prompt(77, 1))
    node = mgr._cache.tree.walk(mgr.match(prompt(77, 1)).block_hashes)[0][-1][0]
    assert policy.score(node) >= policy.clock
    assert all(e.reason == "capacity" and e.policy == "gdsf" for e in sink.events
               if isinstance(e, BlockEvicted))  # fmt: skip
    mgr.check_integrity()


def test_lru_evicts_the_least_recently_used():
    mgr = KVCacheManager(CacheConfig(num_blocks=7, block_size=BS, eviction="lru"))
    a, b, c = prompt(1, 2), prompt(2, 2), prompt(3, 2)
    run(mgr, "a", a)
    run(mgr, "b", b)
    run(mgr, "a2", a)  # a is now more recent than b
    run(mgr, "c", c)
    run(mgr, "d", prompt(4, 2))
    assert mgr.match(a).num_tokens == 2 * BS
    assert mgr.match(b).num_tokens == 0
    assert mgr.stats().evictions["GPU"]["capacity"] == 2
