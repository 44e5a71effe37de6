"""Event and metric sources against real sockets, files and HTTP servers on loopback."""

from __future__ import annotations

import http.server
import json
import threading
import time
from typing import ClassVar

import zmq

from kvscope.backend.event_codec import encode_batch
from kvscope.backend.events import BlockRemoved, BlockStored, EventBatch
from kvscope.backend.kv_publisher import END_SEQ, ZmqEventPublisher
from kvscope.inspect.sources.feed import RESET, Feed
from kvscope.inspect.sources.http import MetricsSource, ServerSource
from kvscope.inspect.sources.trace import TraceSource
from kvscope.inspect.sources.zmq_source import ZmqSource, _parse_reply


def _batch(i: int) -> EventBatch:
    return EventBatch(float(i), [BlockStored([i.to_bytes(4, "big")], None, [i] * 4, 4)])


def _frames(seq: int, payload: bytes) -> list[bytes]:
    return [b"", seq.to_bytes(8, "big"), payload]


def _collect() -> tuple[Feed, list]:
    got: list = []
    return Feed(notify=got.append), got


def _wait(pred, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.01)
    return False


def test_gap_is_recovered_through_the_publishers_replay_socket():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", "tcp://127.0.0.1:*")
    ctx = zmq.Context()
    try:
        for i in range(5):
            pub.publish(_batch(i))
        assert _wait(lambda: len(pub._buffer) == 5)
        feed, _ = _collect()
        src = ZmqSource(pub.endpoint, pub.replay_endpoint)
        src.handle(_frames(0, encode_batch(_batch(0))), feed, ctx)  # first: nothing before it
        src.handle(_frames(4, encode_batch(_batch(4))), feed, ctx)  # 1..3 missed
        assert [b.ts for b in feed.drain()] == [0.0, 1.0, 2.0, 3.0, 4.0]
        assert (src.recovered, src.lost) == (3, 0)
        late = ZmqSource(pub.endpoint, pub.replay_endpoint)  # joins late: fetches history
        late.handle(_frames(4, encode_batch(_batch(4))), feed, ctx)
        assert [b.ts for b in feed.drain()] == [0.0, 1.0, 2.0, 3.0, 4.0]
    finally:
        ctx.term()
        pub.close()


def test_old_two_frame_replay_replies_are_understood():
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    port = router.bind_to_random_port("tcp://127.0.0.1")

    def serve():
        ident, _, start = router.recv_multipart()
        for seq in range(int.from_bytes(start, "big"), 3):
            router.send_multipart([ident, b"", seq.to_bytes(8, "big"), encode_batch(_batch(seq))])
        router.send_multipart([ident, b"", END_SEQ, b""])

    t = threading.Thread(target=serve)
    t.start()
    try:
        feed, _ = _collect()
        src = ZmqSource("tcp://127.0.0.1:1", f"tcp://127.0.0.1:{port}")
        src.handle(_frames(3, encode_batch(_batch(3))), feed, ctx)
        assert [b.ts for b in feed.drain()] == [0.0, 1.0, 2.0, 3.0]
    finally:
        t.join()
        router.close(0)
        ctx.term()
    assert _parse_reply([b"t", b"x" * 8, b"p"]) == (b"x" * 8, b"p")
    assert _parse_reply([b"x" * 8, b"p"]) == (b"x" * 8, b"p")
    assert _parse_reply([b"junk"]) == (None, b"")


def test_gaps_without_replay_restarts_and_garbage_are_reported():
    feed, got = _collect()
    src = ZmqSource("tcp://127.0.0.1:1")
    src.handle(_frames(5, encode_batch(_batch(5))), feed)
    src.handle(_frames(9, encode_batch(_batch(9))), feed)
    assert src.lost == 3 and "lost 3" in got[-1].text and got[-1].level == "warn"
    src.handle(_frames(0, encode_batch(_batch(0))), feed)  # publisher restarted
    items = feed.drain()
    assert items[2] is RESET and src.restarts == 1
    src.handle([b"only-one-frame"], feed)
    src.handle(_frames(1, b"\xc1garbage"), feed)
    assert src.bad == 2 and "bad message seq 1" in got[-1].text


def test_run_loop_receives_live_events_from_a_publisher():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*")
    feed, _ = _collect()
    src = ZmqSource(pub.endpoint)
    stop = threading.Event()
    t = threading.Thread(target=src.run, args=(feed, stop))
    t.start()
    try:
        i = 0
        while not feed.queue and i < 500:  # until the subscription is live
            pub.publish(_batch(i))
            i += 1
            time.sleep(0.01)
        assert feed.queue
    finally:
        stop.set()
        t.join(5)
        pub.close()


