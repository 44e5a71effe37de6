"""Inspector folding core: events/s on one core, alone and with wire decoding in front.

Prints one JSON object. The stream is shaped like a busy engine: runs of stored blocks extending
shared prefixes, hits on them, removals keeping the cache near a fixed capacity, a few evictions,
swaps and preemptions; 32 events per batch. Target (issue 8): fold >= 100,000 events/s. Measured
with Python's default GC thresholds and with the thresholds kvscope-inspect sets, side by side.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import time

from kvscope.backend.event_codec import decode_batch, encode_batch
from kvscope.backend.events import (
    BlockEvicted,
    BlockHit,
    BlockRemoved,
    BlockStored,
    BlockSwapped,
    EventBatch,
    RequestPreempted,
)
from kvscope.inspect.fold import CacheState
from kvscope.inspect.tree import TreeIndex

BLOCK = 16
CAPACITY = 8_192


def make_stream(n_events: int, seed: int = 0) -> list[EventBatch]:
    rng = random.Random(seed)
    cached: list[int] = []
    next_hash = 1
    batches, events, ts = [], [], 1_000.0
    for _ in range(n_events):
        r = rng.random()
        if len(cached) > CAPACITY:
            r = 0.9  # a removal: the cache stays near its capacity, as an engine's does
        if r < 0.45 or len(cached) < 64:
            run = rng.randint(1, 8)
            parent = rng.choice(cached) if cached and rng.random() < 0.8 else None
            hs = list(range(next_hash, next_hash + run))
            next_hash += run
            toks = [rng.randrange(100_000) for _ in range(run * BLOCK)]
            events.append(BlockStored(hs, parent, toks, BLOCK))
            cached.extend(hs)
        elif r < 0.80:
            hs = rng.sample(cached, min(4, len(cached)))
            events.append(BlockHit(hs, BLOCK * len(hs), tenant=f"t{rng.randrange(8)}"))
        elif r < 0.97:
            h = cached.pop(rng.randrange(len(cached)))
            events.append(BlockRemoved([h]))
        elif r < 0.98:
            events.append(BlockEvicted([rng.choice(cached)], "capacity", "gdsf", 1.0))
        elif r < 0.99:
            events.append(BlockSwapped([rng.choice(cached)], "GPU", "CPU"))
        else:
            events.append(RequestPreempted(f"r{rng.randrange(999)}", "recompute", 4))
        if len(events) == 32:
            ts += 0.01
            batches.append(EventBatch(ts, events))
            events = []
    if events:
        batches.append(EventBatch(ts + 0.01, events))
    return batches


def reference_fold(batches: list[EventBatch]) -> dict:
    parents: dict = {}
    for b in batches:
        for e in b.events:
            if type(e) is BlockStored:
                p = e.parent_block_hash
                for h in e.block_hashes:
                    parents[h] = p
                    p = h
            elif type(e) is BlockRemoved:
                for h in e.block_hashes:
                    parents.pop(h, None)
    return parents


def timed(fn, repeats: int = 5) -> float:
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main() -> None:
    batches = make_stream(100_000)
    n_events = sum(len(b.events) for b in batches)
    n_blocks = sum(len(getattr(e, "block_hashes", ())) for b in batches for e in b.events)
    payloads = [encode_batch(b, include_kvscope=True, int_hashes=True) for b in batches]

    def fold():
        state = CacheState()
        for b in batches:
            state.apply(b)

    def decode_and_fold():
        state = CacheState()
        for p in payloads:
            state.apply(decode_batch(p))

    t_fold = timed(fold)
    t_ref = timed(lambda: reference_fold(batches))
    t_full = timed(decode_and_fold, repeats=3)
    default_gc = gc.get_threshold()
    gc.set_threshold(50_000, 20, 100)  # what kvscope-inspect's CLI sets
    t_fold_app = timed(fold)
    t_full_app = timed(decode_and_fold, repeats=3)
    gc.set_threshold(*default_gc)
    state = CacheState()
    for b in batches:
        state.apply(b)

    def tree():
        state.version += 1  # force a full rebuild, as after new events
        index = TreeIndex(state)
        for edge in index.children(None, "hits")[:50]:
            index.children(edge.tail, "hits")

    t_tree = timed(tree)
    print(json.dumps({
        "bench": "inspect_fold",
        "events": n_events,
        "blocks": n_blocks,
        "events_per_batch": 32,
        "fold_events_per_s": round(n_events / t_fold),
        "fold_blocks_per_s": round(n_blocks / t_fold),
        "reference_dict_fold_events_per_s": round(n_events / t_ref),
        "fold_vs_reference_slowdown": round(t_fold / t_ref, 2),
        "decode_and_fold_events_per_s": round(n_events / t_full),
        "fold_events_per_s_cli_gc": round(n_events / t_fold_app),
        "decode_and_fold_events_per_s_cli_gc": round(n_events / t_full_app),
        "tree_rebuild_ms": round(t_tree * 1000, 1),
        "cached_blocks_at_end": len(state.blocks),
        "target_events_per_s": 100_000,
        "meets_target": n_events / max(t_fold, t_fold_app) >= 100_000,
    }))  # fmt: skip


if __name__ == "__main__":
    main()
