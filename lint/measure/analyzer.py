"""The streaming analyzer: repeated-prefix fraction and what an unbounded engine cache serves.

State is bounded by the log's unique blocks: ``seen`` maps each block key ever stored to its
parent's key (a pointer to an object already held, so the chain costs no extra memory);
``ends`` holds, per block, ``[requests whose reused prefix ended there, its depth]`` (how
often every prefix was reused is summed up the tree at the end, ``toprefixes``); ``heads``
keeps the first tokens of reused chains (for a readable text head). Keys chain through their
parents, so the stored keys are prefix-closed and a request's reused prefix is found by
binary search.

Definitions (every request counted against all *earlier* requests, unbounded cache):

- repeated prefix tokens: full blocks (``block_size``) whose prefix key was already stored;
- ``vllm`` engine hit: the same blocks, but never the last prompt token (the engine recomputes
  it for logits), so at most ``(n - 1) // block_size`` blocks;
- ``sglang`` engine hit: token-granular radix match (page size 1), at most ``n - 1`` tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from kvscope.backend.prefix_keys import DEFAULT_ALGO, XXH3, ExtraKeys, hash_blocks, none_hash
from kvscope.lint.measure.hashing import chain_xxh3
from kvscope.lint.measure.radix import TokenRadix
from kvscope.lint.measure.toprefixes import top_prefixes

ENGINES = ("vllm", "sglang")
HEAD_TOKENS = 48


class Outcome(NamedTuple):
    """One request's result: reused full blocks, the engine's hit tokens, its block keys."""

    repeated_tokens: int
    engine_hit_tokens: int
    keys: list[bytes]


class Summary(NamedTuple):
    """Totals of an analysis (``by`` holds the per tenant/route/model breakdowns)."""

    requests: int
    prompt_tokens: int
    repeated_prefix_tokens: int
    engine_hit_tokens: int
    unique_blocks: int
    by: dict[str, dict[str, dict]]


class Analyzer:
    """Feed requests in log order with ``add``; read ``summary()`` and ``top_prefixes()``."""

    def __init__(self, block_size: int = 16, engine: str = "vllm", algo: str = DEFAULT_ALGO):
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}; choose vllm or sglang")
        if block_size <= 0:
            raise ValueError("block size must be a positive number of tokens")
        self.block_size = block_size
        self.engine = engine
        self.algo = algo
        self.seen: dict[bytes, bytes | None] = {}
        self.ends: dict[bytes, list[int]] = {}  # [requests, depth in blocks]
        self.heads: dict[bytes, tuple] = {}
        self.radix = TokenRadix() if engine == "sglang" else None
        self.requests = self.prompt_tokens = self.repeated = self.engine_hits = 0
        self.groups: dict[str, dict[str, list[int]]] = {"tenant": {}, "route": {}, "model": {}}

    def add(
        self,
        tokens: Sequence[int],
        extra: ExtraKeys,
        groups: dict[str, str | None] | None = None,
    ) -> Outcome:
        """Account one request; ``groups`` names its tenant / route / model (None = unknown)."""
        if self.algo == XXH3:
            keys: list[bytes] = []
            chain_xxh3(tokens, self.block_size, extra, None, 0, keys)
        else:
            keys = hash_blocks(tokens, self.block_size, extra, self.algo)
        return self.add_keys(keys, len(tokens), extra, groups, tokens)

    def add_keys(
        self,
        keys: list[bytes],
        n: int,
        extra: ExtraKeys,
        groups: dict[str, str | None] | None = None,
        tokens: Sequence[int] | Callable[[], Sequence[int]] | None = None,
        known: int = 0,
    ) -> Outcome:
        """``add`` with the request's block keys already computed (``n`` prompt tokens).

        ``tokens`` (or a callable returning them) is needed for the sglang engine and for the
        text head of a newly reused prefix; with ``None`` neither is available. ``known`` is
        a hint: the first ``known`` keys are probably stored already (checked, never trusted).
        """
        bs = self.block_size
        seen = self.seen
        total = len(keys)
        if not total:
            hit = 0
        elif keys[-1] in seen:
            hit = total
        else:  # keys[lo] is stored (lo = -1: none known), keys[hi] is not
            lo, hi = -1, total - 1
            if 0 < known <= total and keys[known - 1] in seen:
                lo = known - 1
            elif keys[0] in seen:
                lo = 0
            else:
                hi = 0
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if keys[mid] in seen:
                    lo = mid
                else:
                    hi = mid
            hit = hi
        if hit < total:
            if hit:
                seen.update(zip(keys[hit:], keys[hit - 1 : total - 1], strict=True))
            else:
                seen[keys[0]] = None
                seen.update(zip(keys[1:], keys[: total - 1], strict=True))
        if hit:
            last = keys[hit - 1]
            end = self.ends.get(last)
            if end is None:
                self.ends[last] = [1, hit]
            else:
                end[0] += 1
        if callable(tokens) and (self.radix is not None or (hit and keys[0] not in self.heads)):
            tokens = tokens()
        if hit and keys[0] not in self.heads and tokens is not None:
            self.heads[keys[0]] = tuple(tokens[:HEAD_TOKENS])
        if self.radix is None or tokens is None:
            engine_hit = min(hit, (n - 1) // bs) * bs if n else 0
        else:
            engine_hit = min(self._radix_match(tokens, keys, hit, extra), max(n - 1, 0))
        repeated = hit * bs
        self.requests += 1
        self.prompt_tokens += n
        self.repeated += repeated
        self.engine_hits += engine_hit
        if groups:
            for dim, value in groups.items():
                rows = self.groups[dim]
                row = rows.get(value or "-")
                if row is None:
                    row = rows[value or "-"] = [0, 0, 0, 0]
                row[0] += 1
                row[1] += n
                row[2] += repeated
                row[3] += engine_hit
        return Outcome(repeated, engine_hit, keys)

    def _radix_match(self, tokens: Sequence[int], keys: list, hit: int, extra: ExtraKeys) -> int:
        bs = self.block_size
        root = none_hash(self.algo) + repr(extra).encode()
        parents = [root, *keys]
        radix = self.radix
        matched = hit * bs + radix.extend_match(parents[hit], tokens[hit * bs : (hit + 1) * bs])
        for i in range(hit, len(keys)):
            radix.insert(parents[i], tokens[i * bs : (i + 1) * bs])
        tail = len(keys) * bs
        if tail < len(tokens):
            radix.insert(parents[len(keys)], tokens[tail:])
        return matched

    def summary(self) -> Summary:
        by = {
            dim: {
                name: {
                    "requests": r[0],
                    "prompt_tokens": r[1],
                    "repeated_prefix_tokens": r[2],
                    "repeated_prefix_fraction": r[2] / r[1] if r[1] else 0.0,
                    "engine_hit_tokens": r[3],
                }
                for name, r in sorted(rows.items())
            }
            for dim, rows in self.groups.items()
        }
        return Summary(
            self.requests, self.prompt_tokens, self.repeated, self.engine_hits, len(self.seen), by
        )

    def top_prefixes(self, n: int = 10) -> list[dict]:
        """Reused prefixes where reuse stops growing, by tokens saved (tokens x reuses):
        ``[{tokens, requests, reuses, tokens_saved, head_tokens}]`` (see ``toprefixes``)."""
        return top_prefixes(self.seen, self.ends, self.heads, self.block_size, n)

    def check_integrity(self) -> None:
        """Stored keys are prefix-closed (every parent stored); every end is a stored key at
        the depth it was recorded with."""
        seen = self.seen
        for key, par in seen.items():
            assert par is None or par in seen, f"block {key.hex()[:12]} lost its parent"
        for key, (count, d) in self.ends.items():
            assert key in seen and count >= 1, "a reuse end is not a stored block"
            chain, k = 0, key
            while k is not None:
                chain, k = chain + 1, seen[k]
            assert chain == d, "a reuse end's recorded depth is not its chain length"
        if self.radix is not None:
            self.radix.check_integrity()
