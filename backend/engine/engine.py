"""The engine: request intake, the step loop on a background thread, outputs, cancellation.

``Engine`` owns the model runner, the KV cache manager and the scheduler. Other threads call only
``add_request``, ``abort`` and (under ``lock``) the cache's read/maintenance calls; everything else
runs on the step thread. ``step()`` is also usable synchronously (tests, benchmarks).
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
import uuid
from collections.abc import Callable

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.cost_model import CostModel
from kvscope.backend.engine.hooks import EngineListener, Listeners
from kvscope.backend.engine.outputs import Detokenizer, RequestOutput, make_output, stop_reason
from kvscope.backend.engine.runner import make_runner, model_max_len
from kvscope.backend.engine.scheduler import ScheduledBatch, Scheduler
from kvscope.backend.engine.sequence import SamplingParams, Sequence
from kvscope.backend.events import RequestPreempted
from kvscope.backend.model.sampling import SAMPLING_EPS
from kvscope.backend.prefix_keys import NO_EXTRA, ExtraKeys

Deliver = Callable[[RequestOutput], None]
log = logging.getLogger(__name__)


class QueueFull(Exception):
    """The waiting queue is at its bound; the client should retry after ``retry_after`` s."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the server is at capacity; retry after {retry_after} s")
        self.retry_after = retry_after


