"""bench/scale_log.py: the synthetic fleet log behind bench_measure_scale.py.

The bench's figures are only comparable between runs and sizes if the log is the same for a
seed whatever its row groups, has the reference shape (tenants' system prompts, sessions
re-sending their history) and is read by measure like any Parquet log, with the DuckDB and
in-process executors agreeing on it.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from kvscope.lint.measure.cli import main

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "scale_log.py"
N = 6000


@pytest.fixture(scope="module")
def scale_log():
    spec = importlib.util.spec_from_file_location("scale_log", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def written(scale_log, tmp_path_factory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("scale") / "log.parquet"
    return path, scale_log.write_log(path, N, seed=3, row_group=1000)


def test_a_seed_gives_the_same_log_whatever_the_row_groups(scale_log, written, tmp_path):
    path, info = written
    other = tmp_path / "other.parquet"
    again = scale_log.write_log(other, N, seed=3, row_group=4096)
    assert info["row_groups"] == 6 and again["row_groups"] == 2
    assert pq.read_table(path).equals(pq.read_table(other))
    assert info["prompt_tokens"] == again["prompt_tokens"]
    changed = scale_log.write_log(tmp_path / "seed4.parquet", N, seed=4)
    assert not pq.read_table(tmp_path / "seed4.parquet").equals(pq.read_table(path))
    assert changed["prompt_tokens"] != info["prompt_tokens"]


def _extends(seq: list[int], prev: list[int]) -> bool:
    return len(prev) < len(seq) and seq[: len(prev)] == prev


def test_the_log_has_the_reference_shape(scale_log, written):
    path, info = written
    rows = pq.read_table(path).to_pylist()
    assert len(rows) == N
    ids = [r["prompt_token_ids"] for r in rows]
    assert info["prompt_tokens"] == sum(map(len, ids))
    assert all(0 <= t < scale_log.VOCAB for seq in ids for t in seq)
    # every request of a tenant starts with that tenant's system prompt
    heads: dict[str, set] = {}
    for r in rows:
        heads.setdefault(r["tenant"], set()).add(tuple(r["prompt_token_ids"][:48]))
    assert len(heads) == scale_log.TENANTS and all(len(h) == 1 for h in heads.values())
    # sessions: a request re-sends an earlier one's prompt (its history), not usually the
    # request just before it (sessions interleave); the rest open a session (~1 in 4.5)
    gaps = []
    for i, seq in enumerate(ids[:1500]):
        back = (i - j for j in range(i - 1, max(-1, i - 600), -1) if _extends(seq, ids[j]))
        gaps.append(next(back, None))
    opened = gaps.count(None)
    assert 0.12 < opened / len(gaps) < 0.4
    assert sum(g is not None and g > 1 for g in gaps) > 0.8 * (len(gaps) - opened)
    lengths = Counter(len(seq) // 100 for seq in ids)
    assert 150 < info["prompt_tokens"] / N < 300 and len(lengths) >= 5


def test_measure_reads_it_and_duckdb_agrees_with_inprocess(written, tmp_path, capsys):
    path, info = written
    docs = {}
    for executor in ("inprocess", "duckdb"):
        argv = [str(path), "--format", "json", "--capacity", "none", "--executor", executor]
        if executor == "duckdb":
            argv += ["--memory-limit", "200MB", "--temp-dir", str(tmp_path)]
        assert main(argv) == 0
        docs[executor] = json.loads(capsys.readouterr().out)
    a, b = docs["inprocess"], docs["duckdb"]
    assert a["requests"] == N and a["prompt_tokens"] == info["prompt_tokens"]
    assert 0.5 < a["repeated_prefix_fraction"] < 0.9
    for key in ("repeated_prefix_tokens", "engine_hit_tokens", "unique_blocks", "by_tenant"):
        assert a[key] == b[key], key
    assert a["top_prefixes"] == b["top_prefixes"] and len(a["top_prefixes"]) > 0
