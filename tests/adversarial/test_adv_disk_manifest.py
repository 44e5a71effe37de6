"""A hand-written disk manifest (valid JSON, wrong field types) against a real ``kvscope serve``.

A first server fills a disk tier and stops; the test then rewrites some manifest entries with
wrong types or impossible values. The restarted server must discard exactly those blocks,
count them, log each one's reason at start-up, keep ``check_integrity()`` true, answer
``/v1/cache/prefixes`` (no 500), and still hit the blocks whose entries were intact.
"""

from __future__ import annotations

import json

import httpx

from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"
ADMIN = {"Authorization": "Bearer op"}
BAD_FIELDS = [
    {"tokens": "abc"},
    {"tokens": [True, 1]},
    {"start": "0"},
    {"shape": "12"},
    {"size": 1.5},
    {"parent": 5},
    {"hash": 7},
    {"digest": None},
    {"dtype": ["float32"]},
    {"tokens": [1, 2, 3]},  # well-typed, but not one block's worth of tokens
]


def prompt(i: int) -> list[int]:
    return [3000 + i * 89 + k for k in range(65)]


def complete(server: ServerProcess, i: int) -> dict:
    body = {"model": MODEL, "prompt": prompt(i), "max_tokens": 1, "temperature": 0}
    r = httpx.post(server.url + "/v1/completions", json=body, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()


def test_wrongly_typed_manifest_entries_are_discarded_with_reasons(tmp_path):
    disk = tmp_path / "disk"
    args = ["--num-blocks", "24", "--disk-tier", str(disk), "--disk-tier-gb", "0.01"]
    args += ["--admin-api-key", "op"]
    with ServerProcess(args, log_path=tmp_path / "first.log") as first:
        for i in range(12):
            complete(first, i)
    lines = (disk / "manifest.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    puts = [r for r in records if r["op"] == "put"]
    assert len(puts) > len(BAD_FIELDS) + 2
    # corrupt the deepest blocks (leaves), so the intact chains stay restorable
    victims = sorted(puts, key=lambda r: -r["start"])[: len(BAD_FIELDS)]
    for record, bad in zip(victims, BAD_FIELDS, strict=True):
        record.update(bad)
    (disk / "manifest.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))

    log = tmp_path / "second.log"
    with ServerProcess([*args, "--log-level", "info"], log_path=log) as second:
        stats = httpx.get(second.url + "/v1/cache/stats", params={"check": "true"}).json()
        assert stats["integrity"] == "ok"
        assert stats["cache"]["disk_discarded_at_start"] >= len(BAD_FIELDS)
        r = httpx.get(second.url + "/v1/cache/prefixes", params={"top": 100}, headers=ADMIN)
        assert r.status_code == 200, r.text
        assert stats["tiers"]["DISK"]["cached"] == len(puts) - len(BAD_FIELDS)
        hits = [
            complete(second, i)["usage"]["prompt_tokens_details"]["cached_tokens"] for i in (0, 1)
        ]
        assert max(hits) > 0
    text = log.read_text()
    for needle in ("'tokens'", "'start'", "'shape'", "'size'", "'parent'", "'hash'", "'digest'"):
        assert f"bad manifest entry ({needle}" in text, needle
