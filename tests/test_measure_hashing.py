"""measure's lean xxh3 chain: keys bit-identical to prefix_keys.hash_blocks (the definition)."""

from __future__ import annotations

from array import array

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.prefix_keys import XXH3, ExtraKeys, hash_blocks
from kvscope.lint.measure.hashing import chain_xxh3

names = st.none() | st.sampled_from(["", "m", "tenant-7", "ü"])
extras = st.builds(ExtraKeys, model=names, lora=names, salt=names)


@given(
    st.lists(st.integers(0, 2**32 - 1), max_size=70),
    st.sampled_from([1, 3, 16]),
    extras,
    st.integers(0, 5),
    st.booleans(),
)
def test_chain_equals_hash_blocks(tokens, bs, extra, split, as_array):
    want = hash_blocks(tokens, bs, extra, XXH3)
    seq = array("I", tokens) if as_array else tokens
    got: list[bytes] = []
    chain_xxh3(seq, bs, extra, None, 0, got)
    assert got == want
    # resuming after ``split`` blocks (the memo's case) continues the same chain
    k = min(split, len(want))
    resumed = list(want[:k])
    chain_xxh3(seq[k * bs :], bs, extra, want[k - 1] if k else None, k, resumed)
    assert resumed == want
