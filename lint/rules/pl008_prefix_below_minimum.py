"""PL008 prefix-below-minimum: a provider never caches this prefix: it is below its minimum.

Providers only cache prefixes above a minimum length (OpenAI 1,024 tokens; Anthropic 512 to
4,096 depending on the model; Gemini 1,024 to 4,096). Below it a request silently is not
cached: no error, `cached_tokens: 0`. Nothing in the prompt varies, so no block is "at stake"
(the finding never counts in tokens at stake); it is information (severity `info`, which does
not fail a run) about what caching costs you on that provider.

Self-hosted engines (vLLM, SGLang, kvscope) have no minimum: PL008 runs only for a model in
the provider table (kvscope/lint/data/minimums.json: request `model`, Prompty/Dotprompt/
.prompt.yml front matter, or `model` in the config), or when you opt in with
`minimums = {"my-model*" = 2048}` or `min-prefix-tokens`. It counts the prefix up to each
`cache_control` breakpoint, or else the cacheable part (tools + system), with the configured
tokenizer.

Bad (Anthropic request, claude-haiku-4-5, minimum 4,096)::

    {"model": "claude-haiku-4-5", "system": [{"type": "text", "text": "<600 tokens>",
      "cache_control": {"type": "ephemeral"}}], ...}

Good: cache a longer stable prefix (add the tools or examples that precede every request),
or drop the breakpoint.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem
from kvscope.lint.rules.common import RuleContext

CODE = "PL008"
NAME = "prefix-below-minimum"
SEVERITY = "info"
FIXABLE = False
SUMMARY = "Cacheable prefix shorter than the provider's minimum cacheable length"


@lru_cache(maxsize=1)
def table() -> tuple[tuple[str, int, str], ...]:
    """(model glob, minimum tokens, source) rows, most specific first."""
    raw = json.loads((Path(__file__).parents[1] / "data" / "minimums.json").read_text())
    return tuple((row["model"], int(row["tokens"]), row["source"]) for row in raw["models"])


def minimum_for(model: str | None, ctx: RuleContext) -> int | None:
    found = provider_minimum(model, ctx)
    return None if found is None else found[0]


def provider_minimum(model: str | None, ctx: RuleContext) -> tuple[int, str] | None:
    """(minimum tokens, who sets it: "OpenAI", "Anthropic", "Google" or "your config")."""
    if ctx.min_prefix_tokens is not None:
        return ctx.min_prefix_tokens, "your config"
    if not model:
        return None
    name = model.lower().rsplit("/", 1)[-1]
    for pattern, tokens in ctx.minimums.items():
        if fnmatch.fnmatch(name, pattern.lower()):
            return tokens, "your config"
    for pattern, tokens, source in table():
        if fnmatch.fnmatch(name, pattern):
            first = source.split()[0]
            return tokens, "Google" if first == "Gemini" else first
    return None


def _message(what: str, n: int, minimum: int, provider: str, model: str | None) -> str:
    who = f"`{model}` ({provider})" if model and provider != "your config" else provider
    if provider == "your config":
        return (
            f"{what} is never cached: {n} tokens, below the {minimum:,}-token minimum set in "
            "your config"
        )
    return (
        f"{what} is never cached by {who}: {n} tokens, below its {minimum:,}-token minimum. "
        "Put more stable content first, or accept no caching there"
    )


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    if doc.kind == "python":
        return
    model = doc.model or ctx.model
    found = provider_minimum(model, ctx)
    if found is None or not doc.prefix:
        return
    minimum, provider = found
    if doc.breakpoints:
        for mark in doc.breakpoints:
            n = ctx.count_tokens(_cached_text(doc, mark.after_segment))
            if n < minimum:
                msg = _message(
                    "the prefix up to this cache_control breakpoint", n, minimum, provider, model
                )
                yield Problem(CODE, mark.src_start, mark.src_end, msg)
        return
    cacheable = [s for s in doc.segments if s.cacheable]
    if not cacheable:
        return
    first_other = next(
        (s for s in doc.segments if not s.cacheable and s.prefix_start is not None), None
    )
    end = first_other.prefix_start if first_other else len(doc.prefix)
    n = ctx.count_tokens(doc.prefix[:end])
    if n < minimum:
        last = cacheable[-1]
        msg = _message(
            "the cacheable prefix (tools and system prompt)", n, minimum, provider, model
        )
        start = min(s.src_start for s in cacheable)
        yield Problem(CODE, start, last.to_source(len(last.text)), msg)


def _cached_text(doc: Document, last: int) -> str:
    """What a breakpoint after segment `last` caches, in Anthropic's order (tools, system,
    messages): whole tool definitions as JSON, then the text of the segments up to it."""
    tools = doc.data.get("tools") if isinstance(doc.data, dict) else None
    parts: list[str] = []
    seen: set[int] = set()
    for seg in doc.segments[: last + 1]:
        if seg.part == "tools" and isinstance(tools, list) and seg.index is not None:
            if seg.index not in seen and seg.index < len(tools):
                seen.add(seg.index)
                tool = json.dumps(tools[seg.index])  # promptlint: noqa: PL005 (only counted)
                parts.append(tool)
        else:
            parts.append(seg.text)
    return "\n".join(parts)
