"""The streaming analyzer: repeated-prefix fraction and what an unbounded engine cache serves.

State is bounded by the log's unique blocks: ``seen`` maps each block key ever stored to the
number of later requests that reused it; ``parent`` links reused blocks (for top prefixes);
``heads`` keeps the first tokens of reused chains (for a readable text head).

Definitions (every request counted against all *earlier* requests, unbounded cache):

- repeated prefix tokens: full blocks (``block_size``) whose prefix key was already stored;
- ``vllm`` engine hit: the same blocks, but never the last prompt token (the engine recomputes
  it for logits), so at most ``(n - 1) // block_size`` blocks;
- ``sglang`` engine hit: token-granular radix match (page size 1), at most ``n - 1`` tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from kvscope.backend.prefix_keys import DEFAULT_ALGO, ExtraKeys, hash_blocks, none_hash
from kvscope.lint.measure.radix import TokenRadix

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
        self.seen: dict[bytes, int] = {}
        self.parent: dict[bytes, bytes | None] = {}
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
        keys = hash_blocks(tokens, self.block_size, extra, self.algo)
        return self.add_keys(keys, len(tokens), extra, groups, tokens)

    def add_keys(
        self,
        keys: list[bytes],
        n: int,
        extra: ExtraKeys,
        groups: dict[str, str | None] | None = None,
        tokens: Sequence[int] | Callable[[], Sequence[int]] | None = None,
    ) -> Outcome:
        """``add`` with the request's block keys already computed (``n`` prompt tokens).

        ``tokens`` (or a callable returning them) is needed for the sglang engine and for the
        text head of a newly reused prefix; with ``None`` neither is available.
        """
        bs = self.block_size
        seen = self.seen
        hit = 0
        for key in keys:
            count = seen.get(key)
            if count is None:
                break
            if count == 0:
                self.parent[key] = keys[hit - 1] if hit else None
            seen[key] = count + 1
            hit += 1
        for key in keys[hit:]:
            seen[key] = 0
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
        for dim, value in (groups or {}).items():
            row = self.groups[dim].setdefault(value or "-", [0, 0, 0, 0])
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
        """Reused prefixes where reuse stops growing, by tokens saved (tokens x reuses).

        A reused block is reported when more requests reused it than any one of its
        continuations: it is where requests stop sharing (a system prompt, a session's history).
        """
        seen, parent = self.seen, self.parent
        max_child: dict[bytes, int] = {}
        for key, par in parent.items():
            if par is not None and seen[key] > max_child.get(par, 0):
                max_child[par] = seen[key]
        depth: dict[bytes, int] = {}
        root_of: dict[bytes, bytes] = {}
        for key in parent:
            chain = []
            k = key
            while k not in depth and k is not None:
                chain.append(k)
                k = parent[k]
            base, root = (0, None) if k is None else (depth[k], root_of[k])
            for j, c in enumerate(reversed(chain)):
                depth[c] = base + j + 1
                root = c if root is None else root
                root_of[c] = root
        rows = [
            (depth[k] * self.block_size * seen[k], k)
            for k in parent
            if seen[k] > max_child.get(k, 0)
        ]
        rows.sort(key=lambda r: (-r[0], r[1]))
        out = []
        for saved, key in rows[:n]:
            out.append(
                {
                    "tokens": depth[key] * self.block_size,
                    "requests": seen[key] + 1,
                    "reuses": seen[key],
                    "tokens_saved": saved,
                    "head_tokens": list(self.heads.get(root_of[key], ())),
                }
            )
        return out

    def check_integrity(self) -> None:
        """Every reused block is stored, and its parent (if any) was reused at least as often."""
        for key, par in self.parent.items():
            assert self.seen.get(key, 0) >= 1, "a reused block has no reuse count"
            if par is not None:
                assert self.seen[par] >= self.seen[key], "a child reused more than its parent"
        if self.radix is not None:
            self.radix.check_integrity()
