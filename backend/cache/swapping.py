"""Preemption by swap: a sequence's blocks to the host tier and back (a ``KVCacheManager`` part).

``swap_out`` copies the sequence's table to host slots it owns until ``swap_in`` or ``free`` and
drops its device references (cached blocks stay cached). ``swap_in`` reuses whatever of the
sequence's chain is still cached on the device and copies only the rest back.
"""

from __future__ import annotations

from typing import Any

from kvscope.backend.cache.config import NoSpace
from kvscope.backend.cache.prefix_cache import DEVICE, HOST
from kvscope.backend.cache.radix import Node
from kvscope.backend.cache.sequence import SeqState


class SwapOps:
    """Mixed into ``KVCacheManager``."""

    def can_swap_out(self, seq_id: str) -> bool:
        with self._lock:
            seq, host = self._seq(seq_id), self._cache.host
            if host is None or seq.host_slots is not None:
                return False
            return len(seq.blocks) <= host.num_free + self._cache.evictable[HOST]

    def swap_out(self, seq_id: str) -> list[int]:
        """Move a sequence's blocks to the host tier; returns the device block ids released."""
        with self._lock:
            if not self.can_swap_out(seq_id):
                raise NoSpace(f"{seq_id}: cannot swap out (no host tier, or host tier full)")
            seq, cache = self._seqs[seq_id], self._cache
            assert cache.host is not None
            n = len(seq.blocks)
            cache.make_room(HOST, n)
            ids = [b.block_id for b in seq.blocks]
            rows = None if self._storage is None else self._storage.read_blocks(ids)
            slots = cache.host.alloc(n)
            cache.host.write(slots, rows)
            self._release(seq)
            seq.host_slots = slots
            seq.published = 0
            self._counters.swap("out", n)
            if self._em.on and seq.keys is not None:
                full = min(len(seq.keys.hashes), seq.computed // self.block_size)
                self._em.swapped(seq.keys.hashes[:full], "GPU", "CPU")
            return ids

    def _swap_in_plan(self, seq: SeqState) -> tuple[list[tuple[Node, int]], int, int]:
        segs: list[tuple[Node, int]] = []
        if seq.keys is not None:
            full = min(seq.n_tokens, seq.computed) // self.block_size
            found, _ = self._lookup(seq, full)
            segs = [(node, cnt) for node, cnt in found if node.tier == DEVICE]
        assert seq.host_slots is not None
        need, avail = self._plan(segs, len(seq.host_slots))
        return segs, need, avail

    def can_swap_in(self, seq_id: str) -> bool:
        with self._lock:
            seq = self._seq(seq_id)
            if seq.host_slots is None:
                return False
            _, need, avail = self._swap_in_plan(seq)
            return need <= avail

    def swap_in(self, seq_id: str) -> list[int]:
        """Bring a swapped-out sequence back; blocks still cached on the device are reused.

        Returns the new block table.
        """
        with self._lock:
            seq, cache = self._seq(seq_id), self._cache
            if seq.host_slots is None:
                raise ValueError(f"sequence {seq_id!r} is not swapped out")
            segs, need, avail = self._swap_in_plan(seq)
            if need > avail:
                raise NoSpace(f"{seq_id}: needs {need} device blocks to swap in")
            if segs and segs[-1][1] < len(segs[-1][0]):
                cache.split(segs[-1][0], segs[-1][1])
            blocks: list[Any] = []
            for node, _ in segs:
                cache.ref_all(node.locs)
                blocks.extend(node.locs)
            reused = len(blocks)
            cache.make_room(DEVICE, need)
            fresh = self._pool.take_n(need)
            assert cache.host is not None
            rows = cache.host.read(seq.host_slots[reused:])
            if self._storage is not None and rows is not None and fresh:
                self._storage.write_blocks([b.block_id for b in fresh], rows)
            cache.host.free(seq.host_slots)
            seq.host_slots = None
            seq.blocks = blocks + fresh
            seq.published = reused
            self._counters.swap("in", need)
            if self._em.on and seq.keys is not None:
                full = min(len(seq.keys.hashes), seq.computed // self.block_size)
                self._em.swapped(seq.keys.hashes[:full], "CPU", "GPU")
            return [b.block_id for b in seq.blocks]
