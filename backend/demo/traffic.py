"""Replays workload requests against the server as a streaming OpenAI client would.

Each request is timed from send to first content chunk (TTFT) and to the end; the usage chunk
gives prompt and cached tokens. Every request sent is appended to a JSONL log in the workload
schema, so `promptlint measure` can analyse exactly the traffic the server saw.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx


@dataclass(slots=True)
class Outcome:
    request_id: str
    tenant: str
    phase: str
    status: int
    ttft: float | None
    latency: float
    prompt_tokens: int
    cached_tokens: int


def _body(request: dict, max_tokens: int) -> dict:
    body = {
        "model": request.get("model", "kvscope-tiny"),
        "messages": request["messages"],
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": True,
        "stream_options": {"include_usage": True},
        "cache_salt": f"tenant-{request['tenant']}",
        "user": request["tenant"],  # the server's tenant label (metrics, inspector)
    }
    if request.get("tools"):
        body["tools"] = request["tools"]
    return body


async def _one(client: httpx.AsyncClient, request: dict, phase: str, max_tokens: int) -> Outcome:
    start = time.perf_counter()
    ttft, usage, status = None, {}, 0
    for _attempt in range(20):
        async with client.stream(
            "POST", "/v1/chat/completions", json=_body(request, max_tokens)
        ) as resp:
            status = resp.status_code
            if status == 429:
                await asyncio.sleep(float(resp.headers.get("retry-after", "1")))
                continue
            if status != 200:
                await resp.aread()
                break
            async for line in resp.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                chunk = json.loads(line[6:])
                choices = chunk.get("choices") or [{}]
                if ttft is None and (choices[0].get("delta") or {}).get("content"):
                    ttft = time.perf_counter() - start  # the first token, not the role chunk
                usage = chunk.get("usage") or usage
            break
    details = usage.get("prompt_tokens_details") or {}
    return Outcome(
        request_id=request["request_id"],
        tenant=request["tenant"],
        phase=phase,
        status=status,
        ttft=ttft,
        latency=time.perf_counter() - start,
        prompt_tokens=int(usage.get("prompt_tokens") or 0),
        cached_tokens=int(details.get("cached_tokens") or 0),
    )


async def replay(
    base_url: str,
    requests: Iterable[dict],
    phase: str,
    log: IO[str],
    on_done: Callable[[Outcome], None],
    concurrency: int = 4,
    max_tokens: int = 8,
) -> list[Outcome]:
    """Send ``requests`` with at most ``concurrency`` in flight; call ``on_done`` for each."""
    queue: asyncio.Queue[dict | None] = asyncio.Queue()
    for request in requests:
        queue.put_nowait(request)
    outcomes: list[Outcome] = []

    async def worker(client: httpx.AsyncClient) -> None:
        while not queue.empty():
            request = queue.get_nowait()
            log.write(json.dumps(request, sort_keys=True) + "\n")
            outcome = await _one(client, request, phase, max_tokens)
            outcomes.append(outcome)
            on_done(outcome)

    timeout = httpx.Timeout(120.0, connect=10.0)
    async with httpx.AsyncClient(base_url=base_url, timeout=timeout) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    log.flush()
    return outcomes


def write_requests(path: Path, requests: Iterable[dict]) -> None:
    with open(path, "w") as fh:
        for request in requests:
            fh.write(json.dumps(request, sort_keys=True) + "\n")
