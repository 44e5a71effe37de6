"""Fuzz the inspector's new parsers: the fleet's TOML targets and --scan spec, the rule file the
thresholds come from, the history file. Any input gives a result or one clear error, never a
traceback of another kind."""

from __future__ import annotations

import os
import string
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.inspect.fleet import FleetError, load_targets, parse_scan
from kvscope.inspect.history import History, HistoryError
from kvscope.inspect.thresholds import RulesError, load

TEXT = st.text(alphabet=string.printable + "[]=\"'{}:é\x00", max_size=300)
FUZZ = settings(max_examples=60, deadline=None)


def _file(body: str | bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix="kvscope-fuzz-")
    os.close(fd)
    path = Path(name)
    path.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"))
    return path


@FUZZ
@given(st.one_of(TEXT, st.builds(lambda a, b: f"{a}:{b}", TEXT, TEXT)))
def test_scan_spec(spec):
    try:
        host, ports = parse_scan(spec)
    except FleetError as exc:
        assert "--scan" in str(exc)
    else:
        assert host and 1 <= len(ports) <= 256 and all(0 < p < 65536 for p in ports)


TOML_TARGET = st.dictionaries(
    st.sampled_from(["name", "metrics", "zmq", "replay", "server", "port"]),
    st.one_of(TEXT, st.integers(), st.booleans()),
    max_size=5,
)


def _toml(targets: list[dict]) -> str:
    out = []
    for t in targets:
        out.append("[[target]]")
        for k, v in t.items():
            value = str(v).lower() if isinstance(v, bool) else v if isinstance(v, int) else repr(v)
            out.append(f"{k} = {value}")
    return "\n".join(out) + "\n"


@FUZZ
@given(st.one_of(TEXT, st.lists(TOML_TARGET, max_size=4).map(_toml)))
def test_targets_file(body):
    path = _file(body)
    try:
        targets = load_targets(path)
    except FleetError as exc:
        assert str(exc).startswith("--targets ")
    else:
        assert targets and all(t.metrics or t.zmq for t in targets)
        assert len({t.name for t in targets}) == len(targets)
    finally:
        path.unlink()


@FUZZ
@given(st.one_of(TEXT, st.just("groups:\n- rules:\n  - alert: KVCacheTTFTHigh\n    expr: x > 1\n")))
def test_rule_file(body):
    path = _file(body)
    try:
        th = load(path)
    except RulesError as exc:
        assert "is not a Prometheus alerting rule file" in str(exc)
    else:
        assert th is not None and th.source == str(path)
    finally:
        path.unlink()


@FUZZ
@given(st.binary(max_size=400))
def test_history_file(body):
    path = _file(body)
    try:
        History(path).close()
    except HistoryError as exc:
        assert "is not a usable history file" in str(exc)
    finally:
        path.unlink()


STEPS = st.lists(
    st.tuples(st.floats(0.0, 900.0), st.one_of(st.none(), st.floats(-1e6, 1e6))), max_size=60
)


@FUZZ
@given(STEPS, st.integers(1, 50), st.sampled_from([60.0, 600.0, 3600.0]))
def test_history_invariants(steps, n, seconds):
    h = History(clock=lambda: 0.0)
    t, seen = 0.0, []
    for dt, value in steps:
        t += dt
        h.add("s", value, t=t)
        h.check_integrity()
        if value is not None:
            seen.append(value)
    buckets = h.buckets("s", seconds, n)
    assert len(buckets) == n
    if seen:
        lo, hi = min(seen), max(seen)
        assert all(lo - 1e-6 <= b <= hi + 1e-6 for b in buckets if b is not None)
        assert h.window("s", seconds)[-1][1] == seen[-1]  # the newest value is never lost
