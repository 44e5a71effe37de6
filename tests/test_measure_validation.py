"""measure's prediction equals what the kvscope server reports for the same log and cache.

A generated log is replayed, one request at a time, through a real ``kvscope serve`` with the
official ``openai`` client; the server's ``usage.prompt_tokens_details.cached_tokens`` summed
over the log must equal measure's capacity-curve hit tokens for the same number of blocks and
eviction policy (and its prompt tokens must equal measure's).
"""

from __future__ import annotations

import json

import pytest

from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.cli import main

pytestmark = pytest.mark.slow

BLOCKS = 160  # below the log's unique blocks: eviction happens


def test_predicted_hits_equal_server_cached_tokens(tmp_path, capsys):
    import openai

    from kvscope.backend.server.testing import ServerProcess

    rows = list(generate(WorkloadConfig(requests=30, scale=0.03, seed=7)))
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    prompt = cached = 0
    args = ["--num-blocks", str(BLOCKS), "--eviction", "lru"]
    with ServerProcess(args, log_path=tmp_path / "server.log") as server:
        client = openai.OpenAI(base_url=server.url + "/v1", api_key="unused")
        for r in rows:
            extra = {"tools": r["tools"]} if r.get("tools") else {}
            resp = client.chat.completions.create(
                model=r["model"], messages=r["messages"], max_tokens=1, temperature=0, **extra
            )
            prompt += resp.usage.prompt_tokens
            details = resp.usage.prompt_tokens_details
            cached += (details.cached_tokens or 0) if details else 0
    argv = [str(log), "--format", "json", "--capacity", str(BLOCKS), "--policies", "lru"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    (row,) = doc["capacity_curve"]
    assert doc["prompt_tokens"] == prompt
    assert row["hit_tokens"] == cached
    assert 0 < cached < doc["engine_hit_tokens"]  # the small cache really evicted
