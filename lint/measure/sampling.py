"""The capacity curve from a spatial sample of the blocks (SHARDS-style miniature simulation).

Chains are cut into aligned windows of ``P = round(1 / rate)`` blocks; in each window one
block is sampled, at the offset ``xxh3_64(key of the window's first block, seed) mod P``
(``mode="stratified"``, the default; the rate is rounded to ``1 / P``). A block's key covers its
whole prefix, so whether it is sampled depends only on what decides whether two requests share
it: every reference to a sampled block is kept, and its reuse pattern is exact. Stratifying
along the chain keeps the sample of a run of blocks that behave alike (a system prompt, a
session's history, a code context) at its length / P, within one block, where independent
draws per block (SHARDS's ``hash(key) < rate``, ``mode="bernoulli"``) vary binomially: on
1,000 reference requests the worst error over 8 samples fell from 2 points to 0.44.
A request is replayed
with only its sampled blocks, as a contracted chain (each sampled block's parent is its nearest
sampled ancestor, the same for every request holding it), through the backend's own cache
manager (``replica.replay``, step for step ``kvscope.backend.cache.simulate``) with the capacity
scaled by the rate, and gdsf's depth scale too (a sampled block's position in its contracted
chain is about ``rate`` times its real one, and gdsf charges deep blocks more). The cache keeps its
contents prefix-closed (ancestors are touched whenever a descendant is), so in both the full and
the miniature cache a request's hits are its leading blocks.

The estimate is a difference: hits at capacity C = the unbounded hits (known exactly from the
executor, in or out of core: a block is an unbounded hit iff its key was seen in an earlier
request, never a request's last token) minus the capacity misses, which the miniature cache
counts on its sample (its unbounded hits minus its hits at C) and which are scaled by
``total blocks / sampled blocks``. The few hot blocks (system prompts) are
hits at every capacity, so they add no sampling error; the error comes from the many blocks
that a small cache loses. At rate 1.0 the estimate is the exact replay. ``sampledcurve``
runs the replays, at a higher rate for the points whose miniature would be too small.
"""

from __future__ import annotations

from typing import NamedTuple

import xxhash

_SPACE = 1 << 64
MODES = ("stratified", "bernoulli")


class SampleStats(NamedTuple):
    """What the sample holds: requests and full blocks, sampled and in total, and the
    sample's unbounded hit tokens (its blocks seen in an earlier request, never a request's
    last token)."""

    rate: float
    seed: int
    requests: int
    sampled_requests: int
    blocks: int
    sampled_blocks: int
    sampled_unbounded_hit_tokens: int


class Sampler:
    """Picks the sampled blocks of each request; ``stats()`` reports the sample's size.

    Memory: the sampled keys seen so far (``rate`` x the log's unique blocks).
    """

    def __init__(
        self, rate: float, block_size: int, seed: int = 0, mode: str = "stratified"
    ) -> None:
        if not 0 < rate <= 1:
            raise ValueError(f"--sample-rate {rate}: give a fraction in (0, 1], e.g. 0.1")
        if mode not in MODES:
            raise ValueError(f"unknown sampling mode {mode!r}; choose {' or '.join(MODES)}")
        self.mode = mode
        self.period = max(1, round(1 / rate))
        self.rate = 1 / self.period if mode == "stratified" else rate
        self.block_size = block_size
        self.seed = seed
        self.threshold = _SPACE if self.rate >= 1 else int(self.rate * _SPACE)
        self.seen: set[bytes] = set()
        self.requests = self.sampled_requests = self.blocks = self.sampled_blocks = 0
        self.sampled_hit_tokens = 0

    def picks(self, keys: list[bytes]) -> list[int]:
        """Positions of the sampled blocks of a chain (a block's answer is the same in every
        request: it depends only on its key and its ancestors' keys)."""
        digest, seed = xxhash.xxh3_64_intdigest, self.seed
        if self.mode == "bernoulli":
            limit = self.threshold
            return [i for i, k in enumerate(keys) if digest(k, seed) < limit]
        p, n = self.period, len(keys)
        out = []
        for start in range(0, n, p):
            i = start + digest(keys[start], seed) % p
            if i < n:
                out.append(i)
        return out

    def sample(self, keys: list[bytes], num_tokens: int) -> tuple[list[bytes], int] | None:
        """(sampled keys, tokens to replay them as), or ``None`` if no block is sampled.

        The replayed token count keeps the engine's rule that the last prompt token is never a
        hit: when the request's last full block holds its last token and that block is sampled,
        the contracted request ends on it too; otherwise one token follows the last sampled
        block, so every sampled block may hit. At rate 1.0 the request is kept as it is, even
        one with no full block (its partial block still takes a cache block and may evict).
        """
        bs = self.block_size
        self.requests += 1
        self.blocks += len(keys)
        if self.threshold == _SPACE:
            picked, tokens = keys, num_tokens
            hittable = min(len(keys), (num_tokens - 1) // bs) if num_tokens > 0 else 0
        else:
            where = self.picks(keys)
            picked = [keys[i] for i in where]
            capped = bool(where) and num_tokens == len(keys) * bs and where[-1] == len(keys) - 1
            tokens = len(picked) * bs + (0 if capped else 1)
            hittable = len(picked) - capped
        if not picked and self.threshold != _SPACE:
            return None  # at rate 1.0 a request shorter than a block is kept: it takes a block
        if self.threshold != _SPACE:  # at rate 1.0 the estimate is the replay itself
            seen, hit = self.seen, 0
            while hit < hittable and picked[hit] in seen:
                hit += 1
            seen.update(picked)
            self.sampled_hit_tokens += hit * bs
        self.sampled_requests += 1
        self.sampled_blocks += len(picked)
        return picked, tokens

    def stats(self) -> SampleStats:
        return SampleStats(
            self.rate,
            self.seed,
            self.requests,
            self.sampled_requests,
            self.blocks,
            self.sampled_blocks,
            self.sampled_hit_tokens,
        )


def scaled_blocks(blocks: int, rate: float) -> int:
    """The miniature cache's capacity for a full cache of ``blocks`` (at least one block).

    A running request holds one block for its partial last block, in the full cache and in
    the miniature alike, so the blocks left for caching are scaled: ``(blocks - 1) x rate``.
    """
    return max(1, round((blocks - 1) * rate) + 1)
