"""Shape of the default workload: prompt-length median / p95 and the repeated-prefix fraction.

The defaults of ``WorkloadConfig`` are calibrated so that the block-aligned repeated-prefix
fraction (unbounded cache, block 16, cl100k, ChatML) is 0.62 +/- 0.05, with a median prompt of
~2,400 and a p95 of ~18,000 tokens (design.md's reference traffic). This prints one JSON object:
per-seed figures, their medians, the fraction after each kind of bad deploy (from half-way), and
the generator's speed. Runs in well under two minutes on one core.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from kvscope.backend.workload import BAD_DEPLOYS, WorkloadConfig, generate
from kvscope.backend.workload.shape import measure

SEEDS = (0, 1, 2)
TARGET, BAND = 0.62, 0.05


def main() -> int:
    runs = []
    gen_rates = []
    for seed in SEEDS:
        config = WorkloadConfig(seed=seed)
        t0 = time.perf_counter()
        log = list(generate(config))
        gen_rates.append(len(log) / (time.perf_counter() - t0))
        shape = measure(log)
        runs.append(
            {
                "seed": seed,
                "requests": shape.requests,
                "median_prompt_tokens": shape.median_tokens,
                "p95_prompt_tokens": shape.p95_tokens,
                "repeated_prefix_fraction": round(shape.repeated_fraction, 4),
                "by_route": {k: round(v, 4) for k, v in shape.by_route.items()},
                "code_request_share": round(sum(r["route"] == "code" for r in log) / len(log), 3),
            }
        )
    half = {"requests": 2500, "bad_deploy_at": 0.5}
    since = WorkloadConfig(**half).deploy_time()
    after = {"healthy": measure(generate(WorkloadConfig(requests=2500)), since=since)}
    after["healthy"] = after["healthy"].repeated_fraction
    for kind in BAD_DEPLOYS:
        bad = WorkloadConfig(bad_deploy=kind, **half)
        after[kind] = measure(generate(bad), since=since).repeated_fraction
    fraction = statistics.median(r["repeated_prefix_fraction"] for r in runs)
    result = {
        "bench": "workload",
        "config": "WorkloadConfig() defaults: 5000 requests, 8 tenants, scale 1.0",
        "tokenizer": "cl100k",
        "block_size": 16,
        "repeated_prefix_fraction": fraction,
        "median_prompt_tokens": statistics.median(r["median_prompt_tokens"] for r in runs),
        "p95_prompt_tokens": statistics.median(r["p95_prompt_tokens"] for r in runs),
        "target_fraction": f"{TARGET} +/- {BAND}",
        "within_target": abs(fraction - TARGET) <= BAND,
        "runs": runs,
        "fraction_after_bad_deploy_at_half_of_2500": {k: round(v, 4) for k, v in after.items()},
        "generate_requests_per_s": round(statistics.median(gen_rates)),
    }
    print(json.dumps(result))
    return 0 if result["within_target"] else 1


if __name__ == "__main__":
    sys.exit(main())
