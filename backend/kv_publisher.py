"""Where block events leave the process: a ZMQ publisher (vLLM's wire format) and a JSONL trace.

Both are event sinks (:class:`~kvscope.backend.events.EventSink`): ``emit(event)`` only appends to
a list (almost free per block operation), ``flush(ts=None)`` turns what was emitted since the last
flush into one :class:`EventBatch` (the engine calls it once per scheduler step), ``close()``
flushes and releases. When events are off the engine simply has no sink.

:class:`ZmqEventPublisher` speaks vLLM's ``ZmqEventPublisher`` protocol (reference/vllm.md
section 6): a PUB socket sending ``[topic, seq (8-byte big-endian), payload]`` and an optional
ROUTER replay socket answering ``[identity, b"", start_seq]`` with every buffered message whose
``seq >= start_seq`` as ``[identity, b"", topic, seq, payload]`` and then the end marker
``[identity, b"", b"", END_SEQ, b""]`` (vLLM's newer 3-frame reply shape). Encoding and all socket
I/O happen on one background thread ("kv-publisher"); ``publish`` only enqueues. Sockets are
created and bound in ``__init__``, so a bad or busy endpoint fails at start-up, in the caller.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from kvscope.backend.event_codec import encode_batch
from kvscope.backend.event_jsonl import to_jsonl
from kvscope.backend.events import VLLM_EVENT_TYPES, AllBlocksCleared, EventBatch, EventSink

END_SEQ = (-1).to_bytes(8, "big", signed=True)
log = logging.getLogger(__name__)
_STOP = object()


def should_bind(endpoint: str) -> bool:
    """vLLM's rule: bind for wildcard, ipc and inproc endpoints; connect otherwise."""
    return "*" in endpoint or "::" in endpoint or endpoint.startswith(("ipc://", "inproc://"))


def connect_note(endpoint: str) -> str:
    """The start-up line for a publisher that connects (a concrete address, no ``*``)."""
    port = endpoint.rsplit(":", 1)[-1] if endpoint.startswith("tcp://") else "PORT"
    return (f"KV events: {endpoint} has no '*', so the publisher connects to it and the subscriber "
            f"must bind it (e.g. kvscope-inspect --zmq tcp://*:{port}); to let subscribers "
            f"connect instead, publish on tcp://*:{port}")  # fmt: skip


