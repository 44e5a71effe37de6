"""The ZMQ source's stream rules: history on connect, duplicates, restarts and SGLang epochs."""

from __future__ import annotations

import threading
import time

import zmq
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.event_codec import encode_batch
from kvscope.backend.events import BlockStored, EventBatch
from kvscope.backend.kv_publisher import ZmqEventPublisher
from kvscope.inspect.fold import CacheState
from kvscope.inspect.sources.feed import RESET, Feed
from kvscope.inspect.sources.zmq_source import EPOCH_MARK, ZmqSource, split_topic


def _batch(i: int) -> EventBatch:
    return EventBatch(float(i), [BlockStored([i + 1], None, [i] * 4, 4)])


def _frames(seq: int, i: int, topic: bytes = b"kv") -> list[bytes]:
    return [topic, seq.to_bytes(8, "big"), encode_batch(_batch(i))]


def _wait(pred, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.02)
    return False


def _fold(feed: Feed, state: CacheState | None = None) -> CacheState:
    state = state or CacheState()
    for item in feed.drain():
        if item is RESET:
            state = CacheState()
        else:
            state.apply(item)
            state.check_integrity()
    return state


def test_a_late_inspector_shows_the_history_before_any_new_event():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", "tcp://127.0.0.1:*", topic="kv-events")
    for i in range(6):
        pub.publish(_batch(i))
    assert _wait(lambda: len(pub._buffer) == 6)
    feed, stop = Feed(), threading.Event()
    src = ZmqSource(pub.endpoint, pub.replay_endpoint, topic="kv-events")
    t = threading.Thread(target=src.run, args=(feed, stop))
    t.start()
    try:
        assert _wait(lambda: len(feed.queue) == 6)  # nothing new was published
        state = _fold(feed)
        assert sorted(state.blocks) == [1, 2, 3, 4, 5, 6] and src.last_seq == 5
        # the status line follows the six items onto the feed: wait for it, do not race it
        assert _wait(lambda: "fetched 6 buffered" in feed.statuses["zmq"][1])
        assert src.recovered == 6
        pub.publish(_batch(6))  # the next live event follows on without a gap or a duplicate
        assert _wait(lambda: src.received == 1)
        state = _fold(feed, state)
        assert len(state.blocks) == 7 and (src.lost, src.duplicates, src.restarts) == (0, 0, 0)
    finally:
        stop.set()
        t.join(5)
        pub.close()


def test_a_replayed_message_arriving_live_too_is_a_duplicate_not_a_restart():
    feed = Feed()
    src = ZmqSource("tcp://127.0.0.1:1")
    for seq in range(4):
        src.handle(_frames(seq, seq), feed)
    src.handle(_frames(3, 3), feed)  # the same message again
    src.handle(_frames(2, 2), feed)  # an older one again, a step further back
    assert src.duplicates == 2 and src.restarts == 0 and src.last_seq == 3
    assert RESET not in feed.drain()
    src.handle(_frames(4, 4), feed)
    assert src.lost == 0 and src.received == 5


def test_a_step_back_with_new_content_or_a_large_jump_back_is_a_restart():
    feed = Feed()
    src = ZmqSource("tcp://127.0.0.1:1")
    for seq in range(3):
        src.handle(_frames(seq, seq), feed)
    src.handle(_frames(0, 99), feed)  # seq 0 again but another payload: a new publisher
    assert src.restarts == 1 and src.duplicates == 0
    items = feed.drain()
    assert items.count(RESET) == 1 and _fold_after_reset(items) == [100]
    for seq in range(1, 300):
        src.handle(_frames(seq, seq), feed)
    src.handle(_frames(5, 5), feed)  # far behind and long forgotten: a restart too
    assert src.restarts == 2


def _fold_after_reset(items: list) -> list:
    state = CacheState()
    for item in items:
        state = CacheState() if item is RESET else (state.apply(item) or state)
    return sorted(state.blocks)


def test_a_new_sglang_epoch_resets_the_view_and_restarts_sequence_numbers():
    feed = Feed()
    src = ZmqSource("tcp://127.0.0.1:1", topic="kv")
    a, b = b"kv" + EPOCH_MARK + b"aaaa-1111", b"kv" + EPOCH_MARK + b"bbbb-2222"
    assert split_topic(a) == (b"kv", "aaaa-1111") and split_topic(b"kv") == (b"kv", None)
    for seq in range(3):
        src.handle(_frames(seq, seq, a), feed)
    assert src.epoch == "aaaa-1111" and RESET not in feed.drain()
    src.handle(_frames(0, 50, b), feed)  # the snapshot of the new stream starts at 0
    items = feed.drain()
    assert items[0] is RESET and _fold_after_reset(items) == [51]
    assert (src.epochs, src.restarts, src.lost, src.epoch) == (1, 0, 0, "bbbb-2222")
    assert "new stream (epoch bbbb-222)" in feed.statuses["zmq"][1]
    src.handle(_frames(1, 51, b), feed)
    assert src.received == 5 and RESET not in feed.drain()


def test_an_epoch_stream_is_subscribed_by_its_topic_prefix():
    ctx = zmq.Context()
    pub = ctx.socket(zmq.PUB)
    port = pub.bind_to_random_port("tcp://127.0.0.1")
    feed, stop = Feed(), threading.Event()
    src = ZmqSource(f"tcp://127.0.0.1:{port}", topic="kv")
    t = threading.Thread(target=src.run, args=(feed, stop))
    t.start()
    try:
        i = 0
        while not feed.queue and i < 300:  # until the subscription is live
            pub.send_multipart(_frames(i, i, b"kv" + EPOCH_MARK + b"e1"))
            i += 1
            time.sleep(0.01)
        assert feed.queue and src.epoch == "e1"
    finally:
        stop.set()
        t.join(5)
        pub.close(0)
        ctx.term()


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    b"kv",
                    b"kv" + EPOCH_MARK + b"e1",
                    b"kv" + EPOCH_MARK + b"e2",
                    b"kv" + EPOCH_MARK + b"\xff\xfe",
                    b"",
                ]
            ),
            st.integers(0, 12),
            st.integers(0, 5) | st.binary(max_size=12),
        ),
        max_size=25,
    )
)
def test_fuzz_any_frame_sequence_never_raises_and_folds_consistently(msgs):
    feed = Feed()
    src = ZmqSource("tcp://127.0.0.1:1")
    for topic, seq, body in msgs:
        payload = body if isinstance(body, bytes) else encode_batch(_batch(body))
        src.handle([topic, seq.to_bytes(8, "big"), payload], feed)
    state = _fold(feed)
    assert src.received + src.duplicates + src.bad == len(msgs)
    assert len(state.blocks) <= 6
