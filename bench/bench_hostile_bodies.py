"""How fast a real ``kvscope serve`` refuses hostile bodies, and whether others wait meanwhile.

Issue 14 measured a 10 MB prompt getting its 400 after 48 s and eight 4 MB bodies holding
``/v1/cache/stats`` for 34 s. This replays both against a server with default limits
(8 MiB bodies, 2,048-token context):

1. ``big_prompt_400_s``: a 7 MB completions prompt (under the body limit) -> 400, refused by the
   character bound before tokenizing. Target: < 1 s.
2. ``body_413_s``: a 10 MB body -> 413 before parsing. Target: < 1 s.
3. ``stats_during_8x4mb_s``: ``/v1/cache/stats`` while eight 4 MB bodies are in flight.
   Target: < 1 s. ``normal_during_8x4mb_s``: a normal 8-token completion meanwhile.

Prints one JSON object. ``python bench/bench_hostile_bodies.py``
"""

from __future__ import annotations

import asyncio
import json
import time

import httpx

from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"


async def flood(url: str) -> dict:
    big = {"model": MODEL, "prompt": "word " * 800_000, "max_tokens": 1}  # 4 MB
    normal = {"model": MODEL, "prompt": "hello there", "max_tokens": 8}
    async with httpx.AsyncClient(base_url=url, timeout=300) as client:
        tasks = [asyncio.create_task(client.post("/v1/completions", json=big)) for _ in range(8)]
        await asyncio.sleep(0.05)
        t0 = time.perf_counter()
        stats = await client.get("/v1/cache/stats")
        stats_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        ok = await client.post("/v1/completions", json=normal)
        normal_s = time.perf_counter() - t0
        answers = await asyncio.gather(*tasks)
    return {
        "stats_during_8x4mb_s": round(stats_s, 3),
        "normal_during_8x4mb_s": round(normal_s, 3),
        "statuses": sorted({r.status_code for r in answers} | {stats.status_code, ok.status_code}),
    }


def main() -> None:
    args = ["--max-model-len", "2048", "--num-blocks", "256"]
    with ServerProcess(args) as server:
        prompt = {"model": MODEL, "prompt": "word " * 1_400_000, "max_tokens": 1}  # 7 MB
        t0 = time.perf_counter()
        r = httpx.post(server.url + "/v1/completions", json=prompt, timeout=300)
        big_s = time.perf_counter() - t0
        assert r.status_code == 400, r.text[:200]
        body = b'{"model": "kvscope-tiny", "prompt": "' + b"x" * (10 << 20) + b'"}'
        headers = {"content-type": "application/json"}
        t0 = time.perf_counter()
        r = httpx.post(server.url + "/v1/completions", content=body, headers=headers, timeout=300)
        body_s = time.perf_counter() - t0
        assert r.status_code == 413, r.status_code
        result = {"big_prompt_400_s": round(big_s, 3), "body_413_s": round(body_s, 3)}
        result.update(asyncio.run(flood(server.url)))
    targets = ("big_prompt_400_s", "body_413_s", "stats_during_8x4mb_s")
    result["meets_targets"] = all(result[k] < 1.0 for k in targets)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
