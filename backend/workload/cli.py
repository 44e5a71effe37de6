"""``kvscope workload``: write a synthetic request log (JSONL) and optionally print its shape."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator

from kvscope.backend.cli_args import Parser
from kvscope.backend.workload.config import BAD_DEPLOYS, WorkloadConfig, WorkloadError
from kvscope.backend.workload.generator import generate
from kvscope.backend.workload.prompts import system_prompt_template

PROG = "kvscope workload"


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog=PROG,
        description="Generate an OpenAI chat-format JSONL request log shaped like the "
        "reference traffic (chat product + code assistant), seeded and reproducible.",
    )
    d = WorkloadConfig()
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    p.add_argument("-n", "--requests", type=int, default=d.requests, help="number of requests")
    p.add_argument("--seed", type=int, default=d.seed, help="random seed (default 0)")
    p.add_argument("--tenants", type=int, default=d.tenants, help="number of tenants (1-12)")
    p.add_argument("--rate", type=float, default=d.rate, help="requests per second")
    p.add_argument("--duration", type=float, help="seconds the log spans (overrides --rate)")
    p.add_argument("--start", type=float, default=d.start, help="unix time of the start")
    p.add_argument("--scale", type=float, default=d.scale, help="length scale (0.05: tiny)")
    p.add_argument("--model", default=d.model, help="model name written in each request")
    p.add_argument("--bad-deploy", choices=BAD_DEPLOYS, help="what the bad deploy breaks")
    p.add_argument(
        "--bad-deploy-at",
        help="when: a fraction of the run (0.5), seconds after the start ('300s'), "
        "a unix time or an ISO time (default 0.5 when --bad-deploy is given)",
    )
    p.add_argument(
        "--shape",
        action="store_true",
        help="print prompt-length percentiles and the repeated-prefix fraction on stderr",
    )
    p.add_argument(
        "--system-prompt",
        metavar="TENANT",
        help="print TENANT's chat system-prompt template (after --bad-deploy if given) and exit",
    )
    return p


def _config(args: argparse.Namespace) -> WorkloadConfig:
    return WorkloadConfig(
        seed=args.seed,
        requests=args.requests,
        tenants=args.tenants,
        rate=args.rate,
        duration=args.duration,
        start=args.start,
        scale=args.scale,
        model=args.model,
        bad_deploy=args.bad_deploy,
        bad_deploy_at=args.bad_deploy_at,
    )


def _written(config: WorkloadConfig, output: str) -> Iterator[dict]:
    """Write each request as one JSON line and pass it on (streaming: constant memory)."""
    out = sys.stdout if output == "-" else open(output, "w", encoding="utf-8")  # noqa: SIM115
    try:
        for req in generate(config):
            out.write(json.dumps(req, ensure_ascii=False, separators=(",", ":")) + "\n")
            yield req
    finally:
        if out is not sys.stdout:
            out.close()
        else:
            out.flush()


def _print_shape(config: WorkloadConfig, requests: Iterator[dict]) -> None:
    from kvscope.backend.workload.shape import measure

    shape = measure(requests)
    after = None
    if config.bad_deploy:  # the log is deterministic: measure it again from the deploy on
        after = measure(generate(config), since=config.deploy_time())
    lines = [
        f"requests            {shape.requests}",
        f"prompt tokens       {shape.prompt_tokens} (cl100k, ChatML)",
        f"median / p95        {shape.median_tokens:.0f} / {shape.p95_tokens:.0f} tokens",
        f"repeated prefix     {shape.repeated_fraction:.1%} of prompt tokens (block 16)",
    ]
    lines += [f"  route {r:<13} {f:.1%}" for r, f in shape.by_route.items()]
    if after is not None:
        lines.append(f"after the bad deploy {after.repeated_fraction:.1%} ({config.bad_deploy})")
    print("\n".join(lines), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = _config(args)
        if args.system_prompt:
            print(system_prompt_template(args.system_prompt, args.bad_deploy or False, config))
            return 0
        if args.shape:
            _print_shape(config, _written(config, args.output))
        else:
            for _ in _written(config, args.output):
                pass
    except WorkloadError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # e.g. piped into `head`
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        print(f"{PROG}: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
