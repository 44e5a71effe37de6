"""The demo's pieces that keep its story true: tool output printed as data, output as wide as
the terminal (or wide when piped), verdicts from the figures, rules that measure then judge."""

from __future__ import annotations

import io
import shutil
import subprocess

from rich.console import Console

from kvscope.backend.demo.board import Board, PhaseStats, cache_counts
from kvscope.backend.demo.rules import Baseline, calibrated_slo, write_rules
from kvscope.backend.demo.story import WIDE, make_console, run_tool
from kvscope.backend.demo.traffic import Outcome
from kvscope.backend.demo.verdict import alert_line, conclusion, fired_line
from kvscope.backend.metric_names import LATENCY_BUCKETS

STATS = {
    "cache": {
        "hit_rate": 0.5,
        "tiers": {"GPU": {"used": 3, "cached": 5, "free": 8, "pinned": 0}},
        "evictions": {"GPU": {"demoted": 7, "capacity": 2}, "CPU": {"capacity": 1}},
    },
    "scheduler": {"running": 1, "waiting": 0, "preemptions": {"recompute": 2, "swap": 1}},
}


def test_tool_output_is_printed_as_text_not_markup(tmp_path):
    console = Console(file=io.StringIO(), width=100, markup=False)
    script = "print('PL001 [volatile-timestamp] [bold]x[/bold]')"
    rc = run_tool(console, "t [x]", ["python", "-c", script], tmp_path / "out.txt")
    shown = console.file.getvalue()
    assert rc == 0
    assert "[volatile-timestamp]" in shown and "[bold]x[/bold]" in shown
    assert "t [x]" in shown
    assert "[volatile-timestamp]" in (tmp_path / "out.txt").read_text()


def test_console_is_wide_when_piped(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    assert make_console(io.StringIO()).width == WIDE
    monkeypatch.setenv("COLUMNS", "132")
    assert make_console(io.StringIO()).width == 132


def test_cache_counts_keep_demotions_apart_from_drops():
    assert cache_counts(STATS) == {"dropped": 3, "demoted": 7, "preempted": 3}


def test_board_prints_counts_not_raw_dicts():
    board = Board("http://127.0.0.1:1", None)
    board.cache = STATS
    stats = board.start_phase("steady", 2)
    stats.add(Outcome("r1", "acme", "steady", 200, 0.2, 0.3, 100, 60))
    console = Console(file=io.StringIO(), width=160, markup=False)
    console.print(board.render())
    text = console.file.getvalue()
    assert "{" not in text
    assert "preemptions 3 (recompute 2, swap 1)" in text
    assert "blocks dropped for room 3, demoted to a lower tier 7" in text
    assert "60.0%" in text


def _phases(back: float, dropped: int, demoted: int) -> dict:
    s = PhaseStats(1).summary()
    steady = {**s, "hit_rate": 0.6, "preemptions": 0}
    bad = {**s, "hit_rate": 0.1, "blocks_dropped": dropped, "blocks_demoted": demoted}
    return {"steady": steady, "bad deploy": bad, "rollback": {**s, "hit_rate": back}}


def test_conclusion_says_what_the_figures_say():
    quiet = conclusion(_phases(0.65, 0, 0))
    assert "recovered" in quiet and "evicted no block" in quiet
    busy = conclusion(_phases(0.3, 4, 9))
    assert "recovering" in busy and "dropped 4 block(s) for room and demoted 9" in busy
    assert "not recovered" in conclusion(_phases(0.05, 0, 0))


def test_alert_line_reports_state_and_when_it_fired():
    report = {"alert": "A", "state": "firing", "fired_at": "14:22:18", "seconds_after_deploy": 9}
    assert alert_line(report) == (
        "Prometheus says: A is firing (fired at 14:22:18, 9 s after the deploy; "
        "still firing after the tools ran)"
    )
    gone = alert_line({**report, "state": "inactive"})
    assert "fired at 14:22:18" in gone and gone.endswith("is inactive now")
    assert "never fired" in alert_line({"alert": "A", "state": "inactive", "fired_at": None})


def test_calibrated_slo_is_a_bucket_with_headroom():
    slo = calibrated_slo(3.6)
    assert slo in LATENCY_BUCKETS and slo >= 1.5 * 3.6
    assert calibrated_slo(0.1) == 0.2
    assert calibrated_slo(None) == LATENCY_BUCKETS[-1]


def test_rules_measure_then_judge_and_promtool_accepts_them(tmp_path):
    measuring = write_rules(tmp_path / "a", 120.0)
    assert "< 0 * avg_over_time" in "".join(measuring.values())
    judging = write_rules(tmp_path / "b", 5.0, Baseline(1_700_000_000.0, 1_700_000_042.5))
    alerts = judging["kvcache_alerts.yaml"]
    assert "[42s] offset 1s @ 1700000042.500" in alerts and "> 5\n" in alerts
    promtool = shutil.which("promtool")
    assert promtool, "install Debian's prometheus package (make setup does)"
    for d in ("a", "b"):
        files = sorted(str(p) for p in (tmp_path / d).glob("*.yaml"))
        proc = subprocess.run([promtool, "check", "rules", *files], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_fired_line_names_every_alert_and_the_ttft_cause():
    phases = _phases(0.65, 0, 0)
    phases["bad deploy"]["ttft_p95_s"] = 6.5
    line = fired_line({"KVCachePrefixHitRateDrop": 16.0, "KVCacheTTFTHigh": 95.2}, phases,
                      {"ttft_slo_s": 5.0})  # fmt: skip
    assert line.startswith("alerts fired after the deploy (none before it): ")
    assert "KVCachePrefixHitRateDrop at +16 s" in line
    assert "KVCacheTTFTHigh at +95 s (the server's TTFT p95" in line
    assert "passed the 5,000 ms SLO" in line and "after the deploy: 6,500 ms" in line
    assert fired_line({}, phases, None) == "alerts fired after the deploy: none (none before it)"
    assert "(before it: KVCachePreemptions)" in fired_line({}, phases, None, ["KVCachePreemptions"])
