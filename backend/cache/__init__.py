"""kvscope.backend.cache: the KV cache core (block pool, radix prefix cache, eviction, tiers).

Torch-free at import: bookkeeping is pure Python; torch is imported only inside the host and
disk tiers when block contents move (a ``storage`` was given).

Public API::

    from kvscope.backend.cache import CacheConfig, KVCacheManager, NoSpace
    mgr = KVCacheManager(CacheConfig(num_blocks=1024), storage=None, sinks=())
    mgr.match(tokens, extra) -> Match(num_tokens, block_hashes, tiers)   # read-only
    mgr.match_hashes(hashes) -> Match                                     # precomputed chain
    mgr.can_allocate(tokens, extra, sharing=True) -> bool
    mgr.allocate(seq_id, tokens, extra, sharing=True, tenant=None) -> Allocation  # or NoSpace
    mgr.allocate_hashes(seq_id, block_hashes, num_tokens, extra, tenant) -> Allocation
    mgr.can_append(seq_id, n=1) -> bool;  mgr.append(seq_id, new_token_ids) -> new block ids
    mgr.mark_computed(seq_id, n) -> blocks published
    mgr.block_table(seq_id), mgr.num_tokens(seq_id), mgr.has_seq(seq_id)
    mgr.fork(parent, child);  mgr.free(seq_id)
    mgr.can_swap_out / swap_out(seq_id) -> released device ids
    mgr.can_swap_in / swap_in(seq_id) -> new block table
    mgr.pin(tokens, extra) -> blocks cached now;  mgr.unpin(tokens, extra)
    mgr.share_prefix(tokens) -> blocks;  mgr.evict(n, tier="GPU") -> blocks freed
    mgr.reset();  mgr.close()
    mgr.stats() -> CacheStats;  mgr.top_prefixes(n) -> list[PrefixInfo];  mgr.check_integrity()
    mgr.num_free_blocks, mgr.num_evictable_blocks, mgr.usage, mgr.num_seqs
    simulate(requests, capacity_blocks, policy, host_blocks=0, ...) -> SimResult

Semantics: ``allocate`` raises ``NoSpace`` (never returns None) and changes nothing visible when
it does. Block tables change only by growing, except that ``append`` replaces a shared partial
last block (copy-on-write) and ``swap_in`` builds a new table: re-read ``block_table`` after
both. ``mark_computed`` never changes a table: a block another sequence already published is
kept as the sequence's own copy, and the sequence holds a reference on the cached one.
Tiers: device blocks, then ``host_blocks`` (or ``host_bytes``) of RAM, then ``disk_blocks`` (or
``disk_bytes``) of files under ``disk_dir``; eviction demotes a tier's victims to the next tier
and a hit there promotes them back. Policies: ``lru`` and ``gdsf`` (see ``policy``).
Events go to ``sinks`` (``kvscope.backend.events``); none are built when there is no sink.
``stats().swaps`` counts blocks moved down (``out``) or up (``in``) between tiers.
``KVStorage`` (the model runner's KV pool): ``read_blocks(ids) -> CPU tensor [n, ...]``,
``write_blocks(ids, rows)``, ``block_nbytes``; optional ``copy_block(src, dst)``.
"""

from kvscope.backend.cache.config import (
    Allocation,
    CacheConfig,
    HashedRequest,
    Match,
    NoSpace,
)
from kvscope.backend.cache.manager import KVCacheManager
from kvscope.backend.cache.policy import POLICIES_BY_NAME
from kvscope.backend.cache.simulate import SimResult, simulate
from kvscope.backend.cache.stats import CacheStats, PrefixInfo, TierBlocks

__all__ = [
    "POLICIES_BY_NAME",
    "Allocation",
    "CacheConfig",
    "CacheStats",
    "HashedRequest",
    "KVCacheManager",
    "Match",
    "NoSpace",
    "PrefixInfo",
    "SimResult",
    "TierBlocks",
    "simulate",
]
