"""``kvscope capacity``: the KV-cache capacity table (rich) or its JSON."""

from __future__ import annotations

import argparse
import json
import sys

from kvscope.backend.capacity import (
    DTYPE_BYTES,
    GB,
    PRESETS,
    CapacityError,
    ModelShape,
    capacity,
    composition,
    dtype_bytes,
    kv_bytes_per_token,
    preset_weights_gb,
    shape_from_config,
)
from kvscope.backend.cli_args import Parser

PROG = "kvscope capacity"


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog=PROG,
        description="KV-cache bytes per token, what fits in a memory budget, paging waste, and "
        "how GQA, fp8 and paging compose.",
        epilog="presets: " + ", ".join(f"{k} ({v.name})" for k, v in PRESETS.items()),
    )
    p.add_argument("--preset", choices=sorted(PRESETS), help="a well-known model's shape")
    p.add_argument("--config", help="read the shape from a Hugging Face config.json")
    p.add_argument("--layers", type=int, help="transformer layers")
    p.add_argument("--kv-heads", type=int, help="KV heads per layer (GQA groups)")
    p.add_argument("--head-dim", type=int, help="dimension of one attention head")
    p.add_argument("--heads", type=int, help="query heads (for the MHA baseline)")
    p.add_argument("--dtype", help=f"KV dtype: {', '.join(DTYPE_BYTES)} (default: the model's)")
    p.add_argument(
        "--memory-gb", type=float, default=80.0, help="accelerator memory in GB (default 80)"
    )
    p.add_argument(
        "--weights-gb",
        default=None,
        help="GB the model weights take out of --memory-gb: a number, or 'preset' for the "
        "preset's bf16 weights (default: not counted, the whole memory holds KV)",
    )
    p.add_argument("--tokens", type=int, default=20_000, help="tokens per sequence (20000)")
    p.add_argument("--block-size", type=int, default=16, help="paged-cache block size (16)")
    p.add_argument("--max-context", type=int, help="contiguous baseline's reservation")
    p.add_argument("--json", action="store_true", help="print JSON instead of the table")
    return p


def _check_flags(args: argparse.Namespace) -> None:
    """Sizes given on the command line must be positive (0 is not "unset")."""
    for flag in ("layers", "kv_heads", "head_dim", "heads", "max_context"):
        value = getattr(args, flag, None)
        if value is not None and value <= 0:
            raise CapacityError(f"--{flag.replace('_', '-')} must be a positive integer")


def _shape(args: argparse.Namespace) -> ModelShape:
    _check_flags(args)
    if args.preset and args.config:
        raise CapacityError("give --preset or --config, not both")
    if args.preset:
        base = PRESETS[args.preset]
    elif args.config:
        base = shape_from_config(args.config)
    else:
        missing = [f for f in ("layers", "kv_heads", "head_dim") if getattr(args, f) is None]
        if missing:
            flags = ", ".join("--" + m.replace("_", "-") for m in missing)
            raise CapacityError(f"missing {flags}; give them or a --preset (e.g. llama-70b)")
        base = ModelShape("custom", args.layers, args.kv_heads, args.head_dim, 0, 0, "fp16")
    shape = base._replace(
        layers=args.layers or base.layers,
        kv_heads=args.kv_heads or base.kv_heads,
        head_dim=args.head_dim or base.head_dim,
        dtype=args.dtype or base.dtype,
    )
    heads = args.heads or base.heads or shape.kv_heads
    if heads % shape.kv_heads:
        raise CapacityError(f"--heads ({heads}) must be a multiple of --kv-heads")
    return shape._replace(heads=heads, context=args.max_context or base.context or args.tokens)


