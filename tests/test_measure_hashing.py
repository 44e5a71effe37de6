"""The one xxh3 block-hash chain (prefix_keys.hash_blocks) equals its definition, bit for bit."""

from __future__ import annotations

from array import array

import xxhash
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.prefix_keys import XXH3, ExtraKeys, hash_blocks, none_hash

names = st.none() | st.sampled_from(["", "m", "tenant-7", "ü"])
extras = st.builds(ExtraKeys, model=names, lora=names, salt=names)


def by_definition(tokens: list[int], bs: int, extra: ExtraKeys) -> list[bytes]:
    """xxh3_128(parent || (block 0 only: model, lora, salt) || lora || token bytes)."""
    parent, out = none_hash(XXH3), []
    lora = b"" if extra.lora is None else b"\x1dL" + extra.lora.encode()
    for i in range(len(tokens) // bs):
        head = b""
        if i == 0 and extra != ExtraKeys():
            head = "\x1f".join((extra.model or "", extra.lora or "", extra.salt or "")).encode()
            head += b"\x1e"
        block = array("I", tokens[i * bs : (i + 1) * bs]).tobytes()
        parent = xxhash.xxh3_128_digest(parent + head + lora + block)
        out.append(parent)
    return out


@settings(max_examples=150)
@given(
    st.lists(st.integers(0, 2**32 - 1), max_size=70),
    st.sampled_from([1, 3, 16]),
    extras,
    st.integers(0, 5),
    st.booleans(),
)
def test_chain_equals_definition_and_resumes(tokens, bs, extra, split, as_array):
    want = by_definition(tokens, bs, extra)
    seq = array("I", tokens) if as_array else tokens
    assert hash_blocks(seq, bs, extra, XXH3) == want
    # resuming after ``split`` blocks (the memo's case) continues the same chain
    k = min(split, len(want))
    parent = want[k - 1] if k else None
    assert want[:k] + hash_blocks(seq[k * bs :], bs, extra, XXH3, None, parent, k) == want
