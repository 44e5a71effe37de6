"""Host and disk tiers: demotion on eviction, promotion on hit, swap, torn files, restart."""

from __future__ import annotations

import pytest
import torch

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.cache.memory_storage import MemoryStorage
from kvscope.backend.events import BlockEvicted, BlockSwapped, ListSink

BS = 4


def prompt(tag: int, blocks: int) -> list[int]:
    return [tag] * (blocks * BS) + [999]


def compute(mgr, storage, seq_id, tokens, tag=None):
    """Allocate, 'compute' (rows = tag), publish, free."""
    alloc = mgr.allocate(seq_id, tokens)
    for block in alloc.block_table[alloc.num_cached_tokens // BS :]:
        storage.data[block] = tokens[0] if tag is None else tag
    mgr.mark_computed(seq_id, len(tokens))
    mgr.free(seq_id)
    return alloc


def make(tmp_path, num_blocks=6, host=4, disk=8, sinks=()):
    storage = MemoryStorage(num_blocks, (8,))
    config = CacheConfig(
        num_blocks=num_blocks,
        block_size=BS,
        host_blocks=host,
        disk_dir=str(tmp_path / "disk") if disk else None,
        disk_blocks=disk,
    )
    return KVCacheManager(config, storage, sinks), storage


def test_evicted_blocks_demote_to_host_then_disk_and_promote_back(tmp_path):
    sink = ListSink()
    mgr, storage = make(tmp_path, sinks=[sink])
    compute(mgr, storage, "a", prompt(11, 2))
    for i in range(6):
        compute(mgr, storage, f"x{i}", prompt(20 + i, 2))
        mgr.check_integrity()
    tiers = mgr.match(prompt(11, 2)).tiers
    assert tiers and "GPU" not in tiers, tiers
    alloc = mgr.allocate("again", prompt(11, 2))
    assert alloc.num_cached_tokens == 2 * BS and alloc.promoted_blocks == 2
    for block in alloc.block_table[:2]:
        assert storage.data[block].tolist() == [11] * 8  # the KV came back, not recomputed
    mgr.check_integrity()
    stats = mgr.stats()
    assert stats.hit_tokens_by_tier["CPU"] + stats.hit_tokens_by_tier["DISK"] == 2 * BS
    assert stats.moves.get("GPU->CPU", 0) > 0 and stats.evictions["GPU"]["demoted"] > 0
    swaps = [e for e in sink.events if isinstance(e, BlockSwapped)]
    assert any(e.to_tier == "GPU" for e in swaps) and any(e.from_tier == "GPU" for e in swaps)


def test_no_host_room_means_drop(tmp_path):
    mgr, storage = make(tmp_path, host=0, disk=0)
    compute(mgr, storage, "a", prompt(1, 2))
    for i in range(4):
        compute(mgr, storage, f"x{i}", prompt(20 + i, 2))
    assert mgr.match(prompt(1, 2)).num_tokens == 0
    assert mgr.stats().evictions["GPU"]["capacity"] > 0


def test_corrupt_disk_file_is_a_miss_and_an_event(tmp_path):
    sink = ListSink()
    mgr, storage = make(tmp_path, host=0, sinks=[sink])
    compute(mgr, storage, "a", prompt(11, 3))
    for i in range(4):
        compute(mgr, storage, f"x{i}", prompt(20 + i, 2))
    m = mgr.match(prompt(11, 3))
    assert m.tiers == ["DISK"] * 3
    second = tmp_path / "disk" / f"{m.block_hashes[1].hex()}.kvb"
    raw = bytearray(second.read_bytes())
    raw[3] ^= 0xFF
    second.write_bytes(bytes(raw))
    alloc = mgr.allocate("again", prompt(11, 3))
    assert alloc.num_cached_tokens == BS  # block 0 verified; block 1 corrupt ends the match
    assert storage.data[alloc.block_table[0]].tolist() == [11] * 8
    corrupt = [e for e in sink.events if isinstance(e, BlockEvicted) and e.reason == "corrupt"]
    assert corrupt and corrupt[0].medium == "DISK"
    assert mgr.stats().evictions["DISK"]["corrupt"] == 2
    mgr.check_integrity()


def test_restart_restores_disk_and_discards_torn_files(tmp_path):
    mgr, storage = make(tmp_path, host=0)
    compute(mgr, storage, "a", prompt(11, 2))
    compute(mgr, storage, "b", prompt(12, 2))
    for i in range(4):
        compute(mgr, storage, f"x{i}", prompt(20 + i, 2))
    m11, m12 = mgr.match(prompt(11, 2)), mgr.match(prompt(12, 2))
    assert m11.tiers == ["DISK"] * 2 and m12.tiers == ["DISK"] * 2
    mgr.close()
    torn = tmp_path / "disk" / f"{m12.block_hashes[0].hex()}.kvb"
    torn.write_bytes(torn.read_bytes()[:5])  # killed mid-write
    (tmp_path / "disk" / "leftover.tmp").write_bytes(b"x")
    with open(tmp_path / "disk" / "manifest.jsonl", "a") as f:
        f.write('{"op":"put","hash":"ab')  # killed mid-append
    mgr2, storage2 = make(tmp_path, host=0)
    # The torn file, the stray temp file, the torn block's child (now unreachable), and blocks
    # whose parent was still on the device when the process died.
    assert mgr2.stats().disk_discarded_at_start >= 3
    assert mgr2.match(prompt(11, 2)).tiers == ["DISK"] * 2
    assert mgr2.match(prompt(12, 2)).num_tokens == 0  # torn head: its child is unreachable too
    alloc = mgr2.allocate("a", prompt(11, 2))
    assert alloc.num_cached_tokens == 2 * BS
    assert storage2.data[alloc.block_table[1]].tolist() == [11] * 8
    mgr2.check_integrity()


def test_swap_out_and_in_restores_contents(tmp_path):
    mgr, storage = make(tmp_path, num_blocks=6, host=6, disk=0)
    tokens = prompt(5, 3)
    table = mgr.allocate("s", tokens).block_table
    for i, block in enumerate(table):
        storage.data[block] = 100 + i
    mgr.mark_computed("s", len(tokens))
    assert mgr.can_swap_out("s")
    released = mgr.swap_out("s")
    assert released == table and mgr.num_free_blocks + mgr.num_evictable_blocks == 6
    for i in range(3):
        compute(mgr, storage, f"x{i}", prompt(30 + i, 4))  # overwrite the device
    assert mgr.can_swap_in("s")
    new = mgr.swap_in("s")
    assert [storage.data[b, 0].item() for b in new] == [100, 101, 102, 103]
    assert mgr.stats().seq_swaps["out"] == 4
    mgr.check_integrity()


def test_bookkeeping_only_tiers_without_storage():
    mgr = KVCacheManager(CacheConfig(num_blocks=4, block_size=BS, host_blocks=8, disk_blocks=8))
    for i in range(6):
        mgr.allocate(f"x{i}", prompt(i, 2))
        mgr.mark_computed(f"x{i}", 2 * BS + 1)
        mgr.free(f"x{i}")
        mgr.check_integrity()
    again = mgr.allocate("y", prompt(0, 2))
    assert again.num_cached_tokens == 2 * BS and again.promoted_blocks == 2
    assert mgr._cache.host.data is None  # no tensors were ever made


def test_host_rows_keep_dtype(tmp_path):
    storage = MemoryStorage(4, (3,), torch.float16)
    config = CacheConfig(num_blocks=4, block_size=BS, host_blocks=4)
    mgr = KVCacheManager(config, storage)
    alloc = mgr.allocate("a", prompt(1, 2))
    storage.data[alloc.block_table[0]] = torch.tensor([0.5, 1.5, -2.0], dtype=torch.float16)
    mgr.mark_computed("a", 2 * BS + 1)
    mgr.free("a")
    for i in range(3):
        compute(mgr, storage, f"x{i}", prompt(10 + i, 2))
    again = mgr.allocate("b", prompt(1, 2))
    assert again.promoted_blocks >= 1
    assert storage.data[again.block_table[0]].tolist() == [0.5, 1.5, -2.0]


def test_tier_capacity_in_bytes():
    storage = MemoryStorage(4, (8,))  # 64-byte blocks
    config = CacheConfig(num_blocks=4, block_size=BS, host_bytes=64 * 5 + 10)
    mgr = KVCacheManager(config, storage)
    assert mgr.stats().tiers["CPU"].total == 5
    with pytest.raises(ValueError, match="host_bytes needs a storage"):
        KVCacheManager(CacheConfig(num_blocks=4, host_bytes=1000))


def test_disk_blocks_of_another_kv_layout_are_discarded(tmp_path):
    mgr, storage = make(tmp_path, host=0)
    compute(mgr, storage, "a", prompt(11, 2))
    for i in range(4):
        compute(mgr, storage, f"x{i}", prompt(20 + i, 2))
    assert mgr.match(prompt(11, 2)).tiers == ["DISK"] * 2
    mgr.close()
    other = MemoryStorage(6, (8,), torch.float64)  # same block bytes, other dtype
    config = CacheConfig(
        num_blocks=6, block_size=BS, disk_dir=str(tmp_path / "disk"), disk_blocks=8
    )
    mgr2 = KVCacheManager(config, other)
    assert mgr2.match(prompt(11, 2)).num_tokens == 0
    assert mgr2.stats().disk_discarded_at_start > 0
    mgr2.check_integrity()
