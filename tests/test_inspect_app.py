"""The inspector app under Pilot: replay a recorded trace, switch views, expand, find, filter."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console
from textual.widgets import DataTable, Tree

from kvscope.backend.events import BlockEvicted, BlockHit, BlockPinned, BlockRemoved, BlockStored
from kvscope.backend.kv_publisher import TraceFileSink
from kvscope.backend.prefix_keys import ExtraKeys, block_hashes
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.sources.trace import TraceSource

SYSTEM = "You are the ACME support assistant. Answer briefly, cite the policy page. " * 3
QUESTIONS = [
    "What is the refund policy for damaged goods bought online last month?",
    "How do I reset my password on the customer portal if I lost my phone?",
    "Where is the nearest store in Berlin that stocks the blue kettle?",
]


def record_trace(path: Path) -> Path:
    """A small real trace: two tenants share a system prompt (salted apart), hits, an eviction."""
    tok = get_tokenizer("cl100k")
    sink = TraceFileSink(path)
    ts = 1000.0
    for tenant in ("acme", "globex"):
        extra = ExtraKeys(salt=tenant)
        first: list[bytes] = []
        for i, q in enumerate(QUESTIONS):
            ids = tok.encode(SYSTEM + q + " " + q)
            hs = block_hashes(ids, 16, extra)
            first = first or hs
            same = (n for n, (a, b) in enumerate(zip(hs, first, strict=False)) if a != b)
            start = 0 if i == 0 else next(same)
            if start:
                sink.emit(
                    BlockHit(hs[:start], start * 16, tenant=tenant, request_id=f"{tenant}-{i}")
                )
            parent = hs[start - 1] if start else None
            sink.emit(BlockStored(hs[start:], parent, ids[start * 16 : len(hs) * 16], 16))
            if i == 0:
                sink.emit(BlockHit(hs[:1], 16, tenant=tenant))  # tenant known from block 0 on
            ts += 1.0
            sink.flush(ts)
    sink.emit(BlockPinned(hs[:2]))
    sink.emit(BlockEvicted(hs[-1:], "capacity", "gdsf", 0.5))
    sink.emit(BlockRemoved(hs[-1:]))
    sink.flush(ts + 5.0)
    sink.close()
    return path


def rendered_text(widget) -> str:
    """The plain text a Static currently shows."""
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def settle(app: InspectorApp, pilot, source: TraceSource) -> None:
    """Wait until the trace is fully replayed and folded."""
    for _ in range(200):
        if source.finished and not app.feed.queue:
            break
        await pilot.pause(0.02)
    app.tick(force=True)
    await pilot.pause()


def test_replay_switch_views_expand_find_and_filter(tmp_path):
    trace = record_trace(tmp_path / "trace.jsonl")

    async def scenario():
        source = TraceSource(trace, speed=0)
        app = InspectorApp([source])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot, source)
            state = app.state
            assert state.counts["BlockStored"] == 6 and len(state.roots) == 2  # two salts
            assert set(state.tenants) == {"acme", "globex"}
            assert state.tenants["acme"].hit_tokens > 0

            await pilot.press("2")
            assert app.view == "prefixes"
            tree = app.query_one(Tree)
            roots = list(tree.root.children)
            assert len(roots) == 2
            assert "You are the ACME support" in str(roots[0].label)
            tree.focus()
            tree.move_cursor(roots[0])
            await pilot.press("space")  # expand the shared system prompt
            await pilot.pause()
            assert roots[0].is_expanded and len(roots[0].children) == 3  # three questions
            app.tick(force=True)  # a rebuild keeps the expansion
            await pilot.pause()
            assert tree.root.children[0].is_expanded

            await pilot.press("slash")
            await pilot.press(*"blue kettle", "enter")
            await pilot.pause()
            prefix_view = app.query_one("#prefix-view")
            assert prefix_view.matches
            # siblings show what differs: the text after their shared start
            assert str(tree.cursor_node.label).startswith("…Where is the nearest store")

            await pilot.press("5")
            assert app.view == "events"
            table = app.query_one("#ev-table", DataTable)
            assert table.row_count == sum(state.counts.values())
            await pilot.press("slash")
            await pilot.press(*"BlockEvicted", "enter")
            await pilot.pause()
            app.tick(force=True)
            assert table.row_count == 1
            assert "BlockEvicted" in str(table.get_row_at(0)[1])

            await pilot.press("4")
            tenants = app.query_one("#tenants-view", DataTable)
            assert tenants.row_count == 2
            await pilot.press("3")
            assert "GPU 13" in rendered_text(app.query_one("#block-map"))
            await pilot.press("question_mark")
            await pilot.pause()
            assert app.screen.__class__.__name__ == "HelpScreen"
            await pilot.press("escape")
            await pilot.press("1")
            assert app.view == "overview"

    asyncio.run(scenario())


def test_trace_pause_and_seek_from_keys(tmp_path):
    trace = record_trace(tmp_path / "trace.jsonl")

    async def scenario():
        source = TraceSource(trace, speed=1.0)
        source.pause(True)
        app = InspectorApp([source])
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                if source.batches:
                    break
                await pilot.pause(0.02)
            app.tick(force=True)
            assert app.state.batches == 1  # paused after the first batch
            await pilot.press("right_square_bracket")  # +10 s of trace time: everything
            await settle(app, pilot, source)
            assert app.state.batches == 7
            await pilot.press("left_square_bracket")  # back 10 s: view reset and refolded
            for _ in range(100):
                await pilot.pause(0.02)
                app.tick(force=True)
                if 0 < app.state.batches < 7:
                    break
            assert 0 < app.state.batches < 7
            assert "paused" in rendered_text(app.query_one("#status"))

    asyncio.run(scenario())
