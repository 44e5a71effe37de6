"""The capacity what-if runs through the backend's cache code and agrees with the analyzer."""

from __future__ import annotations

import json

import pytest

from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.capacity import parse_points
from kvscope.lint.measure.cli import main


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    path = tmp_path_factory.mktemp("cap") / "log.jsonl"
    with path.open("w") as f:
        for row in generate(WorkloadConfig(requests=120, scale=0.05, seed=5)):
            f.write(json.dumps(row) + "\n")
    return path


def test_full_capacity_equals_unbounded_vllm_and_smaller_is_no_better(log, capsys, tmp_path):
    png, page = tmp_path / "curve.png", tmp_path / "curve.html"
    assert (
        main([str(log), "--format", "json", "--capacity", "10%,50%,200%", "--plot", str(png)]) == 0
    )
    doc = json.loads(capsys.readouterr().out)
    curve = doc["capacity_curve"]
    assert {r["policy"] for r in curve} == {"lru", "gdsf"} and len(curve) == 6
    for row in curve:
        assert row["hit_tokens"] <= doc["engine_hit_tokens"]
        if row["capacity"] == "200%":
            assert row["hit_tokens"] == doc["engine_hit_tokens"]
    small = [r["hit_tokens"] for r in curve if r["capacity"] == "10%"]
    assert all(s < doc["engine_hit_tokens"] for s in small)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main([str(log), "--capacity", "25%", "--policies", "lru", "--plot", str(page)]) == 0
    assert "<svg" in page.read_text() and "lru" in page.read_text()


def test_capacity_in_bytes_uses_bytes_per_token(log, capsys):
    assert (
        main(
            [
                str(log),
                "--format",
                "json",
                "--capacity",
                "1MiB,4096",
                "--kv-bytes-per-token",
                "1024",
                "--policies",
                "gdsf",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)["capacity_curve"]
    assert [r["capacity_blocks"] for r in rows] == [2**20 // (1024 * 16), 4096]
    assert rows[0]["capacity_bytes"] == 64 * 1024 * 16
    assert (
        main(
            [
                str(log),
                "--format",
                "json",
                "--capacity",
                "1GiB",
                "--preset",
                "llama-70b",
                "--policies",
                "lru",
            ]
        )
        == 0
    )
    (row,) = json.loads(capsys.readouterr().out)["capacity_curve"]
    assert row["capacity_blocks"] == 2**30 // (327_680 * 16)  # 320 KiB per token, bf16
    assert main([str(log), "--capacity", "8GiB"]) == 2  # bytes without a size per token
    assert "kv-bytes-per-token" in capsys.readouterr().err


def test_parse_points_rejects_nonsense():
    assert [p.label for p in parse_points("5%, 1024 ,2GiB")] == ["5%", "1024", "2GiB"]
    for bad in ("lots", "-5%", "", "3 parsecs"):
        with pytest.raises(ValueError):
            parse_points(bad)
