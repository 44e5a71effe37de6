"""measure against what engines do: cached replies, per-request lines, the engine's block size,
and logs that end early (a truncated gzip is an error, not "0 requests")."""

from __future__ import annotations

import gzip
import http.server
import json
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kvscope.backend.chat import render_request
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.lint.measure.cli import main
from kvscope.lint.measure.engineinfo import parse_block_size
from kvscope.lint.measure.readers import ReadError, read_logs

SYSTEM = {"role": "system", "content": "You answer questions about the cache. " * 6}
SCRAPE = (
    "# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig\n"
    "# TYPE vllm:cache_config_info gauge\n"
    'vllm:cache_config_info{block_size="32",cache_dtype="auto",enable_prefix_caching="True",'
    'engine="0",prefix_caching_hash_algo="sha256"} 1.0\n'
    "vllm:num_requests_running 0.0\n"
)


def run(capsys, *argv: str) -> tuple[int, dict | None, str]:
    rc = main([*argv, "--format", "json", "--capacity", "none"])
    out, err = capsys.readouterr()
    return rc, (json.loads(out) if out.strip() else None), err


def two_turns(path: Path, reply: str) -> tuple[dict, dict]:
    first = {"messages": [SYSTEM, {"role": "user", "content": "What is a block? " * 3}]}
    second = {
        "messages": [
            *first["messages"],
            {"role": "assistant", "content": reply},
            {"role": "user", "content": "And a prefix?"},
        ]
    }
    resp = {"choices": [{"message": {"role": "assistant", "content": reply}}]}
    lines = [
        {"request_id": "r-1", "request": first, "response": resp},
        {"request_id": "r-2", "request": second},
    ]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return first, second


def test_a_resent_reply_hits_the_blocks_generated_for_it(capsys, tmp_path):
    reply = "A block is a fixed run of tokens whose KV is cached as one unit. " * 4
    first, second = two_turns(tmp_path / "log.jsonl", reply)
    tok = get_tokenizer("bytes")
    cached = tok.encode(render_request(first) + reply, True)
    resent = tok.encode(render_request(second), True)
    assert resent[: len(cached)] == cached  # the next turn re-sends prompt + reply
    rows = tmp_path / "rows.jsonl"
    argv = [str(tmp_path / "log.jsonl"), "--tokenizer", "bytes", "--per-request", str(rows)]
    rc, doc, _ = run(capsys, *argv)
    assert rc == 0 and doc["responses"] == {"logged": 1, "cached": 1, "note": None}
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    assert [x["id"] for x in lines] == ["r-1", "r-2"]
    assert lines[1]["vllm_hit_tokens"] == len(cached) // 16 * 16  # the reply's blocks too
    assert lines[1]["prompt_tokens"] == len(resent)
    prompt_only = len(tok.encode(render_request(first), True)) // 16 * 16
    assert lines[1]["vllm_hit_tokens"] > prompt_only
    rc, doc, _ = run(capsys, *argv, "--ignore-responses")
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    assert rc == 0 and lines[1]["vllm_hit_tokens"] == prompt_only


def test_per_request_lines_carry_both_engines_for_sglang(capsys, tmp_path):
    two_turns(tmp_path / "log.jsonl", "short reply")
    rows = tmp_path / "rows.jsonl"
    log = str(tmp_path / "log.jsonl")
    rc, doc, _ = run(capsys, log, "--engine", "sglang", "--per-request", str(rows))
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    assert rc == 0 and len(lines) == doc["requests"] == 2
    assert set(lines[0]) == {
        "index",
        "id",
        "prompt_tokens",
        "repeated_prefix_tokens",
        "vllm_hit_tokens",
        "sglang_hit_tokens",
    }
    assert sum(x["sglang_hit_tokens"] for x in lines) == doc["engine_hit_tokens"]
    assert lines[1]["sglang_hit_tokens"] >= lines[1]["vllm_hit_tokens"]


@pytest.fixture(scope="module")
def metrics_url():
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = SCRAPE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/metrics"
    server.shutdown()
    server.server_close()


