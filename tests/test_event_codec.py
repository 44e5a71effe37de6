"""The vLLM KV-event wire codec: round trips, hand-built vLLM messages, fuzzing."""

from __future__ import annotations

import contextlib

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.event_codec import DecodeError, decode_batch, encode_batch
from kvscope.backend.events import (
    AllBlocksCleared,
    BlockEvicted,
    BlockHit,
    BlockPinned,
    BlockRemoved,
    BlockStored,
    BlockSwapped,
    EventBatch,
    RequestPreempted,
)
from kvscope.backend.prefix_keys import block_hashes, to_wire_int

hashes = st.one_of(st.binary(min_size=1, max_size=32), st.integers(0, 2**64 - 1))
opt_str = st.none() | st.text(max_size=8)
opt_int = st.none() | st.integers(0, 1000)
tiers = st.sampled_from(["GPU", "CPU", "DISK"])

stored = st.builds(
    BlockStored,
    block_hashes=st.lists(hashes, max_size=4),
    parent_block_hash=st.none() | hashes,
    token_ids=st.lists(st.integers(0, 200_000), max_size=64),
    block_size=st.integers(1, 64),
    lora_id=opt_int,
    medium=st.none() | tiers,
    lora_name=opt_str,
    extra_keys=st.none() | st.lists(st.none() | st.lists(st.text(max_size=4), max_size=2)),
    group_idx=opt_int,
    kv_cache_spec_kind=opt_str,
    kv_cache_spec_sliding_window=opt_int,
)
removed = st.builds(
    BlockRemoved,
    block_hashes=st.lists(hashes, max_size=4),
    medium=st.none() | tiers,
    group_idx=opt_int,
)
vllm_events = st.one_of(stored, removed, st.just(AllBlocksCleared()))
kvscope_events = st.one_of(
    st.builds(BlockHit, st.lists(hashes, max_size=3), st.integers(0, 10**6), tiers, opt_str,
              opt_str),
    st.builds(
        BlockEvicted,
        st.lists(hashes, max_size=3),
        st.sampled_from(["capacity", "demote"]),
        st.sampled_from(["lru", "gdsf"]),
        st.none() | st.floats(allow_nan=False),
        tiers,
    ),
    st.builds(BlockSwapped, st.lists(hashes, max_size=3), tiers, tiers),
    st.builds(BlockPinned, st.lists(hashes, max_size=3), st.booleans()),
    st.builds(RequestPreempted, st.text(max_size=8), st.sampled_from(["recompute", "swap"]),
              st.integers(0, 100)),
)  # fmt: skip
all_events = st.one_of(vllm_events, kvscope_events)
batches = st.builds(
    EventBatch,
    ts=st.floats(0, 2e9, allow_nan=False),
    events=st.lists(all_events, max_size=6),
    data_parallel_rank=opt_int,
)


@given(batches, st.sampled_from(["map", "array"]))
def test_round_trip_is_exact_with_kvscope_events(batch, form):
    assert decode_batch(encode_batch(batch, form=form, include_kvscope=True)) == batch


@given(batches, st.sampled_from(["map", "array"]))
def test_vllm_consumers_see_only_vllm_event_types(batch, form):
    decoded = decode_batch(encode_batch(batch, form=form))
    expected = [
        e for e in batch.events if isinstance(e, (BlockStored, BlockRemoved, AllBlocksCleared))
    ]
    assert decoded.events == expected


@given(st.lists(vllm_events, max_size=5), st.sampled_from(["map", "array"]))
def test_int_hashes_are_low_64_bits(events, form):
    decoded = decode_batch(encode_batch(EventBatch(1.0, events), form=form, int_hashes=True))
    for before, after in zip(events, decoded.events, strict=True):
        pairs = zip(
            getattr(before, "block_hashes", []), getattr(after, "block_hashes", []), strict=True
        )
        for h0, h1 in pairs:
            assert h1 == (to_wire_int(h0) if isinstance(h0, bytes) else h0)
        if isinstance(before, BlockStored) and before.parent_block_hash is not None:
            p = before.parent_block_hash
            assert after.parent_block_hash == (to_wire_int(p) if isinstance(p, bytes) else p)


def test_trailing_defaults_are_omitted_but_vllm_required_fields_stay():
    h = block_hashes(list(range(32)), 16)
    batch = EventBatch(5.0, [BlockStored(h, None, list(range(32)), 16), BlockRemoved([h[1]])])
    envelope = msgpack.unpackb(encode_batch(batch, form="array"))
    assert len(envelope) == 2  # no dp rank
    stored_arr, removed_arr = envelope[1]
    assert stored_arr == ["BlockStored", h, None, list(range(32)), 16, None, "GPU", None]
    assert removed_arr == ["BlockRemoved", [h[1]], "GPU"]
    as_map = msgpack.unpackb(encode_batch(batch, form="map"))[1][0]
    assert set(as_map) == {"type", "block_hashes", "parent_block_hash", "token_ids", "block_size",
                           "lora_id", "medium", "lora_name"}  # fmt: skip


