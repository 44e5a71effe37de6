"""KV events over ZMQ in vLLM's wire format (kvscope, vLLM and SGLang publishers).

A SUB socket receives ``[topic, seq, payload]``. With a replay socket, the publisher's buffered
history is fetched as soon as the subscriber connects (a DEALER sends ``[b"", start_seq]`` and
reads replies until the end marker, accepting vLLM's and SGLang's old ``[seq, payload]`` and vLLM's
new ``[topic, seq, payload]`` reply shapes), so a late-joining inspector shows the cache before
the next live event. Sequence numbers are then checked:

- a jump forward is a gap, recovered through the replay socket when one is given;
- a message seen again (the same seq and payload, e.g. one that arrived live while the history
  was being replayed, or a resent one a step back) is a duplicate: skipped and counted;
- any other step backward (a larger jump, or a known seq with a different payload) means the
  publisher restarted, so the folded state is reset;
- SGLang's snapshot topics (``topic + b"\x00sgl-kv-epoch=<uuid>"``) name a stream: a new epoch is
  a new stream, so the view is reset and sequence numbers start over.

Malformed messages are counted and reported, never raised.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict
from typing import Any

from kvscope.backend.event_codec import DecodeError, decode_batch
from kvscope.backend.kv_publisher import END_SEQ, should_bind
from kvscope.inspect.sources.feed import Backoff, Feed, Source

EPOCH_MARK = b"\x00sgl-kv-epoch="
_RECENT = 256  # (seq, payload checksum) pairs kept to recognise a message seen twice


def split_topic(frame: bytes) -> tuple[bytes, str | None]:
    """(topic, SGLang snapshot epoch or None) of a topic frame."""
    topic, mark, epoch = frame.partition(EPOCH_MARK)
    return (topic, epoch.decode("utf-8", "replace")) if mark else (frame, None)


class ZmqSource(Source):
    """Subscribes to ``endpoint``; ``replay`` is the publisher's replay (ROUTER) endpoint."""

    def __init__(
        self,
        endpoint: str,
        replay: str | None = None,
        topic: str = "",
        replay_timeout_s: float = 2.0,
        idle_warn_s: float = 10.0,
    ) -> None:
        self.name = "zmq"
        self.endpoint = endpoint
        self.replay = replay
        self.topic = topic.encode()
        self.replay_timeout_s = replay_timeout_s
        self.idle_warn_s = idle_warn_s
        self.last_seq: int | None = None
        self.received = 0
        self.recovered = 0
        self.lost = 0
        self.bad = 0
        self.restarts = 0
        self.duplicates = 0
        self.epoch: str | None = None
        self.epochs = 0
        self._recent: OrderedDict[int, int] = OrderedDict()
        self._last_status = 0.0
        self._reported = 0

    def run(self, feed: Feed, stop: threading.Event) -> None:
        import zmq

        backoff = Backoff()
        while not stop.is_set():
            ctx = zmq.Context()
            try:
                sub = ctx.socket(zmq.SUB)
                sub.setsockopt(zmq.SUBSCRIBE, self.topic)
                sub.setsockopt(zmq.LINGER, 0)
                if should_bind(self.endpoint):
                    sub.bind(self.endpoint)
                else:
                    sub.connect(self.endpoint)
                feed.status(self.name, "warn", f"waiting for events on {self.endpoint}")
                backoff.reset()
                self.fetch_history(feed, ctx)
                self._loop(sub, ctx, feed, stop)
            except Exception as exc:  # a broken endpoint must not kill the app
                feed.status(self.name, "error", f"{self.endpoint}: {exc}; retrying")
                stop.wait(backoff.next())
            finally:
                ctx.destroy(linger=0)

    def _loop(self, sub: Any, ctx: Any, feed: Feed, stop: threading.Event) -> None:
        last_msg = start = time.monotonic()
        while not stop.is_set():
            if not sub.poll(200):
                idle = time.monotonic() - last_msg
                if self.received and idle > self.idle_warn_s:
                    feed.status(self.name, "warn", f"no events for {idle:.0f} s ({self.summary()})")
                elif self.received != self._reported:  # the throttled count caught up when idle
                    self._status(feed, "ok", "")
                elif not self.received and time.monotonic() - start > self.idle_warn_s:
                    feed.status(self.name, "warn", f"no events on {self.endpoint} yet (an idle "
                                "engine? its publisher must bind, e.g. tcp://*:PORT)")  # fmt: skip
                continue
            last_msg = time.monotonic()
            self.handle(sub.recv_multipart(), feed, ctx)

    def summary(self) -> str:
        dup = f", {self.duplicates} duplicate" if self.duplicates else ""
        return (f"{self.received} msgs, {self.recovered} replayed, {self.lost} lost, "
                f"{self.bad} bad{dup}")  # fmt: skip

    def fetch_history(self, feed: Feed, ctx: Any) -> int:
        """On connect: fold everything the replay socket still buffers after ``last_seq``."""
        if not self.replay or ctx is None:
            return 0
        start = 0 if self.last_seq is None else self.last_seq + 1
        got = self._replay(start, None, feed, ctx)
        if got:
            self._status(feed, "ok", f"fetched {got} buffered message(s). ")
        return got

    def _seen(self, seq: int, payload: bytes) -> bool:
        return self._recent.get(seq) == zlib.crc32(payload)

    def _remember(self, seq: int, payload: bytes) -> None:
        recent = self._recent
        recent[seq] = zlib.crc32(payload)
        recent.move_to_end(seq)
        while len(recent) > _RECENT:
            recent.popitem(last=False)

    def _new_stream(self, feed: Feed) -> None:
        feed.reset()
        self.last_seq = None
        self._recent.clear()

    def handle(self, frames: list[bytes], feed: Feed, ctx: Any = None) -> None:
        """Process one SUB message (public so tests can feed frames directly)."""
        if len(frames) != 3 or len(frames[1]) != 8:
            self.bad += 1
            feed.status(self.name, "warn", f"malformed message ({len(frames)} frames); skipped")
            return
        seq = int.from_bytes(frames[1], "big")
        level, note = "ok", ""
        _, epoch = split_topic(frames[0])
        if epoch is not None and epoch != self.epoch:
            if self.epoch is not None:
                self.epochs += 1
                self._new_stream(feed)
                level, note = "warn", f"new stream (epoch {epoch[:8]}); view reset. "
            self.epoch = epoch
        last = self.last_seq
        if last is not None and seq <= last:
            if self._seen(seq, frames[2]) or (seq not in self._recent and last - seq <= 1):
                self.duplicates += 1  # replay overlap or a resent message: nothing to fold
                return
            self.restarts += 1
            self._new_stream(feed)
            last = None
            level, note = "warn", "publisher restarted; view reset. "
        if (last is None and self.replay and seq > 0) or (last is not None and seq > last + 1):
            start = 0 if last is None else last + 1
            got = self._replay(start, seq, feed, ctx)
            missing = seq - start - got
            if missing > 0 and last is not None:
                self.lost += missing
                level, note = "warn", f"lost {missing} message(s) before seq {seq}. "
        self.last_seq = seq
        if self._push(frames[2], seq, feed):
            self.received += 1
            if level != "ok" or time.monotonic() - self._last_status > 0.5:  # bounded traffic
                self._status(feed, level, note)

    def _status(self, feed: Feed, level: str, note: str) -> None:
        self._last_status = time.monotonic()
        self._reported = self.received
        feed.status(self.name, level, f"{note}{self.endpoint}: {self.summary()}")

    def _push(self, payload: bytes, seq: int, feed: Feed) -> bool:
        self._remember(seq, payload)
        try:
            feed.push(decode_batch(payload))
        except DecodeError as exc:
            self.bad += 1
            feed.status(self.name, "warn", f"bad message seq {seq}: {exc}")
            return False
        return True

    def _replay(self, start: int, stop_seq: int | None, feed: Feed, ctx: Any) -> int:
        """Fetch ``[start, stop_seq)`` (``None``: everything buffered) from the replay socket;
        returns how many were recovered. Without ``stop_seq``, ``last_seq`` follows the history."""
        if not self.replay or ctx is None:
            return 0
        import zmq

        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        got = 0
        try:
            dealer.connect(self.replay)
            dealer.send_multipart([b"", start.to_bytes(8, "big")])
            deadline = time.monotonic() + self.replay_timeout_s
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not dealer.poll(int(left * 1000)):
                    feed.status(self.name, "warn", f"replay socket {self.replay} did not answer")
                    return got
                reply = dealer.recv_multipart()
                frames = reply[1:] if reply and reply[0] == b"" else reply
                seq_b, payload = _parse_reply(frames)
                if seq_b is None or seq_b == END_SEQ:
                    return got
                seq = int.from_bytes(seq_b, "big")
                if seq < start or (stop_seq is not None and seq >= stop_seq):
                    continue
                if stop_seq is None:
                    self.last_seq = seq if self.last_seq is None else max(self.last_seq, seq)
                if self._push(payload, seq, feed):
                    got += 1
                    self.recovered += 1
        finally:
            dealer.close(linger=0)


def _parse_reply(frames: list[bytes]) -> tuple[bytes | None, bytes]:
    """(seq, payload) of a replay reply in either shape; (None, b"") if unrecognisable."""
    if len(frames) == 3 and len(frames[1]) == 8:
        return frames[1], frames[2]  # new: [topic, seq, payload]; end: [b"", END_SEQ, b""]
    if len(frames) == 2 and len(frames[0]) == 8:
        return frames[0], frames[1]  # old: [seq, payload]; end: [END_SEQ, b""]
    return None, b""
