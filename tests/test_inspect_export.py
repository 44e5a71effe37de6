"""Export and history: `--once --format json` prints every view's figures and exits, `e` writes
the same snapshot plus the hit-rate history as CSV, `--history FILE` keeps the charts across a
restart, and bad files are one-line errors."""

from __future__ import annotations

import asyncio
import csv
import json
import subprocess
import sys
from pathlib import Path

from inspect_traces import hit_rate_trace

from kvscope.backend.event_codec import from_jsonl
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.fold import CacheState
from kvscope.inspect.history import History
from kvscope.inspect.thresholds import load

BIN = Path(sys.executable).parent


def _inspect(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "kvscope-inspect"), *args], capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def test_once_json_is_a_snapshot_of_every_view(tmp_path):
    trace = hit_rate_trace(tmp_path / "hr.jsonl")
    proc = _inspect("--trace", str(trace), "--once", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["schema"] == "kvscope-inspect/snapshot/1"
    assert set(doc) >= {"overview", "prefixes", "blocks", "tenants", "events", "fleet", "sources"}
    assert doc["sources"]["trace"]["text"].startswith("hr.jsonl: finished")
    assert abs(doc["figures"]["hit_rate_events"] - 0.70) < 0.01
    assert doc["thresholds"]["hit_drop_factor"] == 0.7 and doc["would_fire"] == []
    assert doc["blocks"]["cached"] == 1 + 600 * 2
    assert doc["prefixes"][0]["tenant"] == "acme" and doc["prefixes"][0]["hits"] == 600
    labels = [label for label, _ in doc["overview"]["cache"]]
    assert "hit rate, events" in labels
    text = _inspect("--trace", str(trace), "--once")
    assert text.returncode == 0 and "CACHE" in text.stdout and "none would fire" in text.stdout
    assert "trace" in text.stdout.split("SOURCES", 1)[1]  # and where the figures came from


def _app(tmp_path: Path, **kwargs) -> InspectorApp:
    state = CacheState()
    for line in hit_rate_trace(tmp_path / "hr.jsonl").read_text().splitlines():
        state.apply(from_jsonl(line))
    return InspectorApp(state=state, refresh_hz=0.1, thresholds=load(), **kwargs)


def test_e_exports_the_snapshot_and_hit_rate_csv(tmp_path):
    out = tmp_path / "exports"

    async def scenario():
        app = _app(tmp_path, export_dir=str(out))
        async with app.run_test(size=(120, 30)) as pilot:
            app.tick(force=True)
            await pilot.press("e")
            await pilot.pause()

    asyncio.run(scenario())
    (doc_path,) = out.glob("kvscope-inspect-*[0-9].json")
    (csv_path,) = out.glob("kvscope-inspect-*-hit-rate.csv")
    doc = json.loads(doc_path.read_text())
    assert doc["prefixes"] and doc["overview"]["cache"]
    rows = list(csv.reader(csv_path.open()))
    assert rows[0] == ["unix_time", "iso_time", "hit_rate_events"]
    values = [float(r[2]) for r in rows[1:]]
    assert len(values) >= 590
    assert abs(values[50] - 0.68) < 0.01 and abs(values[300] - 0.22) < 0.01
    assert abs(values[-10] - 0.70) < 0.01


def test_history_file_survives_a_restart(tmp_path):
    path = tmp_path / "history.sqlite"
    clock = [10_000.0]
    h = History(path, clock=lambda: clock[0])
    for i in range(20):
        clock[0] += 1.0
        h.add("hit_rate_metrics", i / 20)
    h.close()
    again = History(path, clock=lambda: clock[0])
    assert [v for _, v in again.window("hit_rate_metrics", 60)] == [i / 20 for i in range(20)]
    clock[0] += 7200  # older than the longest window: dropped on open
    assert History(path, clock=lambda: clock[0]).window("hit_rate_metrics", 3600) == []


def test_history_buckets_and_gaps():
    h = History(clock=lambda: 100.0)
    for t, v in ((41.0, 0.5), (42.0, None), (99.0, 1.0), (99.1, 0.9)):
        h.add("x", v, t=t)
    assert h.buckets("x", 60.0, 6) == [0.5, None, None, None, None, 0.9]


def test_bad_history_or_rules_file_is_one_line(tmp_path):
    bad = tmp_path / "not-sqlite"
    bad.write_text("hello, I am text" * 100)
    trace = hit_rate_trace(tmp_path / "hr.jsonl")
    proc = _inspect("--trace", str(trace), "--history", str(bad), "--once")
    assert proc.returncode == 2 and "not a usable history file" in proc.stderr
    assert proc.stderr.count("\n") == 1
    proc = _inspect("--trace", str(trace), "--rules", str(tmp_path / "nope.yaml"), "--once")
    assert proc.returncode == 2 and "no such file" in proc.stderr
    (tmp_path / "r.yaml").write_text("groups: [}")
    proc = _inspect("--trace", str(trace), "--rules", str(tmp_path / "r.yaml"), "--once")
    assert proc.returncode == 2 and "is not a Prometheus alerting rule file" in proc.stderr
