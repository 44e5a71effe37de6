"""Independent cache replays, one process each: the miniature caches and the routed fleets.

Every (policy, capacity) point of a sampled curve and every (policy, capacity, routing) fleet
is its own replay of the same spooled requests, so ``--jobs N`` runs them side by side in N
processes (spawned: no state is shared but the spool file, read by each from its path). The
results do not depend on N (a test checks it).
"""

from __future__ import annotations

import contextlib
import os
import struct
import tempfile
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import NamedTuple

from kvscope.lint.measure.replica import SimRequest, replay
from kvscope.lint.measure.routing import FleetResult, simulate_fleet

_HEADER = struct.Struct("<III")  # tokens, blocks, session bytes << 1 | has session


class SpoolFile(NamedTuple):
    """Where a spool is and how to read it (picklable, for the worker processes)."""

    path: str
    key_size: int
    count: int


def read_spool(spool: SpoolFile) -> Iterator[SimRequest]:
    """The requests of a spool file, in the order they were added."""
    size = spool.key_size
    with open(spool.path, "rb") as f:
        read = f.read
        for _ in range(spool.count):
            n_tokens, n_blocks, sess = _HEADER.unpack(read(_HEADER.size))
            raw = read(sess >> 1)
            session = raw.decode("utf-8", "surrogatepass") if sess & 1 else None
            block = read(size * n_blocks)
            keys = [block[i : i + size] for i in range(0, len(block), size)]
            yield SimRequest(keys, n_tokens, session)


class RequestSpool:
    """A temporary file of (tokens, session, block keys) per request, in log order; removed
    by ``close``."""

    def __init__(self, key_size: int = 16, folder: str | None = None) -> None:
        self.key_size = key_size
        fd, self.path = tempfile.mkstemp(prefix="kvscope-replays-", dir=folder)
        self.file = os.fdopen(fd, "wb")
        self.count = 0

    def add(self, keys: list[bytes], num_tokens: int, session: str | None = None) -> None:
        raw = b"" if session is None else session.encode("utf-8", "surrogatepass")
        self.file.write(_HEADER.pack(num_tokens, len(keys), len(raw) << 1 | (session is not None)))
        self.file.write(raw)
        self.file.write(b"".join(keys))
        self.count += 1

    def handle(self) -> SpoolFile:
        self.file.flush()
        return SpoolFile(self.path, self.key_size, self.count)

    def replay(self) -> Iterator[SimRequest]:
        return read_spool(self.handle())

    def close(self) -> None:
        self.file.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)


class Miniature(NamedTuple):
    """One cache of ``capacity`` blocks replaying the spool (gdsf depth scale ``depth``)."""

    spool: SpoolFile
    capacity: int
    policy: str
    block_size: int
    depth: int | None


class Fleet(NamedTuple):
    """``replicas`` caches of ``capacity`` blocks each behind ``routing``."""

    spool: SpoolFile
    replicas: int
    capacity: int
    routing: str
    policy: str
    block_size: int


def _work(task: Miniature | Fleet) -> tuple[int, int] | FleetResult:
    if isinstance(task, Miniature):
        r = replay(read_spool(task.spool), task.capacity, task.policy, task.block_size, task.depth)
        return r.hit_tokens, r.skipped
    return simulate_fleet(
        read_spool(task.spool),
        task.replicas,
        task.capacity,
        task.routing,
        task.policy,
        task.block_size,
    )


def run_all(tasks: list, jobs: int = 1) -> list:
    """The result of every task, in order: ``(hit_tokens, skipped)`` for a ``Miniature``, a
    ``FleetResult`` for a ``Fleet``."""
    if jobs <= 1 or len(tasks) <= 1:
        return [_work(t) for t in tasks]
    workers = min(jobs, len(tasks))
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        return list(pool.map(_work, tasks))
