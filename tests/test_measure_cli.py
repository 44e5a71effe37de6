"""promptlint measure end to end: JSON keys, breakdowns, jobs, plots, a bad deploy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.cli import main

DATA = Path(__file__).parent / "data" / "measure"
TOP_KEYS = {
    "requests",
    "prompt_tokens",
    "repeated_prefix_tokens",
    "repeated_prefix_fraction",
    "engine",
    "engine_hit_tokens",
    "skipped_lines",
    "capacity_curve",
    "by_tenant",
    "top_prefixes",
    "near_misses",
}


def measure(capsys, *argv: str) -> dict:
    assert main([*argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def workload_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("wl") / "log.jsonl"
    config = WorkloadConfig(
        requests=160, scale=0.05, seed=3, bad_deploy="timestamp", bad_deploy_at=0.5
    )
    with path.open("w") as f:
        for row in generate(config):
            f.write(json.dumps(row) + "\n")
    return path


def test_fixture_shapes_report_keys_and_skips(capsys):
    doc = measure(capsys, str(DATA / "shapes.jsonl"), "--capacity", "none", "--tokenizer", "bytes")
    assert set(doc) >= TOP_KEYS
    assert doc["skipped_lines"] == 3
    assert sorted(s["line"] for s in doc["skipped"]) == [4, 6, 10]
    assert doc["requests"] == 7  # 5 single-request lines + 2 ShareGPT turns
    assert doc["by_tenant"]["acme"]["requests"] == 2
    assert 0 < doc["repeated_prefix_fraction"] < 1
    assert doc["top_prefixes"][0]["text_head"].startswith("<|im_start|>system\nYou are")


def test_pretokenized_gzip_and_engines(capsys):
    log = str(DATA / "pretokenized.jsonl.gz")
    vllm = measure(capsys, log, "--capacity", "none")
    sglang = measure(capsys, log, "--capacity", "none", "--engine", "sglang")
    assert vllm["requests"] == 20 and vllm["prompt_tokens"] > 20 * 64
    # 64 shared head tokens = 4 blocks for each of the 19 later requests
    assert vllm["repeated_prefix_tokens"] >= 19 * 64
    assert sglang["engine_hit_tokens"] >= vllm["engine_hit_tokens"]
    assert set(vllm["by_tenant"]) == {"a", "b"}


def test_jobs_give_identical_results(capsys, workload_log):
    one = measure(capsys, str(workload_log), "--capacity", "none")
    two = measure(capsys, str(workload_log), "--capacity", "none", "--jobs", "2")
    assert one == two
    assert set(one["by_route"]) == {"chat", "code"}
    pre = str(DATA / "pretokenized.jsonl.gz")  # ids never travel to the workers
    assert measure(capsys, pre, "--jobs", "2") == measure(capsys, pre)


def test_bad_deploy_shows_up_as_pl001_near_misses(capsys, workload_log):
    doc = measure(capsys, str(workload_log), "--capacity", "none")
    assert doc["near_misses"] and doc["near_misses"][0]["rule"] == "PL001"
    assert doc["near_misses"][0]["estimated_tokens_lost"] > 0


def test_bad_arguments_are_one_line_exit_2(capsys, tmp_path):
    assert main([str(tmp_path / "missing.jsonl")]) == 2
    assert main([str(DATA / "shapes.jsonl"), "--capacity", "lots"]) == 2
    assert main([str(DATA / "shapes.jsonl"), "--plot", "x.pdf"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 3


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_pretokenized_fast_path_equals_plain_analysis(capsys, engine):
    import gzip

    from kvscope.backend.prefix_keys import ExtraKeys
    from kvscope.lint.measure.analyzer import Analyzer

    a = Analyzer(16, engine)
    with gzip.open(DATA / "pretokenized.jsonl.gz", "rt") as f:
        for line in f:
            a.add(json.loads(line)["prompt_token_ids"], ExtraKeys())
    doc = measure(
        capsys, str(DATA / "pretokenized.jsonl.gz"), "--capacity", "none", "--engine", engine
    )
    s = a.summary()
    assert (doc["repeated_prefix_tokens"], doc["engine_hit_tokens"]) == (
        s.repeated_prefix_tokens,
        s.engine_hit_tokens,
    )


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_fast_path_document_equals_the_json_path(capsys, tmp_path, engine):
    """Every figure (breakdowns, top prefixes, capacity curve) is the same whether the ids are
    read by the memoized fast path (``prompt_token_ids``) or parsed as JSON (``prompt``)."""
    from kvscope.backend.chat import render_request
    from kvscope.backend.tokenizers import get_tokenizer

    tok = get_tokenizer("bytes")
    fast, slow = tmp_path / "fast.jsonl", tmp_path / "slow.jsonl"
    with fast.open("w") as f, slow.open("w") as g:
        for row in generate(WorkloadConfig(requests=80, scale=0.05, seed=11)):
            ids = tok.encode(render_request(row), True)
            meta = {k: row[k] for k in ("tenant", "route", "model")}
            f.write(json.dumps({**meta, "prompt_token_ids": ids}) + "\n")
            g.write(json.dumps({**meta, "prompt": ids}) + "\n")
    args = ["--tokenizer", "bytes", "--engine", engine, "--capacity", "10%,100%", "--top", "20"]
    a, b = measure(capsys, str(fast), *args), measure(capsys, str(slow), *args)
    assert a == b and a["requests"] == 80 and a["top_prefixes"] and a["capacity_curve"]
