"""The one id-list parser accepts exactly what json accepts for uint32 lists, in bytes, in a
decoded list and in an Arrow column, and reads the same from all three."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.measure import tokenids
from kvscope.lint.measure.cli import build_parser, run
from kvscope.lint.measure.tokenids import ids_from_arrow, ids_from_list, parse_ids, parse_ids_at


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
    monkeypatch.setattr(tokenids, "_numpy", False)
    assert parse_ids_at(b"1, 2, 3") == (parse_ids(b"1, 2, 3"), None)
    assert list(parse_ids(b"1, 2, 3")) == [1, 2, 3]
    for bad in (b"1, -2", b"01", b"1,,2", b"4294967296"):
        with pytest.raises((ValueError, OverflowError)):
            parse_ids(bad)


json_values = st.one_of(
    st.integers(-3, 2**32 + 3),
    st.integers(2**32 - 3, 2**64 + 3),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.just(None),
    st.text(max_size=3),
)


def arrow_ids(values: list) -> list[int] | str | None:
    """The Arrow path's reading, or "n/a" where Arrow cannot build an id column of it."""
    try:
        column = pa.array([values])
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError, TypeError):
        return "n/a"
    if pa.types.is_null(column.type.value_type):  # [] or [null]: no ids to type
        return "n/a" if values else []
    got = ids_from_arrow(column)
    return None if got is None else list(got[0])


@settings(max_examples=300)
@given(st.lists(json_values, max_size=8))
def test_the_three_forms_of_an_id_list_read_the_same(values):
    """Bytes as written, a decoded list and an Arrow column: the same ids, or all refuse."""
    raw = json.dumps(values)[1:-1].encode()
    want = json_ids(raw.strip())
    try:
        from_bytes = list(parse_ids(raw.strip()))
    except (ValueError, OverflowError):
        from_bytes = None
    from_list = ids_from_list(values)
    assert from_bytes == want
    assert (None if from_list is None else list(from_list)) == want
    assert arrow_ids(values) in ("n/a", want)


def test_a_boolean_is_not_a_token_id_on_any_path(tmp_path):
    """``true`` reads as 1 to Python's ``array``; no path takes it as an id."""
    assert ids_from_list([True, 2]) is None and ids_from_list([1.0]) is None
    log = tmp_path / "log.jsonl"
    lines = [
        {"prompt_token_ids": [True, 2, 3] * 8},  # the bytes path
        {"prompt": [True, 2, 3] * 8},  # the decoded-list path
        {"prompt": [1, 2, 3] * 8},
    ]
    log.write_text("".join(json.dumps(x) + "\n" for x in lines))
    doc = run(build_parser().parse_args([str(log), "--tokenizer", "bytes", "--skip-bad"]))
    assert doc["requests"] == 1 and doc["skipped_lines"] == 2


def test_arrow_rows_keep_their_bounds_in_a_sliced_batch():
    column = pa.array([[1, 2], [], [3, 4, 5], [2**32 - 1]], pa.list_(pa.uint32()))
    assert [list(r) for r in ids_from_arrow(column.slice(1, 3))] == [[], [3, 4, 5], [2**32 - 1]]
    assert ids_from_arrow(pa.array([[1], None])) is None
    assert ids_from_arrow(pa.array([[1, -1]])) is None
