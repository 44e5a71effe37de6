"""`kvscope eval-fp8`: how far an fp8 KV cache drifts from a full-precision one on kvscope-tiny.

One greedy generation with the full-precision cache is the reference. The fp8 runner follows it
teacher-forced (same tokens fed back), giving next-token KL(ref || fp8) and argmax agreement at
every position, and also generates freely, giving the first position where its greedy output
leaves the reference. Figures are bucketed by generated position so late drift shows.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import NamedTuple

import torch

from kvscope.backend.cli_args import Parser

DEFAULT_PROMPT = (
    "You are a careful assistant. Summarise the following incident report for the on-call "
    "engineer, listing the affected services, the timeline and the follow-up actions."
)


class StepStats(NamedTuple):
    kl: float
    agree: bool


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="kvscope eval-fp8", description=__doc__.splitlines()[0])
    p.add_argument("--tokens", type=int, default=1024, help="tokens to generate (default 1024)")
    p.add_argument("--prompt", default=DEFAULT_PROMPT, help="prompt text (cl100k tokens)")
    p.add_argument("--buckets", type=int, default=8, help="position buckets in the report")
    p.add_argument("--block-size", type=int, default=16)
    p.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    p.add_argument("--seed", type=int, default=0, help="seed of the tiny model's weights")
    p.add_argument("--format", default="table", choices=["table", "json"])
    p.add_argument("--output", help="also write the JSON report to this file")
    p.add_argument("--threads", type=int, default=1, help="torch threads (decode ops are tiny)")
    return p


def _kl(ref: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
    lp, lq = torch.log_softmax(ref.double(), -1), torch.log_softmax(other.double(), -1)
    return (lp.exp() * (lp - lq)).sum(-1)


def run_eval(tokens: int, prompt: str, block_size: int, dtype: str, seed: int, buckets: int):
    from kvscope.backend.model import KVPool, ModelRunner, RunnerConfig, SeqInput
    from kvscope.backend.tokenizers import get_tokenizer

    def make(kv: str) -> ModelRunner:
        need = 2 * (-(-(len(ids) + tokens) // block_size)) + 2
        cfg = RunnerConfig(
            num_blocks=need, block_size=block_size, kv_dtype=kv, dtype=dtype, seed=seed
        )
        return ModelRunner(cfg)

    ids = get_tokenizer("cl100k").encode(prompt)
    if not ids:
        raise ValueError("--prompt must contain some text")
    ref, fp8 = make("auto"), make("fp8_e4m3")
    n_blocks = -(-(len(ids) + tokens) // block_size)
    forced_t, free_t = list(range(n_blocks)), list(range(n_blocks, 2 * n_blocks))
    started = time.perf_counter()
    ref_logits = ref.forward([SeqInput(ids, 0, forced_t)])
    fp8_logits = fp8.forward([SeqInput(ids, 0, forced_t), SeqInput(ids, 0, free_t)])
    stats: list[StepStats] = []
    ref_out: list[int] = []
    free_out: list[int] = []
    for step in range(tokens):
        kl = float(_kl(ref_logits[0], fp8_logits[0]))
        nxt = int(ref_logits[0].argmax())
        stats.append(StepStats(kl, int(fp8_logits[0].argmax()) == nxt))
        ref_out.append(nxt)
        free_out.append(int(fp8_logits[1].argmax()))
        if step + 1 == tokens:
            break
        pos = len(ids) + step
        ref_logits = ref.forward([SeqInput([nxt], pos, forced_t)])
        fp8_logits = fp8.forward(
            [SeqInput([nxt], pos, forced_t), SeqInput([free_out[-1]], pos, free_t)]
        )
    elapsed = time.perf_counter() - started
    same = [a == b for a, b in zip(ref_out, free_out, strict=True)]
    diverge = same.index(False) if False in same else None
    width = -(-tokens // buckets)
    rows = []
    for b0 in range(0, tokens, width):
        chunk = stats[b0 : b0 + width]
        kls = torch.tensor([s.kl for s in chunk])
        rows.append(
            {
                "positions": [b0, b0 + len(chunk) - 1],
                "kl_mean": float(kls.mean()),
                "kl_p95": float(kls.quantile(0.95)),
                "kl_max": float(kls.max()),
                "teacher_forced_agreement": sum(s.agree for s in chunk) / len(chunk),
                "free_run_agreement": sum(same[b0 : b0 + width]) / len(chunk),
            }
        )
    cfg = ref.config
    half = KVPool(cfg, 1, block_size, torch.float16, fp8=False)
    return {
        "model": ref.model_name,
        "prompt_tokens": len(ids),
        "generated_tokens": tokens,
        "model_dtype": dtype,
        "reference_kv_dtype": str(ref.kv_pool.storage_dtype).removeprefix("torch."),
        "kv_bytes_per_token": {
            "reference": ref.kv_bytes_per_token,
            "float16": half.kv_bytes_per_token,
            "fp8_e4m3": fp8.kv_bytes_per_token,
            "fp8_scale_overhead": fp8.kv_pool.scale_bytes_per_token,
        },
        "teacher_forced_agreement": sum(s.agree for s in stats) / tokens,
        "kl_mean": sum(s.kl for s in stats) / tokens,
        "free_run_first_divergence": diverge,
        "free_run_agreement": sum(same) / tokens,
        "distinct_reference_tokens": len(set(ref_out)),
        "buckets": rows,
        "seconds": round(elapsed, 2),
    }


def _table(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    bpt = report["kv_bytes_per_token"]
    table = Table(
        title=f"fp8 KV vs {report['reference_kv_dtype']} KV, {report['model']}, "
        f"{report['generated_tokens']} greedy tokens"
    )
    for col in ("positions", "KL mean", "KL p95", "KL max", "argmax agree", "free-run agree"):
        table.add_column(col, justify="right")
    for r in report["buckets"]:
        table.add_row(
            f"{r['positions'][0]}-{r['positions'][1]}",
            f"{r['kl_mean']:.2e}",
            f"{r['kl_p95']:.2e}",
            f"{r['kl_max']:.2e}",
            f"{r['teacher_forced_agreement']:.1%}",
            f"{r['free_run_agreement']:.1%}",
        )
    console = Console()
    console.print(table)
    console.print(
        f"bytes/token: fp16 {bpt['float16']}, fp8 {bpt['fp8_e4m3']} "
        f"(+{bpt['fp8_scale_overhead']:g} scales); first free-run divergence: "
        f"{report['free_run_first_divergence']}; "
        f"{report['seconds']} s"
    )


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.tokens < 1 or args.buckets < 1:
        print("eval-fp8: --tokens and --buckets must be >= 1", file=sys.stderr)
        return 2
    if args.block_size < 1 or args.block_size & (args.block_size - 1):
        print("eval-fp8: --block-size must be a power of two", file=sys.stderr)
        return 2
    torch.set_num_threads(max(1, args.threads))
    try:
        report = run_eval(
            args.tokens,
            args.prompt,
            args.block_size,
            args.dtype,
            args.seed,
            min(args.buckets, args.tokens),
        )
    except ValueError as exc:
        print(f"eval-fp8: {exc}", file=sys.stderr)
        return 2
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                json.dump(report, fh, indent=2)
        except OSError as exc:
            print(f"eval-fp8: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 2
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        _table(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
