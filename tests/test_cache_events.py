"""Block events: what each operation emits, vLLM-recomputable hashes, free when unobserved."""

from __future__ import annotations

import hashlib

import cbor2
import pytest

import kvscope.backend.cache.emitter as emitter_module
from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.events import (
    AllBlocksCleared,
    BlockEvicted,
    BlockHit,
    BlockPinned,
    BlockRemoved,
    BlockStored,
    ListSink,
)
from kvscope.backend.prefix_keys import NO_EXTRA, VLLM_SHA256_CBOR, ExtraKeys, none_hash

BS = 16


def run(mgr, seq_id, tokens, extra=NO_EXTRA):
    alloc = mgr.allocate(seq_id, tokens, extra, tenant=extra.salt)
    mgr.mark_computed(seq_id, len(tokens))
    mgr.free(seq_id)
    return alloc


def recompute(event: BlockStored, seed: str = "0") -> list[bytes]:
    """What a vLLM KV-event consumer does: rebuild each hash from parent + tokens + extra keys."""
    parent = event.parent_block_hash or none_hash(VLLM_SHA256_CBOR, seed)
    out = []
    for i in range(len(event.block_hashes)):
        tokens = tuple(event.token_ids[i * event.block_size : (i + 1) * event.block_size])
        keys = event.extra_keys[i] if event.extra_keys else None
        parent = hashlib.sha256(cbor2.dumps((parent, tokens, keys), canonical=True)).digest()
        out.append(parent)
    return out


@pytest.mark.parametrize(
    "extra",
    [ExtraKeys(), ExtraKeys(salt="tenant-a"), ExtraKeys(lora="sql"), ExtraKeys("m", "l", "s")],
)
def test_vllm_mode_events_let_a_consumer_recompute_every_hash(extra):
    sink = ListSink()
    config = CacheConfig(num_blocks=12, algo=VLLM_SHA256_CBOR, host_blocks=8)
    mgr = KVCacheManager(config, sinks=[sink])
    system = list(range(1000, 1000 + 3 * BS))
    run(mgr, "a", [*system, 1, 2], extra)
    run(mgr, "b", [*system, *range(50, 50 + 2 * BS), 7], extra)  # a child run, parent != None
    for i in range(4):
        run(mgr, f"x{i}", [i] * (3 * BS) + [0], extra)  # demotions re-store on the host tier
    stored = [e for e in sink.events if isinstance(e, BlockStored)]
    assert any(e.parent_block_hash is not None for e in stored)
    assert any(e.medium == "CPU" for e in stored)
    for event in stored:
        assert recompute(event) == event.block_hashes
        assert event.lora_name == extra.lora


def test_lifecycle_events():
    sink = ListSink()
    mgr = KVCacheManager(CacheConfig(num_blocks=6, block_size=4, eviction="lru"), sinks=[sink])
    tokens = [1] * 8 + [2]
    run(mgr, "a", tokens)
    assert [type(e) for e in sink.events] == [BlockStored]
    stored = sink.events[0]
    assert stored.block_size == 4 and stored.token_ids == [1] * 8 and stored.medium == "GPU"
    sink.events.clear()
    run(mgr, "b", tokens, ExtraKeys(salt=None))
    hit = sink.events[0]
    assert isinstance(hit, BlockHit) and hit.num_tokens == 8 and hit.request_id == "b"
    assert hit.block_hashes == stored.block_hashes
    sink.events.clear()
    mgr.pin(tokens[:4])
    assert isinstance(sink.events[-1], BlockPinned) and sink.events[-1].pinned
    run(mgr, "c", [3] * 16 + [0])  # needs 5 blocks: evicts the unpinned tail only
    evicted = [e for e in sink.events if isinstance(e, BlockEvicted)]
    removed = [e for e in sink.events if isinstance(e, BlockRemoved)]
    assert evicted and evicted[0].block_hashes == stored.block_hashes[1:]
    assert evicted[0].reason == "capacity" and evicted[0].policy == "lru"
    assert removed[0].block_hashes == stored.block_hashes[1:] and removed[0].medium == "GPU"
    mgr.reset()
    assert isinstance(sink.events[-1], AllBlocksCleared)
    assert mgr.match(tokens).num_tokens == 0


def test_no_sink_builds_no_events(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("an event was built with no sink attached")

    for name in ("BlockStored", "BlockRemoved", "BlockEvicted", "BlockHit", "BlockSwapped"):
        monkeypatch.setattr(emitter_module, name, boom)
    mgr = KVCacheManager(CacheConfig(num_blocks=6, block_size=4, host_blocks=2))
    for i in range(8):
        run(mgr, f"r{i}", [i % 3] * 12 + [0])
    assert mgr.stats().hit_tokens > 0 and mgr.stats().moves