class Engine:
    """One model, one cache, one scheduler. Thread-safe entry points: add_request, abort."""

    def __init__(
        self,
        config: EngineConfig,
        runner=None,
        listeners: list[EngineListener] | None = None,
        sinks: tuple = (),
    ) -> None:
        from kvscope.backend.cache import CacheConfig, KVCacheManager

        config.validate()
        self.config = config
        self.runner = runner if runner is not None else make_runner(config)
        self.tokenizer = self.runner.tokenizer
        self.model_name = self.runner.model_name
        self.sinks = tuple(sinks)
        cache_config = CacheConfig(
            num_blocks=config.num_blocks,
            block_size=config.block_size,
            eviction=config.eviction,
            enable_prefix_caching=config.enable_prefix_caching,
            host_blocks=config.host_blocks,
            disk_dir=config.disk_dir,
            disk_blocks=config.disk_blocks,
            algo=config.prefix_algo,
        )
        self.cache = KVCacheManager(cache_config, storage=self.runner.kv_pool, sinks=self.sinks)
        block_bytes = int(self.runner.kv_bytes_per_token * config.block_size)
        self.cost_model = CostModel(config.preemption_mode, block_bytes)
        self.scheduler = Scheduler(config, self.cache, self.cost_model)
        self.listeners = Listeners(listeners)
        limit = config.num_blocks * config.block_size
        model_max = model_max_len(self.runner) or limit
        self.max_model_len = min(config.max_model_len or limit, limit, model_max)
        eos = getattr(self.tokenizer, "eos_token_id", None)
        self.eos_ids = {eos} if isinstance(eos, int) else set(eos or ())
        self.lock = threading.RLock()
        self._wake = threading.Condition(threading.Lock())
        self._inbox: list[tuple[Sequence, Deliver]] = []
        self._aborts: set[str] = set()
        self._live: dict[str, tuple[Sequence, Deliver, Detokenizer]] = {}
        self._ids = itertools.count()
        self._thread: threading.Thread | None = None
        self._stop = False
        self.step_seconds = 0.0
        self.started_at = time.time()
        self.tracer_provider = None
        self.last_error: str | None = None

    # -- thread-safe entry points ---------------------------------------------------------------
    def add_request(
        self,
        prompt_token_ids: list[int],
        params: SamplingParams,
        deliver: Deliver,
        extra: ExtraKeys = NO_EXTRA,
        sharing: bool = True,
        tenant: str | None = None,
        request_id: str | None = None,
        operation: str = "text_completion",
    ) -> Sequence:
        """Queue a request; raises ``QueueFull`` beyond the queue bound, ``ValueError`` if it
        can never fit (prompt plus max_tokens longer than the context)."""
        total = len(prompt_token_ids) + params.max_tokens
        if not prompt_token_ids:
            raise ValueError("the prompt is empty; send at least one token")
        if total > self.max_model_len:
            raise ValueError(
                f"this request needs {total} tokens ({len(prompt_token_ids)} prompt + "
                f"{params.max_tokens} max_tokens) but the context holds {self.max_model_len}; "
                "shorten the prompt or lower max_tokens"
            )
        rid = request_id or f"req-{uuid.uuid4().hex[:16]}"
        seq = Sequence(f"s{next(self._ids)}", rid, prompt_token_ids, params, extra, sharing, tenant)
        seq.operation = operation
        if params.seed is not None:
            import torch

            seq.generator = torch.Generator().manual_seed(params.seed)
        with self._wake:
            waiting = len(self._inbox) + len(self.scheduler.waiting)
            if waiting >= self.config.max_queue:
                self.listeners.on_rejected("queue_full")
                raise QueueFull(self._retry_after())
            self._inbox.append((seq, deliver))
            self._wake.notify()
        return seq

    def abort(self, request_id: str) -> None:
        """Cancel a request (client went away); its blocks are freed on the next loop turn."""
        with self._wake:
            self._aborts.add(request_id)
            self._wake.notify()

    def start(self) -> None:
        self._stop = False
        self._thread = threading.Thread(target=self._loop, name="kvscope-engine", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._wake:
            self._stop = True
            self._wake.notify()
        if self._thread is not None:
            self._thread.join(timeout=10)
        for sink in self.sinks:
            sink.close()
        with self.lock:
            self.cache.close()
        if self.tracer_provider is not None:
            self.tracer_provider.shutdown()

    # -- the loop -------------------------------------------------------------------------------
    def _loop(self) -> None:
        while True:
            with self._wake:
                while not (self._stop or self._inbox or self._aborts or self._busy()):
                    self._wake.wait(timeout=0.5)
                if self._stop:
                    return
            with self.lock:
                try:
                    self.step()
                except Exception as exc:  # keep serving; fail only the requests in flight
                    self._fail_all(exc)

    def _fail_all(self, exc: Exception) -> None:
        import traceback

        traceback.print_exc()
        self.last_error = f"{type(exc).__name__}: {exc}"
        now = time.time()
        for seq, _, _ in list(self._live.values()):
            self._finish(seq, "abort", now, f"internal error: {self.last_error}", 500)

    def _busy(self) -> bool:
        return self.scheduler.has_work()

    def _intake(self) -> None:
        with self._wake:
            inbox, self._inbox = self._inbox, []
            aborts, self._aborts = self._aborts, set()
        for seq, deliver in inbox:
            detok = Detokenizer(self.tokenizer, seq.params.stop)
            self._live[seq.request_id] = (seq, deliver, detok)
            self.scheduler.add(seq)
        for rid in aborts:
            if rid in self._live:
                self._finish(self._live[rid][0], "abort", time.time())

    def step(self) -> int:
        """Run one scheduling step; returns the number of tokens computed."""
        self._intake()
        if not self.scheduler.has_work():
            return 0
        t0 = time.perf_counter()
        batch = self.scheduler.schedule()
        now = time.time()
        self._note_schedule(batch, now)
        if batch.seqs:
            self._run(batch)
        for sink in self.sinks:
            flush = getattr(sink, "flush", None)
            if flush is not None:
                flush(now)
        self.step_seconds = time.perf_counter() - t0
        self.listeners.on_step(batch.num_tokens, self.step_seconds)
        return batch.num_tokens

    def run_until_idle(self, max_steps: int = 100_000) -> None:
        """Step synchronously until nothing is queued or running (tests, benchmarks)."""
        for _ in range(max_steps):
            with self.lock:
                self._intake()
                if not self.scheduler.has_work():
                    return
                self.step()
        raise RuntimeError("engine did not go idle")

    def _note_schedule(self, batch: ScheduledBatch, now: float) -> None:
        for seq, exc in batch.failed:
            self._fail_one(seq, exc, now)
        for seq in batch.unfit:
            message = (
                f"this request needs {-(-seq.num_tokens // self.config.block_size)} KV blocks but "
                "pinned prefixes leave too few; shorten it or unpin a prefix (POST /v1/cache/pin "
                'with "unpin": true)'
            )
            self._finish(seq, "abort", now, message, 400)
        for p in batch.preempted:
            for sink in self.sinks:
                sink.emit(RequestPreempted(p.seq.request_id, p.mode, p.num_blocks))
            self.listeners.on_preempted(p.seq, p.mode, p.num_blocks)
        for seq in batch.admitted:
            first = seq.admitted_time is None
            if first:
                seq.admitted_time = now
            self.listeners.on_admitted(seq, first, now)

    def _run(self, batch: ScheduledBatch) -> None:
        seqs, counts = list(batch.seqs), list(batch.num_new_tokens)
        t0 = time.perf_counter()
        try:
            logits = self._forward(seqs, counts)
        except Exception:
            if len(seqs) == 1:
                raise
            logits, seqs, counts = self._forward_each(seqs, counts)
            if not seqs:
                return
        elapsed = time.perf_counter() - t0
        if sum(counts) > 2 * len(seqs):
            self.cost_model.observe_prefill(sum(counts), elapsed)
        self.scheduler.advance(batch._replace(seqs=seqs, num_new_tokens=counts))
        now = time.time()
        for row, seq in enumerate(seqs):
            if seq.num_computed_tokens < seq.num_tokens:
                continue  # a prefill chunk that does not reach the end yet
            try:
                token = self._sample(seq, logits[row : row + 1])
                self._append_token(seq, token, now)
            except Exception as exc:
                if seq.request_id in self._live:
                    self._fail_one(seq, exc, now)

    def _forward(self, seqs: list[Sequence], counts: list[int]):
        from kvscope.backend.model import SeqInput

        inputs = [
            SeqInput(
                seq.token_ids[seq.num_computed_tokens : seq.num_computed_tokens + n],
                seq.num_computed_tokens,
                self.cache.block_table(seq.seq_id),
            )
            for seq, n in zip(seqs, counts, strict=True)
        ]
        return self.runner.forward(inputs)

    def _forward_each(self, seqs: list[Sequence], counts: list[int]):
        """The batch's forward raised: run each sequence alone (writing a sequence's KV slots
        twice is harmless), fail those that raise again, and keep the others' logits."""
        import torch

        rows, kept, kept_counts = [], [], []
        now = time.time()
        for seq, n in zip(seqs, counts, strict=True):
            try:
                rows.append(self._forward([seq], [n]))
            except Exception as exc:
                self._fail_one(seq, exc, now)
                continue
            kept.append(seq)
            kept_counts.append(n)
        return (torch.cat(rows) if rows else None), kept, kept_counts

    def _fail_one(self, seq: Sequence, exc: Exception, now: float) -> None:
        """One request raised inside the engine: it fails alone, with a 500 saying so."""
        self.last_error = f"{type(exc).__name__}: {exc}"
        log.error("request %s failed in the engine: %s", seq.request_id, self.last_error)
        if seq.request_id in self._live:
            message = (
                f"internal error in this request ({self.last_error}); it was aborted, other "
                "requests are unaffected"
            )
            self._finish(seq, "abort", now, message, 500)

    def _sample(self, seq: Sequence, logits) -> int:
        p = seq.params
        if p.temperature < SAMPLING_EPS:
            return int(logits[0].argmax())
        out = self.runner.sample(logits, p.temperature, p.top_p, seq.generator)
        return int(out[0]) if hasattr(out, "__len__") else int(out)

    def _append_token(self, seq: Sequence, token: int, now: float) -> None:
        seq.token_ids.append(token)
        if seq.first_token_time is None:
            seq.first_token_time = now
        self.listeners.on_token(seq, now)
        seq.last_token_time = now
        _, deliver, detok = self._live[seq.request_id]
        reason = stop_reason(seq, token, self.eos_ids, self.max_model_len, detok)
        if reason is not None:
            self._finish(seq, reason, now)
            return
        text, tokens = detok.delta(seq, final=False)
        if text or tokens:
            deliver(make_output(seq, text, tokens))

    def _finish(
        self,
        seq: Sequence,
        reason: str,
        now: float,
        error: str | None = None,
        status: int | None = None,
    ) -> None:
        self.scheduler.finish(seq, reason)
        seq.finished_time = now
        _, deliver, detok = self._live.pop(seq.request_id)
        text, tokens = detok.delta(seq, final=True)
        self.listeners.on_finished(seq, now)
        deliver(make_output(seq, text, tokens, error, status))

    def _retry_after(self) -> int:
        per_request = max(self.step_seconds, 0.01) * 32
        backlog = len(self.scheduler.waiting) / max(1, self.config.max_num_seqs)
        return max(1, min(60, int(backlog * per_request) + 1))

    # -- read-only views for routes (call under ``lock``) ---------------------------------------
    def cache_tiers(self, stats=None) -> dict[str, dict[str, int]]:
        """Blocks by tier and state (used, cached, free, pinned) for gauges."""
        stats = self.cache.stats() if stats is None else stats
        return {
            tier: {"used": b.used, "cached": b.cached, "free": b.free, "pinned": b.pinned}
            for tier, b in stats.tiers.items()
        }

    def snapshot(self) -> dict:
        s = self.scheduler
        return {
            "running": len(s.running),
            "waiting": len(s.waiting) + len(self._inbox),
            "swapped": len(s.swapped),
            "preemptions": dict(s.num_preemptions),
        }
