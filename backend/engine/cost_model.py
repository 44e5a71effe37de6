"""Recompute-vs-swap cost model for preemption victims.

Both estimates come from rates measured on this machine: the prefill rate (tokens/s) is an
exponential moving average of the engine's own prefill steps, and the transfer rate (bytes/s)
starts from a host memcpy probe and is refined by every real swap. A victim is swapped when moving
its blocks out and back is expected to be cheaper than recomputing its tokens.
"""

from __future__ import annotations

import time
from typing import NamedTuple

RECOMPUTE, SWAP = "recompute", "swap"


class Choice(NamedTuple):
    mode: str
    recompute_s: float
    swap_s: float


def probe_copy_bandwidth(nbytes: int = 8 << 20, repeats: int = 3) -> float:
    """Bytes per second of a plain host memory copy (a lower bound for device<->host moves)."""
    src = bytearray(nbytes)
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        bytes(src)
        best = min(best, time.perf_counter() - t0)
    return nbytes / max(best, 1e-9)


class CostModel:
    """Per-victim choice between recompute and swap. ``mode`` forces one when not ``auto``."""

    def __init__(
        self,
        mode: str,
        block_bytes: int,
        prefill_tokens_per_s: float = 2000.0,
        copy_bytes_per_s: float | None = None,
        alpha: float = 0.2,
    ) -> None:
        self.mode = mode
        self.block_bytes = max(1, block_bytes)
        self.prefill_tokens_per_s = prefill_tokens_per_s
        self.copy_bytes_per_s = copy_bytes_per_s or probe_copy_bandwidth()
        self.alpha = alpha

    def observe_prefill(self, tokens: int, seconds: float) -> None:
        if tokens <= 0 or seconds <= 0:
            return
        rate = tokens / seconds
        self.prefill_tokens_per_s += self.alpha * (rate - self.prefill_tokens_per_s)

    def observe_copy(self, blocks: int, seconds: float) -> None:
        if blocks <= 0 or seconds <= 0:
            return
        rate = blocks * self.block_bytes / seconds
        self.copy_bytes_per_s += self.alpha * (rate - self.copy_bytes_per_s)

    def recompute_seconds(self, num_tokens: int) -> float:
        return num_tokens / self.prefill_tokens_per_s

    def swap_seconds(self, num_blocks: int) -> float:
        return 2 * num_blocks * self.block_bytes / self.copy_bytes_per_s

    def choose(self, num_tokens: int, num_blocks: int, can_swap: bool) -> Choice:
        """Pick a mode for a victim holding ``num_blocks`` blocks for ``num_tokens`` computed
        tokens; ``can_swap`` says whether the host tier can take them now."""
        r, s = self.recompute_seconds(num_tokens), self.swap_seconds(num_blocks)
        can_swap = can_swap and num_blocks > 0
        if self.mode == RECOMPUTE or not can_swap:
            return Choice(RECOMPUTE, r, s)
        if self.mode == SWAP:
            return Choice(SWAP, r, s)
        return Choice(SWAP if s < r else RECOMPUTE, r, s)
