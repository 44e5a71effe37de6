"""End to end: kvscope's publisher -> ZMQ on loopback -> the inspector app's state. Plus the CLI."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys

import pytest
from rich.console import Console

from kvscope.backend.events import BlockHit, BlockStored, EventBatch
from kvscope.backend.kv_publisher import ZmqEventPublisher
from kvscope.backend.prefix_keys import block_hashes
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.cli import main
from kvscope.inspect.sources.zmq_source import ZmqSource


def rendered_text(widget) -> str:
    """The plain text a Static currently shows."""
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def test_published_events_reach_the_app_including_history_from_replay():
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", "tcp://127.0.0.1:*", include_kvscope=True,
                            int_hashes=True)  # fmt: skip
    hs = block_hashes(list(range(64)), 16)
    # Published before the inspector exists: only the replay buffer can supply these.
    pub.emit(BlockStored(hs[:2], None, list(range(32)), 16))
    pub.flush(ts=1.0)
    pub.emit(BlockStored(hs[2:], hs[1], list(range(32, 64)), 16))
    pub.emit(BlockHit(hs[:2], 32, tenant="acme"))
    pub.flush(ts=2.0)

    async def scenario():
        source = ZmqSource(pub.endpoint, pub.replay_endpoint)
        app = InspectorApp([source])
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(300):
                pub.publish(EventBatch(3.0, []))  # heartbeats until the subscription is live
                await pilot.pause(0.02)
                app.tick()
                if len(app.state.blocks) == 4:
                    break
            state = app.state
            assert len(state.blocks) == 4 and len(state.roots) == 1
            assert source.recovered >= 2 and source.lost == 0
            assert state.tenants["acme"].hit_tokens == 32
            await pilot.press("2")
            app.tick(force=True)
            await pilot.pause()
            label = str(app.query_one("#px-tree").root.children[0].label)
            assert label.split("…")[-1].split()[:2] == ["4", "4"]  # blk, sub blk columns

    try:
        asyncio.run(scenario())
    finally:
        pub.close()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give at least one source"),
        (["--zmq", "localhost:5557"], "use a ZMQ endpoint"),
        (["--metrics", "127.0.0.1:8000/metrics"], "http:// or https://"),
        (["--trace", "/nonexistent/trace.jsonl"], "no such file"),
        (["--replay", "tcp://127.0.0.1:5558"], "--replay needs --zmq"),
        (["--trace", __file__, "--speed", "-1"], "--speed must be >= 0"),
        (["--trace", __file__, "--speed", "fast"], "invalid float value"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_cli_bad_arguments_exit_2_with_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_kvscope_inspect_subcommand_dispatches():
    out = subprocess.run([sys.executable, "-m", "kvscope.backend", "inspect", "--help"],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0 and "--zmq" in out.stdout and "--trace" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "kvscope.backend", "inspect"],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_metrics_and_server_sources_feed_the_overview_and_block_map():
    import http.server
    import json
    import threading

    from kvscope.backend.cache import PrefixInfo
    from kvscope.backend.tokenizers import get_tokenizer
    from kvscope.inspect.sources.http import MetricsSource, ServerSource

    ids = get_tokenizer("cl100k").encode("You are the ACME support assistant.")
    row = PrefixInfo("ab" * 16, 48, 3, 7, 112, ("acme",), "GPU", True, 5, ids)._asdict()
    stats = {"tiers": {"GPU": {"used": 2, "cached": 3, "free": 11, "pinned": 3}},
             "scheduler": {"running": 1, "waiting": 4}}  # fmt: skip
    metrics = (
        'kvscope_prefix_cache_hit_tokens_total{model_name="m",tenant="acme"} 30\n'
        'kvscope_prefix_cache_query_tokens_total{model_name="m",tenant="acme"} 40\n'
        'kvscope_time_to_first_token_seconds_bucket{model_name="m",le="0.2"} 4\n'
        'kvscope_time_to_first_token_seconds_bucket{model_name="m",le="+Inf"} 4\n'
    )
    routes = {
        "/metrics": metrics.encode(),
        "/v1/cache/stats": json.dumps(stats).encode(),
        "/v1/cache/prefixes?top=20": json.dumps({"model": "m", "prefixes": [row]}).encode(),
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = routes.get(self.path)
            self.send_response(200 if body else 404)
            self.end_headers()
            self.wfile.write(body or b"{}")

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    async def scenario():
        app = InspectorApp([MetricsSource(base + "/metrics"), ServerSource(base)])
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(200):
                await pilot.pause(0.02)
                if app.metrics is not None and app.server_stats is not None:
                    break
            app.tick(force=True)
            await pilot.pause()
            text = "".join(
                rendered_text(app.query_one(f"#ov-{name}"))
                for name in ("cache", "traffic", "latency", "events")
            )
            assert "75.0%" in text and "hot prefix" in text and "ACME support" in text
            assert "hits 7, 48 tok, GPU acme" in text
            assert "TTFT p50" in text and "100 ms" in text
            assert "running 1, waiting 4" in text  # queue from the server when the scrape has none
            assert "between the last two scrapes" in text  # each hit rate says what it is
            await pilot.press("3")
            app.tick(force=True)
            assert "free 11" in rendered_text(app.query_one("#block-map"))

    try:
        asyncio.run(scenario())
    finally:
        server.shutdown()
        server.server_close()


def test_garbage_from_the_server_never_breaks_a_view():
    from kvscope.inspect.messages import ServerUpdated

    async def scenario():
        app = InspectorApp([])
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(ServerUpdated(
                {"tiers": {"GPU": "lots", "CPU": {"free": "x"}}, "scheduler": ["?"]},
                [{"hits": None, "first_token_ids": ["a", 3], "tenants": "acme"}, {"text": 5}],
            ))  # fmt: skip
            await pilot.pause()
            for key in "12345":
                await pilot.press(key)
                app.tick(force=True)
            await pilot.press("1")
            app.tick(force=True)
            assert "ui" not in app.feed.statuses
            assert "hot prefix" in rendered_text(app.query_one("#ov-events"))

    asyncio.run(scenario())
