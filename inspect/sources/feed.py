"""The hand-off between source threads and the app: a batch queue plus status callbacks.

Sources call ``push``/``reset`` (cheap, thread-safe ``deque`` appends) and ``status``/``metrics``/
``server`` (forwarded to ``notify``, which the app sets to its thread-safe ``post_message``). The
app drains batches at its refresh rate, so the UI costs the same whatever the event rate.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from kvscope.backend.events import EventBatch

RESET = object()  # marker in the queue: drop the folded state (publisher restart, trace seek)


class Backoff:
    """Reconnect delays: ``initial`` doubling up to ``maximum``; ``reset`` after a success."""

    def __init__(self, initial: float = 0.5, maximum: float = 10.0) -> None:
        self.initial, self.maximum = initial, maximum
        self.delay = initial

    def next(self) -> float:
        delay = self.delay
        self.delay = min(self.maximum, self.delay * 2)
        return delay

    def reset(self) -> None:
        self.delay = self.initial


class Feed:
    """Thread-safe inbox of one app. ``statuses`` keeps each source's last status line."""

    def __init__(self, notify: Callable[[Any], None] | None = None, max_batches: int = 100_000):
        self.queue: deque[Any] = deque()
        self.max_batches = max_batches
        self.closed = False
        self.notify = notify
        self.statuses: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()

    def push(self, batch: EventBatch) -> None:
        """Queue a batch; blocks while ``max_batches`` wait (back-pressure: a ZMQ source then
        falls behind, its socket drops at the high-water mark, and the gap is replayed or
        reported), so memory stays bounded even if the UI cannot keep up."""
        while len(self.queue) >= self.max_batches and not self.closed:
            time.sleep(0.01)
        self.queue.append(batch)

    def reset(self) -> None:
        self.queue.append(RESET)

    def status(self, source: str, level: str, text: str) -> None:
        from kvscope.inspect.messages import SourceStatus

        with self._lock:
            if self.statuses.get(source) == (level, text):
                return
            self.statuses[source] = (level, text)
        self._send(SourceStatus(source, level, text))

    def metrics(self, snapshot: Any) -> None:
        from kvscope.inspect.messages import MetricsUpdated

        self._send(MetricsUpdated(snapshot))

    def server(self, stats: dict[str, Any], prefixes: list[dict[str, Any]]) -> None:
        from kvscope.inspect.messages import ServerUpdated

        self._send(ServerUpdated(stats, prefixes))

    def _send(self, message: Any) -> None:
        if self.notify is not None:
            self.notify(message)

    def drain(self, limit: int = 1_000_000) -> list[Any]:
        """Take up to ``limit`` queued items (batches or ``RESET``), oldest first."""
        out, q = [], self.queue
        n = 0
        while q and n < limit:
            item = q.popleft()
            out.append(item)
            n += len(item.events) if isinstance(item, EventBatch) else 1
        return out


class Source:
    """A source: ``run`` blocks until ``stop`` is set, reporting through ``feed``; never raises."""

    name = "source"

    def run(self, feed: Feed, stop: threading.Event) -> None:  # pragma: no cover - interface
        raise NotImplementedError
