"""A fleet in the inspector: replicas from repeated flags, a TOML file or a port scan, one row per
replica or data-parallel engine, a token-weighted fleet total, and Enter focusing a replica's
tree. The replicas are real loopback servers (vLLM-format /metrics) and real ZMQ publishers."""

from __future__ import annotations

import asyncio
import http.server
import threading
from contextlib import contextmanager

import pytest
from textual.widgets import DataTable

from kvscope.backend.events import BlockStored, EventBatch
from kvscope.backend.kv_publisher import ZmqEventPublisher
from kvscope.backend.prefix_keys import block_hashes
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.cli import UsageError, build_parser, build_sources
from kvscope.inspect.fleet import FleetError, Target, load_targets, parse_scan, scan
from kvscope.inspect.thresholds import load

VLLM_DP = """vllm:prefix_cache_hits_total{engine="0",model_name="m"} 90
vllm:prefix_cache_queries_total{engine="0",model_name="m"} 100
vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.5
vllm:num_requests_waiting{engine="0",model_name="m"} 2
vllm:prefix_cache_hits_total{engine="1",model_name="m"} 10
vllm:prefix_cache_queries_total{engine="1",model_name="m"} 100
vllm:kv_cache_usage_perc{engine="1",model_name="m"} 0.9
vllm:num_requests_waiting{engine="1",model_name="m"} 5
"""
KVSCOPE = """kvscope_prefix_cache_hit_tokens_total{model_name="m"} 0
kvscope_prefix_cache_query_tokens_total{model_name="m"} 0
kvscope_requests_waiting{model_name="m"} 1
"""


@contextmanager
def metrics_server(body: str):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            data = body.encode() if self.path == "/metrics" else b""
            self.send_response(200 if data else 404)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_fleet_rows_total_and_focus_a_replica():
    pubs = [ZmqEventPublisher("tcp://127.0.0.1:*", None, include_kvscope=True) for _ in range(2)]
    for i, pub in enumerate(pubs):  # replica i caches i + 1 blocks
        ids = list(range(16 * (i + 1)))
        pub.emit(BlockStored(block_hashes(ids, 16), None, ids, 16))

    async def scenario(a: str, b: str):
        targets = [Target("a", metrics=a + "/metrics", zmq=pubs[0].endpoint),
                   Target("b", metrics=b + "/metrics", zmq=pubs[1].endpoint)]  # fmt: skip
        app = InspectorApp([], targets=targets)
        async with app.run_test(size=(120, 30)) as pilot:
            for _ in range(400):
                for pub in pubs:
                    pub.flush(ts=1.0)
                    pub.publish(EventBatch(1.0, []))
                await pilot.pause(0.02)
                app.tick()
                sizes = [len(st.blocks) for st in app.replica_states.values()]
                if len(app.fleet) == 3 and sizes == [1, 2]:
                    break
            await pilot.press("6")
            app.tick(force=True)
            table = app.query_one("#fleet-view", DataTable)
            rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
            names = [r[0].strip("▶ ") for r in rows]
            assert names == ["a", "b engine 0", "b engine 1", "fleet total"]
            assert rows[1][1:3] == ["90.0%", "50.0%"] and rows[2][1:3] == ["10.0%", "90.0%"]
            assert rows[3][4] == "8"  # waiting summed over the fleet
            assert app.focused_replica == "a" and rows[0][0].startswith("▶")
            assert len(app.state.blocks) == 1
            table.move_cursor(row=1)
            await pilot.press("enter")
            await pilot.pause()
            assert app.focused_replica == "b" and app.view == "prefixes"
            assert len(app.state.blocks) == 2  # b's tree in the prefix view

    with metrics_server(KVSCOPE) as a, metrics_server(VLLM_DP) as b:
        asyncio.run(scenario(a, b))
    for pub in pubs:
        pub.close()


