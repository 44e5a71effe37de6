"""Capacity what-ifs: replay requests through the real manager, bookkeeping only.

``promptlint measure`` and the policy benchmark call ``simulate``; it drives the same
``KVCacheManager`` (radix tree, policies, tiers) the server runs, with no storage (no torch).
Each request is allocated, fully computed (its blocks published) and freed before the next, as
if requests ran one at a time; a request larger than the device tier is skipped and counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from kvscope.backend.cache.config import CacheConfig, HashedRequest, NoSpace
from kvscope.backend.cache.manager import KVCacheManager
from kvscope.backend.prefix_keys import DEFAULT_ALGO, NO_EXTRA, ExtraKeys

Request = tuple[Sequence[int] | HashedRequest, ExtraKeys]


class SimResult(NamedTuple):
    """Token-weighted outcome of a replay."""

    requests: int
    skipped: int
    query_tokens: int
    hit_tokens: int
    hit_rate: float
    hit_tokens_by_tier: dict[str, int]
    evicted_blocks: dict[str, dict[str, int]]
    peak_cached_blocks: int


def simulate(
    requests: Iterable[Request | Sequence[int] | HashedRequest],
    capacity_blocks: int,
    policy: str = "gdsf",
    host_blocks: int = 0,
    block_size: int = 16,
    pinned: Iterable[Request | Sequence[int] | HashedRequest] = (),
    algo: str = DEFAULT_ALGO,
    disk_blocks: int = 0,
) -> SimResult:
    """Replay ``requests`` (token lists or ``HashedRequest``s, optionally with extra keys).

    A capacity below one block caches nothing: every request is skipped. Empty requests are
    skipped too.
    """
    if capacity_blocks < 1:
        n = sum(1 for _ in requests)
        return SimResult(n, n, 0, 0, 0.0, {"GPU": 0, "CPU": 0, "DISK": 0}, {}, 0)
    config = CacheConfig(
        num_blocks=capacity_blocks,
        block_size=block_size,
        eviction=policy,
        host_blocks=host_blocks,
        disk_blocks=disk_blocks,
        algo=algo,
    )
    mgr = KVCacheManager(config)
    for item in pinned:
        req, extra = _split(item)
        if isinstance(req, HashedRequest):
            with mgr._lock:
                mgr._cache.pin(list(req.block_hashes))
        else:
            mgr.pin(req, extra)
    n = skipped = peak = 0
    cache = mgr._cache
    for item in requests:
        req, extra = _split(item)
        seq_id = f"sim-{n}"
        n += 1
        num_tokens = req.num_tokens if isinstance(req, HashedRequest) else len(req)
        if num_tokens <= 0:
            skipped += 1
            continue
        try:
            if isinstance(req, HashedRequest):
                mgr.allocate_hashes(seq_id, req.block_hashes, num_tokens, extra)
            else:
                mgr.allocate(seq_id, req, extra)
        except NoSpace:
            skipped += 1
            continue
        mgr.mark_computed(seq_id, num_tokens)
        peak = max(peak, sum(cache.cached))
        mgr.free(seq_id)
    stats = mgr.stats()
    return SimResult(
        requests=n,
        skipped=skipped,
        query_tokens=stats.query_tokens,
        hit_tokens=stats.hit_tokens,
        hit_rate=stats.hit_rate,
        hit_tokens_by_tier=stats.hit_tokens_by_tier,
        evicted_blocks=stats.evictions,
        peak_cached_blocks=peak,
    )


def _split(item: object) -> tuple[Sequence[int] | HashedRequest, ExtraKeys]:
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], ExtraKeys):
        return item[0], item[1]
    return item, NO_EXTRA  # type: ignore[return-value]
