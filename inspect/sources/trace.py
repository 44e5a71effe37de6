"""Replay a JSONL trace (``kvscope serve --trace-file``) at real or accelerated speed.

Each line is a batch (``TraceFileSink``'s format) or a single event (given the previous batch's
time). The replay keeps a trace clock that advances ``speed`` times faster than the wall clock
(``speed=0``: as fast as possible); ``pause``/``resume``/``seek`` may be called from any thread.
Seeking backwards resets the view and refolds from the start (the fold is fast). With ``follow``
the file is tailed for new lines, like ``tail -f``. Bad lines are counted and reported.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from kvscope.backend.event_codec import DecodeError
from kvscope.backend.event_jsonl import from_jsonl
from kvscope.backend.events import EventBatch
from kvscope.inspect.sources.feed import Backoff, Feed, Source


class TraceSource(Source):
    """Replays ``path``; ``position`` is the trace time shown to the user."""

    def __init__(self, path: str | Path, speed: float = 1.0, follow: bool = False) -> None:
        self.name = "trace"
        self.path = Path(path)
        self.speed = speed
        self.follow = follow
        self.paused = False
        self.position: float | None = None
        self.start: float | None = None
        self.batches = 0
        self.bad = 0
        self.finished = False
        self._seek: float | None = None
        self._lock = threading.Lock()

    def pause(self, paused: bool | None = None) -> None:
        """Toggle (or set) pause."""
        self.paused = (not self.paused) if paused is None else paused

    def seek(self, delta_s: float) -> None:
        """Move the trace clock by ``delta_s`` seconds (negative: back)."""
        with self._lock:
            base = self.position if self._seek is None else self._seek
            self._seek = max(self.start or 0.0, (base or 0.0) + delta_s)

    def run(self, feed: Feed, stop: threading.Event) -> None:
        backoff = Backoff()
        while not stop.is_set():
            try:
                with self.path.open(encoding="utf-8", errors="replace") as f:
                    backoff.reset()
                    if self._replay(f, feed, stop) and not self._wait_for_seek_back(stop):
                        return
                # a backward seek: start over with a fresh view
                feed.reset()
            except OSError as exc:
                feed.status(self.name, "error", f"{self.path}: {exc.strerror}; retrying")
                stop.wait(backoff.next())

    def _wait_for_seek_back(self, stop: threading.Event) -> bool:
        """After the end: True when the user seeks back (replay again), False on stop."""
        while not stop.wait(0.05):
            with self._lock:
                target = self._seek
                if target is not None and target >= (self.position or 0.0):
                    self._seek = None  # nothing left ahead
                    continue
            if target is not None:
                return True
        return False

    def _lines(self, f: Any, stop: threading.Event):
        n = 0
        while not stop.is_set():
            line = f.readline()
            if not line:
                if not self.follow:
                    return
                stop.wait(0.2)
                continue
            n += 1
            if line.strip():
                yield n, line

    def _replay(self, f: Any, feed: Feed, stop: threading.Event) -> bool:
        """Replays to the end; False when a backward seek needs a restart from the top."""
        self.batches, self.bad, self.finished, self.position = 0, 0, False, None
        last_ts, wall = 0.0, time.monotonic()
        for lineno, line in self._lines(f, stop):
            try:
                item = from_jsonl(line)
            except DecodeError as exc:
                self.bad += 1
                feed.status(self.name, "warn", f"{self.path.name}:{lineno}: {exc}; skipped")
                continue
            batch = item if isinstance(item, EventBatch) else EventBatch(last_ts, [item])
            last_ts = batch.ts
            if self.start is None:
                self.start = batch.ts
            if self.position is None:
                self.position = batch.ts
            while not stop.is_set():
                with self._lock:
                    target, self._seek = self._seek, None
                if target is not None:
                    if target < self.position:
                        with self._lock:
                            self._seek = target  # honoured after the restart
                        self.position = None
                        return False
                    self.position = target
                now = time.monotonic()
                if not self.paused and self.speed > 0:
                    self.position += (now - wall) * self.speed
                wall = now
                if self.speed <= 0 and not self.paused:
                    self.position = max(self.position, batch.ts)
                if self.position >= batch.ts:
                    break
                stop.wait(min(0.05, (batch.ts - self.position) / max(self.speed, 1e-9)))
            if stop.is_set():
                return True
            feed.push(batch)
            self.batches += 1
            self._report(feed)
        self.finished = True
        feed.status(self.name, "ok", f"{self.path.name}: finished, {self._counts()}")
        return True

    def _counts(self) -> str:
        return f"{self.batches} batches, {self.bad} bad lines"

    def _report(self, feed: Feed) -> None:
        if self.batches % 200 == 0 or self.speed > 0:
            state = "paused" if self.paused else f"x{self.speed:g}" if self.speed > 0 else "max"
            rel = (self.position or 0.0) - (self.start or 0.0)
            feed.status(self.name, "ok", f"{self.path.name} +{rel:.1f}s {state}, {self._counts()}")
