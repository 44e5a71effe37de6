"""The tiers move the model runner's real KV pool rows (fp32 and fp8 with scales) byte-exactly."""

from __future__ import annotations

import pytest
import torch

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.model.config import ModelConfig
from kvscope.backend.model.kv_pool import KVPool

BS = 4


@pytest.mark.parametrize("fp8", [False, True])
def test_demote_to_disk_and_promote_restores_pool_bytes(tmp_path, fp8):
    cfg = ModelConfig(
        vocab_size=64, hidden_size=16, intermediate_size=32, num_layers=2, num_heads=2,
        num_kv_heads=1, head_dim=8,
    )  # fmt: skip
    pool = KVPool(cfg, num_blocks=6, block_size=BS, dtype=torch.float32, fp8=fp8)
    config = CacheConfig(
        num_blocks=6, block_size=BS, host_blocks=2, disk_dir=str(tmp_path), disk_blocks=8
    )
    mgr = KVCacheManager(config, storage=pool)
    gen = torch.Generator().manual_seed(0)
    tokens = [1] * (2 * BS) + [2]
    table = mgr.allocate("a", tokens).block_table
    rows = torch.randint(0, 120, (3, pool.block_nbytes), dtype=torch.uint8, generator=gen)
    if fp8:
        one = torch.tensor([1.0], dtype=torch.float32).view(torch.uint8)
        rows[:, pool.payload_nbytes :] = one.repeat(pool.scale_nbytes // 4)  # valid scales
    pool.write_blocks(table, rows)
    expected = pool.read_blocks(table[:2])
    mgr.mark_computed("a", len(tokens))
    mgr.free("a")
    for i in range(4):
        mgr.allocate(f"x{i}", [10 + i] * (2 * BS) + [0])
        mgr.mark_computed(f"x{i}", 2 * BS + 1)
        mgr.free(f"x{i}")
    assert "GPU" not in mgr.match(tokens).tiers
    again = mgr.allocate("b", tokens)
    assert again.num_cached_tokens == 2 * BS and again.promoted_blocks == 2
    assert torch.equal(pool.read_blocks(again.block_table[:2]), expected)
    mgr.check_integrity()
