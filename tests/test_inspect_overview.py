"""The overview as a user reads it: four panels, charts on a fixed axis that show a replayed
68 -> 22 -> 70 % hit rate as that, each hit rate labelled with its definition, the rule pack's
thresholds colouring the figures and a status line saying which alert would fire."""

from __future__ import annotations

import asyncio
from pathlib import Path

from inspect_traces import hit_rate_trace
from test_inspect_app import rendered_text

from kvscope.backend.event_codec import from_jsonl
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.fold import CacheState
from kvscope.inspect.thresholds import load

BLANK = {" ", "·"}


def _app(tmp_path: Path, **kwargs) -> InspectorApp:
    state = CacheState()
    for line in hit_rate_trace(tmp_path / "hr.jsonl").read_text().splitlines():
        state.apply(from_jsonl(line))
    return InspectorApp(state=state, refresh_hz=0.1, thresholds=load(), **kwargs)


def _chart_levels(text: str) -> list[float]:
    """Per chart column, the fraction of chart rows that hold a bar."""
    rows = []
    for line in text.splitlines():
        if "┤" in line:
            rows.append(line.split("┤", 1)[-1])
        elif " │" in line:
            rows.append(line.split("│", 1)[-1])
    width = min(len(r) for r in rows)
    return [sum(r[i] not in BLANK for r in rows) / len(rows) for i in range(width)]


def test_replayed_hit_rate_reads_68_22_70_on_a_fixed_axis(tmp_path):
    async def scenario():
        app = _app(tmp_path)
        async with app.run_test(size=(160, 40)) as pilot:
            app.tick(force=True)
            await pilot.pause()
            text = rendered_text(app.query_one("#ov-cache"))
            assert "100% ┤" in text and "0% ┤" in text and "now 70.1%" in text
            levels = _chart_levels(text)
            third = len(levels) // 3
            first, middle, last = levels[:third], levels[third : 2 * third], levels[2 * third :]
            mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
            assert 0.55 <= mean(first[2:]) <= 0.85, levels
            assert 0.1 <= mean(middle[2:-2]) <= 0.35, levels
            assert 0.55 <= mean(last[:-2]) <= 0.85, levels
            assert "hit / looked-up tokens in KV events, last 10 s" in text

    asyncio.run(scenario())


def test_window_key_cycles_the_chart_span(tmp_path):
    async def scenario():
        app = _app(tmp_path)
        async with app.run_test(size=(160, 40)) as pilot:
            app.tick(force=True)
            assert app.query_one("#ov-cache").border_subtitle == "last 10m"
            await pilot.press("w")
            assert app.query_one("#ov-cache").border_subtitle == "last 1h"
            await pilot.press("w")
            app.tick(force=True)
            assert app.query_one("#ov-cache").border_subtitle == "last 1m"
            text = rendered_text(app.query_one("#ov-cache"))
            assert "last 1m" in text and "now 70.1%" in text

    asyncio.run(scenario())


def test_status_line_says_which_alert_would_fire(tmp_path):
    """The trace's last 10 s are at 70 %, its 1 h baseline ~53 %: quiet. A pinned baseline of
    the good phase against a bad tail fires, with the rule pack's factor."""

    async def scenario():
        app = _app(tmp_path)
        async with app.run_test(size=(160, 40)) as pilot:
            app.tick(force=True)
            await pilot.pause()
            status = rendered_text(app.query_one("#ov-status"))
            assert "none would fire" in status
            th = app.thresholds
            assert th is not None and th.hit_drop_factor == 0.7 and th.baseline_window == "1h"
            # The same figures the rule reads: 22 % now against a 68 % baseline.
            from kvscope.inspect.thresholds import Figures, verdicts

            fired = verdicts(th, Figures(hit_rate=0.22, baseline_hit_rate=0.68))
            assert fired == ["KVCachePrefixHitRateDrop: hit rate 22.0% < 0.7 x baseline 68.0%"]

    asyncio.run(scenario())


def test_wide_overview_snapshot(snap_compare, tmp_path):
    assert snap_compare(_app(tmp_path), terminal_size=(160, 40))
