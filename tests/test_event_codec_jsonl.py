"""JSONL codec: every event type round-trips exactly; malformed lines raise DecodeError."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_event_codec import all_events, batches

from kvscope.backend.event_codec import DecodeError, from_jsonl, to_jsonl
from kvscope.backend.events import BlockStored, EventBatch


@given(all_events)
def test_event_round_trip(event):
    line = to_jsonl(event)
    assert "\n" not in line
    assert from_jsonl(line) == event


@given(batches)
def test_batch_round_trip(batch):
    assert from_jsonl(to_jsonl(batch)) == batch


def test_hashes_are_hex_and_int_hashes_keep_their_kind():
    event = BlockStored([b"\xab\xcd", 2**64 - 1], 7, [1, 2], 1, extra_keys=[[b"\x00"], None])
    obj = json.loads(to_jsonl(event))
    assert obj["block_hashes"] == ["abcd", "0xffffffffffffffff"]
    assert obj["parent_block_hash"] == "0x7"
    back = from_jsonl(to_jsonl(EventBatch(1.0, [event])))
    assert back.events[0].block_hashes == [b"\xab\xcd", 2**64 - 1]
    assert back.events[0].extra_keys == [[b"\x00"], None]


@pytest.mark.parametrize(
    "line",
    [
        "",
        "[]",
        "{",
        '{"type": "Nope"}',
        '{"type": "BlockRemoved", "block_hashes": ["zz"]}',
        '{"type": "BlockRemoved", "block_hashes": [12]}',
        '{"ts": "x", "events": []}',
        '{"ts": 1, "events": [1]}',
        '{"ts": 1, "events": [], "dp_rank": "a"}',
        '{"type": "BlockStored", "block_hashes": [], "token_ids": [], "block_size": 1}',
    ],
)
def test_malformed_lines_raise_decode_error(line):
    with pytest.raises(DecodeError):
        from_jsonl(line)


@given(st.text(max_size=120))
def test_fuzz_text_never_crashes(line):
    with contextlib.suppress(DecodeError):
        from_jsonl(line)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "ts", "events", "block_hashes", "medium", "dp_rank", "x"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@given(json_values)
def test_fuzz_json_objects_never_crash(obj):
    with contextlib.suppress(DecodeError):
        from_jsonl(json.dumps(obj))