def test_block_size_comes_from_the_engines_metrics(capsys, tmp_path, metrics_url):
    two_turns(tmp_path / "log.jsonl", "reply")
    log = str(tmp_path / "log.jsonl")
    rc, doc, _ = run(capsys, log, "--metrics", metrics_url)
    assert rc == 0 and doc["block_size"] == 32 and doc["block_size_source"] == "metrics"
    scrape = tmp_path / "scrape.txt"
    scrape.write_text(SCRAPE)
    rc, doc, _ = run(capsys, log, "--metrics", str(scrape), "--block-size", "32")
    assert rc == 0 and doc["block_size"] == 32
    rc, _, err = run(capsys, log, "--metrics", str(scrape), "--block-size", "16")
    assert rc == 2 and "disagrees" in err and "Traceback" not in err
    scrape.write_text("vllm:num_requests_running 0.0\n")
    rc, _, err = run(capsys, log, "--metrics", str(scrape))
    assert rc == 2 and "pass --block-size" in err
    rc, doc, _ = run(capsys, log)
    assert doc["block_size"] == 16 and doc["block_size_source"] == "default"


def test_truncated_gzip_is_reported_and_what_was_read_is_kept(capsys, tmp_path):
    lines = [json.dumps({"prompt": f"request number {i} " * 20}) + "\n" for i in range(4000)]
    raw = gzip.compress("".join(lines).encode())
    cut = tmp_path / "log.jsonl.gz"
    cut.write_bytes(raw[: len(raw) * 2 // 3])
    rc, doc, err = run(capsys, str(cut), "--tokenizer", "bytes")
    assert rc == 2
    assert f"{cut}: truncated gzip stream at byte {len(raw) * 2 // 3}" in err
    assert "--skip-bad" in err and len(err.strip().splitlines()) == 1
    assert 1000 < doc["requests"] < 4000  # the report of what was read is still printed
    rc, doc2, err = run(capsys, str(cut), "--tokenizer", "bytes", "--skip-bad")
    assert rc == 0 and "warning" in err and doc2["requests"] == doc["requests"]
    assert doc2["read_errors"][0]["offset"] == len(raw) * 2 // 3


def test_a_gz_that_is_not_gzip_exits_2(capsys, tmp_path):
    fake = tmp_path / "log.jsonl.gz"
    fake.write_text(json.dumps({"prompt": "hello"}) + "\n")
    rc, doc, err = run(capsys, str(fake))
    assert rc == 2 and "not a gzip file" in err and doc["requests"] == 0


def test_directories_and_globs_name_their_logs(capsys, tmp_path):
    for day in (1, 2):
        two_turns(tmp_path / f"2026-11-0{day}.jsonl", f"reply {day}")
    rc, doc, _ = run(capsys, str(tmp_path))
    assert rc == 0 and doc["requests"] == 4
    rc, doc, _ = run(capsys, str(tmp_path / "2026-11-0[1]*.jsonl"))
    assert rc == 0 and doc["requests"] == 2
    rc, _, err = run(capsys, str(tmp_path / "2027-*.jsonl"))
    assert rc == 2 and "matches no file" in err


@settings(max_examples=200)
@given(st.text(max_size=300), st.sampled_from(["", "16", "x", "0", "-3", "32"]))
def test_metrics_parser_fuzz(noise, size):
    """Any scrape either yields a positive block size or a ValueError saying what to pass."""
    text = f'{noise}\nvllm:cache_config_info{{block_size="{size}",x="a\\"b"}} 1\n{noise}'
    try:
        got = parse_block_size(text)
    except ValueError as exc:
        assert "--block-size" in str(exc)
    else:
        assert got > 0


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_garbage_parquet_is_a_read_error(tmp_path, data):
    path = tmp_path / "log.parquet"
    path.write_bytes(b"PAR1" + data)
    items = list(read_logs([str(path)]))
    assert len(items) == 1 and isinstance(items[0], ReadError)
    assert "Parquet" in items[0].reason
