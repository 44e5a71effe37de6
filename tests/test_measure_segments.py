"""Piecewise cached tokenization equals tokenizing the whole rendered prompt."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.tokenizers import get_tokenizer
from kvscope.lint.measure.segments import SegmentTokenizer

SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<|im_start", "|>"]
pieces = st.lists(st.one_of(st.sampled_from(SPECIALS), st.text(max_size=12)), max_size=12)


@given(st.lists(pieces, min_size=1, max_size=6), st.sampled_from(["cl100k", "bytes"]))
def test_cached_pieces_equal_whole_text(texts, name):
    tok = get_tokenizer(name)
    seg = SegmentTokenizer(tok, max_chars=40)  # small: the cache also empties itself
    for parts in texts:
        text = "".join(parts)
        assert list(seg.encode(text)) == tok.encode(text, allow_special=True)
        assert seg.cached_chars <= 40 or len(seg.cache) == 1
