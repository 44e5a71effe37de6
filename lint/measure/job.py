"""One ``promptlint measure`` run, top-down: options -> hashed stream -> executor -> document.

The front (this module) consumes ``pipeline.hashed_stream`` once: it counts skipped lines and
read errors, feeds near misses and the capacity spool (both bounded, both executor-free), and
passes every ``Hashed`` request to the chosen executor, which computes the block figures.
"""

from __future__ import annotations

import json
import os

from kvscope.lint.measure import capacity as cap
from kvscope.lint.measure.executors import make, pick
from kvscope.lint.measure.nearmiss import NearMisses
from kvscope.lint.measure.pipeline import Hashed, MeasureOptions, hashed_stream
from kvscope.lint.measure.readers import ReadError

MAX_SKIPPED_LISTED = 100
# ~22 block keys an entry, held by nothing else out of core: ~1.8 KB each (measured on the
# reference mix), ~115 MB when full; 1 << 18 was ~460 MB and no faster on 20 k requests
MEMO_ENTRIES_OUT_OF_CORE = 1 << 16


def _log_bytes(logs: list[str]) -> int:
    return sum(os.path.getsize(p) for p in logs if p != "-" and os.path.isfile(p))


class _Front:
    """What every executor shares: skipped lines, read errors, near misses, spool, replies."""

    def __init__(self, spool: cap.Spool | None, whatif=None, temp_dir: str | None = None) -> None:
        self.skipped: list[dict] = []
        self.n_skipped = 0
        self.read_errors: list[ReadError] = []
        self.near = NearMisses(temp_dir=temp_dir)  # bounded: spills past 16 k heads
        self.spool = spool
        self.whatif = whatif  # sampled curve / routed fleet (``whatif.WhatIf``)
        self.responses = self.responses_cached = 0

    def skip(self, source: str, line: int, reason: str) -> None:
        self.n_skipped += 1
        if len(self.skipped) < MAX_SKIPPED_LISTED:
            self.skipped.append({"file": source, "line": line, "reason": reason})

    def take(self, item: Hashed) -> None:
        c = item.chain
        if self.spool is not None:
            self.spool.add(c.keys, c.num_tokens)
        if self.whatif is not None:
            self.whatif.add(c)
        if item.request is not None:
            self.near.add(item.request, item.text, c.num_tokens, c.tenant, c.model)
        if item.response is not None:
            self.responses += 1
            self.responses_cached += item.generated is not None


def run(args, opts: MeasureOptions) -> dict:
    """Analyse ``args.logs`` (the parsed CLI arguments); returns the JSON document."""
    from kvscope.backend.tokenizers import get_tokenizer

    tokenizer = get_tokenizer(opts.tokenizer)
    points = (
        None if args.capacity == "none" else cap.parse_points(args.capacity or cap.DEFAULT_POINTS)
    )
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    for policy in policies:
        if policy not in cap.POLICIES:
            raise ValueError(f"unknown policy {policy!r}; choose from {', '.join(cap.POLICIES)}")
    executor_name = pick(args.executor, _log_bytes(args.logs))
    if executor_name != "inprocess":
        opts.memo_entries = MEMO_ENTRIES_OUT_OF_CORE
    sink = per_request_file = None
    if args.per_request:
        per_request_file = open(args.per_request, "w", encoding="utf-8")  # noqa: SIM115

        def sink(row: dict) -> None:
            per_request_file.write(json.dumps(row) + "\n")

    key_size = 32 if opts.algo == "vllm-sha256-cbor" else 16
    whatif = None
    if points and (args.sample_rate is not None or args.replicas):
        from kvscope.lint.measure.whatif import WhatIf, parse_routings

        routings = parse_routings(args.routing) if args.routing else None
        whatif = WhatIf(
            opts.block_size,
            key_size,
            args.sample_rate,
            args.replicas,
            routings,
            jobs=args.jobs,
            temp_dir=args.temp_dir,
            points=points,
            block_bytes=args.block_bytes,
        )
    exact = bool(points) and args.sample_rate is None
    spool = cap.Spool(key_size) if exact else None
    front = _Front(spool, whatif, args.temp_dir)
    executor = make(
        executor_name,
        opts.block_size,
        args.engine,
        opts.algo,
        sink,
        memory_limit=args.memory_limit,
        temp_dir=args.temp_dir,
        ray_address=args.ray_address,
    )
    try:
        stream = getattr(executor, "hashed_stream", None)  # Ray: tokenize on the workers
        items = stream(args.logs, opts) if stream else hashed_stream(args.logs, opts)
        for item in items:
            if type(item) is Hashed:
                front.take(item)
                executor.feed(item)
            elif isinstance(item, ReadError):
                front.read_errors.append(item)
            else:
                front.skip(item.source, item.line, item.reason)
        analysis = executor.finish(args.top)
        near_misses = front.near.top(args.top)
        s = analysis.summary
        curve, note, sampling, routing = [], None, None, []
        if whatif is not None and s.requests:
            vllm_hits = s.engine_hit_tokens if args.engine == "vllm" else None
            got = whatif.finish(
                points, policies, s.unique_blocks, s.prompt_tokens, vllm_hits, args.block_bytes
            )
            curve, sampling, routing = got.curve or [], got.sampling, got.routing
        if spool is not None and s.requests:
            if cap.simulator() is None:
                note = "the backend cache simulator is not available in this install"
            else:
                curve = cap.capacity_curve(
                    spool,
                    s.unique_blocks,
                    points,
                    policies,
                    opts.block_size,
                    s.prompt_tokens,
                    args.block_bytes,
                )
    finally:
        executor.close()
        front.near.close()
        if whatif is not None:
            whatif.close()
        if spool is not None:
            spool.close()
        if per_request_file is not None:
            per_request_file.close()
    tops = analysis.top_prefixes
    for row in tops:
        try:
            row["text_head"] = tokenizer.decode(row.pop("head_tokens"))
        except (ValueError, KeyError, OverflowError):
            row["text_head"] = ""
    frac = lambda x: x / s.prompt_tokens if s.prompt_tokens else 0.0  # noqa: E731
    uncached = front.responses - front.responses_cached
    return {
        "requests": s.requests,
        "prompt_tokens": s.prompt_tokens,
        "repeated_prefix_tokens": s.repeated_prefix_tokens,
        "repeated_prefix_fraction": frac(s.repeated_prefix_tokens),
        "engine": args.engine,
        "engine_hit_tokens": s.engine_hit_tokens,
        "engine_hit_fraction": frac(s.engine_hit_tokens),
        "block_size": opts.block_size,
        "block_size_source": args.block_size_source,
        "tokenizer": opts.tokenizer,
        "executor": executor_name,
        "unique_blocks": s.unique_blocks,
        "skipped_lines": front.n_skipped,
        "skipped": front.skipped,
        "read_errors": [
            {"file": e.source, "line": e.line, "offset": e.offset, "reason": e.reason}
            for e in front.read_errors
        ],
        "responses": {
            "logged": front.responses,
            "cached": front.responses_cached if opts.responses else 0,
            "note": (
                None
                if not uncached or not opts.responses
                else f"{uncached} logged repl(ies) do not tokenize as a continuation of their "
                "prompt; their generated blocks are not counted"
            ),
        },
        "capacity_curve": curve,
        "capacity_note": note,
        "capacity_sampling": sampling,
        "routing": routing,
        "by_tenant": s.by["tenant"],
        "by_route": s.by["route"],
        "by_model": s.by["model"],
        "top_prefixes": tops,
        "near_misses": near_misses,
    }
