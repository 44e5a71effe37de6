"""Scheduler overhead per step with 256 running sequences, excluding model time (target <= 1 ms).

Builds the real scheduler on the real cache manager, admits 256 sequences, then times decode
steps: ``schedule()`` + ``advance()`` + appending one sampled token per sequence (what the engine
does around the model call). Prefix caching on vs off, side by side. Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.cost_model import CostModel
from kvscope.backend.engine.scheduler import Scheduler
from kvscope.backend.engine.sequence import SamplingParams, Sequence
from kvscope.backend.prefix_keys import ExtraKeys

NUM_SEQS, PROMPT, STEPS, BS = 256, 64, 200, 16


def build(prefix: bool) -> Scheduler:
    num_blocks = NUM_SEQS * ((PROMPT + STEPS + 8) // BS + 2)
    config = EngineConfig(
        num_blocks=num_blocks,
        block_size=BS,
        max_num_seqs=NUM_SEQS,
        max_num_batched_tokens=NUM_SEQS * PROMPT,
        enable_prefix_caching=prefix,
    )
    cache = KVCacheManager(
        CacheConfig(num_blocks=num_blocks, block_size=BS, enable_prefix_caching=prefix)
    )
    sched = Scheduler(config, cache, CostModel("recompute", 4096, copy_bytes_per_s=1e10))
    rng = random.Random(0)
    shared = [rng.randrange(50_000) for _ in range(32)]
    for i in range(NUM_SEQS):
        prompt = shared + [rng.randrange(50_000) for _ in range(PROMPT - 32)]
        params = SamplingParams(temperature=0, max_tokens=10**6)
        sched.add(Sequence(f"s{i}", f"r{i}", prompt, params, ExtraKeys("m")))
    return sched


def measure(prefix: bool) -> dict:
    sched = build(prefix)
    rng = random.Random(1)
    times = []
    for step in range(STEPS + 1):
        t0 = time.perf_counter()
        batch = sched.schedule()
        sched.advance(batch)
        for seq in batch.seqs:
            if seq.num_computed_tokens == seq.num_tokens:
                seq.token_ids.append(rng.randrange(50_000))
        elapsed = time.perf_counter() - t0
        if step == 0:
            assert len(batch.seqs) == NUM_SEQS, "all sequences must be admitted in the first step"
            continue
        assert len(batch.seqs) == NUM_SEQS and batch.num_tokens == NUM_SEQS
        times.append(elapsed)
    times.sort()
    return {
        "median_ms": round(statistics.median(times) * 1e3, 4),
        "mean_ms": round(statistics.fmean(times) * 1e3, 4),
        "p95_ms": round(times[int(0.95 * len(times))] * 1e3, 4),
        "per_seq_us": round(statistics.median(times) / NUM_SEQS * 1e6, 3),
    }


def main() -> None:
    on, off = measure(True), measure(False)
    print(
        json.dumps(
            {
                "bench": "scheduler_overhead",
                "running_seqs": NUM_SEQS,
                "decode_steps": STEPS,
                "block_size": BS,
                "prefix_caching_on": on,
                "prefix_caching_off": off,
                "ratio_on_vs_off": round(on["median_ms"] / off["median_ms"], 3),
                "target_ms": 1.0,
                "meets_target": on["median_ms"] <= 1.0,
            }
        )
    )


if __name__ == "__main__":
    main()
