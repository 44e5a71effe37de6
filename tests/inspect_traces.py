"""Traces with a known shape for the inspector's chart tests and snapshots."""

from __future__ import annotations

from pathlib import Path

from kvscope.backend.events import BlockHit, BlockStored
from kvscope.backend.kv_publisher import TraceFileSink
from kvscope.backend.prefix_keys import ExtraKeys, block_hashes

PHASES = ((0.68, 200), (0.22, 200), (0.70, 200))  # (hit rate, seconds)


def hit_rate_trace(path: Path, start: float = 1000.0) -> Path:
    """One second after another: 32 new tokens stored and hits on a cached root sized so the
    second's hit rate (hit / (hit + stored) tokens) follows ``PHASES``: 68 -> 22 -> 70 %."""
    sink = TraceFileSink(path)
    extra = ExtraKeys(salt="acme")
    root_ids = list(range(16))
    (root,) = block_hashes(root_ids, 16, extra)
    sink.emit(BlockStored([root], None, root_ids, 16))
    sink.flush(start - 1.0)
    t = start
    for rate, seconds in PHASES:
        for _ in range(seconds):
            ids = root_ids + [int(t) * 32 + i for i in range(32)]
            hs = block_hashes(ids, 16, extra)
            sink.emit(BlockHit([root], round(32 * rate / (1 - rate)), tenant="acme"))
            sink.emit(BlockStored(hs[1:], root, ids[16:], 16))
            sink.flush(t + 0.5)
            t += 1.0
    sink.close()
    return path
