"""Cache bookkeeping cost on one core: block operations per second, and matching a long prompt.

1. The reference workload (precomputed hash chains; hashing excluded) replayed through
   ``allocate_hashes`` + ``mark_computed`` + ``free`` at a device capacity of 25 % of its unique
   blocks (so eviction runs too). Block operations = table blocks allocated (hits included) +
   blocks published + blocks freed. Target: >= 1 M block operations/s.
2. Matching a fully cached 18,000-token prompt that was cached turn by turn (a path of several
   radix nodes), hashing excluded (``match_hashes``). Target: <= 0.5 ms. Matching including
   hashing (``match``) is reported next to it.

Prints one JSON object with medians of repeated runs. ``python bench/bench_cache_ops.py``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.prefix_keys import block_hashes

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cache_policy import BS, load_reference


def replay(reqs, capacity: int, policy: str) -> tuple[float, int, int]:
    mgr = KVCacheManager(CacheConfig(num_blocks=capacity, eviction=policy))
    ops = 0
    t0 = time.perf_counter()
    for i, (req, extra) in enumerate(reqs):
        seq = str(i)
        alloc = mgr.allocate_hashes(seq, req.block_hashes, req.num_tokens, extra)
        published = mgr.mark_computed(seq, req.num_tokens)
        mgr.free(seq)
        ops += 2 * len(alloc.block_table) + published
    elapsed = time.perf_counter() - t0
    return elapsed, ops, mgr.stats().hit_tokens


def match_long_prompt(repeats: int) -> dict:
    rng = random.Random(0)
    tokens = [rng.randrange(100_000) for _ in range(18_000)]
    mgr = KVCacheManager(CacheConfig(num_blocks=2_000))
    for turn, end in enumerate(range(1_800, 18_001, 1_800)):  # ten turns, one node each
        seq = f"turn{turn}"
        mgr.allocate(seq, [*tokens[:end], turn])
        mgr.mark_computed(seq, end + 1)
        mgr.free(seq)
    hashes = block_hashes(tokens[:-1], BS)
    nodes = len(mgr._cache.tree.walk(hashes)[0])
    no_hash, with_hash = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        m = mgr.match_hashes(hashes)
        no_hash.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        m2 = mgr.match(tokens)
        with_hash.append(time.perf_counter() - t0)
    assert m.num_tokens == m2.num_tokens == (len(tokens) - 1) // BS * BS
    return {
        "prompt_tokens": len(tokens),
        "matched_tokens": m.num_tokens,
        "radix_nodes_on_path": nodes,
        "match_ms_excluding_hashing_median": round(statistics.median(no_hash) * 1e3, 4),
        "match_ms_including_hashing_median": round(statistics.median(with_hash) * 1e3, 4),
        "target_ms": 0.5,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    reqs = load_reference(args.requests)
    unique = len({h for req, _ in reqs for h in req.block_hashes})
    capacity = unique // 4
    out: dict = {"bench": "cache_ops", "requests": len(reqs), "unique_blocks": unique}
    for policy in ("lru", "gdsf"):
        runs = [replay(reqs, capacity, policy) for _ in range(args.repeats)]
        secs = statistics.median(r[0] for r in runs)
        ops = runs[0][1]
        out[policy] = {
            "block_ops": ops,
            "seconds_median": round(secs, 4),
            "block_ops_per_s": round(ops / secs),
            "requests_per_s": round(len(reqs) / secs),
            "hit_tokens": runs[0][2],
        }
    out["target_block_ops_per_s"] = 1_000_000
    out["gdsf_cost_vs_lru"] = round(out["gdsf"]["seconds_median"] / out["lru"]["seconds_median"], 3)
    out["match_18k"] = match_long_prompt(200)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
