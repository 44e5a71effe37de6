"""Where two token sequences stop sharing cache blocks.

Invariant: ``blocks_shared`` counts the leading full blocks of OLD whose prefix keys
(``kvscope.backend.prefix_keys``) are also keys of NEW, which equals
``first_divergent_token // block_size`` (or all full blocks when OLD is a prefix of NEW).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kvscope.backend.prefix_keys import DEFAULT_ALGO, NO_EXTRA, ExtraKeys, hash_blocks


class Divergence(NamedTuple):
    """The cache consequence of replacing OLD's tokens with NEW's."""

    first_divergent_token: int | None
    first_divergent_block: int | None
    blocks_shared: int
    blocks_invalidated: int
    tokens_shared: int
    tokens_invalidated: int
    old_tokens: int
    new_tokens: int


class PromptDiff(NamedTuple):
    """One prompt's diff: the divergence plus why it happened and what it costs."""

    name: str
    status: str  # "identical" | "changed" | "added" | "removed"
    divergence: Divergence
    reasons: list[dict]
    prefill_cost: float
    old_text: str
    new_text: str


def first_difference(old: Sequence[int], new: Sequence[int]) -> int | None:
    """Index of the first position where the sequences differ; ``None`` when equal."""
    n = min(len(old), len(new))
    if old[:n] != new[:n]:
        lo, hi = 0, n
        while hi - lo > 64:
            mid = (lo + hi) // 2
            if old[lo:mid] == new[lo:mid]:
                lo = mid
            else:
                hi = mid
        for i in range(lo, hi):
            if old[i] != new[i]:
                return i
    if len(old) == len(new):
        return None
    return n


def diff_tokens(
    old: Sequence[int],
    new: Sequence[int],
    block_size: int = 16,
    extra: ExtraKeys = NO_EXTRA,
    algo: str = DEFAULT_ALGO,
    new_extra: ExtraKeys | None = None,
) -> Divergence:
    """Compare two renderings block by block, the way the prefix cache would see them.

    ``new_extra`` (default: ``extra``) lets a model or salt change invalidate every block.
    """
    old_keys = hash_blocks(old, block_size, extra, algo)
    new_keys = hash_blocks(new, block_size, extra if new_extra is None else new_extra, algo)
    shared = 0
    for a, b in zip(old_keys, new_keys, strict=False):
        if a != b:
            break
        shared += 1
    first = first_difference(old, new)
    if new_extra is not None and new_extra != extra and (old or new):
        first = 0  # another model or salt: nothing is shared, whatever the tokens
    invalidated = len(old_keys) - shared
    return Divergence(
        first_divergent_token=first,
        first_divergent_block=None if first is None else first // block_size,
        blocks_shared=shared,
        blocks_invalidated=invalidated,
        tokens_shared=shared * block_size,
        tokens_invalidated=invalidated * block_size,
        old_tokens=len(old),
        new_tokens=len(new),
    )
