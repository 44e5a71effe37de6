"""End to end: kvscope's publisher -> ZMQ on loopback -> the inspector app's state. Plus the CLI."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from kvscope.backend.events import BlockHit, BlockStored, EventBatch
from kvscope.backend.kv_publisher import ZmqEventPublisher
from kvscope.backend.prefix_keys import block_hashes
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.cli import main
from kvscope.inspect.sources.zmq_source import ZmqSource


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
            assert "4blk" in str(app.query_one("#px-tree").root.children[0].label)

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
