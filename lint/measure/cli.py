"""``promptlint measure LOGS``: the repeated-prefix fraction of request logs, and what breaks it.

Exit codes: 0 (analysed; skipped lines are reported, never fatal), 2 (bad arguments, a log
that does not exist, or a log that could not be read to its end: a truncated or corrupt gzip
stream, a ``.gz`` that is not gzip; the report of what was read is still printed, and
``--skip-bad`` makes it exit 0).
"""

from __future__ import annotations

import os
import sys

from kvscope.backend.cli_args import Parser, fail
from kvscope.backend.prefix_keys import DEFAULT_BLOCK_SIZE
from kvscope.lint.measure.executors import EXECUTORS

PROG = "promptlint measure"
MAX_REPLICAS = 1024


def build_parser() -> Parser:
    p = Parser(prog=PROG, description="Measure the reusable prompt prefix in request logs.")
    p.add_argument(
        "logs",
        nargs="+",
        help="request logs: JSONL (gzip ok; '-' for stdin), Parquet, directories, globs",
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--engine",
        choices=("vllm", "sglang"),
        default="vllm",
        help="vllm: block-aligned, never the last token; sglang: token radix",
    )
    p.add_argument(
        "--block-size",
        type=int,
        default=None,
        help="tokens per KV block (default 16; vLLM on CPU uses 32; see --metrics)",
    )
    p.add_argument(
        "--metrics",
        default=None,
        help="the engine's /metrics URL or a saved scrape: block size from vllm:cache_config_info",
    )
    p.add_argument("--tokenizer", default="cl100k", help="cl100k | bytes | hf:<path>")
    p.add_argument("--chat-template", default=None, help="Jinja chat template; default ChatML")
    p.add_argument("--algo", default="xxh3-128", help="prefix-key algorithm")
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes for tokenizing and for the --sample-rate / --replicas replays (default 1)",
    )
    p.add_argument(
        "--capacity",
        default=None,
        help="capacity points: blocks (4096), bytes (8GiB), %% of unique blocks "
        "(25%%), comma-separated, or 'none' (default 5%%,10%%,25%%,50%%,100%%)",
    )
    p.add_argument("--policies", default="lru,gdsf", help="eviction policies to simulate")
    p.add_argument(
        "--sample-rate",
        type=float,
        default=None,
        help="estimate the capacity curve from a spatial sample of the blocks (e.g. 0.1); "
        "default: the exact replay",
    )
    p.add_argument(
        "--replicas",
        type=int,
        default=None,
        help="simulate N replicas (each with --capacity) under the --routing policies",
    )
    p.add_argument(
        "--routing",
        default=None,
        help="routing policies for --replicas (default round-robin,random,session,prefix-aware)",
    )
    p.add_argument(
        "--kv-bytes-per-token",
        type=int,
        default=None,
        help="KV bytes per token, for capacities in bytes",
    )
    p.add_argument(
        "--preset",
        default=None,
        help="model preset of 'kvscope capacity' for bytes per token (e.g. llama-70b)",
    )
    p.add_argument(
        "--salt-by-tenant",
        action="store_true",
        help="isolate tenants (tenant as cache salt), as a salted server would",
    )
    p.add_argument("--top", type=int, default=10, help="rows of top prefixes and near misses")
    p.add_argument("--plot", default=None, help="write the capacity curve to a .png or .html")
    p.add_argument(
        "--per-request",
        default=None,
        metavar="FILE",
        help="write one JSONL line per request (index, id, prompt tokens, hit tokens per engine)",
    )
    p.add_argument(
        "--ignore-responses",
        action="store_true",
        help="do not cache the blocks of logged responses (default: cached, as engines do)",
    )
    p.add_argument(
        "--skip-bad",
        action="store_true",
        help="a truncated or corrupt log is a warning, not exit 2",
    )
    p.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="auto",
        help="inprocess | duckdb (out of core) | ray (distributed); auto: duckdb above 2 GiB "
        "of logs when installed (kvscope[scale])",
    )
    p.add_argument("--memory-limit", default=None, help="DuckDB memory limit (e.g. 1GB)")
    p.add_argument("--temp-dir", default=None, help="spill directory for duckdb/ray")
    p.add_argument("--ray-address", default=None, help="Ray cluster address (default: local)")
    return p


def _block_bytes(args, block_size: int) -> int | None:
    if args.kv_bytes_per_token:
        return args.kv_bytes_per_token * block_size
    if args.preset:
        from kvscope.backend import capacity

        shape = capacity.PRESETS.get(args.preset)
        if shape is None:
            names = ", ".join(sorted(capacity.PRESETS))
            raise ValueError(f"unknown --preset {args.preset!r}; choose one of {names}")
        per_token = capacity.kv_bytes_per_token(
            shape.layers, shape.kv_heads, shape.head_dim, shape.dtype
        )
        return per_token * block_size
    return None


