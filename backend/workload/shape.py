"""The shape of a request log: prompt lengths and the block-aligned repeated-prefix fraction.

The fraction is the share of prompt tokens lying in full blocks whose prefix key was already
produced by an earlier request (an unbounded cache that never evicts, no tenant salt). Because
keys chain, a request's repeated blocks are always a prefix of its blocks.

Rendering is ChatML and tokenizing is cached per text segment between special tokens, which is
exact for tokenizers that split on special tokens first (tiktoken, ``bytes``, Hugging Face).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from kvscope.backend.chat import render_request
from kvscope.backend.prefix_keys import DEFAULT_BLOCK_SIZE, hash_blocks
from kvscope.backend.tokenizers import Tokenizer, as_tokenizer


class WorkloadShape(NamedTuple):
    requests: int
    prompt_tokens: int
    median_tokens: float
    p95_tokens: float
    repeated_tokens: int
    repeated_fraction: float
    by_route: dict[str, float]


class SegmentEncoder:
    """``encode(text, allow_special=True)`` with a cache per special-token-free segment."""

    def __init__(self, tokenizer: Tokenizer, max_entries: int = 200_000) -> None:
        self.tok = tokenizer
        specials = sorted(tokenizer.special_tokens, key=len, reverse=True)
        pattern = "(" + "|".join(map(re.escape, specials)) + ")"
        self.split = re.compile(pattern) if specials else None
        self.cache: dict[str, list[int]] = {}
        self.max_entries = max_entries

    def encode(self, text: str) -> list[int]:
        if self.split is None:
            return self.tok.encode(text)
        out: list[int] = []
        for i, part in enumerate(self.split.split(text)):
            if i % 2:
                out.append(self.tok.special_tokens[part])
            elif part:
                ids = self.cache.get(part)
                if ids is None:
                    if len(self.cache) >= self.max_entries:
                        self.cache.clear()
                    ids = self.cache[part] = self.tok.encode(part)
                out.extend(ids)
        return out


def _percentile(values: list[int], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))])


def measure(
    requests: Iterable[Mapping],
    tokenizer: Tokenizer | str = "cl100k",
    block_size: int = DEFAULT_BLOCK_SIZE,
    since: float | None = None,
) -> WorkloadShape:
    """Shape of ``requests``; with ``since``, only requests at or after that unix time count
    (earlier ones still warm the cache)."""
    enc = SegmentEncoder(as_tokenizer(tokenizer))
    seen: set[bytes] = set()
    lengths: list[int] = []
    repeated = 0
    route_tokens: dict[str, list[int]] = {}
    for req in requests:
        ids = enc.encode(render_request(req))
        keys = hash_blocks(ids, block_size)
        hits = 0
        while hits < len(keys) and keys[hits] in seen:
            hits += 1
        seen.update(keys[hits:])
        if since is not None and req.get("timestamp", 0) < since:
            continue
        lengths.append(len(ids))
        repeated += hits * block_size
        acc = route_tokens.setdefault(str(req.get("route", "")), [0, 0])
        acc[0] += len(ids)
        acc[1] += hits * block_size
    total = sum(lengths)
    return WorkloadShape(
        requests=len(lengths),
        prompt_tokens=total,
        median_tokens=float(statistics.median(lengths)) if lengths else 0.0,
        p95_tokens=_percentile(lengths, 0.95),
        repeated_tokens=repeated,
        repeated_fraction=repeated / total if total else 0.0,
        by_route={r: (h / t if t else 0.0) for r, (t, h) in sorted(route_tokens.items())},
    )
