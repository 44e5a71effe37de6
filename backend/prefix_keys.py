"""Prefix keys: the block-hash chain every kvscope tool agrees on.

A block's key covers its tokens, its position (through the parent's key) and the request's extra
keys. Only full blocks get a key. Two algorithms:

- ``xxh3-128`` (the default): xxh3-128 over ``parent || extra || token bytes``; fast.
- ``vllm-sha256-cbor``: bit-exact with vLLM's ``sha256_cbor``:
  ``H_i = sha256(cbor(canonical)((H_{i-1} or NONE_HASH, tuple(tokens_i), extra_keys_i)))`` with
  ``NONE_HASH = sha256(cbor("<PYTHONHASHSEED>"))``. vLLM puts the LoRA name on every block and the
  cache salt on block 0 only (it reaches later blocks through the chain); the model id is not hashed
  there because vLLM keeps one cache per model.

Unlike vLLM, an unset ``PYTHONHASHSEED`` does not mean a random seed: kvscope's tools must agree
across processes, so the seed defaults to ``"0"``. Pass ``seed=`` to match a vLLM started with
another ``PYTHONHASHSEED``.

This module is torch-free and imported by promptlint; keep it light.
"""

from __future__ import annotations

import hashlib
import os
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from struct import Struct
from typing import NewType

import xxhash

BlockHash = NewType("BlockHash", bytes)

XXH3 = "xxh3-128"
VLLM_SHA256_CBOR = "vllm-sha256-cbor"
ALGOS = (XXH3, VLLM_SHA256_CBOR)
DEFAULT_ALGO = XXH3
DEFAULT_BLOCK_SIZE = 16

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class ExtraKeys:
    """What besides the tokens separates two caches: model, LoRA adapter, tenant salt.

    ``salt=None`` means "no salt"; an empty salt is rejected by the server, not here.
    """

    model: str | None = None
    lora: str | None = None
    salt: str | None = None


NO_EXTRA = ExtraKeys()


def default_seed() -> str:
    return os.environ.get("PYTHONHASHSEED") or "0"


def none_hash(algo: str = DEFAULT_ALGO, seed: str | None = None) -> BlockHash:
    """The parent of block 0 (vLLM's ``NONE_HASH``); ``seed=None`` reads ``PYTHONHASHSEED`` now."""
    return _none_hash(algo, default_seed() if seed is None else seed)


@lru_cache(maxsize=64)
def _none_hash(algo: str, seed: str) -> BlockHash:
    if algo == VLLM_SHA256_CBOR:
        import cbor2

        return BlockHash(hashlib.sha256(cbor2.dumps(seed, canonical=True)).digest())
    if algo == XXH3:
        return BlockHash(xxhash.xxh3_128_digest(b"kvscope-none-hash:" + seed.encode()))
    raise ValueError(f"unknown prefix-key algorithm {algo!r}; choose one of {', '.join(ALGOS)}")


def vllm_extra_keys(extra: ExtraKeys, block_index: int) -> tuple | None:
    """vLLM's per-block extra keys: LoRA name on every block, salt on block 0 only."""
    keys: list = []
    if extra.lora is not None:
        keys.append(extra.lora)
    if block_index == 0 and extra.salt is not None:
        keys.append(extra.salt)
    return tuple(keys) if keys else None


def _xxh3_prefix(extra: ExtraKeys, block_index: int) -> bytes:
    if block_index != 0 or extra == NO_EXTRA:
        return b""
    parts = (extra.model or "", extra.lora or "", extra.salt or "")
    return ("\x1f".join(parts) + "\x1e").encode()


def _xxh3_lora(extra: ExtraKeys) -> bytes:
    return b"" if extra.lora is None else b"\x1dL" + extra.lora.encode()


