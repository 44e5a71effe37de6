"""Continuous batching with chunked prefill, bounded admission and preemption.

Each ``schedule()`` call builds one step under a token budget: running sequences first (oldest
first; a decode costs one token, an unfinished prefill takes a chunk of what is left), then
swapped-out sequences coming back, then new sequences from the waiting queue (FCFS). A sequence is
admitted only when the cache can hold its whole current token list and, with others running, a
small watermark of blocks stays free for their growth: queue and serve well rather than admit and
thrash. When a running sequence cannot grow, the newest running sequence is preempted (recompute
or swap, per victim, from ``CostModel``) until it can.

Ownership: the scheduler owns the three queues and every call into the cache manager that changes
a sequence's blocks; the engine calls ``finish``/``abort`` and ``advance`` from the step thread.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import NamedTuple

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.cost_model import RECOMPUTE, SWAP, CostModel
from kvscope.backend.engine.sequence import SeqStatus, Sequence


class Preemption(NamedTuple):
    seq: Sequence
    mode: str
    num_blocks: int


class ScheduledBatch(NamedTuple):
    seqs: list[Sequence]
    num_new_tokens: list[int]
    preempted: list[Preemption]
    admitted: list[Sequence]
    unfit: tuple[Sequence, ...] = ()
    failed: tuple[tuple[Sequence, Exception], ...] = ()

    @property
    def num_tokens(self) -> int:
        return sum(self.num_new_tokens)


class Scheduler:
    """Owns ``waiting``, ``running`` and ``swapped``; drives the cache manager's block calls."""

    def __init__(self, config: EngineConfig, cache, cost_model: CostModel) -> None:
        self.config = config
        self.cache = cache
        self.cost_model = cost_model
        self.block_size = config.block_size
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.swapped: deque[Sequence] = deque()
        self.watermark_blocks = int(config.watermark * config.num_blocks)
        self.num_preemptions = {RECOMPUTE: 0, SWAP: 0}

    # -- queues ---------------------------------------------------------------------------------
    def add(self, seq: Sequence) -> None:
        seq.status = SeqStatus.WAITING
        self.waiting.append(seq)

    def has_work(self) -> bool:
        return bool(self.waiting or self.running or self.swapped)

    @property
    def num_unfinished(self) -> int:
        return len(self.waiting) + len(self.running) + len(self.swapped)

    def sharing(self, seq: Sequence) -> bool:
        return seq.sharing and self.config.cross_request_sharing

    # -- one step -------------------------------------------------------------------------------
    def schedule(self) -> ScheduledBatch:
        budget = self.config.max_num_batched_tokens
        seqs: list[Sequence] = []
        counts: list[int] = []
        preempted: list[Preemption] = []
        admitted: list[Sequence] = []
        failed: list[tuple[Sequence, Exception]] = []
        i = 0
        while i < len(self.running) and budget > 0:
            seq = self.running[i]
            try:
                grown = self._ensure_slots(seq)
            except Exception as exc:  # this request alone fails; the step goes on
                self._drop(seq, exc, failed)
                continue
            if not grown and not self._make_room(seq, preempted):
                break
            n = min(seq.num_tokens - seq.num_computed_tokens, budget)
            if n > 0:
                seqs.append(seq)
                counts.append(n)
                budget -= n
            i += 1
        if preempted:
            return ScheduledBatch(seqs, counts, preempted, admitted, (), tuple(failed))
        while self.swapped and budget > 0 and len(self.running) < self.config.max_num_seqs:
            seq = self.swapped[0]
            if not self._try_swap_in(seq):
                break
            self.swapped.popleft()
            n = min(seq.num_tokens - seq.num_computed_tokens, budget)
            seqs.append(seq)
            counts.append(n)
            budget -= n
        if self.swapped:
            return ScheduledBatch(seqs, counts, preempted, admitted, (), tuple(failed))
        unfit: list[Sequence] = []
        while self.waiting and budget > 0 and len(self.running) < self.config.max_num_seqs:
            seq = self.waiting[0]
            try:
                fits = self._can_admit(seq)
            except Exception as exc:
                self._drop(seq, exc, failed)
                continue
            if not fits:
                if self.running:
                    break  # blocks will be freed as running sequences finish
                unfit.append(self.waiting.popleft())  # nothing can free more: never fits
                continue
            self.waiting.popleft()
            try:
                self._admit(seq)
            except Exception as exc:
                self._drop(seq, exc, failed)
                continue
            admitted.append(seq)
            n = min(seq.num_tokens - seq.num_computed_tokens, budget)
            seqs.append(seq)
            counts.append(n)
            budget -= n
        return ScheduledBatch(seqs, counts, preempted, admitted, tuple(unfit), tuple(failed))

    def _drop(self, seq: Sequence, exc: Exception, failed: list) -> None:
        """Take a sequence whose cache call raised out of every queue and give back its blocks;
        the engine reports ``exc`` to that request alone."""
        if seq in self.running:
            self.running.remove(seq)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        with contextlib.suppress(KeyError):
            self.cache.free(seq.seq_id)
        seq.status = SeqStatus.FINISHED
        seq.finish_reason = "abort"
        failed.append((seq, exc))

    def advance(self, batch: ScheduledBatch) -> None:
        """Record that the model computed the batch; publish blocks that became full."""
        bs = self.block_size
        for seq, n in zip(batch.seqs, batch.num_new_tokens, strict=True):
            before = seq.num_computed_tokens
            seq.num_computed_tokens = after = before + n
            if after // bs > before // bs and seq.status is SeqStatus.RUNNING:
                self.cache.mark_computed(seq.seq_id, after)

    # -- lifecycle ------------------------------------------------------------------------------
    def finish(self, seq: Sequence, reason: str) -> None:
        """Finish a sequence wherever it is; its blocks go back to the cache at once."""
        if seq.status is SeqStatus.FINISHED:
            return
        if seq.status is SeqStatus.RUNNING:
            self.running.remove(seq)
            self.cache.free(seq.seq_id)
        elif seq.status is SeqStatus.SWAPPED:
            self.swapped.remove(seq)
            self.cache.free(seq.seq_id)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        seq.status = SeqStatus.FINISHED
        seq.finish_reason = reason

    # -- internals ------------------------------------------------------------------------------
    def _ensure_slots(self, seq: Sequence) -> bool:
        pending = seq.num_tokens - seq.num_cache_tokens
        if pending <= 0:
            return True
        if not self.cache.can_append(seq.seq_id, pending):
            return False
        self.cache.append(seq.seq_id, seq.token_ids[seq.num_cache_tokens :])
        seq.num_cache_tokens = seq.num_tokens
        return True

    def _make_room(self, seq: Sequence, preempted: list[Preemption]) -> bool:
        """Preempt the newest running sequences until ``seq`` can grow; False if ``seq`` went."""
        while self.running:
            victim = self.running[-1]
            preempted.append(self._preempt(victim))
            if victim is seq:
                return False
            if self._ensure_slots(seq):
                return True
        return False

    def _preempt(self, seq: Sequence) -> Preemption:
        self.running.pop(self.running.index(seq))
        num_blocks = len(self.cache.block_table(seq.seq_id))
        can_swap = self.config.host_blocks > 0 and self.cache.can_swap_out(seq.seq_id)
        choice = self.cost_model.choose(seq.num_computed_tokens, num_blocks, can_swap)
        mode = choice.mode
        if mode == SWAP and not self._swap_out(seq):
            mode = RECOMPUTE
        if mode == RECOMPUTE:
            self.cache.free(seq.seq_id)
            seq.num_computed_tokens = 0
            seq.num_cache_tokens = 0
            seq.status = SeqStatus.WAITING
            self.waiting.appendleft(seq)
        else:
            seq.status = SeqStatus.SWAPPED
            self.swapped.append(seq)
        seq.num_preemptions += 1
        self.num_preemptions[mode] += 1
        return Preemption(seq, mode, num_blocks)

    def _swap_out(self, seq: Sequence) -> bool:
        t0 = time.perf_counter()
        try:
            moved = self.cache.swap_out(seq.seq_id)
        except (MemoryError, RuntimeError, ValueError):
            return False
        self.cost_model.observe_copy(len(moved), time.perf_counter() - t0)
        return True

    def _try_swap_in(self, seq: Sequence) -> bool:
        if not self.cache.can_swap_in(seq.seq_id):
            return False
        t0 = time.perf_counter()
        try:
            table = self.cache.swap_in(seq.seq_id)
        except (MemoryError, RuntimeError, ValueError):
            return False
        self.cost_model.observe_copy(len(table), time.perf_counter() - t0)
        seq.status = SeqStatus.RUNNING
        self.running.append(seq)
        if not self._ensure_slots(seq):
            self.running.pop()
            self._swap_out(seq)
            seq.status = SeqStatus.SWAPPED
            return False
        return True

    def _can_admit(self, seq: Sequence) -> bool:
        sharing = self.sharing(seq)
        if not self.cache.can_allocate(seq.token_ids, seq.extra, sharing=sharing):
            return False
        if not self.running:
            return True
        need = -(-seq.num_tokens // self.block_size)
        spare = self.cache.num_free_blocks + self.cache.num_evictable_blocks - need
        return spare >= max(self.watermark_blocks, 1)

    def _admit(self, seq: Sequence) -> None:
        first = not seq.admitted_once
        queried = first and self.sharing(seq) and self.config.enable_prefix_caching
        lower_tiers = self.config.host_blocks > 0 or self.config.disk_blocks > 0
        tiers = self.cache.match(seq.token_ids, seq.extra).tiers if queried and lower_tiers else []
        alloc = self.cache.allocate(
            seq.seq_id, seq.token_ids, seq.extra, sharing=self.sharing(seq), tenant=seq.tenant
        )
        seq.num_cache_tokens = seq.num_tokens
        seq.num_computed_tokens = min(alloc.num_cached_tokens, seq.num_tokens - 1)
        seq.status = SeqStatus.RUNNING
        self.running.append(seq)
        if first:  # as vLLM: a preempted request's re-admission is not a new cache query
            seq.admitted_once = True
            st = seq.stats
            st.queried = queried
            st.prefix_hit_tokens = seq.num_computed_tokens
            st.blocks_matched = alloc.num_cached_tokens // self.block_size
            st.blocks_allocated = len(alloc.block_table) - st.blocks_matched
            st.blocks_promoted = int(alloc.promoted_blocks or 0)
            by_tier: dict[str, int] = {}
            for i in range(st.blocks_matched):
                tier = tiers[i] if i < len(tiers) else "GPU"
                by_tier[tier] = by_tier.get(tier, 0) + self.block_size
            st.tier_hit_tokens = by_tier
