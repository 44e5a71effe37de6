"""Load on a deliberately small cache: bursts beyond capacity, 429s, preemption, cancellation.

Every accepted request must complete (or get a clear error), preemptions must be counted, and
afterwards the cache's ``check_integrity()`` must hold with no block left in use.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"
ARGS = ["--num-blocks", "16", "--max-num-seqs", "6", "--max-queue", "6"]
ARGS += ["--max-num-batched-tokens", "128", "--max-model-len", "256"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with ServerProcess(ARGS, log_path=log) as srv:
        yield srv


def prompt(i: int) -> list[int]:
    return [1000 + i * 50 + k for k in range(40)]  # distinct per request: no sharing


def idle_stats(server, timeout: float = 60.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        stats = httpx.get(server.url + "/v1/cache/stats", params={"check": "true"}).json()
        sched = stats["scheduler"]
        if sched["running"] == sched["waiting"] == sched["swapped"] == 0:
            return stats
        assert time.monotonic() < deadline, stats
        time.sleep(0.2)


def metric(server, name: str, **labels: str) -> float:
    """Sum of a series' samples whose labels include ``labels``."""
    want = [f'{k}="{v}"' for k, v in labels.items()]
    total = 0.0
    for line in httpx.get(server.url + "/metrics").text.splitlines():
        if line.startswith((name + "{", name + " ")) and all(w in line for w in want):
            total += float(line.rsplit(" ", 1)[1])
    return total


async def burst(server, n: int, max_tokens: int) -> list[httpx.Response]:
    async with httpx.AsyncClient(base_url=server.url, timeout=120) as client:
        bodies = [{"model": MODEL, "prompt": prompt(i), "max_tokens": max_tokens} for i in range(n)]
        return await asyncio.gather(*(client.post("/v1/completions", json=b) for b in bodies))


def test_burst_beyond_capacity(server):
    responses = asyncio.run(burst(server, 30, 16))
    done = [r for r in responses if r.status_code == 200]
    refused = [r for r in responses if r.status_code == 429]
    assert len(done) + len(refused) == len(responses), [r.text for r in responses]
    assert done and refused
    for r in done:
        body = r.json()
        assert body["choices"][0]["finish_reason"] == "length"
        assert body["usage"]["completion_tokens"] == 16
    for r in refused:
        assert int(r.headers["Retry-After"]) >= 1
        assert r.json()["error"]["type"] == "rate_limit_error"
    assert metric(server, "kvscope_preemptions_total") > 0
    assert metric(server, "kvscope_requests_rejected_total") >= len(refused)
    stats = idle_stats(server)
    assert stats["integrity"] == "ok"
    assert stats["blocks"]["used"] == 0


async def cancel_streams(server, n: int) -> int:
    started = 0
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        for i in range(n):
            body = {"model": MODEL, "prompt": prompt(i), "max_tokens": 200, "stream": True}
            async with client.stream("POST", "/v1/completions", json=body) as r:
                if r.status_code != 200:
                    continue
                async for line in r.aiter_lines():
                    if line.startswith("data: "):
                        started += 1
                        break  # leaving the block closes the connection mid-stream
    return started


def test_cancelled_streams_free_their_blocks(server):
    idle_stats(server)
    before = metric(server, "kvscope_request_success_total", finished_reason="abort")
    started = asyncio.run(cancel_streams(server, 5))
    assert started == 5
    stats = idle_stats(server)
    assert stats["integrity"] == "ok"
    assert stats["blocks"]["used"] == 0
    aborted = metric(server, "kvscope_request_success_total", finished_reason="abort") - before
    assert aborted >= 5
