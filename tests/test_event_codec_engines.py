"""kvscope's codec against vLLM 0.32's and SGLang's KV-event structs, rebuilt with msgspec.

The structs below are written from the facts in reference/vllm.md section 6 and
reference/sglang-dynamo-llmd-lmcache.md section 10 (field names, order, tags, array/map form),
not copied from either project. Each test encodes with one side and decodes with the other.
"""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.event_codec import DecodeError, decode_batch, encode_batch
from kvscope.backend.event_jsonl import from_jsonl, to_jsonl
from kvscope.backend.events import AllBlocksCleared, BlockRemoved, BlockStored, EventBatch
from kvscope.inspect.blocks import TIERS, tier_index
from kvscope.inspect.fold import CacheState, salt_tenant

# --- vLLM 0.32: map-form events tagged by "type", defaults omitted; positional batch ------------


class VEvent(msgspec.Struct, tag=True, tag_field="type", omit_defaults=True, gc=False):
    pass


class VBlockStored(VEvent, tag="BlockStored"):
    block_hashes: list[int | bytes]
    parent_block_hash: int | bytes | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None
    medium: str | None
    lora_name: str | None
    extra_keys: list[Any] | None = None
    group_idx: int | None = None
    kv_cache_spec_kind: str | None = None
    kv_cache_spec_sliding_window: int | None = None
    locality: Any = None
    ownership: Any = None
    session_id: Any = None


class VBlockRemoved(VEvent, tag="BlockRemoved"):
    block_hashes: list[int | bytes]
    medium: str | None
    group_idx: int | None = None


class VAllBlocksCleared(VEvent, tag="AllBlocksCleared"):
    pass