def test_fleet_total_weights_hit_rate_by_queried_tokens():
    from kvscope.inspect.fleet import Row, total
    from kvscope.inspect.sources.prom import MetricsSnapshot

    rows = [Row("a", MetricsSnapshot("vllm", hit_rate=0.9), 300.0),
            Row("b", MetricsSnapshot("vllm", hit_rate=0.1), 100.0)]  # fmt: skip
    assert total(rows)["hit_rate"] == pytest.approx(0.7)


def test_flags_toml_and_scan_build_the_fleet(tmp_path):
    with metrics_server(VLLM_DP) as a, metrics_server(KVSCOPE) as b:
        args = build_parser().parse_args(["--metrics", a + "/metrics", "--metrics", b + "/metrics"])
        build_sources(args)
        assert [t.metrics for t in args.fleet] == [a + "/metrics", b + "/metrics"]
        port_a, port_b = int(a.rsplit(":", 1)[1]), int(b.rsplit(":", 1)[1])
        found = scan("127.0.0.1", sorted({port_a, port_b}))
        assert sorted(t.metrics for t in found) == sorted([a + "/metrics", b + "/metrics"])
    toml = tmp_path / "fleet.toml"
    toml.write_text('[[target]]\nname = "r1"\nmetrics = "http://h:8000/metrics"\n'
                    '[[target]]\nname = "r2"\nzmq = "tcp://h:5557"\n')  # fmt: skip
    assert [t.name for t in load_targets(toml)] == ["r1", "r2"]
    assert parse_scan("10.0.0.5:8000-8003,9000") == ("10.0.0.5", [8000, 8001, 8002, 8003, 9000])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[target]]\nname = 'x'\n", "needs metrics or zmq"),
        ("[[target]]\nmetrics = 'http://a'\nport = 3\n", "unknown keys ['port']"),
        ("name = 'x'\n", "needs [[target]] tables"),
        ("[[target\n", "not TOML"),
        ("[[target]]\nname='a'\nzmq='tcp://a'\n[[target]]\nname='a'\nzmq='tcp://b'\n", "named 'a'"),
    ],
)
def test_bad_targets_file_is_one_clear_error(tmp_path, text, message):
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(FleetError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_targets(path)


@pytest.mark.parametrize("spec", ["8000", "host:", "host:80-x", "host:1-1000"])
def test_bad_scan_spec_is_a_usage_error(spec):
    args = build_parser().parse_args(["--scan", spec])
    with pytest.raises(UsageError, match="--scan"):
        build_sources(args)


def test_fleet_snapshot(snap_compare):
    """The Fleet view with two replicas, one of them two DP engines, and the total."""
    from kvscope.inspect.fleet import FleetUpdated
    from kvscope.inspect.sources.prom import MetricsSnapshot

    def snap(hit, usage, running, waiting, pre, p95, q):
        return MetricsSnapshot("vllm", hit_tokens=hit * q, query_tokens=q, hit_rate=hit,
                               usage={"GPU": usage}, running=running, waiting=waiting,
                               preemptions=pre, ttft_p95=p95)  # fmt: skip

    async def fill(pilot):
        app = pilot.app
        app.post_message(
            FleetUpdated("10.0.0.5:8000", {"10.0.0.5:8000": snap(0.81, 0.42, 3, 0, 0, 0.21, 1e4)})
        )
        app.post_message(FleetUpdated("10.0.0.6:8000", {
            "10.0.0.6:8000 engine 0": snap(0.77, 0.55, 4, 1, 2, 0.35, 1e4),
            "10.0.0.6:8000 engine 1": snap(0.12, 0.97, 8, 9, 14, 2.4, 1e4),
        }))  # fmt: skip
        await pilot.pause()
        for row in app.fleet.values():  # a second scrape: each queried 2,000 tokens since
            row.queried = 2000.0
        await pilot.press("6")
        app.tick(force=True)
        await pilot.pause()

    app = InspectorApp([], thresholds=load())  # TTFT over the pack's SLO shows in red
    assert snap_compare(app, terminal_size=(120, 16), run_before=fill)