class _BatchingSink(EventSink):
    """Buffers emitted events; ``flush`` hands them to ``publish`` as one batch."""

    def __init__(self) -> None:
        self._pending: list[Any] = []

    def emit(self, event: Any) -> None:
        self._pending.append(event)

    def flush(self, ts: float | None = None) -> None:
        """Publish everything emitted since the last flush as one batch (nothing if empty)."""
        if self._pending:
            events, self._pending = self._pending, []
            self.publish(EventBatch(time.time() if ts is None else ts, events))

    def publish(self, batch: EventBatch) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class ZmqEventPublisher(_BatchingSink):
    """Publishes event batches on ZMQ in vLLM's KV-event format, with a replay buffer.

    ``form`` / ``int_hashes`` / ``include_kvscope`` are passed to
    :func:`~kvscope.backend.event_codec.encode_batch`. Keep ``include_kvscope=False`` for vLLM
    consumers (Dynamo, llm-d); ``kvscope-inspect`` understands both. ``endpoint`` may use port
    ``*`` (e.g. ``tcp://127.0.0.1:*``); the bound address is then in ``self.endpoint``.
    """

    def __init__(
        self,
        endpoint: str = "tcp://*:5557",
        replay_endpoint: str | None = None,
        topic: str = "",
        buffer_steps: int = 10_000,
        hwm: int = 100_000,
        *,
        form: str = "map",
        int_hashes: bool = True,
        include_kvscope: bool = False,
        data_parallel_rank: int | None = None,
        max_queue_size: int = 100_000,
    ) -> None:
        import zmq

        super().__init__()
        encode_batch(EventBatch(0.0), form=form)  # validates ``form`` now, not on the thread
        self._zmq = zmq
        self._topic = topic.encode()
        self._codec = {"form": form, "int_hashes": int_hashes, "include_kvscope": include_kvscope}
        self._rank = data_parallel_rank
        self._buffer: deque[tuple[int, bytes]] = deque(maxlen=buffer_steps)
        self._queue: queue.Queue[Any] = queue.Queue(maxsize=max_queue_size)
        self.dropped = 0  # batches refused because the send queue was full
        self.errors = 0  # batches that could not be encoded (not block events)
        self.last_error: str | None = None
        self._ctx = zmq.Context()
        self._pub = self._ctx.socket(zmq.PUB)
        self._pub.set_hwm(hwm)
        self._replay = None
        try:
            self.endpoint = self._attach(self._pub, endpoint)
            self.replay_endpoint = None
            if replay_endpoint is not None:
                self._replay = self._ctx.socket(zmq.ROUTER)
                self.replay_endpoint = self._attach(self._replay, replay_endpoint)
        except zmq.ZMQError as exc:
            self._close_sockets()
            raise ValueError(f"cannot open KV-event endpoint: {exc}") from None
        self._thread = threading.Thread(target=self._run, name="kv-publisher", daemon=True)
        self._thread.start()

    def _attach(self, sock: Any, endpoint: str) -> str:
        if should_bind(endpoint):
            sock.bind(endpoint)
            return sock.getsockopt(self._zmq.LAST_ENDPOINT).decode()
        log.warning(connect_note(endpoint))
        sock.connect(endpoint)
        return endpoint

    def publish(self, batch: EventBatch) -> None:
        """Queue ``batch`` for sending; drops it (counted in ``dropped``) if the queue is full.

        A batch of kvscope-only events (hits, pins...) is not sent when the codec leaves them out:
        on the wire it would be an empty batch, noise for vLLM consumers and a wasted sequence
        number. An explicitly empty batch (a heartbeat) is still sent."""
        if (
            batch.events
            and not self._codec["include_kvscope"]
            and not any(isinstance(e, VLLM_EVENT_TYPES) for e in batch.events)
        ):
            return
        if batch.data_parallel_rank is None and self._rank is not None:
            batch.data_parallel_rank = self._rank
        try:
            self._queue.put_nowait(batch)
        except queue.Full:
            self.dropped += 1

    def close(self) -> None:
        """Flush, send everything queued, stop the thread and close the sockets. Idempotent."""
        if not self._thread.is_alive():
            return
        self.flush()
        self._queue.put(_STOP)
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        seq = 0
        try:
            while True:
                try:
                    item = self._queue.get(timeout=0.02)
                except queue.Empty:
                    item = None
                while item is not None:
                    if item is _STOP:
                        return
                    try:
                        payload = encode_batch(item, **self._codec)
                    except (ValueError, TypeError) as exc:  # a bad event must not stop the stream
                        self.errors += 1
                        self.last_error = str(exc)
                        payload = None
                    if payload is None:
                        item = self._next()
                        continue
                    seq_bytes = seq.to_bytes(8, "big")
                    self._pub.send_multipart((self._topic, seq_bytes, payload), copy=False)
                    self._buffer.append((seq, payload))
                    seq += 1
                    item = self._next()
                self._serve_replay()
        finally:
            self._close_sockets(linger_ms=500)

    def _next(self) -> Any:
        try:
            return self._queue.get_nowait()
        except queue.Empty:
            return None

    def _serve_replay(self) -> None:
        if self._replay is None:
            return
        while self._replay.poll(0):
            frames = self._replay.recv_multipart()
            identity, start = frames[0], frames[-1]
            if len(start) == 8:
                start_seq = int.from_bytes(start, "big")
                for seq, payload in list(self._buffer):
                    if seq >= start_seq:
                        msg = (identity, b"", self._topic, seq.to_bytes(8, "big"), payload)
                        self._replay.send_multipart(msg)
            self._replay.send_multipart((identity, b"", b"", END_SEQ, b""))

    def _close_sockets(self, linger_ms: int = 0) -> None:
        for sock in (self._pub, self._replay):
            if sock is not None:
                sock.close(linger=linger_ms)
        self._ctx.term()


class TraceFileSink(_BatchingSink):
    """Writes a JSONL trace: **one line per batch** (``{"ts", "events", "dp_rank"?}``).

    Line-buffered, so a reader (``kvscope-inspect --trace``) sees each batch as soon as it is
    flushed. ``kvscope.backend.event_codec.from_jsonl`` reads a line back exactly. An existing
    file is appended to, never truncated; a new session then starts with an ``AllBlocksCleared``
    batch, because a new process starts with an empty cache (so a replay stays correct).
    """

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.errors = 0
        self.last_error: str | None = None
        try:
            self._file = self.path.open("a", buffering=1, encoding="utf-8")
            if self._file.tell() > 0:
                self.publish(EventBatch(time.time(), [AllBlocksCleared()]))
        except OSError as exc:
            raise ValueError(f"cannot open trace file {self.path}: {exc.strerror}") from None

    def publish(self, batch: EventBatch) -> None:
        """Append ``batch`` as one line. Never raises: a batch that cannot be encoded or written
        (not block events, disk full) is counted in ``errors`` so the engine keeps serving."""
        try:
            self._file.write(to_jsonl(batch) + "\n")
        except (ValueError, TypeError, OSError) as exc:
            self.errors += 1
            self.last_error = str(exc)

    def close(self) -> None:
        """Flush pending events and close the file. Idempotent."""
        if not self._file.closed:
            self.flush()
            with contextlib.suppress(OSError):
                self._file.close()