def _write_trace(path, n: int, bad: bool = False) -> None:
    from kvscope.backend.event_codec import to_jsonl

    lines = [to_jsonl(_batch(i)) for i in range(n)]
    if bad:
        lines.insert(2, "{not json")
        lines.append(to_jsonl(BlockRemoved([b"\x00\x00\x00\x01"])))  # a bare event line
    path.write_text("\n".join(lines) + "\n")


def test_trace_replays_at_max_speed_and_reports_bad_lines(tmp_path):
    path = tmp_path / "t.jsonl"
    _write_trace(path, 5, bad=True)
    feed, got = _collect()
    src = TraceSource(path, speed=0)
    stop = threading.Event()
    t = threading.Thread(target=src.run, args=(feed, stop))
    t.start()
    assert _wait(lambda: src.finished)
    stop.set()  # after the end the source waits for a seek back; stop ends it
    t.join(5)
    batches = feed.drain()
    assert [b.ts for b in batches] == [0.0, 1.0, 2.0, 3.0, 4.0, 4.0]
    assert src.bad == 1 and any("t.jsonl:3" in m.text for m in got)
    assert src.finished and "finished" in got[-1].text


def test_trace_seek_forward_and_back_while_paused(tmp_path):
    path = tmp_path / "t.jsonl"
    _write_trace(path, 50)
    feed, _ = _collect()
    src = TraceSource(path, speed=1.0)
    src.pause(True)
    stop = threading.Event()
    t = threading.Thread(target=src.run, args=(feed, stop))
    t.start()
    try:
        assert _wait(lambda: src.batches == 1)
        src.seek(20)
        assert _wait(lambda: src.batches == 21)
        assert [b.ts for b in feed.drain()] == [float(i) for i in range(21)]
        src.seek(-15)
        assert _wait(lambda: src.batches == 6 and len(feed.queue) == 7)
        items = feed.drain()
        assert items[0] is RESET and [b.ts for b in items[1:]] == [float(i) for i in range(6)]
    finally:
        stop.set()
        t.join(5)


class _Handler(http.server.BaseHTTPRequestHandler):
    routes: ClassVar[dict] = {}

    def do_GET(self):
        status, body = self.routes.get(self.path, (404, b"not found"))
        self.send_response(status)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_http_sources_scrape_and_report_failures():
    _Handler.routes = {
        "/metrics": (200, b'vllm:prefix_cache_queries_total{model_name="m"} 10\n'
                          b'vllm:prefix_cache_hits_total{model_name="m"} 4\n'),
        "/v1/cache/stats": (200, json.dumps({"tiers": {"GPU": {"free": 3}}}).encode()),
        "/v1/cache/prefixes?top=20": (200, json.dumps({"prefixes": [{"hits": 2}]}).encode()),
    }  # fmt: skip
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        feed, got = _collect()
        MetricsSource(base + "/metrics").poll(feed)
        assert got[0].snapshot.hit_rate == 0.4
        ServerSource(base).poll(feed)
        assert got[-2].stats["tiers"]["GPU"]["free"] == 3 and got[-2].prefixes == [{"hits": 2}]
        _Handler.routes["/metrics"] = (500, b"boom")
        stop = threading.Event()
        src = MetricsSource(base + "/metrics", interval_s=0.05)
        t = threading.Thread(target=src.run, args=(feed, stop))
        t.start()
        assert _wait(lambda: feed.statuses.get("metrics", ("", ""))[0] == "error")
        assert "HTTP 500" in feed.statuses["metrics"][1]
        stop.set()
        t.join(5)
    finally:
        server.shutdown()
        server.server_close()
    feed, _ = _collect()
    stop = threading.Event()
    t = threading.Thread(target=ServerSource(base, interval_s=0.05).run, args=(feed, stop))
    t.start()  # the server is gone now: connection refused, reported, retried
    assert _wait(lambda: feed.statuses.get("server", ("", ""))[0] == "error")
    stop.set()
    t.join(5)


def test_feed_applies_back_pressure_instead_of_growing_without_bound():
    feed = Feed(max_batches=3)
    for i in range(3):
        feed.push(_batch(i))
    t = threading.Thread(target=feed.push, args=(_batch(3),))
    t.start()
    time.sleep(0.05)
    assert len(feed.queue) == 3 and t.is_alive()  # the source waits
    assert [b.ts for b in feed.drain(limit=1)] == [0.0]
    t.join(5)
    assert [b.ts for b in feed.drain()] == [1.0, 2.0, 3.0]
