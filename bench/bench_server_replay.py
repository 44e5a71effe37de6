"""Replay the reference workload (scaled for a CPU) through a real ``kvscope serve`` over HTTP.

Side by side in one run, on the same request log and cache size: prefix caching on vs off, and
``gdsf`` vs ``lru`` eviction. Requests are streamed (TTFT = first content chunk) by an async
httpx client with bounded concurrency, in log order (closed loop, timestamps ignored). Reports
throughput, TTFT p50/p95, token hit rate (from each response's ``cached_tokens``) and
preemptions (from ``/metrics``). Prints one JSON object.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import statistics
import sys
import time

import httpx

from kvscope.backend.server.testing import ServerProcess
from kvscope.backend.workload import WorkloadConfig, generate

REQUESTS, SCALE, TENANTS, CONCURRENCY, MAX_TOKENS = 150, 0.03, 4, 8, 4
SERVER = ["--num-blocks", "160", "--max-num-seqs", "8", "--max-num-batched-tokens", "512"]
CONFIGS = {
    "gdsf_prefix_on": ["--eviction", "gdsf"],
    "gdsf_prefix_off": ["--eviction", "gdsf", "--no-prefix-caching"],
    "lru_prefix_on": ["--eviction", "lru"],
}


def workload() -> list[dict]:
    config = WorkloadConfig(seed=0, requests=REQUESTS, tenants=TENANTS, scale=SCALE)
    return list(itertools.islice(generate(config), REQUESTS))


async def one(client: httpx.AsyncClient, req: dict, sem: asyncio.Semaphore) -> dict:
    body = {
        "model": "kvscope-tiny",
        "messages": req["messages"],
        "max_tokens": MAX_TOKENS,
        "temperature": 0,
        "user": req["tenant"],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if req.get("tools"):
        body["tools"] = req["tools"]
    async with sem:
        t0 = time.perf_counter()
        ttft, usage = None, None
        async with client.stream("POST", "/v1/chat/completions", json=body) as r:
            if r.status_code != 200:
                return {"status": r.status_code}
            async for line in r.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                chunk = json.loads(line[6:])
                if chunk.get("usage"):
                    usage = chunk["usage"]
                elif (
                    ttft is None
                    and chunk["choices"]
                    and chunk["choices"][0]["delta"].get("content")
                ):
                    ttft = time.perf_counter() - t0
        return {"status": 200, "ttft": ttft, "e2e": time.perf_counter() - t0, "usage": usage}


def _first_output(chunk: dict) -> bool:
    choice = chunk["choices"][0] if chunk["choices"] else {}
    return bool(choice.get("delta", {}).get("content") or choice.get("finish_reason"))


def metric(text: str, name: str) -> float:
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith((name + "{", name + " "))
    )


async def replay(url: str, requests: list[dict]) -> dict:
    sem = asyncio.Semaphore(CONCURRENCY)
    async with httpx.AsyncClient(base_url=url, timeout=600) as client:
        t0 = time.perf_counter()
        results = await asyncio.gather(*(one(client, r, sem) for r in requests))
        wall = time.perf_counter() - t0
        scrape = (await client.get("/metrics")).text
    ok = [r for r in results if r["status"] == 200 and r["usage"]]
    ttfts = sorted(r["ttft"] for r in ok if r["ttft"] is not None)
    prompt = sum(r["usage"]["prompt_tokens"] for r in ok)
    cached = sum(r["usage"]["prompt_tokens_details"]["cached_tokens"] for r in ok)
    return {
        "completed": len(ok),
        "failed": len(results) - len(ok),
        "wall_s": round(wall, 2),
        "requests_per_s": round(len(ok) / wall, 3),
        "prompt_tokens_per_s": round(prompt / wall, 1),
        "ttft_p50_s": round(statistics.median(ttfts), 4) if ttfts else None,
        "ttft_p95_s": round(ttfts[int(0.95 * (len(ttfts) - 1))], 4) if ttfts else None,
        "hit_rate": round(cached / prompt, 4) if prompt else 0.0,
        "preemptions": metric(scrape, "kvscope_preemptions_total"),
        "evicted_blocks": metric(scrape, "kvscope_kv_cache_evictions_total"),
    }


def main() -> None:
    requests = workload()
    out: dict = {
        "bench": "server_replay",
        "workload": {"requests": REQUESTS, "scale": SCALE, "tenants": TENANTS},
        "client": {"concurrency": CONCURRENCY, "max_tokens": MAX_TOKENS},
        "server_args": SERVER,
    }
    for name, extra in CONFIGS.items():
        with ServerProcess(SERVER + extra) as server:
            out[name] = asyncio.run(replay(server.url, requests))
        print(f"{name}: {out[name]}", file=sys.stderr)
    on, off, lru = out["gdsf_prefix_on"], out["gdsf_prefix_off"], out["lru_prefix_on"]
    out["speedup_prefix_on_vs_off"] = round(on["requests_per_s"] / off["requests_per_s"], 3)
    if on["ttft_p50_s"] and off["ttft_p50_s"]:
        out["ttft_p50_ratio_on_vs_off"] = round(on["ttft_p50_s"] / off["ttft_p50_s"], 3)
    out["hit_rate_gdsf_minus_lru"] = round(on["hit_rate"] - lru["hit_rate"], 4)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
