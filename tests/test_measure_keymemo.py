"""The pre-tokenized fast path gives the same prefix keys as hashing the parsed tokens."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.prefix_keys import ExtraKeys, hash_blocks
from kvscope.lint.measure.keymemo import IdsMemo
from kvscope.lint.measure.tokenids import split_line

ids = st.lists(st.integers(0, 2**32 - 1), max_size=60)


@given(
    st.lists(
        st.tuples(st.integers(0, 3), ids, st.booleans(), st.sampled_from(["a", "b"])),
        min_size=1,
        max_size=15,
    ),
    ids,
    st.sampled_from([1, 4, 16]),
    st.sampled_from([None, 1, 3]),
)
def test_memo_keys_equal_plain_hashing(requests, shared, bs, bound):
    # small chunks: many memo hits and misses; a tiny bound: the memo empties itself often
    memo = IdsMemo(bs, "xxh3-128", chunk=24, max_entries=bound)
    for cut, own, spaced, model in requests:
        tokens = shared[: cut * 10] + own
        line = json.dumps(
            {"prompt_token_ids": tokens, "model": model},
            separators=(", ", ": ") if spaced else (",", ":"),
        )
        meta, raw = split_line(line)
        assert json.loads(meta)["prompt_token_ids"] == []
        assert len(raw) == len(tokens)
        extra = ExtraKeys(model=model)
        assert memo.keys(raw, extra) == hash_blocks(tokens, bs, extra)
        _, fresh = split_line(line)
        memo.keys(fresh, extra)  # counts the ids itself, memo hits included
        assert len(fresh) == len(tokens)
        assert bound is None or len(memo.memo) <= bound + len(tokens)


@pytest.mark.parametrize(
    "body",
    ["1, -2", "1, 2.5", "1, 99999999999", '1, "x"', "1,,2", "1, 2,", ", 1", "1, 1e3", "9" * 30],
)
def test_bad_ids_raise(body):
    _, raw = split_line('{"prompt_token_ids": [' + body + "]}")
    with pytest.raises((ValueError, TypeError, OverflowError)):
        IdsMemo(4, "xxh3-128").keys(raw, ExtraKeys())
