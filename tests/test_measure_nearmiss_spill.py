"""Near misses in bounded memory: a log whose system prompts differ per request (retrieved
documents, per-user text) grows one group per distinct head, so past a bound the least
recently seen groups go to a SQLite file (``spillmap``). The report must not change."""

from __future__ import annotations

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.measure.cli import main
from kvscope.lint.measure.nearmiss import NearMisses
from kvscope.lint.measure.spillmap import SpillMap

# equal lengths, so groups of the two bases tie on tokens lost (ties break by first seen)
BASES = ["You are helpful. Follow the policy. " * 4, "Answer in French; keep it short!!!! " * 4]
TOOLS = [
    {"type": "function", "function": {"name": "a", "parameters": {"x": 1, "y": 2}}},
    {"type": "function", "function": {"name": "b"}},
]


def _request(kind: int, i: int, base: int) -> dict:
    """Near misses of every kind, and heads that differ for real (one group each)."""
    system = BASES[base]
    tools = None
    if kind == 0:
        system = f"Now: 2026-11-29T10:{i % 60:02d}:00Z. {system}"
    elif kind == 1:
        system = f"Request req-{1000 + i:05d}abc. {system}"
    elif kind == 2:
        tools = TOOLS if i % 2 else TOOLS[::-1]
    elif kind == 3:
        system = f"Document {i}: unrelated text number {i * 7919}. {system}"
    msgs = [{"role": "system", "content": system}, {"role": "user", "content": "q"}]
    return {"messages": msgs, **({"tools": tools} if tools else {})}


stream = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 40), st.integers(0, 1)), min_size=1, max_size=80
)


@settings(max_examples=40, deadline=None)
@given(stream, st.integers(1, 4), st.integers(0, 6))
def test_spilled_groups_give_the_same_top(tmp_path_factory, requests, bound, top):
    folder = str(tmp_path_factory.mktemp("spill"))
    whole, small = NearMisses(), NearMisses(max_in_memory=bound, temp_dir=folder)
    try:
        for kind, i, base in requests:
            req = _request(kind, i, base)
            whole.add(req, None, 100 + i, "t", "m")
            small.add(req, None, 100 + i, "t", "m")
            small.check_integrity()
            assert len(small.groups.memory) <= bound
        assert len(small.groups) == len(whole.groups)
        # the definition: most tokens lost first, ties in the order the heads were first seen
        groups = [g for g in whole.groups.memory.values() if len(g.variants) > 1]
        expected = [g.seq for g in sorted(groups, key=lambda g: (-g.lost, g.seq))][:top]
        assert [g.seq for g in small.groups.best(top)] == expected
        assert [g.seq for g in whole.groups.best(top)] == expected
        assert small.top(top) == whole.top(top)
    finally:
        small.close()
        whole.close()
    assert os.listdir(folder) == []  # the spill file is removed


def test_ties_break_by_first_seen_after_a_spill(tmp_path):
    near = NearMisses(max_in_memory=1, temp_dir=str(tmp_path))
    for b in (3, 1, 4, 0, 5, 2):  # heads of equal length: every group loses the same
        for minute in (1, 2):
            base = f"Base number {b}. " * 8
            msgs = [{"role": "system", "content": f"Now: 2026-11-29T10:0{minute}:00Z. {base}"}]
            near.add({"messages": msgs}, None, 100)
    rows = near.top(4)
    near.close()
    assert len({r["estimated_tokens_lost"] for r in rows}) == 1
    assert [r["head"].split("Base number ")[1][0] for r in rows] == ["3", "1", "4", "0"]


def test_spillmap_moves_records_between_memory_and_file(tmp_path):
    m = SpillMap(2, lambda r: (r["n"] > 0, float(r["n"]), r["seq"]), str(tmp_path))
    for key in (1, 2, 3, (1 << 64) - 1):
        m.put(key, {"n": key % 5, "seq": len(m)})
        m.check_integrity()
    assert len(m.memory) == 2 and m.spilled == 2 and len(m) == 4
    rec = m.get(1)  # back from the file, now the most recent
    rec["n"] = 9
    m.check_integrity()
    assert list(m.memory) == [(1 << 64) - 1, 1] and m.get(7) is None
    assert sorted(m.keys()) == [1, 2, 3, (1 << 64) - 1]
    assert [r["n"] for r in m.best(3)] == [9, 3, 2]
    m.close()
    assert os.listdir(tmp_path) == []


def test_measure_reports_the_same_near_misses_past_the_bound(tmp_path, capsys, monkeypatch):
    log = tmp_path / "rag.jsonl"
    with log.open("w") as f:
        for i in range(400):
            f.write(json.dumps({"request": _request(i % 4, i // 4, i // 8 % 2)}) + "\n")
    argv = [str(log), "--format", "json", "--capacity", "none", "--temp-dir", str(tmp_path)]
    assert main(argv) == 0
    whole = json.loads(capsys.readouterr().out)
    monkeypatch.setattr("kvscope.lint.measure.nearmiss.MAX_GROUPS_IN_MEMORY", 8)
    assert main(argv) == 0
    spilled = json.loads(capsys.readouterr().out)
    assert len(whole["near_misses"]) >= 3
    assert spilled["near_misses"] == whole["near_misses"]
    assert sorted(os.listdir(tmp_path)) == ["rag.jsonl"]
