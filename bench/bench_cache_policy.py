"""Eviction policies on the reference workload: lru vs gdsf vs gdsf + pinned system prompts.

Replays the generated reference log (``kvscope.backend.workload``, rendered with
``kvscope.backend.chat.request_tokens`` and cl100k) through ``simulate`` (the real manager, no
storage) at device capacities of 10 %, 25 % and 50 % of the log's unique blocks (plus 2 % and
5 %: most unique blocks are one-shot, so the pressure only bites there), without and with a host
tier twice the device size. Reports hit rate and prefill tokens saved per config,
side by side, and gdsf's gain over lru. Prints one JSON object.

    python bench/bench_cache_policy.py [--requests 1500] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from kvscope.backend.cache import HashedRequest, simulate
from kvscope.backend.prefix_keys import DEFAULT_BLOCK_SIZE, ExtraKeys, block_hashes

BS = DEFAULT_BLOCK_SIZE


def load_reference(requests: int, seed: int = 0) -> list[tuple[HashedRequest, ExtraKeys]]:
    """The reference workload as precomputed hash chains (one per request, in arrival order)."""
    from kvscope.backend.chat import request_tokens
    from kvscope.backend.tokenizers import get_tokenizer
    from kvscope.backend.workload import WorkloadConfig, generate

    tok = get_tokenizer("cl100k")
    out = []
    for line in generate(WorkloadConfig(requests=requests, seed=seed)):
        tokens = request_tokens(line, tok)
        extra = ExtraKeys(model=line.get("model"))
        out.append((HashedRequest(block_hashes(tokens, BS, extra), len(tokens)), extra))
    return out


def pinned_system_prompts(reqs, budget_blocks: int, prefix_blocks: int = 40):
    """The most frequent leading chains (system prompts), as many as fit in the budget."""
    counts: Counter[tuple[bytes, ...]] = Counter()
    for req, _ in reqs:
        if len(req.block_hashes) >= prefix_blocks:
            counts[tuple(req.block_hashes[:prefix_blocks])] += 1
    chosen, used = [], 0
    for chain, n in counts.most_common():
        if n < 2 or used + prefix_blocks > budget_blocks:
            break
        chosen.append(HashedRequest(list(chain), prefix_blocks * BS))
        used += prefix_blocks
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    reqs = load_reference(args.requests, args.seed)
    load_s = time.perf_counter() - t0
    unique = len({h for req, _ in reqs for h in req.block_hashes})
    query = sum(req.num_tokens for req, _ in reqs)
    results = []
    t1 = time.perf_counter()
    for frac in (0.02, 0.05, 0.10, 0.25, 0.50):
        cap = max(1, int(unique * frac))
        for host in (0, 2 * cap):
            row: dict = {"capacity_frac": frac, "device_blocks": cap, "host_blocks": host}
            pins = pinned_system_prompts(reqs, cap // 10)
            for name, policy, pinned in (
                ("lru", "lru", ()),
                ("gdsf", "gdsf", ()),
                ("gdsf+pin", "gdsf", pins),
            ):
                r = simulate(reqs, cap, policy, host_blocks=host, pinned=pinned)
                row[name] = {
                    "hit_rate": round(r.hit_rate, 4),
                    "prefill_tokens_saved": r.hit_tokens,
                    "host_hit_tokens": r.hit_tokens_by_tier.get("CPU", 0),
                    "skipped": r.skipped,
                }
            row["pinned_blocks"] = len(pins) * 40
            lru_saved = max(row["lru"]["prefill_tokens_saved"], 1)
            row["gdsf_vs_lru"] = round(row["gdsf"]["prefill_tokens_saved"] / lru_saved, 4)
            row["gdsf_pin_vs_lru"] = round(row["gdsf+pin"]["prefill_tokens_saved"] / lru_saved, 4)
            results.append(row)
    unbounded = simulate(reqs, unique + 4096, "lru")
    print(
        json.dumps(
            {
                "bench": "cache_policy",
                "workload": {"requests": len(reqs), "seed": args.seed, "query_tokens": query},
                "unique_blocks": unique,
                "unbounded_hit_rate": round(unbounded.hit_rate, 4),
                "results": results,
                "gdsf_pin_beats_lru_everywhere": all(r["gdsf_pin_vs_lru"] > 1 for r in results),
                "load_s": round(load_s, 2),
                "simulate_s": round(time.perf_counter() - t1, 2),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
