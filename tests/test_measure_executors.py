"""The three executors (in-process, DuckDB, Ray Data) give identical figures on the same logs.

Every figure is compared: totals, per-tenant/route/model breakdowns, unique blocks, top
prefixes (with their text heads), near misses, and every ``--per-request`` line, for both
engines, on logs that mix chat bodies with a bad deploy, ShareGPT turns with replies,
OpenAI request/response pairs, pre-tokenized gzip and Parquet. Ray runs for real on a local
two-CPU cluster started once for the module.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import ray

from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.cli import main

DATA = Path(__file__).parent / "data" / "measure"


@pytest.fixture(scope="module")
def local_ray():
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=300_000_000,
        log_to_driver=False,
    )
    yield
    ray.shutdown()


def _replies(path: Path) -> None:
    """Multi-turn chats whose logs hold the replies (two shapes), re-sent by the next turn."""
    system = {"role": "system", "content": "You are a careful assistant. " * 12}
    with path.open("w") as f:
        for chat in range(4):
            history = [system]
            for turn in range(3):
                history.append({"role": "user", "content": f"chat {chat} question {turn} " * 5})
                reply = f"chat {chat} answer {turn}: " + "a long considered reply " * 8
                body = {"model": "m", "user": f"u{chat}", "messages": list(history)}
                resp = {"choices": [{"message": {"role": "assistant", "content": reply}}]}
                f.write(json.dumps({"request": body, "response": resp}) + "\n")
                history.append({"role": "assistant", "content": reply})
        turns = []
        for turn in range(3):
            turns.append({"from": "human", "value": f"share question {turn} " * 6})
            turns.append({"from": "gpt", "value": f"share answer {turn} " * 20})
        f.write(json.dumps({"conversations": turns, "tenant": "sharegpt"}) + "\n")


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("executors")
    text = folder / "chat.jsonl"
    rows = list(
        generate(
            WorkloadConfig(
                requests=160, scale=0.05, seed=5, bad_deploy="timestamp", bad_deploy_at=0.5
            )
        )
    )
    text.write_text("".join(json.dumps(r) + "\n" for r in rows))
    replies = folder / "replies.jsonl"
    _replies(replies)
    parquet = folder / "pre.parquet"
    with gzip.open(DATA / "pretokenized.jsonl.gz", "rt") as f:
        pre = [json.loads(line) for line in f]
    pq.write_table(pa.Table.from_pylist(pre), parquet)
    return [str(text), str(replies), str(DATA / "shapes.jsonl"), str(parquet)]


def measure(capsys, tmp_path: Path, logs: list[str], executor: str, engine: str) -> tuple:
    rows = tmp_path / f"{executor}-{engine}.jsonl"
    argv = [*logs, "--format", "json", "--capacity", "none", "--engine", engine]
    argv += ["--executor", executor, "--per-request", str(rows), "--top", "20"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc.pop("executor") == executor
    return doc, rows.read_text().splitlines()


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_executors_agree_on_every_figure(capsys, tmp_path, logs, local_ray, engine):
    want, want_rows = measure(capsys, tmp_path, logs, "inprocess", engine)
    assert want["requests"] == len(want_rows) > 170
    assert want["responses"]["cached"] == want["responses"]["logged"] > 10
    assert want["near_misses"] and want["top_prefixes"][0]["text_head"]
    assert len(want["by_tenant"]) > 3
    for executor in ("duckdb", "ray"):
        got, got_rows = measure(capsys, tmp_path, logs, executor, engine)
        assert got == want, executor
        assert got_rows == want_rows, executor


def test_parquet_log_equals_its_jsonl(capsys, tmp_path, logs):
    jsonl, _ = measure(capsys, tmp_path, [str(DATA / "pretokenized.jsonl.gz")], "inprocess", "vllm")
    parquet, _ = measure(capsys, tmp_path, [logs[-1]], "duckdb", "vllm")
    for key in ("requests", "prompt_tokens", "repeated_prefix_tokens", "by_tenant", "top_prefixes"):
        assert parquet[key] == jsonl[key]
