"""Property-based run of the cache manager: random operations, every invariant after each step.

A toy "engine" writes each block's row as a function of its tokens and position, so any block
that is wrongly shared, evicted while in use, or promoted / swapped with the wrong contents shows
up as a row mismatch, besides ``check_integrity()``.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    precondition,
    rule,
)

from kvscope.backend.cache import CacheConfig, KVCacheManager, NoSpace
from kvscope.backend.cache.memory_storage import MemoryStorage
from kvscope.backend.events import ListSink
from kvscope.backend.prefix_keys import ExtraKeys

BS = 4
TEMPLATES = [[1] * 8, [2, 3] * 6, [1] * 4 + [5] * 4]
EXTRAS = [ExtraKeys(), ExtraKeys(salt="t1"), ExtraKeys(lora="a")]


def expected_row(tokens: list[int], index: int, upto: int) -> list[int]:
    """The slots of block ``index`` holding KV for tokens before ``upto``, then the index."""
    return [*tokens[index * BS : min((index + 1) * BS, upto)], index]


class CacheMachine(RuleBasedStateMachine):
    seqs = Bundle("seqs")

    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.mkdtemp(prefix="kvscope-cache-sm-")
        self.storage = MemoryStorage(12, (BS + 1,))
        self.sink = ListSink()
        config = CacheConfig(
            num_blocks=12,
            block_size=BS,
            host_blocks=6,
            disk_dir=self.dir,
            disk_blocks=6,
            shared_prefixes=[TEMPLATES[0]],
        )
        self.mgr = KVCacheManager(config, self.storage, [self.sink])
        self.live: dict[str, list[int]] = {}
        self.computed: dict[str, int] = {}
        self.swapped: set[str] = set()
        self.pins: list[list[int]] = []
        self.pinned_on_device: set[tuple[int, ...]] = set()
        self.n = 0
        self.corrupted = False

    def teardown(self) -> None:
        self.mgr.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    @rule(
        target=seqs,
        template=st.sampled_from(TEMPLATES),
        tail=st.lists(st.integers(0, 3), max_size=9),
        extra=st.sampled_from(EXTRAS),
        sharing=st.booleans(),
    )
    def allocate(self, template, tail, extra, sharing):
        seq_id = f"s{self.n}"
        self.n += 1
        tokens = template + tail
        predicted = self.mgr.match(tokens, extra).num_tokens if sharing else 0
        if not self.mgr.can_allocate(tokens, extra, sharing):
            try:
                self.mgr.allocate(seq_id, tokens, extra, sharing)
            except NoSpace:
                return seq_id
            raise AssertionError("can_allocate said no, allocate succeeded")
        alloc = self.mgr.allocate(seq_id, tokens, extra, sharing, tenant=extra.salt)
        if self.corrupted:
            assert alloc.num_cached_tokens <= predicted
        else:
            assert alloc.num_cached_tokens == predicted
        assert len(alloc.block_table) == -(-len(tokens) // BS)
        self.live[seq_id] = tokens
        self.computed[seq_id] = alloc.num_cached_tokens
        return seq_id

    @rule(
        template=st.sampled_from(TEMPLATES),
        tail=st.lists(st.integers(0, 3), max_size=9),
        extra=st.sampled_from(EXTRAS),
    )
    def request(self, template, tail, extra):
        """A whole request at once (allocate, compute, free): keeps the tiers under pressure."""
        seq_id = f"s{self.n}"
        self.n += 1
        tokens = template + tail
        if not self.mgr.can_allocate(tokens, extra):
            return
        alloc = self.mgr.allocate(seq_id, tokens, extra, tenant=extra.salt)
        self.live[seq_id] = tokens
        self.computed[seq_id] = alloc.num_cached_tokens
        self.integrity()
        self._write(seq_id, len(tokens))
        self.mgr.mark_computed(seq_id, len(tokens))
        self.computed[seq_id] = len(tokens)
        self.integrity()
        self.free(seq_id)

    def _write(self, seq_id: str, upto: int) -> None:
        table = self.mgr.block_table(seq_id)
        tokens = self.live[seq_id]
        for pos in range(self.computed[seq_id], upto):
            row = self.storage.data[table[pos // BS]]
            row[pos % BS] = tokens[pos]
            row[BS] = pos // BS

    @rule(seq=seqs, k=st.integers(1, 12))
    def compute(self, seq, k):
        if seq not in self.live or seq in self.swapped:
            return
        upto = min(len(self.live[seq]), self.computed[seq] + k)
        self._write(seq, upto)
        self.mgr.mark_computed(seq, upto)
        self.computed[seq] = upto

    @rule(seq=seqs, new=st.lists(st.integers(0, 3), min_size=1, max_size=5))
    def append(self, seq, new):
        if seq not in self.live or seq in self.swapped:
            return
        if self.computed[seq] < len(self.live[seq]):
            return  # the engine appends only after the prompt is computed
        if not self.mgr.can_append(seq, len(new)):
            try:
                self.mgr.append(seq, new)
            except NoSpace:
                return
            raise AssertionError("can_append said no, append succeeded")
        self.mgr.append(seq, new)
        self.live[seq] = self.live[seq] + new

    @rule(target=seqs, seq=seqs)
    def fork(self, seq):
        if seq not in self.live or seq in self.swapped:
            return seq
        child = f"s{self.n}"
        self.n += 1
        self.mgr.fork(seq, child)
        self.live[child] = list(self.live[seq])
        self.computed[child] = self.computed[seq]
        return child

    @rule(seq=consumes(seqs))
    def free(self, seq):
        if seq in self.live:
            self.mgr.free(seq)
            del self.live[seq], self.computed[seq]
            self.swapped.discard(seq)

    @rule(seq=seqs)
    def swap_out(self, seq):
        if seq not in self.live or seq in self.swapped:
            return
        if self.mgr.can_swap_out(seq):
            self.mgr.swap_out(seq)
            self.swapped.add(seq)

    @rule(seq=seqs)
    def swap_in(self, seq):
        if seq not in self.swapped:
            return
        if self.mgr.can_swap_in(seq):
            table = self.mgr.swap_in(seq)
            assert table == self.mgr.block_table(seq)
            self.swapped.discard(seq)
        else:
            try:
                self.mgr.swap_in(seq)
            except NoSpace:
                return
            raise AssertionError("can_swap_in said no, swap_in succeeded")

    @rule(tier=st.sampled_from(["GPU", "CPU", "DISK"]), n=st.integers(1, 6))
    def evict(self, tier, n):
        stats = self.mgr.stats().tiers[tier]
        freed = self.mgr.evict(n, tier)
        assert 0 <= freed <= n and freed <= stats.evictable

    @rule(pick=st.integers(0, 5), offset=st.integers(0, 39))
    def corrupt_disk_file(self, pick, offset):
        """Flip a byte of a block file: a later hit on it must miss, never serve it."""
        files = sorted(Path(self.dir).glob("*.kvb"))
        if files:
            path = files[pick % len(files)]
            raw = bytearray(path.read_bytes())
            raw[offset % len(raw)] ^= 0x5A
            path.write_bytes(bytes(raw))
            self.corrupted = True

    @rule(template=st.sampled_from(TEMPLATES))
    def pin(self, template):
        if len(self.pins) < 2:
            self.mgr.pin(template)
            self.pins.append(template)

    @precondition(lambda self: self.pins)
    @rule()
    def unpin(self):
        template = self.pins.pop()
        self.mgr.unpin(template)
        if template not in self.pins:
            self.pinned_on_device.discard(tuple(template))

    @rule(template=st.sampled_from(TEMPLATES), extra=st.sampled_from(EXTRAS))
    def match(self, template, extra):
        m = self.mgr.match([*template, 0], extra)
        assert m.num_tokens % BS == 0 and m.num_tokens <= len(template)
        assert len(m.tiers) == len(m.block_hashes) == m.num_tokens // BS
        order = {"GPU": 0, "CPU": 1, "DISK": 2}
        assert [order[t] for t in m.tiers] == sorted(order[t] for t in m.tiers)

    @precondition(lambda self: self.n % 8 == 7)
    @rule()
    def reset(self):
        self.mgr.reset()
        self.pinned_on_device.clear()

    @invariant()
    def integrity(self):
        self.mgr.check_integrity()
        for seq, tokens in self.live.items():
            if seq in self.swapped:
                continue
            table = self.mgr.block_table(seq)
            upto = self.computed[seq]
            for i in range(-(-upto // BS)):
                want = expected_row(tokens, i, upto)
                row = self.storage.data[table[i]].tolist()
                got = [*row[: len(want) - 1], row[BS]]
                assert got == want, f"{seq} block {i}: {got} != {want}"

    @invariant()
    def pinned_stay(self):
        """Once a pinned prefix is fully on the device, nothing evicts or demotes it."""
        for template in self.pins:
            m = self.mgr.match([*template, 0])
            on_device = m.num_tokens == len(template) and set(m.tiers) == {"GPU"}
            if tuple(template) in self.pinned_on_device:
                assert on_device, f"pinned {template} left the device: {m.tiers}"
            elif on_device:
                self.pinned_on_device.add(tuple(template))


TestCacheMachine = CacheMachine.TestCase
