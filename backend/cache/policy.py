"""Eviction policies: which evictable leaf of a tier goes first.

A policy orders the *candidates* of one tier: nodes with no child in that tier, no live
reference, no pin and no in-flight promotion (``PrefixCache`` decides who is a candidate and
calls ``push`` / ``discard``). ``pop`` returns the candidate with the lowest score. Both policies
keep a binary heap with lazy deletion: an entry is live iff its node is still a candidate and its
version matches, so ``discard`` and re-scoring are O(1) and ``pop`` is O(log n) amortised.

- ``lru``: score = the node's last access tick; ties go to the deeper node (tails first).
- ``gdsf`` (Greedy-Dual-Size-Frequency): score = clock + frequency x cost / size, where
  frequency = the node's recent hit rate (accesses, each weight halving every ``half_life``
  lookups), cost / size = tokens a hit saves per block, ``block_size * (1 + mean position /
  attn_tokens)`` (deeper blocks cost more to recompute), and the clock rises to the score of each
  evicted node, so idle entries age out.
"""

from __future__ import annotations

import heapq
from itertools import count
from typing import Any


class EvictionPolicy:
    """Heap of candidate nodes for one tier; subclasses define ``score``."""

    name = "base"

    def __init__(self, block_size: int) -> None:
        self.block_size = block_size
        self.clock = 0.0
        self._heap: list[tuple[float, int, int, Any, int]] = []
        self._seq = count()
        self.size = 0

    def score(self, node: Any) -> float:  # pragma: no cover - interface
        raise NotImplementedError

    def on_access(self, node: Any, tick: int) -> None:
        """A hit or a store touched ``node``."""
        node.last_access = tick
        node.prio_base = self.clock

    def on_enter(self, node: Any) -> None:
        """``node`` moved into this policy's tier: its aging restarts on this tier's clock."""
        node.prio_base = self.clock

    def push(self, node: Any) -> None:
        if node.in_policy:
            self.size -= 1
        node.ver += 1
        node.in_policy = True
        self.size += 1
        entry = (self.score(node), -node.start, next(self._seq), node, node.ver)
        heapq.heappush(self._heap, entry)
        if len(self._heap) > 64 and len(self._heap) > 4 * self.size:
            self._compact()

    def discard(self, node: Any) -> None:
        if node.in_policy:
            node.in_policy = False
            node.ver += 1
            self.size -= 1

    def pop(self) -> tuple[Any, float] | None:
        """The lowest-scored candidate and its score (no longer a candidate), or None."""
        heap = self._heap
        while heap:
            score, _, _, node, ver = heapq.heappop(heap)
            if node.in_policy and node.ver == ver:
                node.in_policy = False
                node.ver += 1
                self.size -= 1
                self.clock = max(self.clock, score)
                return node, score
        return None

    def _compact(self) -> None:
        self._heap = [e for e in self._heap if e[3].in_policy and e[3].ver == e[4]]
        heapq.heapify(self._heap)

    def __len__(self) -> int:
        return self.size

    def reset(self) -> None:
        self._heap.clear()
        self.size = 0
        self.clock = 0.0


class LRUPolicy(EvictionPolicy):
    """Least recently used first (the baseline)."""

    name = "lru"

    def score(self, node: Any) -> float:
        return float(node.last_access)


class GDSFPolicy(EvictionPolicy):
    """Greedy-Dual-Size-Frequency with a position-aware recompute cost."""

    name = "gdsf"

    def __init__(self, block_size: int, attn_tokens: int = 32768, half_life: int = 500) -> None:
        super().__init__(block_size)
        self.attn_tokens = attn_tokens
        self.half_life = half_life

    def on_access(self, node: Any, tick: int) -> None:
        age = tick - node.last_access
        node.freq = node.freq * 0.5 ** (age / self.half_life) + 1.0
        super().on_access(node, tick)

    def cost_per_block(self, node: Any) -> float:
        mean_pos = (node.start + len(node.hashes) / 2) * self.block_size
        return self.block_size * (1.0 + mean_pos / self.attn_tokens)

    def score(self, node: Any) -> float:
        return node.prio_base + node.freq * self.cost_per_block(node)


def make_policy(
    name: str, block_size: int, attn_tokens: int = 32768, half_life: int = 500
) -> EvictionPolicy:
    if name == "lru":
        return LRUPolicy(block_size)
    if name == "gdsf":
        return GDSFPolicy(block_size, attn_tokens, half_life)
    raise ValueError(f"unknown eviction policy {name!r}; choose lru or gdsf")


POLICIES_BY_NAME = {"lru": LRUPolicy, "gdsf": GDSFPolicy}
