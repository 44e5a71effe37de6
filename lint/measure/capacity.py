"""Hit rate vs cache capacity, through the backend's own eviction code.

The first pass (the analyzer) spools each request's block keys to a temporary file (16 bytes
a block for the default xxh3-128 keys; no memory). Each
(policy, capacity) point then replays the spool through ``kvscope.backend.cache.simulate``,
the same manager and policies the server runs, so "a hit" here is a hit there. Nothing about
eviction is reimplemented in this module.
"""

from __future__ import annotations

import re
import struct
import tempfile
from collections.abc import Iterator
from typing import NamedTuple

POLICIES = ("lru", "gdsf")
DEFAULT_POINTS = "5%,10%,25%,50%,100%"
_UNITS = {
    "": 1,
    "b": 1,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
}
_HEADER = struct.Struct("<II")


class CapacityPoint(NamedTuple):
    """A requested capacity: exactly one of blocks, bytes or a fraction of the unique blocks."""

    blocks: int | None
    nbytes: int | None
    fraction: float | None
    label: str


def parse_points(spec: str) -> list[CapacityPoint]:
    """``"10%,4096,8GiB"`` -> points; raises ``ValueError`` with what to write instead."""
    out = []
    for raw in spec.split(","):
        item = raw.strip()
        if not item:
            continue
        if item.endswith("%"):
            value = float(item[:-1])
            if not 0 < value <= 1000:
                raise ValueError(f"capacity {item!r}: a percentage must be in (0, 1000]")
            out.append(CapacityPoint(None, None, value / 100, item))
            continue
        m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kKmMgGtT]i?[bB]|[bB])?", item)
        if m is None:
            raise ValueError(
                f"capacity {item!r}: write blocks (4096), bytes (8GiB, 512MB) or a percentage "
                "of the log's unique blocks (25%)"
            )
        unit = (m.group(2) or "").lower()
        if unit:
            out.append(CapacityPoint(None, int(float(m.group(1)) * _UNITS[unit]), None, item))
        else:
            out.append(CapacityPoint(int(float(m.group(1))), None, None, item))
    if not out:
        raise ValueError("--capacity is empty; give e.g. 10%,25%,50% or 'none'")
    return out


def resolve_blocks(point: CapacityPoint, unique_blocks: int, block_bytes: int | None) -> int:
    """The capacity in blocks (at least 1)."""
    if point.blocks is not None:
        return max(1, point.blocks)
    if point.fraction is not None:
        return max(1, round(unique_blocks * point.fraction))
    if not block_bytes:
        raise ValueError(
            f"capacity {point.label!r} is in bytes: pass --kv-bytes-per-token N or --preset NAME"
        )
    return max(1, point.nbytes // block_bytes)


class Spool:
    """A temporary file of (num_tokens, block keys) per request, in log order.

    Keys go to disk as they are (16 bytes a block for xxh3-128), so the spool costs no memory.
    """

    def __init__(self, key_size: int = 16) -> None:
        self.key_size = key_size
        self.file = tempfile.TemporaryFile(prefix="kvscope-measure-")  # noqa: SIM115
        self.count = 0

    def add(self, keys: list[bytes], num_tokens: int) -> None:
        if keys and len(keys[0]) != self.key_size:
            raise ValueError(
                f"block keys are {len(keys[0])} bytes, the spool takes {self.key_size}"
            )
        self.file.write(_HEADER.pack(num_tokens, len(keys)))
        self.file.write(b"".join(keys))
        self.count += 1

    def replay(self) -> Iterator[tuple[list[bytes], int]]:
        """(block keys, num_tokens) per request."""
        f, size = self.file, self.key_size
        f.flush()
        f.seek(0)
        read = f.read
        for _ in range(self.count):
            n_tokens, n_blocks = _HEADER.unpack(read(_HEADER.size))
            raw = read(size * n_blocks)
            yield [raw[i : i + size] for i in range(0, len(raw), size)], n_tokens

    def close(self) -> None:
        self.file.close()


def simulator():
    """The backend's ``simulate`` and ``HashedRequest``, or ``None`` if it is not available."""
    try:
        from kvscope.backend.cache import HashedRequest, simulate
    except ImportError:
        return None
    return simulate, HashedRequest


class CurveLog(NamedTuple):
    """What every row of a capacity curve is scaled by."""

    block_size: int
    block_bytes: int | None
    unique: int
    prompt_tokens: int


def curve_row(
    log: CurveLog, policy: str, point: CapacityPoint, blocks: int, hit: int, too_large: int
) -> dict:
    """One capacity-curve row: the capacity in blocks, tokens and bytes, and the hits there."""
    return {
        "policy": policy,
        "capacity": point.label,
        "capacity_blocks": blocks,
        "capacity_tokens": blocks * log.block_size,
        "capacity_bytes": blocks * log.block_bytes if log.block_bytes else None,
        "fraction_of_unique_blocks": blocks / log.unique if log.unique else None,
        "hit_tokens": hit,
        "hit_rate": hit / log.prompt_tokens if log.prompt_tokens else 0.0,
        "requests_too_large": too_large,
    }


def capacity_curve(
    spool: Spool,
    unique: int,
    points: list[CapacityPoint],
    policies: list[str],
    block_size: int,
    prompt_tokens: int,
    block_bytes: int | None,
) -> list[dict]:
    """One row per (policy, capacity): hit tokens and hit rate over the whole log."""
    sim = simulator()
    if sim is None:
        raise RuntimeError(
            "the backend cache simulator (kvscope.backend.cache.simulate) is "
            "missing; reinstall kvscope"
        )
    simulate, hashed = sim
    log = CurveLog(block_size, block_bytes, unique, prompt_tokens)
    rows = []
    for policy in policies:
        for point in points:
            blocks = resolve_blocks(point, unique, block_bytes)
            requests = (hashed(keys, n) for keys, n in spool.replay())
            result = simulate(requests, blocks, policy, block_size=block_size)
            hit = int(result.hit_tokens)
            rows.append(curve_row(log, policy, point, blocks, hit, int(result.skipped)))
    return rows
