"""One cache replica fed hashed requests one at a time: the backend's ``KVCacheManager``.

``serve`` does what ``kvscope.backend.cache.simulate`` does for one request (allocate the
prompt's blocks, publish them, free the sequence; a request larger than the cache is skipped),
so a replay through a ``Replica`` is that replay, step by step (a test checks they agree):
the router reads each replica's cache between requests, and the sampled curve sets the
miniature cache's gdsf depth scale.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from kvscope.backend.cache import CacheConfig, KVCacheManager, NoSpace


class SimRequest(NamedTuple):
    """A request after hashing: its full blocks' keys, prompt tokens and session (or None)."""

    keys: list[bytes]
    num_tokens: int
    session: str | None = None


class Replica:
    """One replica's cache (``capacity_blocks`` device blocks) and what it served."""

    def __init__(
        self,
        capacity_blocks: int,
        policy: str,
        block_size: int,
        gdsf_attn_tokens: int | None = None,
    ) -> None:
        depth = {} if gdsf_attn_tokens is None else {"gdsf_attn_tokens": gdsf_attn_tokens}
        config = CacheConfig(
            num_blocks=capacity_blocks, block_size=block_size, eviction=policy, **depth
        )
        self.manager = KVCacheManager(config)
        self.block_size = block_size
        self.requests = 0
        self.hit_tokens = 0
        self.skipped = 0

    def cached_blocks(self, req: SimRequest) -> int:
        """Leading blocks of ``req`` this replica would serve from cache now (read-only)."""
        limit = (req.num_tokens - 1) // self.block_size
        if limit <= 0:
            return 0
        return self.manager.match_hashes(req.keys[:limit]).num_tokens // self.block_size

    def serve(self, req: SimRequest) -> None:
        """Allocate, compute and free ``req``, as ``simulate`` does; too large = skipped."""
        self.requests += 1
        if req.num_tokens <= 0:
            self.skipped += 1
            return
        seq_id = f"r-{self.requests}"
        mgr = self.manager
        try:
            got = mgr.allocate_hashes(seq_id, req.keys, req.num_tokens)
        except NoSpace:
            self.skipped += 1
            return
        self.hit_tokens += got.num_cached_tokens
        mgr.mark_computed(seq_id, req.num_tokens)
        mgr.free(seq_id)


def replay(
    requests: Iterable[SimRequest],
    capacity_blocks: int,
    policy: str,
    block_size: int,
    gdsf_attn_tokens: int | None = None,
) -> Replica:
    """One replica that has served ``requests`` in order (read ``hit_tokens``, ``skipped``)."""
    replica = Replica(capacity_blocks, policy, block_size, gdsf_attn_tokens)
    for req in requests:
        replica.serve(req)
    return replica
