"""Prefix keys: vLLM bit-exactness (vectors computed here from cbor2 + hashlib) and chain laws."""

from __future__ import annotations

import hashlib

import cbor2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.prefix_keys import (
    ALGOS,
    VLLM_SHA256_CBOR,
    BlockHasher,
    ExtraKeys,
    block_hashes,
    hash_blocks,
    to_wire_int,
)


def vllm_reference(tokens, block_size, seed, lora=None, salt=None):
    """vLLM's sha256_cbor chain written out from reference/vllm.md section 1."""
    parent = hashlib.sha256(cbor2.dumps(seed, canonical=True)).digest()
    out = []
    for i in range(len(tokens) // block_size):
        keys = ([lora] if lora is not None else []) + ([salt] if i == 0 and salt else [])
        extra = tuple(keys) if keys else None
        block = tuple(tokens[i * block_size : (i + 1) * block_size])
        parent = hashlib.sha256(cbor2.dumps((parent, block, extra), canonical=True)).digest()
        out.append(parent)
    return out


TOKENS = [(i * 7919) % 100_000 for i in range(70)]


@pytest.mark.parametrize(
    ("lora", "salt"), [(None, None), (None, "tenant-a"), ("sql-adapter", None), ("x", "s")]
)
def test_vllm_sha256_cbor_bit_exact(lora, salt):
    got = block_hashes(
        TOKENS, 16, ExtraKeys(lora=lora, salt=salt), algo=VLLM_SHA256_CBOR, seed="42"
    )
    assert got == vllm_reference(TOKENS, 16, "42", lora, salt)
    assert len(got) == 4  # 70 tokens -> 4 full blocks, the partial one is not keyed


def test_seed_follows_pythonhashseed(monkeypatch):
    monkeypatch.setenv("PYTHONHASHSEED", "1234")
    assert block_hashes(TOKENS, 16, algo=VLLM_SHA256_CBOR) == vllm_reference(TOKENS, 16, "1234")


def test_wire_int_is_low_64_bits():
    h = bytes(range(32))
    assert to_wire_int(h) == int.from_bytes(h[-8:], "big")


@pytest.mark.parametrize("algo", ALGOS)
def test_isolation_and_position(algo):
    base = block_hashes(TOKENS, 16, algo=algo)
    salted = block_hashes(TOKENS, 16, ExtraKeys(salt="t1"), algo=algo)
    lora = block_hashes(TOKENS, 16, ExtraKeys(lora="a"), algo=algo)
    assert not set(base) & set(salted)
    assert not set(base) & set(lora)
    assert block_hashes(TOKENS, 16, ExtraKeys(salt="t1"), algo=algo) == salted
    # Same block content at another position gets another key (the parent differs).
    rep = block_hashes(TOKENS[:16] * 2, 16, algo=algo)
    assert rep[0] != rep[1]


@pytest.mark.parametrize("algo", ALGOS)
@given(
    tokens=st.lists(st.integers(0, 200_000), max_size=120),
    cut=st.integers(0, 120),
    block_size=st.sampled_from([1, 4, 16]),
)
def test_incremental_equals_batch_and_prefix_stable(algo, tokens, cut, block_size):
    full = hash_blocks(tokens, block_size, algo=algo)
    assert len(full) == len(tokens) // block_size
    hasher = BlockHasher(block_size, algo=algo)
    hasher.update(tokens[:cut])
    hasher.update(tokens)
    assert hasher.hashes == full
    # A key depends only on the tokens up to its block's end.
    assert hash_blocks(tokens[:cut], block_size, algo=algo) == full[: cut // block_size]


def test_unknown_algo_is_a_clear_error():
    with pytest.raises(ValueError, match="choose one of"):
        block_hashes(TOKENS, 16, algo="md5")


def test_seed_change_is_seen_after_an_earlier_call(monkeypatch):
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    default = block_hashes(TOKENS, 16, algo=VLLM_SHA256_CBOR)
    monkeypatch.setenv("PYTHONHASHSEED", "99")
    assert block_hashes(TOKENS, 16, algo=VLLM_SHA256_CBOR) == vllm_reference(TOKENS, 16, "99")
    monkeypatch.delenv("PYTHONHASHSEED")
    assert block_hashes(TOKENS, 16, algo=VLLM_SHA256_CBOR) == default
