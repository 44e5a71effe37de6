"""promptlint measure throughput and memory on the reference workload (one core, one JSON).

Side by side in one run, medians of repeats:
- pre-tokenized log (``prompt_token_ids``): requests/s (target >= 10,000), in a fresh process
  pinned to one core as a user runs it, and inside this process next to the text-log runs;
- text log (OpenAI chat bodies): measure's wall time vs raw tiktoken encoding the same
  rendered prompts (target ratio <= 1.5);
- the capacity curve (5 capacities x lru/gdsf through the backend's simulate): seconds;
- peak memory (tracemalloc) of measure on N and 2N pre-tokenized requests in fresh processes,
  extrapolated linearly in unique blocks to 1 M requests (a measured extrapolation, not a
  1 M run). Times are process CPU seconds (the process is pinned to one core), so other
  load on a shared machine does not inflate them.

Usage: python bench/bench_measure.py [N]   (default 1000 requests at the reference lengths)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPEATS = 5


def one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def write_logs(n: int, seed: int, folder: Path) -> tuple[Path, Path, list[str]]:
    from kvscope.backend.chat import render_request
    from kvscope.backend.tokenizers import get_tokenizer
    from kvscope.backend.workload import WorkloadConfig, generate

    tok = get_tokenizer("cl100k")
    text_log, pre_log, texts = folder / f"text-{n}.jsonl", folder / f"pre-{n}.jsonl", []
    with text_log.open("w") as f, pre_log.open("w") as g:
        for row in generate(WorkloadConfig(requests=n, seed=seed)):
            f.write(json.dumps(row) + "\n")
            text = render_request(row)
            texts.append(text)
            meta = {k: row[k] for k in ("tenant", "route", "model")}
            g.write(json.dumps({**meta, "prompt_token_ids": tok.encode(text, True)}) + "\n")
    return text_log, pre_log, texts


def timed_measure(log: Path, *extra: str) -> tuple[float, dict]:
    from kvscope.lint.measure.cli import build_parser, run

    args = build_parser().parse_args([str(log), "--capacity", "none", *extra])
    t0 = time.process_time()
    doc = run(args)
    return time.process_time() - t0, doc


def peak_rss(log: Path) -> tuple[int, int]:
    """(peak bytes traced by tracemalloc during the analysis, unique blocks), fresh process.

    The tokenizer is loaded before tracing starts: its ranks are a constant, not log state.
    """
    code = (
        "import tracemalloc\n"
        "from kvscope.backend.tokenizers import get_tokenizer\n"
        "from kvscope.lint.measure.cli import build_parser, run\n"
        "get_tokenizer('cl100k')\n"
        "tracemalloc.start()\n"
        f"d = run(build_parser().parse_args([{str(log)!r}, '--capacity', 'none']))\n"
        "print(tracemalloc.get_traced_memory()[1], d['unique_blocks'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    peak, unique = out.stdout.split()
    return int(peak), int(unique)


def fresh_process_seconds(log: Path) -> list[float]:
    """CPU seconds of ``REPEATS`` analyses of ``log`` in a new process (after one warm-up), as
    a user's ``promptlint measure`` runs: the bench process's own heap, after generating the
    logs and encoding with tiktoken, makes the same code a few percent slower."""
    code = (
        "import os, time\n"
        "os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})\n"
        "from kvscope.lint.measure.cli import build_parser, run\n"
        f"argv = [{str(log)!r}, '--capacity', 'none']\n"
        "run(build_parser().parse_args(argv))\n"
        f"for _ in range({REPEATS}):\n"
        "    t0 = time.process_time()\n"
        "    run(build_parser().parse_args(argv))\n"
        "    print(time.process_time() - t0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def main() -> None:
    one_core()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    from kvscope.backend.tokenizers import get_tokenizer

    tok = get_tokenizer("cl100k")
    with tempfile.TemporaryDirectory(prefix="bench-measure-") as tmp:
        folder = Path(tmp)
        text_log, pre_log, texts = write_logs(n, 1, folder)
        _, pre_log2, _ = write_logs(2 * n, 1, folder)
        timed_measure(pre_log)  # warm-up: imports, tokenizer
        pre_s, text_s, tik_s = [], [], []
        for _ in range(REPEATS):
            t, doc = timed_measure(pre_log)
            pre_s.append(t)
            t0 = time.process_time()
            for text in texts:
                tok.encode(text, allow_special=True)
            tik_s.append(time.process_time() - t0)
            t, _ = timed_measure(text_log)
            text_s.append(t)
        from kvscope.lint.measure.cli import build_parser, run

        t0 = time.process_time()
        cap_doc = run(build_parser().parse_args([str(pre_log), "--format", "json"]))
        cap_s = time.process_time() - t0
        fresh_s = fresh_process_seconds(pre_log)
        rss1, uniq1 = peak_rss(pre_log)
        rss2, uniq2 = peak_rss(pre_log2)
    per_block = (rss2 - rss1) / max(uniq2 - uniq1, 1)
    uniq_per_request = uniq2 / (2 * n)
    extrapolated = rss1 + per_block * (uniq_per_request * 1_000_000 - uniq1)
    pre_med, text_med, tik_med = (statistics.median(x) for x in (pre_s, text_s, tik_s))
    fresh_med = statistics.median(fresh_s)
    result = {
        "bench": "measure",
        "requests": n,
        "prompt_tokens": doc["prompt_tokens"],
        "mean_prompt_tokens": doc["prompt_tokens"] / n,
        "repeated_prefix_fraction": round(doc["repeated_prefix_fraction"], 4),
        "pretokenized_requests_per_s": round(n / fresh_med),
        "pretokenized_tokens_per_s": round(doc["prompt_tokens"] / fresh_med),
        "pretokenized_requests_per_s_in_bench_process": round(n / pre_med),
        "pretokenized_target_requests_per_s": 10_000,
        "text_measure_s": round(text_med, 3),
        "raw_tiktoken_s": round(tik_med, 3),
        "text_vs_tiktoken_ratio": round(text_med / tik_med, 3),
        "text_target_ratio": 1.5,
        "capacity_curve_s_5_points_x_2_policies": round(cap_s, 3),
        "capacity_curve": [
            {k: r[k] for k in ("policy", "capacity", "hit_rate")} for r in cap_doc["capacity_curve"]
        ],
        "peak_traced_bytes": {str(n): rss1, str(2 * n): rss2},
        "unique_blocks": {str(n): uniq1, str(2 * n): uniq2},
        "unique_blocks_per_request": round(uniq_per_request, 2),
        "traced_bytes_per_unique_block": round(per_block, 1),
        "peak_traced_bytes_1m_requests_extrapolated": round(extrapolated),
        "repeats": REPEATS,
        "cores": 1,
        "clock": "process CPU time",
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