def report(args: argparse.Namespace) -> dict:
    """The JSON document ``--json`` prints."""
    shape = _shape(args)
    dtype_bytes(shape.dtype)
    bpt = kv_bytes_per_token(shape.layers, shape.kv_heads, shape.head_dim, shape.dtype)
    weights = _weights_gb(args)
    budget = args.memory_gb - weights
    if weights and not budget > 0:
        raise CapacityError(
            f"the weights ({weights:.1f} GB) leave no room for KV in --memory-gb "
            f"{args.memory_gb:g}: give the memory of all the GPUs that hold the model"
        )
    cap = capacity(bpt, args.tokens, budget, args.block_size)
    rows = composition(shape, args.tokens, budget, args.block_size, shape.context)
    return {
        "model": shape._asdict(),
        "memory_gb": args.memory_gb,
        "weights_gb": weights,
        "weights_counted": args.weights_gb is not None,
        "kv_budget_gb": budget,
        **cap._asdict(),
        "bytes_per_sequence_gb": cap.bytes_per_sequence / GB,
        "composition": [r._asdict() for r in rows],
    }


def _weights_gb(args: argparse.Namespace) -> float:
    if args.weights_gb is None:
        return 0.0
    if args.weights_gb == "preset":
        if not args.preset:
            raise CapacityError("--weights-gb preset needs a --preset; or give the weights in GB")
        return preset_weights_gb(args.preset)
    try:
        weights = float(args.weights_gb)
    except ValueError:
        raise CapacityError(
            f"--weights-gb {args.weights_gb!r} is not a number of GB or 'preset'"
        ) from None
    if not weights >= 0:
        raise CapacityError("--weights-gb must be >= 0 GB")
    return weights


def _budget(doc: dict) -> str:
    if doc["weights_counted"]:
        return (
            f"{doc['memory_gb']:g} GB - {doc['weights_gb']:.1f} GB weights "
            f"= {doc['kv_budget_gb']:.1f} GB"
        )
    return f"{doc['memory_gb']:g} GB (weights not counted: --weights-gb)"


def _table(doc: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    m = doc["model"]
    console = Console()
    t = Table(title=f"KV cache: {m['name']}", show_header=False)
    t.add_column(style="bold")
    t.add_column(justify="right")
    formula = f"2 x {m['layers']} x {m['kv_heads']} x {m['head_dim']} x {m['dtype']}"
    t.add_row("KV bytes per token", f"{doc['kv_bytes_per_token']:,} B  ({formula})")
    t.add_row(
        f"one sequence of {doc['tokens']:,} tokens",
        f"{doc['bytes_per_sequence']:,} B  ({doc['bytes_per_sequence_gb']:.2f} GB)",
    )
    t.add_row(
        f"paged (block {doc['block_size']})",
        f"{doc['blocks_per_sequence']:,} blocks of {doc['block_bytes']:,} B; "
        f"{doc['paging_waste_tokens']} tokens empty in the last",
    )
    t.add_row(
        "paging waste on average",
        f"{doc['paging_waste_avg_tokens']:.1f} tokens/seq "
        f"({doc['paging_waste_avg_fraction']:.3%} at this length)",
    )
    t.add_row("KV budget", _budget(doc))
    t.add_row(f"fits in {doc['kv_budget_gb']:.4g} GB of KV", f"{doc['max_tokens']:,} tokens")
    t.add_row("concurrent sequences", f"{doc['max_concurrent_sequences']:,}")
    console.print(t)
    c = Table(title=f"GQA x fp8 x paging at {doc['tokens']:,} tokens/sequence")
    for name in ("configuration", "bytes/sequence", "sequences", "vs MHA fp16"):
        c.add_column(name, justify="left" if name == "configuration" else "right")
    for row in doc["composition"]:
        c.add_row(
            row["label"],
            f"{row['bytes_per_sequence'] / GB:.2f} GB",
            f"{row['max_concurrent_sequences']:,}",
            f"{row['saving_vs_mha_fp16']:.1f}x",
        )
    console.print(c)
    console.print(
        f"[dim]contiguous rows reserve the max context ({m['context']:,} tokens) per sequence; "
        "GB = 10^9 bytes[/dim]"
    )


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        doc = report(args)
    except CapacityError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        _table(doc)
    return 0
