"""Decode throughput of kvscope-tiny on the CPU (torch paged attention), full vs fp8 KV cache.

Prints one JSON object: for batch sizes 1/8/32 at a 512-token context, the median seconds per
decode step and tokens per second, measured with a float32 and an fp8 cache side by side, plus
the KV bytes per token of each. `--quick` shrinks it for a smoke run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch

from kvscope.backend.model import ModelRunner, RunnerConfig, SeqInput

BLOCK = 16


def _step_seconds(runner: ModelRunner, batch: int, context: int, steps: int) -> float:
    per_seq = -(-(context + steps + 1) // BLOCK)
    tables = [list(range(i * per_seq, (i + 1) * per_seq)) for i in range(batch)]
    prompt = list(range(1000, 1000 + context))
    runner.forward([SeqInput(prompt, 0, t) for t in tables])
    times = []
    for step in range(steps):
        start = time.perf_counter()
        runner.forward([SeqInput([7], context + step, t) for t in tables])
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke test)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()
    torch.set_num_threads(max(1, args.threads))
    batches, context, steps = ([1, 4], 64, 3) if args.quick else ([1, 8, 32], 512, 8)
    blocks = max(batches) * (-(-(context + steps + 1) // BLOCK))
    runners = {
        kv: ModelRunner(RunnerConfig(num_blocks=blocks, block_size=BLOCK, kv_dtype=kv))
        for kv in ("auto", "fp8_e4m3")
    }
    results = {}
    for batch in batches:
        row = {}
        for kv, runner in runners.items():
            sec = _step_seconds(runner, batch, context, steps)
            row[kv] = {"step_seconds": sec, "tokens_per_second": round(batch / sec, 1)}
        row["fp8_over_full_time"] = row["fp8_e4m3"]["step_seconds"] / row["auto"]["step_seconds"]
        results[str(batch)] = row
    print(
        json.dumps(
            {
                "bench": "model_decode",
                "model": "kvscope-tiny",
                "context_tokens": context,
                "torch_threads": torch.get_num_threads(),
                "kv_bytes_per_token": {kv: r.kv_bytes_per_token for kv, r in runners.items()},
                "by_batch": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
