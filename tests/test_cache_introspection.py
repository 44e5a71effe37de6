"""stats(), top_prefixes(), check_integrity() catching breakage, config errors, no torch."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.prefix_keys import ExtraKeys

BS = 16
SYSTEM = list(range(2000, 2000 + 6 * BS))


def test_stats_count_blocks_tokens_and_tenants():
    mgr = KVCacheManager(CacheConfig(num_blocks=32, host_blocks=8))
    for i, tenant in enumerate(["acme", "acme", "globex"]):
        mgr.allocate(f"r{i}", [*SYSTEM, i], tenant=tenant)
        mgr.mark_computed(f"r{i}", len(SYSTEM) + 1)
    stats = mgr.stats()
    gpu = stats.tiers["GPU"]
    assert gpu.used == 6 + 3 and gpu.cached == 0 and gpu.free == 32 - 9
    assert gpu.used + gpu.cached + gpu.free == gpu.total
    assert stats.query_tokens == 3 * (len(SYSTEM) + 1)
    assert stats.hit_tokens == 2 * len(SYSTEM)
    assert stats.hit_tokens_by_tenant == {"acme": len(SYSTEM), "globex": len(SYSTEM)}
    assert mgr.usage == pytest.approx(9 / 32)
    for i in range(3):
        mgr.free(f"r{i}")
    gpu = mgr.stats().tiers["GPU"]
    assert gpu.used == 0 and gpu.cached == 6 and gpu.evictable == 6 and mgr.usage == 0
    json.dumps(mgr.stats().to_dict())  # the server can serve it as is


def test_top_prefixes_show_hot_prefixes_with_their_first_tokens():
    mgr = KVCacheManager(CacheConfig(num_blocks=64))
    for i in range(5):
        mgr.allocate(f"hot{i}", [*SYSTEM, 1000 + i], ExtraKeys(salt="s"), tenant="acme")
        mgr.mark_computed(f"hot{i}", len(SYSTEM) + 1)
        mgr.free(f"hot{i}")
    mgr.allocate("cold", [7] * 40)
    mgr.mark_computed("cold", 40)
    top = mgr.top_prefixes(2)
    assert top[0].hits == 4 and top[0].num_blocks == 6 and top[0].depth_tokens == len(SYSTEM)
    assert top[0].first_token_ids == SYSTEM[:32]
    assert top[0].tenants == ("acme",) and top[0].tier == "GPU"
    assert top[1].hits == 0
    assert mgr.top_prefixes(0) == []


def test_check_integrity_catches_a_broken_refcount():
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=4))
    mgr.allocate("a", list(range(9)))
    mgr.check_integrity()
    mgr._pool.blocks[mgr.block_table("a")[0]].ref_cnt += 1
    with pytest.raises(AssertionError, match="ref"):
        mgr.check_integrity()


def test_check_integrity_catches_a_freed_cached_block():
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=4))
    mgr.allocate("a", list(range(9)))
    mgr.mark_computed("a", 9)
    mgr.free("a")
    block = mgr._pool.blocks[0]
    assert block.node is not None
    mgr._pool.release(block)
    with pytest.raises(AssertionError):
        mgr.check_integrity()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_blocks": 0}, "num_blocks"),
        ({"num_blocks": 4, "eviction": "fifo"}, "eviction must be one of lru, gdsf"),
        ({"num_blocks": 4, "algo": "md5"}, "algo must be one of"),
        ({"num_blocks": 4, "host_blocks": -1}, "host_blocks"),
    ],
)
def test_bad_config_is_one_actionable_line(kwargs, message):
    with pytest.raises(ValueError, match=message) as info:
        KVCacheManager(CacheConfig(**kwargs))
    assert "\n" not in str(info.value)


def test_misuse_errors():
    mgr = KVCacheManager(CacheConfig(num_blocks=8, block_size=4))
    mgr.allocate("a", [1, 2, 3])
    with pytest.raises(ValueError, match="already has blocks"):
        mgr.allocate("a", [1])
    with pytest.raises(ValueError, match="empty prompt"):
        mgr.allocate("b", [])
    with pytest.raises(KeyError, match="unknown sequence"):
        mgr.free("nope")
    with pytest.raises(ValueError, match="computed tokens"):
        mgr.mark_computed("a", 4)


def test_import_and_simulate_without_torch():
    code = (
        "import sys\n"
        "from kvscope.backend.cache import simulate, KVCacheManager, CacheConfig\n"
        "r = simulate([list(range(64)) + [i] for i in range(20)], 16, 'gdsf', host_blocks=8)\n"
        "assert r.hit_tokens > 0, r\n"
        "print(' '.join(m for m in ('torch', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
