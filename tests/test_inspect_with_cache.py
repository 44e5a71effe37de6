"""The fold agrees with kvscope's real cache manager: what the events say is cached, is cached."""

from __future__ import annotations

import random

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.events import EventBatch, ListSink
from kvscope.backend.prefix_keys import ExtraKeys
from kvscope.inspect.fold import CacheState


def test_fold_tracks_the_cache_manager_through_eviction_and_demotion():
    rng = random.Random(7)
    sink = ListSink()
    mgr = KVCacheManager(CacheConfig(num_blocks=48, block_size=4, host_blocks=24), sinks=[sink])
    state = CacheState()
    prefixes = [[rng.randrange(1000) for _ in range(rng.choice([8, 12, 16]))] for _ in range(4)]
    taken = 0
    for i in range(60):
        tenant = rng.choice(["acme", "globex"])
        tokens = rng.choice(prefixes) + [rng.randrange(1000) for _ in range(rng.randrange(2, 14))]
        seq = f"r{i}"
        mgr.allocate(seq, tokens, ExtraKeys(salt=tenant), tenant=tenant)
        mgr.mark_computed(seq, len(tokens))
        mgr.free(seq)
        state.apply(EventBatch(float(i), sink.events[taken:]))
        taken = len(sink.events)
        state.check_integrity()
        stats = mgr.stats()
        on = {t: sum(1 for n in state.blocks.values() if n.copies.get(t)) for t in ("GPU", "CPU")}
        assert on["GPU"] == stats.tiers["GPU"].cached, i
        assert on["CPU"] == stats.tiers["CPU"].cached, i
        assert state.hit_tokens == stats.hit_tokens
    assert state.counts["BlockRemoved"] > 0 and sum(state.evictions.values()) > 0
