"""Cache configuration, the results the manager hands back, and its one error.

``CacheConfig`` is validated once (``validate``) with one-line messages that say what to do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from kvscope.backend.prefix_keys import ALGOS, DEFAULT_ALGO, NO_EXTRA, ExtraKeys

POLICIES = ("lru", "gdsf")


class NoSpace(RuntimeError):
    """The device tier cannot hold what was asked, even after evicting everything evictable.

    Raised by ``allocate``, ``append``, ``swap_in`` and ``swap_out``; nothing was changed that a
    caller can see (the check-then-act pairs ``can_*`` predict it exactly).
    """


@dataclass(slots=True)
class CacheConfig:
    """What the cache manager is built from.

    ``num_blocks`` device blocks of ``block_size`` tokens; ``host_blocks`` and ``disk_blocks`` size
    the lower tiers (0 = no such tier; the disk tier also needs ``disk_dir`` to keep data);
    ``host_bytes`` / ``disk_bytes`` size them in bytes instead (whole blocks of the storage's
    ``block_nbytes``; they need a storage).
    ``pinned_prefixes`` are token prefixes (hashed with ``pin_extra``) that are never evicted once
    computed; ``shared_prefixes`` are token prefixes every tenant may share whatever its salt.
    ``gdsf_attn_tokens`` shapes gdsf's recompute cost: a block at position p costs
    ``block_size * (1 + p / gdsf_attn_tokens)`` tokens to recompute (attention grows with depth);
    gdsf's hit rate weighs each access by ``0.5 ** (age / gdsf_half_life)`` (age in lookups).
    """

    num_blocks: int
    block_size: int = 16
    eviction: str = "gdsf"
    enable_prefix_caching: bool = True
    host_blocks: int = 0
    disk_dir: str | None = None
    disk_blocks: int = 0
    algo: str = DEFAULT_ALGO
    host_bytes: int = 0
    disk_bytes: int = 0
    pinned_prefixes: list[list[int]] = field(default_factory=list)
    shared_prefixes: list[list[int]] = field(default_factory=list)
    pin_extra: ExtraKeys = NO_EXTRA
    gdsf_attn_tokens: int = 32768
    gdsf_half_life: int = 500
    seed: str | None = None

    def validate(self) -> None:
        """Raise ``ValueError`` with a one-line, actionable message on a bad setting."""
        checks = (
            (self.num_blocks >= 1, "num_blocks must be at least 1"),
            (self.block_size >= 1, "block_size must be a positive number of tokens"),
            (self.eviction in POLICIES, f"eviction must be one of {', '.join(POLICIES)}"),
            (self.host_blocks >= 0, "host_blocks must be 0 or more"),
            (self.disk_blocks >= 0, "disk_blocks must be 0 or more"),
            (self.host_bytes >= 0 and self.disk_bytes >= 0, "tier sizes in bytes must be >= 0"),
            (self.algo in ALGOS, f"algo must be one of {', '.join(ALGOS)}"),
            (self.gdsf_attn_tokens >= 1, "gdsf_attn_tokens must be at least 1"),
            (self.gdsf_half_life >= 1, "gdsf_half_life must be at least 1 lookup"),
        )
        for ok, message in checks:
            if not ok:
                raise ValueError(message)


class Match(NamedTuple):
    """The longest cached block-aligned prefix of a prompt (never its last token)."""

    num_tokens: int
    block_hashes: list[bytes]
    tiers: list[str]


class Allocation(NamedTuple):
    """A sequence's device blocks after ``allocate``.

    ``num_cached_tokens`` tokens already have KV in ``block_table`` (device hits plus blocks
    promoted from host or disk); the caller computes the rest.
    """

    block_table: list[int]
    num_cached_tokens: int
    promoted_blocks: int


class HashedRequest(NamedTuple):
    """A request given by its precomputed block-hash chain (for ``simulate``; skips hashing)."""

    block_hashes: list[bytes]
    num_tokens: int


def tier_blocks(blocks: int, nbytes: int, storage: object | None, name: str) -> int:
    """A tier's capacity in blocks, from blocks or (given a storage) bytes."""
    if blocks or not nbytes:
        return blocks
    block_nbytes = getattr(storage, "block_nbytes", None)
    if not block_nbytes:
        raise ValueError(f"{name}_bytes needs a storage with block_nbytes; give {name}_blocks")
    return nbytes // int(block_nbytes)
