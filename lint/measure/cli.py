"""``promptlint measure LOGS``: the repeated-prefix fraction of request logs, and what breaks it.

Exit codes: 0 (analysed; skipped lines are reported, never fatal), 2 (bad arguments or a log
that does not exist).
"""

from __future__ import annotations

import os
import sys

from kvscope.backend.cli_args import Parser, fail

PROG = "promptlint measure"
MAX_SKIPPED_LISTED = 100


def build_parser() -> Parser:
    p = Parser(prog=PROG, description="Measure the reusable prompt prefix in request logs.")
    p.add_argument("logs", nargs="+", help="JSONL request logs (gzip ok; '-' for stdin)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--engine",
        choices=("vllm", "sglang"),
        default="vllm",
        help="vllm: block-aligned, never the last token; sglang: token radix",
    )
    p.add_argument("--block-size", type=int, default=16)
    p.add_argument("--tokenizer", default="cl100k", help="cl100k | bytes | hf:<path>")
    p.add_argument("--chat-template", default=None, help="Jinja chat template; default ChatML")
    p.add_argument("--algo", default="xxh3-128", help="prefix-key algorithm")
    p.add_argument("--jobs", type=int, default=1, help="tokenizer processes (default 1)")
    p.add_argument(
        "--capacity",
        default=None,
        help="capacity points: blocks (4096), bytes (8GiB), %% of unique blocks "
        "(25%%), comma-separated, or 'none' (default 5%%,10%%,25%%,50%%,100%%)",
    )
    p.add_argument("--policies", default="lru,gdsf", help="eviction policies to simulate")
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
    return p


def _block_bytes(args) -> int | None:
    if args.kv_bytes_per_token:
        return args.kv_bytes_per_token * args.block_size
    if args.preset:
        from kvscope.backend import capacity

        shape = capacity.PRESETS.get(args.preset)
        if shape is None:
            names = ", ".join(sorted(capacity.PRESETS))
            raise ValueError(f"unknown --preset {args.preset!r}; choose one of {names}")
        per_token = capacity.kv_bytes_per_token(
            shape.layers, shape.kv_heads, shape.head_dim, shape.dtype
        )
        return per_token * args.block_size
    return None


