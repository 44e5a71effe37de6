"""The xxh3-128 prefix-key chain with the least work per block, for measure's hot loop.

``kvscope.backend.prefix_keys.hash_blocks`` is the definition; this computes the same keys
(a fuzz test checks them bit for bit) with one concatenation per block (struct cuts the blocks): the
first block of a request (the only one that carries the model/salt prefix) goes through
``hash_blocks`` itself, every later block is ``xxh3_128(parent || lora || token bytes)``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache
from struct import Struct

import xxhash

from kvscope.backend.prefix_keys import XXH3, ExtraKeys, _xxh3_lora, hash_blocks

_DIGEST = xxhash.xxh3_128_digest


def chain_xxh3(
    tokens: Sequence[int],
    block_size: int,
    extra: ExtraKeys,
    parent: bytes | None,
    start_block: int,
    out: list[bytes],
) -> None:
    """Append the keys of the full blocks of ``tokens`` (block ``start_block`` on) to ``out``.

    ``parent`` is the key of block ``start_block - 1`` (``None`` at the start of a request);
    the result equals ``hash_blocks(tokens, block_size, extra, XXH3, None, parent,
    start_block)``.
    """
    n_full = len(tokens) // block_size
    if not n_full:
        return
    step = 4 * block_size
    if isinstance(tokens, array) and tokens.typecode == "I":
        raw = tokens.tobytes()
    else:
        raw = array("I", tokens[: n_full * block_size]).tobytes()
    if parent is None or start_block == 0:
        first_block = tokens[:block_size]
        (parent,) = hash_blocks(first_block, block_size, extra, XXH3, None, parent, start_block)
        out.append(parent)
        raw = raw[step : n_full * step]
    elif len(raw) != n_full * step:
        raw = raw[: n_full * step]
    lora = _xxh3_lora(extra)
    digest, append = _DIGEST, out.append
    blocks = _blocks(step).iter_unpack(raw)
    if lora:
        for (block,) in blocks:
            parent = digest(parent + lora + block)
            append(parent)
    else:
        for (block,) in blocks:
            parent = digest(parent + block)
            append(parent)


@lru_cache(maxsize=16)
def _blocks(step: int) -> Struct:
    return Struct(f"{step}s")
