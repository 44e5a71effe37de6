"""``promptlint diff OLD NEW``: blocks a deploy would invalidate, and why.

Exit codes: 0 (within ``--fail-over``), 1 (more than ``--fail-over`` blocks invalidated in
total over all prompts), 2 (bad input).
"""

from __future__ import annotations

import sys

from kvscope.backend.cli_args import Parser, fail
from kvscope.lint.diff.core import Divergence, PromptDiff, diff_tokens
from kvscope.lint.diff.inputs import InputError, Rendering, load_file, load_side
from kvscope.lint.diff.reasons import explain

PROG = "promptlint diff"
DEFAULT_COST_PER_TOKEN = 3e-6


def build_parser() -> Parser:
    p = Parser(
        prog=PROG, description="Diff two renderings of prompts the way a KV cache sees them."
    )
    p.add_argument("old", help="old prompt: text file, request .json, or snapshot directory")
    p.add_argument("new", help="new prompt: text file, request .json, or snapshot directory")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--fail-over",
        type=int,
        default=None,
        metavar="N",
        help="exit 1 if more than N blocks are invalidated in total",
    )
    p.add_argument("--block-size", type=int, default=16, help="tokens per KV block (default 16)")
    p.add_argument("--tokenizer", default="cl100k", help="cl100k | bytes | hf:<path>")
    p.add_argument(
        "--chat-template",
        default=None,
        help="Jinja chat template (.jinja file or tokenizer_config.json); default ChatML",
    )
    p.add_argument(
        "--cost-per-token",
        type=float,
        default=DEFAULT_COST_PER_TOKEN,
        help="prefill cost of one recomputed token (default 3e-6, i.e. $3 per M)",
    )
    p.add_argument("--algo", default="xxh3-128", help="prefix-key algorithm (xxh3-128 default)")
    return p


def _empty(name: str) -> Rendering:
    from kvscope.backend.prefix_keys import ExtraKeys

    return Rendering(name, "", [], None, ExtraKeys())


def compare(
    old: Rendering, new: Rendering, block_size: int, algo: str, cost_per_token: float
) -> PromptDiff:
    """One prompt's diff (``old`` or ``new`` may be empty for a removed or added prompt)."""
    d: Divergence = diff_tokens(old.tokens, new.tokens, block_size, old.extra, algo, new.extra)
    if not old.tokens and not old.text and old.request is None:
        status = "added"
    elif not new.tokens and not new.text and new.request is None:
        status = "removed"
    else:
        status = "identical" if d.first_divergent_token is None else "changed"
    reasons = (
        []
        if status in {"identical", "added", "removed"}
        else explain(old.request, new.request, old.text, new.text)
    )
    return PromptDiff(
        old.name or new.name,
        status,
        d,
        reasons,
        d.tokens_invalidated * cost_per_token,
        old.text,
        new.text,
    )


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.block_size <= 0:
        return fail(PROG, "--block-size must be a positive number of tokens")
    if args.fail_over is not None and args.fail_over < 0:
        return fail(PROG, "--fail-over must be 0 or more blocks")
    from kvscope.backend.prefix_keys import ALGOS
    from kvscope.backend.tokenizers import TokenizerError, get_tokenizer

    if args.algo not in ALGOS:
        return fail(PROG, f"unknown --algo {args.algo!r}; choose one of {', '.join(ALGOS)}")
    try:
        tokenizer = get_tokenizer(args.tokenizer)
        template = None
        if args.chat_template:
            from kvscope.backend.chat import load_chat_template

            template = load_chat_template(args.chat_template)
        old_files = load_side(args.old, tokenizer, template)
        new_files = load_side(args.new, tokenizer, template)
        if len(old_files) == 1 and len(new_files) == 1:  # two single prompts: pair them
            (name,) = new_files
            old_files = {name: next(iter(old_files.values()))}
        diffs = []
        for name in sorted(set(old_files) | set(new_files)):
            old = (
                load_file(old_files[name], name, tokenizer, template)
                if name in old_files
                else _empty(name)
            )
            new = (
                load_file(new_files[name], name, tokenizer, template)
                if name in new_files
                else _empty(name)
            )
            diffs.append(compare(old, new, args.block_size, args.algo, args.cost_per_token))
    except (InputError, TokenizerError, ValueError) as exc:
        return fail(PROG, str(exc).splitlines()[0])
    from kvscope.lint.diff.report import render_json, render_text

    if args.format == "json":
        sys.stdout.write(render_json(diffs, args.block_size) + "\n")
    else:
        from rich.console import Console

        render_text(diffs, args.block_size, Console(highlight=False))
    total = sum(d.divergence.blocks_invalidated for d in diffs)
    return 1 if args.fail_over is not None and total > args.fail_over else 0


if __name__ == "__main__":
    raise SystemExit(main())
