"""PL008 prefix-below-minimum: the cacheable prefix is shorter than the provider caches.

Providers only cache prefixes above a minimum length (OpenAI 1,024 tokens; Anthropic 512 to
4,096 depending on the model; Gemini 1,024 to 4,096). Below it a request silently is not
cached: no error, `cached_tokens: 0`. The table lives in kvscope/lint/data/minimums.json;
override it with `minimums = {"my-model*" = 2048}` or `min-prefix-tokens` in the config.

Checked when the model is known (request `model`, Prompty/Dotprompt/.prompt.yml front matter,
or `model` in the config): the prefix up to each `cache_control` breakpoint, or else the
cacheable part (tools + system) is counted with the configured tokenizer.

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
SEVERITY = "warning"
FIXABLE = False
SUMMARY = "Cacheable prefix shorter than the provider's minimum cacheable length"


@lru_cache(maxsize=1)
def table() -> tuple[tuple[str, int, str], ...]:
    """(model glob, minimum tokens, source) rows, most specific first."""
    raw = json.loads((Path(__file__).parents[1] / "data" / "minimums.json").read_text())
    return tuple((row["model"], int(row["tokens"]), row["source"]) for row in raw["models"])


def minimum_for(model: str | None, ctx: RuleContext) -> int | None:
    if ctx.min_prefix_tokens is not None:
        return ctx.min_prefix_tokens
    if not model:
        return None
    name = model.lower().rsplit("/", 1)[-1]
    for pattern, tokens in ctx.minimums.items():
        if fnmatch.fnmatch(name, pattern.lower()):
            return tokens
    for pattern, tokens, _source in table():
        if fnmatch.fnmatch(name, pattern):
            return tokens
    return None


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    if doc.kind == "python":
        return
    model = doc.model or ctx.model
    minimum = minimum_for(model, ctx)
    if minimum is None or not doc.prefix:
        return
    who = f"`{model}`" if model else "the configured minimum"
    if doc.breakpoints:
        for mark in doc.breakpoints:
            n = ctx.count_tokens(_cached_text(doc, mark.after_segment))
            if n < minimum:
                msg = (
                    f"the prefix up to this cache_control breakpoint is {n} tokens, below the "
                    f"{minimum}-token minimum for {who}: it is never cached"
                )
                yield Problem(CODE, mark.src_start, mark.src_end, msg, 0, None, None, n)
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
        msg = (
            f"the cacheable prefix (tools and system prompt) is {n} tokens, below the "
            f"{minimum}-token minimum for {who}: requests never hit the provider's cache. "
            "Put more stable content first, or accept no caching"
        )
        start = min(s.src_start for s in cacheable)
        yield Problem(CODE, start, last.to_source(len(last.text)), msg, 0, None, None, n)


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