class VBatch(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    ts: float
    events: list[VBlockStored | VBlockRemoved | VAllBlocksCleared]
    data_parallel_rank: int | None = None


# --- SGLang: array-like tagged events; BlockStoredWithMetadata reuses the BlockStored tag -------


class SEvent(msgspec.Struct, array_like=True, omit_defaults=True, gc=False, tag=True):
    pass


class SBlockStored(SEvent, tag="BlockStored"):
    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None
    medium: str | None = None


class SBlockStoredWithMetadata(SBlockStored, kw_only=True, tag="BlockStored"):
    metadata: dict[str, Any]


class SBlockRemoved(SEvent, tag="BlockRemoved"):
    block_hashes: list[int]
    medium: str | None = None


class SAllBlocksCleared(SEvent, tag="AllBlocksCleared"):
    pass


class SBatch(msgspec.Struct, array_like=True, gc=False):
    ts: float
    events: list[SBlockStored | SBlockRemoved | SAllBlocksCleared]
    attn_dp_rank: int | None = None


class SSaltedBatch(msgspec.Struct, array_like=True, gc=False):
    """A consumer that expects the salted variant (the tag is shared, so it is one or the other)."""

    ts: float
    events: list[SBlockStoredWithMetadata | SBlockRemoved | SAllBlocksCleared]
    attn_dp_rank: int | None = None


ENC = msgspec.msgpack.Encoder()
KNOWN = {"type", "block_hashes", "medium", "group_idx", "extra", "metadata"}
H = [-(2**63), -5, 7, 2**63 - 1]  # SGLang's hashes are signed 64-bit: negative values occur


def _vllm_032_batch() -> VBatch:
    stored = VBlockStored([2**64 - 1, 12], None, list(range(64)), 32, None, "GPU", None,
                          extra_keys=[None, None], group_idx=0,
                          kv_cache_spec_kind="full_attention", locality="local",
                          ownership={"owner": "r0"}, session_id="s-42")  # fmt: skip
    return VBatch(5.0, [stored, VBlockRemoved([12], "GPU", group_idx=0)], 0)


def test_vllm_032_fields_kvscope_does_not_know_survive_a_decode_encode_round_trip():
    sent = _vllm_032_batch()
    ours = decode_batch(ENC.encode(sent))
    stored = ours.events[0]
    assert stored.block_hashes == [2**64 - 1, 12] and stored.group_idx == 0
    assert stored.extra == {"locality": "local", "ownership": {"owner": "r0"}, "session_id": "s-42"}
    again = msgspec.msgpack.decode(encode_batch(ours, form="map"), type=VBatch)
    assert again == sent  # vLLM's own decoder reads back exactly what vLLM sent
    assert from_jsonl(to_jsonl(ours)) == ours  # and the JSONL trace keeps them too


def test_unknown_trailing_fields_of_the_tagged_array_form_round_trip_in_place():
    row = ["BlockStored", [1], None, [0] * 32, 32, None, "GPU", None, None, 0, "full_attention",
           None, "local", None, "s-1"]  # fmt: skip
    sent = [1.0, [row, ["BlockRemoved", [1], "GPU", 0, "future"]]]
    ours = decode_batch(msgspec.msgpack.encode(sent))
    assert ours.events[0].extra == ["local", None, "s-1"]
    assert ours.events[1].extra == ["future"]
    assert msgspec.msgpack.decode(encode_batch(ours, form="array")) == sent


def test_sglang_salted_batch_decodes_with_signed_hashes_and_its_cpu_pinned_tier():
    salted = SBlockStoredWithMetadata(H[:2], None, list(range(8)), 4, None, "GPU",
                                      metadata={"cache_salt": "tenant-a-secret"})  # fmt: skip
    child = SBlockStoredWithMetadata(H[2:3], H[1], list(range(8, 12)), 4, None, "CPU_PINNED",
                                     metadata={"cache_salt": "tenant-a-secret"})  # fmt: skip
    plain = SBlockStored(H[3:], None, [9, 9, 9, 9], 4, None, "GPU")
    raw = ENC.encode(SBatch(3.0, [salted, child, plain, SBlockRemoved(H[:1], "GPU")]))
    ours = decode_batch(raw)
    assert [type(e) for e in ours.events] == [BlockStored, BlockStored, BlockStored, BlockRemoved]
    first = ours.events[0]
    assert first.block_hashes == H[:2] and first.lora_name is None
    assert first.metadata == {"cache_salt": "tenant-a-secret"} and ours.events[2].metadata is None
    assert TIERS[tier_index(ours.events[1].medium)] == "CPU"

    state = CacheState()
    state.apply(ours)
    state.check_integrity()
    tenant = salt_tenant("tenant-a-secret")
    assert tenant.startswith("salt:") and "secret" not in tenant
    assert state.blocks[H[1]].tenant == tenant and state.blocks[H[2]].tenant == tenant
    assert state.blocks[H[2]].copies == {"CPU": 1} and state.blocks[H[3]].tenant is None
    assert state.tenants[tenant].blocks == 2  # H[0] left the GPU (its only copy)
    assert state.evictions_by_reason() == {"removed from GPU": 1}


def test_sglang_consumers_decode_what_kvscope_encodes():
    events = [
        BlockStored([2**64 - 1, 3], None, list(range(8)), 4, medium="GPU"),
        BlockRemoved([3], medium="CPU_PINNED"),
        AllBlocksCleared(),
    ]
    got = msgspec.msgpack.decode(encode_batch(EventBatch(1.5, events), form="array"), type=SBatch)
    assert got.ts == 1.5 and got.attn_dp_rank is None
    stored, removed, cleared = got.events
    assert stored == SBlockStored([2**64 - 1, 3], None, list(range(8)), 4, None, "GPU")
    assert removed == SBlockRemoved([3], "CPU_PINNED") and isinstance(cleared, SAllBlocksCleared)

    salted = BlockStored([5], None, [1, 2, 3, 4], 4, medium="GPU", metadata={"cache_salt": "x"})
    payload = encode_batch(EventBatch(2.0, [salted]), form="array")
    (back,) = msgspec.msgpack.decode(payload, type=SSaltedBatch).events
    assert back.metadata == {"cache_salt": "x"} and back.block_hashes == [5]
    assert decode_batch(payload).events == [salted]  # and kvscope reads its own output back


def test_vllm_consumers_decode_kvscope_with_metadata_in_the_map_form():
    salted = BlockStored([5], None, [1, 2, 3, 4], 4, lora_name="adapter", metadata={"k": 1})
    got = msgspec.msgpack.decode(encode_batch(EventBatch(2.0, [salted])), type=VBatch)
    assert got.events[0].lora_name == "adapter"  # vLLM ignores the metadata key it does not know
    assert decode_batch(encode_batch(EventBatch(2.0, [salted]))).events == [salted]


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None)
@given(
    tail=st.lists(_values, max_size=4),
    unknown=st.dictionaries(
        st.text(min_size=1, max_size=8).filter(lambda k: k not in KNOWN), _values, max_size=3
    ),
    meta=st.none() | st.dictionaries(st.text(max_size=5), _values, max_size=2),
)
def test_fuzz_unknown_fields_and_metadata_round_trip_or_raise_decode_error(tail, unknown, meta):
    base = ["BlockStored", [1, -2], None, [0] * 8, 4, None, "GPU"]
    rows = [[*base, meta, *tail]] if meta is not None else [[*base, *[None] * 6, *tail]]
    maps = [{"type": "BlockRemoved", "block_hashes": [3], "medium": "GPU", **unknown}]
    for events, form in ((rows, "array"), (maps, "map")):
        raw = msgspec.msgpack.encode([1.0, events])
        try:
            ours = decode_batch(raw)
        except DecodeError:
            continue
        assert decode_batch(encode_batch(ours, form=form)) == ours
        assert from_jsonl(to_jsonl(ours)).events[0].TYPE == ours.events[0].TYPE