def hash_blocks(
    tokens: Sequence[int],
    block_size: int = DEFAULT_BLOCK_SIZE,
    extra: ExtraKeys = NO_EXTRA,
    algo: str = DEFAULT_ALGO,
    seed: str | None = None,
    parent: bytes | None = None,
    start_block: int = 0,
) -> list[BlockHash]:
    """Keys of the full blocks of ``tokens``, which start at block ``start_block`` of the request.

    ``parent`` is the key of block ``start_block - 1`` (``None`` at the start of a request).
    """
    if block_size <= 0:
        raise ValueError("block_size must be a positive number of tokens")
    n_full = len(tokens) // block_size
    if n_full == 0:
        return []
    if parent is None:
        if start_block != 0:
            raise ValueError("parent is required when start_block > 0")
        parent = none_hash(algo, seed)
    out: list[BlockHash] = []
    if algo == XXH3:
        _chain_xxh3(tokens, n_full * block_size, 4 * block_size, extra, parent, start_block, out)
        return out
    if algo == VLLM_SHA256_CBOR:
        import cbor2

        dumps, sha = cbor2.dumps, hashlib.sha256
        for i in range(n_full):
            block = tuple(tokens[i * block_size : (i + 1) * block_size])
            key = (parent, block, vllm_extra_keys(extra, start_block + i))
            parent = sha(dumps(key, canonical=True)).digest()
            out.append(BlockHash(parent))
        return out
    raise ValueError(f"unknown prefix-key algorithm {algo!r}; choose one of {', '.join(ALGOS)}")


def _chain_xxh3(
    tokens: Sequence[int],
    used: int,
    step: int,
    extra: ExtraKeys,
    parent: bytes,
    start_block: int,
    out: list,
) -> None:
    """The xxh3-128 chain with one concatenation per block (struct cuts the token bytes).

    Only block 0 of a request carries the model/salt prefix; every block carries the LoRA.
    """
    if isinstance(tokens, array) and tokens.typecode == "I":
        raw = tokens.tobytes()
        if len(raw) != 4 * used:
            raw = raw[: 4 * used]
    else:
        raw = array("I", tokens[:used]).tobytes()
    digest, append = xxhash.xxh3_128_digest, out.append
    lora = _xxh3_lora(extra)
    if start_block == 0 and extra != NO_EXTRA:
        parent = digest(parent + _xxh3_prefix(extra, 0) + lora + raw[:step])
        append(parent)
        raw = raw[step:]
    blocks = _blocks(step).iter_unpack(raw)
    if lora:
        for (block,) in blocks:
            parent = digest(parent + lora + block)
            append(parent)
    else:
        for (block,) in blocks:
            parent = digest(parent + block)
            append(parent)


@lru_cache(maxsize=16)
def _blocks(step: int) -> Struct:
    return Struct(f"{step}s")


def block_hashes(
    tokens: Sequence[int],
    block_size: int = DEFAULT_BLOCK_SIZE,
    extra_keys: ExtraKeys = NO_EXTRA,
    algo: str = DEFAULT_ALGO,
    seed: str | None = None,
) -> list[BlockHash]:
    """Keys of every full block of a request's tokens."""
    return hash_blocks(tokens, block_size, extra_keys, algo, seed)


class BlockHasher:
    """Incremental keys for one request: ``update`` hashes only newly completed blocks."""

    __slots__ = ("algo", "block_size", "extra", "hashes", "seed")

    def __init__(
        self,
        block_size: int = DEFAULT_BLOCK_SIZE,
        extra: ExtraKeys = NO_EXTRA,
        algo: str = DEFAULT_ALGO,
        seed: str | None = None,
    ) -> None:
        if algo not in ALGOS:
            raise ValueError(
                f"unknown prefix-key algorithm {algo!r}; choose one of {', '.join(ALGOS)}"
            )
        self.block_size = block_size
        self.extra = extra
        self.algo = algo
        self.seed = seed
        self.hashes: list[BlockHash] = []

    def update(self, tokens: Sequence[int]) -> list[BlockHash]:
        """Given all of the request's tokens so far, return the keys of newly full blocks."""
        done = len(self.hashes)
        start = done * self.block_size
        if len(tokens) - start < self.block_size:
            return []
        parent = self.hashes[-1] if self.hashes else None
        new = hash_blocks(
            tokens[start:], self.block_size, self.extra, self.algo, self.seed, parent, done
        )
        self.hashes.extend(new)
        return new


def to_wire_int(h: bytes) -> int:
    """vLLM's int form of a block hash on the KV-event wire: the low 64 bits, big-endian."""
    return int.from_bytes(h, "big") & _MASK64


def short(h: bytes | int) -> str:
    """A short printable form of a hash for humans (12 hex digits)."""
    if isinstance(h, int):
        return f"{h & _MASK64:016x}"[:12]
    return h.hex()[:12]
