"""Prefill time of kvscope-tiny (CPU, torch attention), and what a cached prefix saves.

Prints one JSON object: median cold-prefill seconds for 1k/2k/4k-token prompts, and for a
2,400-token prompt whose first 900 tokens are already in the KV cache, the cached/cold time ratio
next to the ideal ratios (1,500/2,400 of the linear-layer work; (2400^2 - 900^2)/2400^2 of the
causal attention work). `--quick` shrinks everything for a smoke run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch

from kvscope.backend.model import ModelRunner, RunnerConfig, SeqInput

BLOCK = 16


def _median_seconds(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke test)")
    parser.add_argument(
        "--threads", type=int, default=1, help="torch threads (1: stable on a shared CPU)"
    )
    args = parser.parse_args()
    torch.set_num_threads(max(1, args.threads))
    sizes = [128, 256] if args.quick else [1024, 2048, 4096]
    total, cached = (240, 90) if args.quick else (2400, 900)
    runner = ModelRunner(RunnerConfig(num_blocks=2 * max(sizes) // BLOCK + 8, block_size=BLOCK))
    gen = torch.Generator().manual_seed(0)
    tokens = torch.randint(0, 100_000, (max(sizes),), generator=gen).tolist()
    table = list(range(max(sizes) // BLOCK + 1))
    runner.forward([SeqInput(tokens[:64], 0, table)])  # warm-up
    cold = {
        str(n): _median_seconds(
            lambda n=n: runner.forward([SeqInput(tokens[:n], 0, table)]), args.repeats
        )
        for n in sizes
    }
    prompt = tokens[:total]
    runner.forward([SeqInput(prompt[:cached], 0, table)])  # the cached prefix's blocks

    def with_prefix() -> None:
        runner.forward([SeqInput(prompt[cached:], cached, table)])

    # Interleave so both sides see the same machine load.
    cold_t, warm_t = [], []
    for _ in range(args.repeats):
        cold_t.append(_median_seconds(lambda: runner.forward([SeqInput(prompt, 0, table)]), 1))
        warm_t.append(_median_seconds(with_prefix, 1))
    cold_s, warm_s = statistics.median(cold_t), statistics.median(warm_t)
    print(
        json.dumps(
            {
                "bench": "model_prefill",
                "model": runner.model_name,
                "torch_threads": torch.get_num_threads(),
                "repeats": args.repeats,
                "cold_prefill_seconds": cold,
                "cold_tokens_per_second": {n: round(int(n) / s, 1) for n, s in cold.items()},
                "prefix_cache": {
                    "prompt_tokens": total,
                    "cached_tokens": cached,
                    "cold_seconds": cold_s,
                    "cached_seconds": warm_s,
                    "ratio": warm_s / cold_s,
                    "ideal_ratio_linear": (total - cached) / total,
                    "ideal_ratio_attention": (total**2 - cached**2) / total**2,
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
