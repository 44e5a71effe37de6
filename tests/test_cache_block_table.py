"""Block tables: lazy growth, bounded waste, fork + copy-on-write, hit accounting."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.cache.memory_storage import MemoryStorage

BS = 16


@given(
    st.lists(
        st.tuples(st.integers(1, 100), st.lists(st.integers(1, 40), max_size=4)),
        min_size=1,
        max_size=8,
    )
)
def test_waste_is_at_most_one_partial_block_per_sequence(plans):
    mgr = KVCacheManager(CacheConfig(num_blocks=512, block_size=BS))
    lengths = {}
    for i, (prompt_len, growth) in enumerate(plans):
        seq = f"s{i}"
        mgr.allocate(seq, list(range(prompt_len)))
        mgr.mark_computed(seq, prompt_len)
        lengths[seq] = prompt_len
        for k in growth:
            mgr.append(seq, [1] * k)
            lengths[seq] += k
            mgr.mark_computed(seq, lengths[seq])
    for seq, n in lengths.items():
        slots = len(mgr.block_table(seq)) * BS
        assert 0 <= slots - n < BS, f"{seq}: {slots - n} wasted slots"
    used = mgr.stats().tiers["GPU"].used
    assert used * BS - sum(lengths.values()) < BS * len(lengths)
    mgr.check_integrity()


def test_fork_shares_then_copies_on_write():
    storage = MemoryStorage(8, (BS,))
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=BS), storage)
    tokens = list(range(BS + 5))
    table = mgr.allocate("p", tokens).block_table
    storage.data[table[1], :5] = 42
    mgr.mark_computed("p", len(tokens))
    mgr.fork("p", "c")
    assert mgr.block_table("c") == table
    new = mgr.append("c", [1])
    child = mgr.block_table("c")
    assert child[0] == table[0] and child[1] != table[1] and new == [child[1]]
    assert storage.data[child[1], :5].tolist() == [42] * 5  # the copy kept the shared KV
    assert mgr.append("p", [2]) == []  # the parent now owns its block alone: no copy
    assert mgr.block_table("p") == table
    mgr.check_integrity()


def test_shared_block_refcount_equals_users():
    mgr = KVCacheManager(CacheConfig(num_blocks=64, block_size=BS))
    prefix = list(range(3 * BS))
    mgr.allocate("a", [*prefix, 1])
    mgr.mark_computed("a", len(prefix) + 1)
    for i in range(4):
        assert mgr.allocate(f"b{i}", [*prefix, 2, i]).num_cached_tokens == 3 * BS
    first = mgr._pool.blocks[mgr.block_table("a")[0]]
    assert first.ref_cnt == 5
    for i in range(4):
        mgr.free(f"b{i}")
    assert first.ref_cnt == 1
    mgr.check_integrity()


def test_duplicate_computation_keeps_tables_stable():
    mgr = KVCacheManager(CacheConfig(num_blocks=64, block_size=BS))
    tokens = list(range(2 * BS + 1))
    ta = mgr.allocate("a", tokens).block_table
    tb = mgr.allocate("b", tokens).block_table  # both miss: neither is computed yet
    mgr.mark_computed("a", len(tokens))
    mgr.mark_computed("b", len(tokens))  # b's blocks duplicate a's
    assert mgr.block_table("a") == ta and mgr.block_table("b") == tb
    mgr.check_integrity()
    mgr.free("a")
    assert mgr.match(tokens).num_tokens == 2 * BS  # b holds the cached copy
    mgr.free("b")
    mgr.check_integrity()
    assert mgr.num_free_blocks + mgr.num_evictable_blocks == 64


def test_match_never_returns_the_last_token():
    mgr = KVCacheManager(CacheConfig(num_blocks=64, block_size=BS))
    tokens = list(range(2 * BS))
    mgr.allocate("a", tokens)
    mgr.mark_computed("a", len(tokens))
    mgr.free("a")
    assert mgr.match(tokens).num_tokens == BS
    assert mgr.allocate("b", tokens).num_cached_tokens == BS
    assert mgr.match([*tokens, 1]).num_tokens == 2 * BS