def run(args) -> dict:
    """Analyse the logs named in ``args``; returns the JSON document."""
    from kvscope.backend.prefix_keys import ExtraKeys
    from kvscope.backend.tokenizers import get_tokenizer
    from kvscope.lint.measure import capacity as cap
    from kvscope.lint.measure.analyzer import Analyzer
    from kvscope.lint.measure.fastids import IdsMemo, RawIds
    from kvscope.lint.measure.nearmiss import NearMisses
    from kvscope.lint.measure.readers import Skipped, read_logs
    from kvscope.lint.measure.tokenize import prepare_all

    tokenizer = get_tokenizer(args.tokenizer)
    template = None
    if args.chat_template:
        from kvscope.backend.chat import load_chat_template

        template = load_chat_template(args.chat_template)
    points = (
        None if args.capacity == "none" else cap.parse_points(args.capacity or cap.DEFAULT_POINTS)
    )
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    for policy in policies:
        if policy not in cap.POLICIES:
            raise ValueError(f"unknown policy {policy!r}; choose from {', '.join(cap.POLICIES)}")
    block_bytes = _block_bytes(args)
    analyzer = Analyzer(args.block_size, args.engine, args.algo)
    memo = IdsMemo(args.block_size, args.algo)
    near = NearMisses()
    spool = cap.Spool(32 if args.algo == "vllm-sha256-cbor" else 16) if points else None
    skipped: list[dict] = []
    n_skipped = 0
    extras: dict[tuple, ExtraKeys] = {}
    try:
        for item in prepare_all(read_logs(args.logs), args.tokenizer, template, args.jobs):
            if isinstance(item, Skipped):
                n_skipped += 1
                if len(skipped) < MAX_SKIPPED_LISTED:
                    skipped.append({"file": item.source, "line": item.line, "reason": item.reason})
                continue
            rec = item.record
            salt = rec.salt or (rec.tenant if args.salt_by_tenant else None)
            extra = extras.get((rec.model, salt))
            if extra is None:
                extra = extras[rec.model, salt] = ExtraKeys(model=rec.model, salt=salt)
            groups = {"tenant": rec.tenant, "route": rec.route, "model": rec.model}
            if isinstance(item.tokens, RawIds):
                try:
                    keys = memo.keys(item.tokens, extra)
                except (ValueError, TypeError, OverflowError):
                    n_skipped += 1
                    if len(skipped) < MAX_SKIPPED_LISTED:
                        reason = "token ids must be unsigned 32-bit integers"
                        skipped.append({"file": rec.source, "line": rec.line, "reason": reason})
                    continue
                ids = item.tokens
                out = analyzer.add_keys(keys, len(ids), extra, groups, ids.tokens, ids.known)
            else:
                out = analyzer.add(item.tokens, extra, groups)
            if spool is not None:
                spool.add(out.keys, len(item.tokens))
            if rec.request is not None:
                near.add(rec.request, item.text, len(item.tokens), rec.tenant, rec.model)
        s = analyzer.summary()
        curve, note = [], None
        if spool is not None and s.requests:
            if cap.simulator() is None:
                note = "the backend cache simulator is not available in this install"
            else:
                curve = cap.capacity_curve(
                    spool,
                    s.unique_blocks,
                    points,
                    policies,
                    args.block_size,
                    s.prompt_tokens,
                    block_bytes,
                )
    finally:
        if spool is not None:
            spool.close()
    tops = analyzer.top_prefixes(args.top)
    for row in tops:
        try:
            row["text_head"] = tokenizer.decode(row.pop("head_tokens"))
        except (ValueError, KeyError, OverflowError):
            row["text_head"] = ""
    frac = lambda x: x / s.prompt_tokens if s.prompt_tokens else 0.0  # noqa: E731
    return {
        "requests": s.requests,
        "prompt_tokens": s.prompt_tokens,
        "repeated_prefix_tokens": s.repeated_prefix_tokens,
        "repeated_prefix_fraction": frac(s.repeated_prefix_tokens),
        "engine": args.engine,
        "engine_hit_tokens": s.engine_hit_tokens,
        "engine_hit_fraction": frac(s.engine_hit_tokens),
        "block_size": args.block_size,
        "tokenizer": args.tokenizer,
        "unique_blocks": s.unique_blocks,
        "skipped_lines": n_skipped,
        "skipped": skipped,
        "capacity_curve": curve,
        "capacity_note": note,
        "by_tenant": s.by["tenant"],
        "by_route": s.by["route"],
        "by_model": s.by["model"],
        "top_prefixes": tops,
        "near_misses": near.top(args.top),
    }


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.block_size <= 0:
        return fail(PROG, "--block-size must be a positive number of tokens")
    if args.jobs < 1:
        return fail(PROG, "--jobs must be at least 1")
    for path in args.logs:
        if path != "-" and not os.path.isfile(path):
            return fail(PROG, f"{path}: no such log file; pass JSONL request logs")
    if args.plot and not args.plot.lower().endswith((".png", ".html", ".htm")):
        return fail(PROG, f"--plot {args.plot}: use a .png or .html file name")
    try:
        doc = run(args)
    except (ValueError, RuntimeError) as exc:
        return fail(PROG, str(exc).splitlines()[0])
    if args.plot:
        if not doc["capacity_curve"]:
            return fail(PROG, "--plot needs a capacity curve; drop '--capacity none'")
        from kvscope.lint.measure.plot import write_plot

        write_plot(doc["capacity_curve"], doc["engine_hit_fraction"], args.plot)
    if args.format == "json":
        from kvscope.lint.measure.report import to_json

        sys.stdout.write(to_json(doc) + "\n")
    else:
        from rich.console import Console

        from kvscope.lint.measure.report import render_text

        render_text(doc, Console(highlight=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
