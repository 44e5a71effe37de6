"""Snapshot tests at 80x24. The state is folded from a trace with fixed timestamps and the UI shows
only producer time (no wall clock), so the SVGs are deterministic."""

from __future__ import annotations

from pathlib import Path

from test_inspect_app import record_trace

from kvscope.backend.event_codec import from_jsonl
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.fold import CacheState
from kvscope.inspect.thresholds import load


def _app(tmp_path: Path) -> InspectorApp:
    state = CacheState()
    for line in record_trace(tmp_path / "trace.jsonl").read_text().splitlines():
        state.apply(from_jsonl(line))
    return InspectorApp(state=state, refresh_hz=0.1, thresholds=load())


def test_overview_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24))


def test_prefix_tree_snapshot(snap_compare, tmp_path):
    async def expand(pilot):
        await pilot.press("2")
        await pilot.press("s")  # sort by size
        await pilot.press("space")  # the tree has focus and its cursor on the first row
        await pilot.pause()

    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), run_before=expand)


def test_events_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), press=["5"])
