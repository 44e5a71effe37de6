"""The prefix view as a table: a header row naming each column and its unit, figures aligned
under it at every depth, the text using the width there is, and the tree focused on switch."""

from __future__ import annotations

import asyncio

from test_inspect_app import record_trace
from textual.widgets import Tree

from kvscope.backend.event_codec import from_jsonl
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.fold import CacheState
from kvscope.inspect.widgets.prefix_tree import GUIDE, ICON, columns, header


def _app(tmp_path) -> InspectorApp:
    state = CacheState()
    for line in record_trace(tmp_path / "trace.jsonl").read_text().splitlines():
        state.apply(from_jsonl(line))
    return InspectorApp(state=state, refresh_hz=0.1)


def _ends(text: str, names: list[str]) -> list[int]:
    """Where each header name ends in ``text``."""
    out, at = [], 0
    for name in names:
        at = text.index(name, at) + len(name)
        out.append(at)
    return out


def test_columns_align_under_the_header_at_every_depth_and_enter_expands(tmp_path):
    async def scenario():
        app = _app(tmp_path)
        async with app.run_test(size=(160, 30)) as pilot:
            await pilot.press("2")
            await pilot.pause()
            tree = app.query_one(Tree)
            assert app.focused is tree and tree.cursor_node is tree.root.children[0]
            await pilot.press("enter")  # no Tab needed: the tree has focus and a cursor
            await pilot.pause()
            first = tree.root.children[0]
            assert first.is_expanded and first.children
            width = tree.scrollable_content_region.width
            head = header(width).plain
            names = [c[0] for c in columns(width)]
            assert names[:5] == ["blk", "sub blk", "tok", "hits", "saved tok"]
            ends = _ends(head, ["blk", "sub blk", "tok", "hits", "saved tok"])
            for node, depth in ((first, 0), (first.children[0], 1)):
                indent = GUIDE * depth + (ICON if node.allow_expand else 0)
                row = " " * indent + node.label.plain
                assert len(row) == len(head)
                for end in ends:  # right-aligned numbers end where their heading ends
                    assert row[end - 1].isdigit(), (row, end)
            # 160 columns leave the text ~80 characters, not the old 40
            assert len(first.label.plain.split("…")[0].rstrip()) > 60

    asyncio.run(scenario())
