"""Who may share whose blocks: tenant salts, LoRA adapters, models, declared shared prefixes."""

from __future__ import annotations

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.prefix_keys import ExtraKeys

BS = 16
SYSTEM = list(range(100, 100 + 4 * BS))  # a 64-token "system prompt"


def computed(mgr: KVCacheManager, seq_id: str, tokens: list[int], extra: ExtraKeys) -> None:
    mgr.allocate(seq_id, tokens, extra, tenant=extra.salt)
    mgr.mark_computed(seq_id, len(tokens))
    mgr.free(seq_id)


def test_same_salt_hits_and_other_salt_misses():
    mgr = KVCacheManager(CacheConfig(num_blocks=64))
    alice = ExtraKeys(salt="alice")
    computed(mgr, "a1", [*SYSTEM, 1, 2, 3], alice)
    again = mgr.allocate("a2", [*SYSTEM, 7], alice, tenant="alice")
    assert again.num_cached_tokens == len(SYSTEM)
    other = mgr.allocate("b1", [*SYSTEM, 7], ExtraKeys(salt="bob"), tenant="bob")
    assert other.num_cached_tokens == 0
    unsalted = mgr.allocate("n1", [*SYSTEM, 7], ExtraKeys())
    assert unsalted.num_cached_tokens == 0
    stats = mgr.stats()
    assert stats.hit_tokens_by_tenant["alice"] == len(SYSTEM)
    assert stats.hit_tokens_by_tenant["bob"] == 0
    mgr.check_integrity()


def test_lora_and_model_isolation():
    mgr = KVCacheManager(CacheConfig(num_blocks=64))
    computed(mgr, "x", [*SYSTEM, 1], ExtraKeys(lora="sql-adapter"))
    assert mgr.match([*SYSTEM, 1], ExtraKeys(lora="sql-adapter")).num_tokens == len(SYSTEM)
    assert mgr.match([*SYSTEM, 1], ExtraKeys(lora="chat-adapter")).num_tokens == 0
    assert mgr.match([*SYSTEM, 1], ExtraKeys()).num_tokens == 0
    computed(mgr, "y", [*SYSTEM, 1], ExtraKeys(model="llama-8b"))
    assert mgr.match([*SYSTEM, 1], ExtraKeys(model="llama-8b")).num_tokens == len(SYSTEM)
    assert mgr.match([*SYSTEM, 1], ExtraKeys(model="llama-70b")).num_tokens == 0


def test_declared_shared_prefix_crosses_tenants_but_the_rest_stays_salted():
    mgr = KVCacheManager(CacheConfig(num_blocks=64, shared_prefixes=[SYSTEM]))
    alice, bob = ExtraKeys(salt="alice"), ExtraKeys(salt="bob")
    private = list(range(500, 500 + 2 * BS))
    computed(mgr, "a1", SYSTEM + private + [9], alice)
    # Bob shares the public system prompt but not Alice's conversation.
    assert mgr.match(SYSTEM + private + [9], bob).num_tokens == len(SYSTEM)
    assert mgr.match(SYSTEM + private + [9], alice).num_tokens == len(SYSTEM) + len(private)
    # A prompt that merely resembles the shared prefix does not get it.
    assert mgr.match([*SYSTEM[:-1], 0, *private], bob).num_tokens == 0


def test_share_prefix_at_run_time():
    mgr = KVCacheManager(CacheConfig(num_blocks=64))
    assert mgr.share_prefix([*SYSTEM, 1, 2]) == 4  # the partial block is dropped
    computed(mgr, "a", [*SYSTEM, 5, 6], ExtraKeys(salt="alice"))
    assert mgr.match([*SYSTEM, 8], ExtraKeys(salt="carol")).num_tokens == len(SYSTEM)


def test_sharing_false_neither_hits_nor_publishes():
    mgr = KVCacheManager(CacheConfig(num_blocks=64))
    computed(mgr, "a", [*SYSTEM, 1], ExtraKeys())
    private = mgr.allocate("p", [*SYSTEM, 1], sharing=False)
    assert private.num_cached_tokens == 0
    mgr.mark_computed("p", len(SYSTEM) + 1)
    mgr.free("p")
    mgr.check_integrity()
    mgr.reset()
    mgr.allocate("q", [*SYSTEM, 1], sharing=False)
    mgr.mark_computed("q", len(SYSTEM) + 1)
    mgr.free("q")
    assert mgr.match([*SYSTEM, 1]).num_tokens == 0


def test_prefix_caching_disabled():
    mgr = KVCacheManager(CacheConfig(num_blocks=64, enable_prefix_caching=False))
    computed(mgr, "a", [*SYSTEM, 1], ExtraKeys())
    assert mgr.allocate("b", [*SYSTEM, 1]).num_cached_tokens == 0
    assert mgr.stats().tiers["GPU"].cached == 0
