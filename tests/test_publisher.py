"""The ZMQ KV-event publisher and the JSONL trace sink, over real sockets on loopback."""

from __future__ import annotations

import socket

import pytest
import zmq

from kvscope.backend.event_codec import decode_batch, from_jsonl
from kvscope.backend.events import (
    AllBlocksCleared,
    BlockHit,
    BlockRemoved,
    BlockStored,
    EventBatch,
)
from kvscope.backend.kv_publisher import END_SEQ, TraceFileSink, ZmqEventPublisher, should_bind
from kvscope.backend.prefix_keys import block_hashes, to_wire_int

H = block_hashes(list(range(64)), 16)
W = [to_wire_int(h) for h in H]  # what vLLM sends by default: the low 64 bits as an int


def _sub(ctx: zmq.Context, endpoint: str, topic: bytes = b"") -> zmq.Socket:
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.SUBSCRIBE, topic)
    sub.setsockopt(zmq.RCVTIMEO, 5000)
    sub.connect(endpoint)
    return sub


def _synced(pub: ZmqEventPublisher, sub: zmq.Socket) -> int:
    """Publish probes until the subscriber is connected; return the next sequence number."""
    while True:
        pub.publish(EventBatch(0.0, [AllBlocksCleared()]))  # a vLLM type: every codec sends it
        if sub.poll(100):
            seq = int.from_bytes(sub.recv_multipart()[1], "big")
            while sub.poll(200):
                seq = int.from_bytes(sub.recv_multipart()[1], "big")
            return seq + 1


def test_bind_rule_matches_vllm():
    assert should_bind("tcp://*:5557") and should_bind("ipc:///tmp/x") and should_bind("inproc://a")
    assert should_bind("tcp://[::]:5557") and not should_bind("tcp://127.0.0.1:5557")


def test_flush_publishes_emitted_events_as_one_batch_with_frames_and_sequence():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", topic="kv-events", include_kvscope=True)
    ctx = zmq.Context()
    sub = _sub(ctx, pub.endpoint, b"kv-events")
    try:
        first = _synced(pub, sub)
        pub.emit(BlockStored(H[:2], None, list(range(32)), 16))
        pub.emit(BlockHit(H[:1], 16, tenant="acme"))
        pub.flush(ts=10.0)
        pub.flush(ts=11.0)  # nothing emitted since: no message
        pub.emit(BlockRemoved(H[1:2]))
        pub.flush(ts=12.0)
        msgs = [sub.recv_multipart() for _ in range(2)]
        assert [m[0] for m in msgs] == [b"kv-events", b"kv-events"]
        assert [int.from_bytes(m[1], "big") for m in msgs] == [first, first + 1]
        one, two = (decode_batch(m[2]) for m in msgs)
        assert one == EventBatch(10.0, [BlockStored(W[:2], None, list(range(32)), 16),
                                        BlockHit(W[:1], 16, tenant="acme")])  # fmt: skip
        assert two.ts == 12.0 and two.events == [BlockRemoved(W[1:2])]
        assert not sub.poll(100)
    finally:
        sub.close(0)
        ctx.term()
        pub.close()


def test_replay_answers_from_the_buffer_with_three_frame_replies_and_end_marker():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", "tcp://127.0.0.1:*", topic="t", buffer_steps=3)
    for i in range(5):
        pub.publish(EventBatch(float(i), [BlockRemoved([H[i % 4]])]))
    ctx = zmq.Context()
    dealer = ctx.socket(zmq.DEALER)
    dealer.setsockopt(zmq.RCVTIMEO, 5000)
    dealer.connect(pub.replay_endpoint)
    try:
        dealer.send_multipart([b"", (1).to_bytes(8, "big")])
        replies = []
        while True:
            frames = dealer.recv_multipart()
            assert frames[0] == b""
            if frames[2] == END_SEQ:
                assert frames[1:] == [b"", END_SEQ, b""]
                break
            replies.append(frames[1:])
        # Only the last 3 steps are buffered: seq 2, 3, 4.
        assert [int.from_bytes(r[1], "big") for r in replies] == [2, 3, 4]
        assert all(r[0] == b"t" for r in replies)
        assert [decode_batch(r[2]).ts for r in replies] == [2.0, 3.0, 4.0]
        dealer.send_multipart([b"", b"short"])  # malformed start: just the end marker
        assert dealer.recv_multipart()[1:] == [b"", END_SEQ, b""]
    finally:
        dealer.close(0)
        ctx.term()
        pub.close()


def test_connect_mode_logs_that_the_subscriber_must_bind_and_hides_kvscope_events(caplog):
    ctx = zmq.Context()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    port = sub.bind_to_random_port("tcp://127.0.0.1")
    with caplog.at_level("WARNING", logger="kvscope.backend.kv_publisher"):
        pub = ZmqEventPublisher(f"tcp://127.0.0.1:{port}")
    (record,) = caplog.records
    assert "publisher connects" in record.getMessage()
    assert f"kvscope-inspect --zmq tcp://*:{port}" in record.getMessage()
    try:
        nxt = _synced(pub, sub)
        pub.publish(EventBatch(0.5, [BlockHit(H[:1], 16)]))  # nothing vLLM knows: not sent at all
        pub.publish(EventBatch(1.0, [BlockHit(H[:1], 16), BlockRemoved(H[:1])]))
        frames = sub.recv_multipart()  # the next message, and the next sequence number
        assert int.from_bytes(frames[1], "big") == nxt
        batch = decode_batch(frames[2])
        assert len(batch.events) == 1 and isinstance(batch.events[0].block_hashes[0], int)
    finally:
        sub.close(0)
        ctx.term()
        pub.close()
        pub.close()  # idempotent


