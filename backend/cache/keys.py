"""Block-hash chains of requests, with explicitly shared (cross-tenant) prefixes.

Every key comes from ``kvscope.backend.prefix_keys``, so "a hit" means what it means in
promptlint and the inspector. One addition: a declared shared prefix (a public system prompt).
A salted request whose tokens start with a shared prefix hashes that prefix *without* its salt
(so every tenant meets the same blocks) and enters its salt right after it, through a salted
parent key ``H(parent || "kvscope-salt:" || salt)``; the rest of its chain stays private.
Unsalted requests are unaffected (their chain is the plain one).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import xxhash

from kvscope.backend.prefix_keys import VLLM_SHA256_CBOR, ExtraKeys, hash_blocks


def salted_parent(parent: bytes, salt: str, algo: str) -> bytes:
    """The parent key that carries a tenant's salt into the blocks after a shared prefix."""
    data = parent + b"kvscope-salt:" + salt.encode()
    if algo == VLLM_SHA256_CBOR:
        return hashlib.sha256(data).digest()
    return xxhash.xxh3_128_digest(data)


class SharedPrefixes:
    """Declared shared prefixes, block-aligned (a partial last block is dropped)."""

    __slots__ = ("block_size", "prefixes")

    def __init__(self, block_size: int) -> None:
        self.block_size = block_size
        self.prefixes: list[tuple[int, ...]] = []

    def add(self, tokens: Sequence[int]) -> int:
        """Declare a shared prefix; returns its length in whole blocks (0: too short, ignored)."""
        n = len(tokens) // self.block_size * self.block_size
        prefix = tuple(tokens[:n])
        if n and prefix not in self.prefixes:
            self.prefixes.append(prefix)
            self.prefixes.sort(key=len, reverse=True)
        return n // self.block_size

    def blocks_for(self, tokens: Sequence[int]) -> int:
        """Whole blocks of the longest declared prefix that ``tokens`` starts with."""
        for prefix in self.prefixes:
            n = len(prefix)
            if len(tokens) >= n and tuple(tokens[:n]) == prefix:
                return n // self.block_size
        return 0


class ChainKeys:
    """The keys of one request's full blocks, extended as its tokens grow."""

    __slots__ = ("algo", "block_size", "extra", "hashes", "seed", "shared_blocks")

    def __init__(
        self,
        block_size: int,
        extra: ExtraKeys,
        algo: str,
        shared_blocks: int = 0,
        seed: str | None = None,
    ) -> None:
        self.block_size = block_size
        self.extra = extra
        self.algo = algo
        self.seed = seed
        self.shared_blocks = shared_blocks if extra.salt is not None else 0
        self.hashes: list[bytes] = []

    def extend(self, tokens: Sequence[int], n_blocks: int) -> list[bytes]:
        """Make sure the keys of blocks ``[0, n_blocks)`` exist (tokens must cover them)."""
        bs, hashes = self.block_size, self.hashes
        while len(hashes) < n_blocks:
            done = len(hashes)
            parent = hashes[-1] if hashes else None
            k = self.shared_blocks
            if done < k:
                extra = ExtraKeys(self.extra.model, self.extra.lora, None)
                stop = min(n_blocks, k)
            else:
                extra, stop = self.extra, n_blocks
                if done == k and k > 0:
                    parent = salted_parent(parent, self.extra.salt, self.algo)
            chunk = tokens[done * bs : stop * bs]
            hashes.extend(hash_blocks(chunk, bs, extra, self.algo, self.seed, parent, done))
        return hashes


class FixedKeys:
    """Keys given up front (``simulate`` with precomputed hashes)."""

    __slots__ = ("extra", "hashes")

    def __init__(self, hashes: list[bytes], extra: ExtraKeys) -> None:
        self.hashes = hashes
        self.extra = extra

    def extend(self, tokens: Sequence[int] | None, n_blocks: int) -> list[bytes]:
        return self.hashes