def test_decodes_hand_built_old_array_form_with_int_hashes():
    # vLLM #16750 field set: block_hashes, parent_block_hash, token_ids, block_size, lora_id.
    msg = msgpack.packb(
        [1700000000.5, [["BlockStored", [11, 12], None, list(range(32)), 16, None],
                        ["BlockRemoved", [11]], ["AllBlocksCleared"]]]
    )  # fmt: skip
    batch = decode_batch(msg)
    assert batch.ts == 1700000000.5 and batch.data_parallel_rank is None
    s, r, c = batch.events
    assert s.block_hashes == [11, 12] and s.parent_block_hash is None and s.block_size == 16
    assert s.medium == "GPU" and s.token_ids == list(range(32))
    assert r == BlockRemoved([11], "GPU") and c == AllBlocksCleared()


def test_decodes_hand_built_array_form_with_medium_and_lora_name():
    h = [b"\x01" * 32, b"\x02" * 32]
    row = ["BlockStored", h, b"\x00" * 32, [1] * 32, 16, 3, "cpu", "adapter-a", [["a"], ["a"]]]
    batch = decode_batch(msgpack.packb([2.0, [row, ["BlockRemoved", h[:1], "cpu"]], 1]))
    s, r = batch.events
    assert batch.data_parallel_rank == 1
    assert (s.lora_id, s.medium, s.lora_name, s.extra_keys) == (
        3,
        "cpu",
        "adapter-a",
        [["a"], ["a"]],
    )
    assert s.parent_block_hash == b"\x00" * 32 and r.medium == "cpu"


def test_decodes_hand_built_new_map_form_and_ignores_unknown_fields():
    # Shape of vLLM v0.26 (kthena #1535), plus fields from a future version.
    ev = {"type": "BlockStored", "block_hashes": [2**64 - 1], "parent_block_hash": None,
          "token_ids": list(range(16)), "block_size": 16, "lora_id": None, "medium": "GPU",
          "lora_name": None, "extra_keys": [None], "group_idx": 0,
          "kv_cache_spec_kind": "full_attention", "remaining_copy_counts": [1]}  # fmt: skip
    future = {"type": "SomethingNew", "x": 1}
    batch = decode_batch(
        msgpack.packb(
            [
                3.0,
                [
                    ev,
                    future,
                    {
                        "type": "BlockRemoved",
                        "block_hashes": [2**64 - 1],
                        "medium": "GPU",
                        "group_idx": 0,
                    },
                ],
                0,
            ]
        )
    )
    s, r = batch.events
    assert s.block_hashes == [2**64 - 1] and s.group_idx == 0
    assert s.kv_cache_spec_kind == "full_attention" and s.extra_keys == [None]
    assert r.group_idx == 0 and batch.data_parallel_rank == 0


@pytest.mark.parametrize(
    "obj",
    [
        {"ts": 1},
        [1.0],
        ["x", []],
        [1.0, "events"],
        [1.0, [["BlockStored", [b"a"]]]],
        [1.0, [["BlockStored", ["not-a-hash"], None, [], 16]]],
        [1.0, [{"type": "BlockRemoved"}]],
        [1.0, [{"block_hashes": []}]],
        [1.0, [[1, 2, 3]]],
        [1.0, [], "rank"],
        [1.0, [["BlockStored", [1], None, [1.5], 16]]],
        [1.0, [["BlockStored", [1], None, [], True]]],
    ],
)
def test_malformed_batches_raise_decode_error(obj):
    with pytest.raises(DecodeError):
        decode_batch(msgpack.packb(obj))


@given(st.binary(max_size=200))
def test_fuzz_random_bytes_never_crash(data):
    with contextlib.suppress(DecodeError):
        decode_batch(data)


keys = st.text(max_size=12) | st.sampled_from(
    ["type", "block_hashes", "medium", "token_ids", "block_size", "parent_block_hash"]
)
msg_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text(max_size=6)
    | st.binary(max_size=6) | st.sampled_from(["BlockStored", "BlockRemoved", "type", "BlockHit"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=30,
)  # fmt: skip


@given(
    st.floats(allow_nan=False) | st.integers(-(2**63), 2**64 - 1), st.lists(msg_values, max_size=4)
)
def test_fuzz_structured_messages_decode_or_raise_decode_error(ts, events):
    try:
        batch = decode_batch(msgpack.packb([ts, events]))
    except DecodeError:
        return
    assert isinstance(batch, EventBatch)