def test_a_binding_publisher_logs_nothing_and_bytes_hashes_are_an_opt_out(caplog):
    with caplog.at_level("WARNING", logger="kvscope.backend.kv_publisher"):
        pub = ZmqEventPublisher("tcp://127.0.0.1:*", int_hashes=False)
    assert not caplog.records
    ctx = zmq.Context()
    sub = _sub(ctx, pub.endpoint)
    try:
        _synced(pub, sub)
        pub.publish(EventBatch(1.0, [BlockRemoved(H[:1])]))
        assert decode_batch(sub.recv_multipart()[2]).events == [BlockRemoved(H[:1])]
    finally:
        sub.close(0)
        ctx.term()
        pub.close()


def test_busy_or_bad_endpoint_fails_at_start_with_a_value_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(ValueError, match="cannot open KV-event endpoint"):
            ZmqEventPublisher(f"tcp://127.0.0.1:{port}".replace("127.0.0.1", "*"))
    with pytest.raises(ValueError, match="form"):
        ZmqEventPublisher("tcp://127.0.0.1:*", form="xml")


def test_trace_file_sink_writes_one_line_per_batch(tmp_path):
    path = tmp_path / "trace.jsonl"
    sink = TraceFileSink(path)
    sink.emit(BlockStored(H[:1], None, list(range(16)), 16))
    sink.emit(BlockHit(H[:1], 16, tenant="t1"))
    sink.flush(ts=1.5)
    assert len(path.read_text().splitlines()) == 1  # visible before close (line-buffered)
    sink.flush(ts=2.0)
    sink.emit(BlockRemoved(H[:1]))
    sink.close()
    sink.close()
    lines = path.read_text().splitlines()
    assert len(lines) == 2
    first = from_jsonl(lines[0])
    assert first.ts == 1.5 and first.events[1] == BlockHit(H[:1], 16, tenant="t1")
    assert from_jsonl(lines[1]).events == [BlockRemoved(H[:1])]


def test_a_second_session_appends_and_starts_from_an_empty_cache(tmp_path):
    path = tmp_path / "trace.jsonl"
    for _ in range(2):
        sink = TraceFileSink(path)
        sink.emit(BlockStored(H[:1], None, list(range(16)), 16))
        sink.flush(ts=1.0)
        sink.close()
    batches = [from_jsonl(x) for x in path.read_text().splitlines()]
    assert [type(b.events[0]).__name__ for b in batches] == [
        "BlockStored", "AllBlocksCleared", "BlockStored"]  # fmt: skip


def test_trace_file_sink_reports_an_unwritable_path(tmp_path):
    with pytest.raises(ValueError, match="cannot open trace file"):
        TraceFileSink(tmp_path / "missing-dir" / "t.jsonl")


def test_a_bad_event_is_counted_and_the_stream_goes_on(tmp_path):
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", "tcp://127.0.0.1:*", include_kvscope=True)
    sink = TraceFileSink(tmp_path / "t.jsonl")
    try:
        for target in (pub, sink):
            target.publish(EventBatch(1.0, [object()]))
            target.publish(EventBatch(2.0, [BlockRemoved([H[0]])]))
        sink.close()
        assert sink.errors == 1 and "not a block event" in sink.last_error
        lines = (tmp_path / "t.jsonl").read_text().splitlines()
        assert [from_jsonl(x).ts for x in lines] == [2.0]
        ctx = zmq.Context()
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.RCVTIMEO, 5000)
        dealer.connect(pub.replay_endpoint)
        dealer.send_multipart([b"", (0).to_bytes(8, "big")])
        first = dealer.recv_multipart()
        assert int.from_bytes(first[2], "big") == 0 and decode_batch(first[3]).ts == 2.0
        assert pub.errors == 1
        dealer.close(0)
        ctx.term()
    finally:
        pub.close()


def test_serve_flags_default_to_int_hashes_and_log_a_connecting_publisher(caplog):
    from kvscope.backend.server.cli import build_parser, build_sinks

    ctx = zmq.Context()
    sub = ctx.socket(zmq.SUB)
    port = sub.bind_to_random_port("tcp://127.0.0.1")
    sinks = []
    try:
        with caplog.at_level("WARNING", logger="kvscope.backend.kv_publisher"):
            sinks += build_sinks(build_parser().parse_args(["--kv-events", "tcp://127.0.0.1:*"]))
            assert not caplog.records
            args = ["--kv-events", f"tcp://127.0.0.1:{port}", "--kv-events-bytes-hashes"]
            sinks += build_sinks(build_parser().parse_args(args))
        assert "the subscriber must bind" in caplog.records[0].getMessage()
        assert [s._codec["int_hashes"] for s in sinks] == [True, False]
    finally:
        for s in sinks:
            s.close()
        sub.close(0)
        ctx.term()