def _block_size(args) -> tuple[int, str]:
    """(block size, where it came from): ``--block-size``, the engine's metrics, the default."""
    if args.metrics:
        from kvscope.lint.measure.engineinfo import fetch_metrics, parse_block_size

        found = parse_block_size(fetch_metrics(args.metrics))
        if args.block_size is not None and args.block_size != found:
            raise ValueError(
                f"--block-size {args.block_size} disagrees with the engine's block_size "
                f"{found} in --metrics; drop one of them"
            )
        return found, "metrics"
    if args.block_size is not None:
        return args.block_size, "flag"
    return DEFAULT_BLOCK_SIZE, "default"


def run(args) -> dict:
    """Analyse the logs named in ``args``; returns the JSON document."""
    from kvscope.lint.measure.job import run as run_job
    from kvscope.lint.measure.pipeline import MeasureOptions

    template = None
    if args.chat_template:
        from kvscope.backend.chat import load_chat_template

        template = load_chat_template(args.chat_template)
    block_size, args.block_size_source = _block_size(args)
    args.block_bytes = _block_bytes(args, block_size)
    opts = MeasureOptions(
        tokenizer=args.tokenizer,
        template=template,
        block_size=block_size,
        algo=args.algo,
        jobs=args.jobs,
        salt_by_tenant=args.salt_by_tenant,
        responses=not args.ignore_responses,
    )
    return run_job(args, opts)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.block_size is not None and args.block_size <= 0:
        return fail(PROG, "--block-size must be a positive number of tokens")
    if args.jobs < 1:
        return fail(PROG, "--jobs must be at least 1")
    if args.sample_rate is not None and not 0 < args.sample_rate <= 1:
        return fail(PROG, "--sample-rate must be a fraction in (0, 1], e.g. 0.1")
    if args.replicas is not None and not 1 <= args.replicas <= MAX_REPLICAS:
        return fail(PROG, f"--replicas must be between 1 and {MAX_REPLICAS}")
    if args.sample_rate is not None and args.capacity == "none":
        return fail(PROG, "--sample-rate estimates the capacity curve; drop '--capacity none'")
    if args.routing is not None and args.replicas is None:
        return fail(PROG, "--routing needs --replicas N (the fleet to route to)")
    if args.replicas is not None and args.capacity == "none":
        return fail(PROG, "--replicas needs a --capacity per replica; drop '--capacity none'")
    from kvscope.lint.measure.readers import expand_logs

    try:
        args.logs = expand_logs(args.logs)
    except ValueError as exc:
        return fail(PROG, str(exc))
    if args.plot and not args.plot.lower().endswith((".png", ".html", ".htm")):
        return fail(PROG, f"--plot {args.plot}: use a .png or .html file name")
    plot_dir = os.path.dirname(args.plot or "") or "."
    if args.plot and not (os.path.isdir(plot_dir) and os.access(plot_dir, os.W_OK)):
        return fail(PROG, f"--plot {args.plot}: folder {plot_dir} does not exist or is read-only")
    rows_dir = os.path.dirname(args.per_request or "") or "."
    if args.per_request and not (os.path.isdir(rows_dir) and os.access(rows_dir, os.W_OK)):
        return fail(
            PROG,
            f"--per-request {args.per_request}: folder {rows_dir} does not exist or is read-only",
        )
    try:
        doc = run(args)
    except (ValueError, RuntimeError, ImportError) as exc:
        return fail(PROG, str(exc).splitlines()[0])
    except OSError as exc:
        return fail(PROG, f"{exc.filename or ''}: {exc.strerror or exc}".strip(": "))
    if args.plot:
        if not doc["capacity_curve"]:
            return fail(PROG, "--plot needs a capacity curve; drop '--capacity none'")
        from kvscope.lint.measure.plot import write_plot

        try:
            write_plot(
                doc["capacity_curve"], doc["engine_hit_fraction"], args.plot, doc.get("routing")
            )
        except OSError as exc:
            return fail(PROG, f"--plot {args.plot}: cannot write it ({exc.strerror or exc})")
    if args.format == "json":
        from kvscope.lint.measure.report import to_json

        sys.stdout.write(to_json(doc) + "\n")
    else:
        from rich.console import Console

        from kvscope.lint.measure.report import render_text

        render_text(doc, Console(highlight=False))
    for err in doc["read_errors"]:
        where = f"byte {err['offset']}" if err["offset"] is not None else f"line {err['line']}"
        kept = f"the requests of its first {err['line'] - 1} line(s) are counted"
        msg = f"{err['file']}: {err['reason']} at {where}; {kept}"
        if not args.skip_bad:
            return fail(PROG, msg + "; pass --skip-bad to accept a partial log")
        sys.stderr.write(f"{PROG}: warning: {msg}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
