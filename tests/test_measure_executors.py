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


@pytest.fixture(scope="module")
def reference(tmp_path_factory, logs) -> dict:
    """The in-process figures for both engines (the executors are compared with these)."""
    folder = tmp_path_factory.mktemp("reference")
    out = {}
    for engine in ("vllm", "sglang"):
        out[engine] = run_measure(folder, logs, "inprocess", engine)
    return out


def run_measure(folder: Path, logs: list[str], executor: str, engine: str, *extra: str) -> tuple:
    """``measure`` in this process; (document, per-request lines)."""
    import contextlib
    import io

    rows = folder / f"{executor}-{engine}.jsonl"
    argv = [*logs, "--format", "json", "--capacity", "none", "--engine", engine]
    argv += ["--executor", executor, "--per-request", str(rows), "--top", "20", *extra]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    doc = json.loads(out.getvalue())
    assert doc.pop("executor") == executor
    return doc, rows.read_text().splitlines()


def test_the_reference_exercises_every_figure(reference):
    for doc, rows in reference.values():
        assert doc["requests"] == len(rows) > 170
        assert doc["responses"]["cached"] == doc["responses"]["logged"] > 10
        assert doc["near_misses"] and doc["top_prefixes"][0]["text_head"]
        assert len(doc["by_tenant"]) > 3 and len(doc["top_prefixes"]) == 20
    assert reference["sglang"][0]["engine_hit_tokens"] > reference["vllm"][0]["engine_hit_tokens"]


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_duckdb_equals_inprocess(tmp_path, logs, reference, engine):
    assert run_measure(tmp_path, logs, "duckdb", engine) == reference[engine]


def test_duckdb_equals_inprocess_with_vllms_32_byte_keys(tmp_path, logs):
    """sha256 keys are 32 bytes: the out-of-core tables keep their order (ties included)."""
    algo = ("--algo", "vllm-sha256-cbor")
    want = run_measure(tmp_path, logs[:2], "inprocess", "vllm", *algo)
    assert run_measure(tmp_path, logs[:2], "duckdb", "vllm", *algo) == want


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_ray_equals_inprocess(tmp_path, logs, reference, local_ray, engine):
    assert run_measure(tmp_path, logs, "ray", engine) == reference[engine]


def test_parquet_log_equals_its_jsonl(tmp_path, logs):
    jsonl, _ = run_measure(tmp_path, [str(DATA / "pretokenized.jsonl.gz")], "inprocess", "vllm")
    parquet, _ = run_measure(tmp_path, [logs[-1]], "duckdb", "vllm")
    for key in ("requests", "prompt_tokens", "repeated_prefix_tokens", "by_tenant", "top_prefixes"):
        assert parquet[key] == jsonl[key]


def test_ray_front_tokenizes_and_hashes_on_the_workers(logs, local_ray, monkeypatch):
    """The Ray front yields the in-process stream item for item (keys, log order, skipped
    lines where they are), over several chunks, and the driver never tokenizes or hashes."""
    from kvscope.lint.measure.executors import raystream
    from kvscope.lint.measure.pipeline import Hashed, MeasureOptions, hashed_stream

    monkeypatch.setattr(raystream, "CHUNK_RECORDS", 50)
    opts = MeasureOptions()
    want = list(hashed_stream(logs, opts))
    got = list(raystream.ray_hashed_stream(ray, logs, opts))
    assert not raystream._WORKER  # no tokenizer or hasher was ever built in this process
    assert len(got) == len(want) > 200
    kinds = [type(item).__name__ for item in want]
    assert [type(item).__name__ for item in got] == kinds and "Skipped" in kinds
    for a, b in zip(got, want, strict=True):
        if type(b) is Hashed:
            assert a.chain == b.chain and a.generated == b.generated and a.text == b.text
        else:
            assert a == b
