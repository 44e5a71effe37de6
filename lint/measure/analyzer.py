"""The streaming analyzer: repeated-prefix fraction and what an unbounded engine cache serves.

State is bounded by the log's unique blocks: ``seen`` maps each block key ever stored to its
parent's key (a pointer to an object already held, so the chain costs no extra memory);
``ends`` holds, per block, ``[requests whose reused prefix ended there, its depth, how many
of them vLLM serves one block less]`` (how often every prefix was reused is summed up the
tree at the end, ``toprefixes``); ``heads`` keeps the tokens of the first ``head_blocks``
blocks of reused chains (for a readable text head). This is the in-process executor's
state; ``executors`` computes the same figures out of core (DuckDB) or distributed (Ray).
Keys chain through their parents, so the stored keys are prefix-closed and a request's reused
prefix is found by binary search.

Definitions (every request counted against all *earlier* requests, unbounded cache):

- repeated prefix tokens: full blocks (``block_size``) whose prefix key was already stored;
- ``vllm`` engine hit: the same blocks, but never the last prompt token (the engine recomputes
  it for logits), so at most ``(n - 1) // block_size`` blocks;
- ``sglang`` engine hit: token-granular radix match (page size 1), at most ``n - 1`` tokens.

A request's ``output_keys`` (the blocks generated for its logged reply) are stored after it
is counted, as the engine caches them, so a later turn that re-sends the reply hits them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from kvscope.backend.prefix_keys import DEFAULT_ALGO, ExtraKeys, hash_blocks, none_hash
from kvscope.lint.measure.radix import TokenRadix
from kvscope.lint.measure.toprefixes import top_prefixes

ENGINES = ("vllm", "sglang")
HEAD_TOKENS = 48


class Outcome(NamedTuple):
    """One request's result: reused full blocks, the engine's hit tokens, its block keys
    (``vllm_hit_tokens``: vLLM's figure whatever the engine, for per-request output)."""

    repeated_tokens: int
    engine_hit_tokens: int
    keys: list[bytes]
    vllm_hit_tokens: int = 0


def head_blocks(block_size: int) -> int:
    """Blocks whose tokens make a prefix's text head (``HEAD_TOKENS`` tokens at most)."""
    return -(-HEAD_TOKENS // block_size)


class Summary(NamedTuple):
    """Totals of an analysis (``by`` holds the per tenant/route/model breakdowns)."""

    requests: int
    prompt_tokens: int
    repeated_prefix_tokens: int
    engine_hit_tokens: int
    unique_blocks: int
    by: dict[str, dict[str, dict]]


def radix_root(algo: str, extra: ExtraKeys) -> bytes:
    """The parent key of a request's first block in the token radix (one root per cache)."""
    return none_hash(algo) + repr(extra).encode()


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
        self.ends: dict[bytes, list[int]] = {}  # [requests, depth in blocks, vLLM short]
        self.heads: dict[bytes, tuple] = {}
        self.radix = TokenRadix() if engine == "sglang" else None
        self.head_blocks = head_blocks(block_size)
        self.requests = self.prompt_tokens = self.repeated = self.engine_hits = 0
        self.groups: dict[str, dict[str, list[int]]] = {"tenant": {}, "route": {}, "model": {}}

    def add(
        self,
        tokens: Sequence[int],
        extra: ExtraKeys,
        groups: dict[str, str | None] | None = None,
    ) -> Outcome:
        """Account one request; ``groups`` names its tenant / route / model (None = unknown)."""
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
        output_keys: list[bytes] | None = None,
        generated: Sequence[int] | None = None,
    ) -> Outcome:
        """``add`` with the request's block keys already computed (``n`` prompt tokens).

        ``tokens`` (or a callable returning them) is needed for the sglang engine and for the
        text head of a newly reused prefix; with ``None`` neither is available. ``known`` is
        a hint: the first ``known`` keys are probably stored already (checked, never trusted).
        ``output_keys`` continue ``keys`` (the blocks of the logged reply, whose tokens are
        ``generated``) and are stored afterwards, as the engine caches them.
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
        vllm_blocks = min(hit, (n - 1) // bs) if n else 0
        if hit:
            last = keys[hit - 1]
            end = self.ends.get(last)
            if end is None:
                end = self.ends[last] = [0, hit, 0]
            end[0] += 1
            end[2] += vllm_blocks < hit
        heads = self.heads
        if hit and keys[min(hit, self.head_blocks) - 1] not in heads and tokens is not None:
            if callable(tokens):
                tokens = tokens()
            for j in range(min(hit, self.head_blocks)):
                heads.setdefault(keys[j], tuple(tokens[j * bs : (j + 1) * bs]))
        if callable(tokens) and self.radix is not None:
            tokens = tokens()
        if self.radix is None or tokens is None:
            engine_hit = vllm_blocks * bs
        else:
            matched = self._radix_match(tokens, keys, hit, extra, output_keys, generated)
            engine_hit = min(matched, max(n - 1, 0))
        if output_keys:
            parent = keys[-1] if keys else None
            for key in output_keys:
                if key not in seen:
                    seen[key] = parent
                parent = key
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
        return Outcome(repeated, engine_hit, keys, vllm_blocks * bs)

    def _radix_match(
        self,
        tokens: Sequence[int],
        keys: list,
        hit: int,
        extra: ExtraKeys,
        output_keys: list | None,
        generated: Sequence[int] | None,
    ) -> int:
        bs = self.block_size
        parents = [radix_root(self.algo, extra), *keys]
        radix = self.radix
        matched = hit * bs + radix.extend_match(parents[hit], tokens[hit * bs : (hit + 1) * bs])
        if output_keys is not None and generated is not None:
            # the cached sequence: prompt + reply less its last token (never computed)
            tokens = list(tokens) + list(generated[:-1])
            parents += output_keys
        for i in range(hit, len(parents) - 1):
            radix.insert(parents[i], tokens[i * bs : (i + 1) * bs])
        tail = (len(parents) - 1) * bs
        if tail < len(tokens):
            radix.insert(parents[-1], tokens[tail:])
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
        return top_prefixes(
            self.seen, self.ends, self.heads, self.block_size, n, self.engine == "vllm"
        )

    def check_integrity(self) -> None:
        """Stored keys are prefix-closed (every parent stored); every end is a stored key at
        the depth it was recorded with."""
        seen = self.seen
        for key, par in seen.items():
            assert par is None or par in seen, f"block {key.hex()[:12]} lost its parent"
        for key, (count, d, short) in self.ends.items():
            assert key in seen and count >= 1, "a reuse end is not a stored block"
            assert 0 <= short <= count, "more vLLM-short requests than requests at an end"
            chain, k = 0, key
            while k is not None:
                chain, k = chain + 1, seen[k]
            assert chain == d, "a reuse end's recorded depth is not its chain length"
        if self.radix is not None:
            self.radix.check_integrity()
