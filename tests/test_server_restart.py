"""Kill the server mid-load with a disk tier, restart it: the disk manifest is consistent, torn
and orphan files are discarded and counted, and the surviving blocks are hit again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx

from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"


def prompt(i: int) -> list[int]:
    return [2000 + i * 97 + k for k in range(65)]  # four full blocks and one token


def complete(server: ServerProcess, i: int) -> dict:
    body = {"model": MODEL, "prompt": prompt(i), "max_tokens": 1, "temperature": 0}
    r = httpx.post(server.url + "/v1/completions", json=body, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()


async def load_forever(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        i = 100
        while True:
            bodies = [{"model": MODEL, "prompt": prompt(i + k), "max_tokens": 8} for k in range(4)]
            await asyncio.gather(*(client.post("/v1/completions", json=b) for b in bodies))
            i += 4


async def kill_mid_load(server: ServerProcess, after: float) -> None:
    task = asyncio.create_task(load_forever(server))
    await asyncio.sleep(after)
    server.kill()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def manifest_entries(disk: Path) -> dict[str, dict]:
    live: dict[str, dict] = {}
    for line in (disk / "manifest.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record["op"] == "put":
            live[record["hash"]] = record
        else:
            live.pop(record["hash"], None)
    return live


def test_disk_tier_survives_a_crash(tmp_path):
    disk = tmp_path / "disk"
    args = ["--num-blocks", "24", "--disk-tier", str(disk), "--disk-tier-gb", "0.01"]
    first = ServerProcess(args, log_path=tmp_path / "first.log").start()
    try:
        for i in range(12):  # 48 blocks through a 24-block device tier: the oldest go to disk
            complete(first, i)
        stats = httpx.get(first.url + "/v1/cache/stats").json()
        assert stats["tiers"]["DISK"]["cached"] > 0, stats
        asyncio.run(kill_mid_load(first, after=1.0))
    finally:
        first.kill()
    files = sorted(disk.glob("*.kvb"))
    assert files
    files[0].write_bytes(files[0].read_bytes()[:100])  # a torn block file
    (disk / ("ab" * 16 + ".tmp")).write_bytes(b"half-written")  # an orphan temp file

    with ServerProcess(args, log_path=tmp_path / "second.log") as second:
        stats = httpx.get(second.url + "/v1/cache/stats", params={"check": "true"}).json()
        assert stats["integrity"] == "ok"
        assert stats["cache"]["disk_discarded_at_start"] >= 2
        live = manifest_entries(disk)
        on_disk = {p.stem for p in disk.glob("*.kvb")}
        assert set(live) == on_disk
        for h, record in live.items():
            assert (disk / f"{h}.kvb").stat().st_size == record["size"]
        assert stats["tiers"]["DISK"]["cached"] == len(live) > 0
        hits = [
            complete(second, i)["usage"]["prompt_tokens_details"]["cached_tokens"]
            for i in (0, 1, 2)
        ]
        assert max(hits) > 0, "blocks restored from disk are hit again"
