"""The id-list parser accepts exactly what json accepts for uint32 lists, and reads the same."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.measure import idsparse
from kvscope.lint.measure.idsparse import parse_ids, parse_ids_at


def json_ids(raw: bytes) -> list[int] | None:
    """The reference: json's reading of the list, or None if a JSON line would be rejected."""
    try:
        value = json.loads(b"[" + raw + b"]")
    except ValueError:
        return None
    if not all(type(v) is int and 0 <= v < 2**32 for v in value):
        return None
    return value


pieces = st.sampled_from(
    ["0", "7", "01", "42", "4294967295", "4294967296", "9" * 25, "-1", "+1", "1.5", "1e3",
     ",", ", ", " ,", ",,", " ", "\t", "\n", "\r", "\x0b", "\x0c", "x", "\xa0", "[", "]", "-0"]
)  # fmt: skip


@settings(max_examples=400)  # cheap examples; json's grammar has many corners
@given(st.lists(pieces, max_size=12))
def test_fuzzed_id_lists_agree_with_json(parts):
    raw = "".join(parts).encode()
    want = json_ids(raw.strip())
    try:
        got, commas = parse_ids_at(raw.strip())
    except (ValueError, OverflowError):
        got = None
    assert (None if got is None else list(got)) == want
    if got is not None and commas is not None:  # the offsets the memo cuts at
        assert commas.tolist() == [i for i, c in enumerate(raw.strip()) if c == ord(",")]


@given(st.lists(st.integers(0, 2**32 - 1), max_size=200), st.sampled_from([",", ", ", " , "]))
def test_valid_lists_read_back(ids, sep):
    assert list(parse_ids(sep.join(map(str, ids)).encode())) == ids


def test_without_numpy_json_does_the_same(monkeypatch):
    monkeypatch.setattr(idsparse, "_numpy", False)
    assert parse_ids_at(b"1, 2, 3") == (parse_ids(b"1, 2, 3"), None)
    assert list(parse_ids(b"1, 2, 3")) == [1, 2, 3]
    for bad in (b"1, -2", b"01", b"1,,2", b"4294967296"):
        with pytest.raises((ValueError, OverflowError)):
            parse_ids(bad)
