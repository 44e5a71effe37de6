"""Small capacity points are sampled at a higher rate, so each miniature cache holds enough
blocks; a large log keeps the base rate everywhere, and the report says which rate each
point used and what the replays cost."""

from __future__ import annotations

import random

import pytest

from kvscope.backend.prefix_keys import block_hashes
from kvscope.lint.measure import sampledcurve
from kvscope.lint.measure.capacity import parse_points
from kvscope.lint.measure.fleetview import sampling_note
from kvscope.lint.measure.sampledcurve import MIN_MINIATURE, SampledCurve, point_rate

BS = 4


def sessions(n: int, seed: int, heads: int = 4) -> list[tuple[list[bytes], int]]:
    """Requests over a few shared heads, each session re-sending its history."""
    rng = random.Random(seed)
    shared = [[rng.randrange(10**6) for _ in range(rng.randint(8, 30) * BS)] for _ in range(heads)]
    live: list[list[int]] = []
    out = []
    for _ in range(n):
        if len(live) < 12 or rng.random() < 0.1:
            live.append(list(rng.choice(shared)))
        s = rng.choice(live)
        s += [rng.randrange(10**6) for _ in range(rng.randint(5, 60))]
        out.append((block_hashes(s, BS), len(s)))
    return out


def unbounded(reqs: list[tuple[list[bytes], int]]) -> tuple[int, int, int]:
    """(unique blocks, prompt tokens, exact unbounded hit tokens under vLLM's rule)."""
    seen: set[bytes] = set()
    prompt = hits = 0
    for keys, n in reqs:
        hit = 0
        while hit < len(keys) and keys[hit] in seen:
            hit += 1
        hits += min(hit, (n - 1) // BS) * BS
        seen.update(keys)
        prompt += n
    return len(seen), prompt, hits


def run(reqs, rate: float, spec: str, policies=("lru",)) -> tuple[list[dict], dict, SampledCurve]:
    curve = SampledCurve(rate, BS, 16, parse_points(spec), None)
    try:
        for keys, n in reqs:
            curve.add(keys, n)
        unique, prompt, hits = unbounded(reqs)
        rows, sampling = curve.curve(unique, list(policies), prompt, hits)
    finally:
        curve.close()
    return rows, sampling, curve


@pytest.mark.parametrize(
    ("rate", "mode", "blocks", "want"),
    [
        (0.1, "stratified", 100_000, 0.1),
        (0.1, "stratified", 2_000, 0.1),
        (0.1, "stratified", 700, 1 / 3),
        (0.1, "stratified", 150, 1.0),
        (0.1, "stratified", 0, 1.0),
        (0.1, "bernoulli", 1_000, 0.2),
        (0.1, "bernoulli", 50, 1.0),
        (1.0, "stratified", 10, 1.0),
    ],
)
def test_point_rate_raises_only_small_points(rate, mode, blocks, want):
    assert point_rate(rate, mode, blocks) == pytest.approx(want)


def test_a_raised_share_point_is_the_estimate_at_its_rate():
    """5 % of the unique blocks: the point is drawn from the whole-log spool at R_c, and
    gives exactly what sampling the whole log at R_c from the start gives."""
    reqs = sessions(1500, seed=1)
    rows, sampling, _ = run(reqs, 0.1, "5%,50%", ("lru", "gdsf"))
    low, high = sampling["points"]
    assert high["rate"] == 0.1 and 0.1 < low["rate"] < 1
    assert low["sampled_capacity_blocks"] >= MIN_MINIATURE
    direct, _, _ = run(reqs, low["rate"], "5%", ("lru", "gdsf"))
    assert [r["hit_tokens"] for r in rows if r["capacity"] == "5%"] == [
        r["hit_tokens"] for r in direct
    ]
    assert all(r["sample_rate"] == low["rate"] for r in rows if r["capacity"] == "5%")
    # the cost is honest: the 1 % replays read R_c of the blocks, the 50 % ones R
    assert sampling["replayed_block_share"] == pytest.approx((low["rate"] + 0.1) / 2, rel=0.05)
    note = sampling_note({"capacity_sampling": sampling})
    assert f"small caches sampled denser: 5% at {100 * low['rate']:.3g}%" in note
    assert f"read {100 * sampling['replayed_block_share']:.1f}% of the exact" in note


def test_a_point_in_blocks_is_sampled_beside_the_base_sample():
    reqs = sessions(600, seed=2)
    rows, sampling, curve = run(reqs, 0.1, "700,5000")
    assert curve.dense is None  # no share point: nothing is spooled whole
    assert [p["rate"] for p in sampling["points"]] == pytest.approx([1 / 3, 0.1])
    assert [r["capacity_blocks"] for r in rows] == [700, 5000]
    assert rows[0]["sampled_capacity_blocks"] == round(699 / 3) + 1


def test_a_large_log_drops_the_whole_log_spool_and_keeps_the_base_rate():
    reqs = sessions(4000, seed=3, heads=2)
    unique = unbounded(reqs)[0]
    assert unique * 0.25 * 0.1 > 2 * MIN_MINIATURE  # every share point is large enough
    _, sampling, curve = run(reqs, 0.1, "25%,50%")
    assert curve.dense is None
    assert [p["rate"] for p in sampling["points"]] == [0.1, 0.1]
    assert sampling["replayed_block_share"] == pytest.approx(0.1, rel=0.05)
    assert sampling["note"] is None and "denser" not in sampling_note(
        {"capacity_sampling": sampling}
    )


def test_past_the_spool_budget_a_small_point_stays_at_the_base_rate_and_is_named(monkeypatch):
    monkeypatch.setattr(sampledcurve, "DENSE_MAX_BLOCKS", 1_000)
    _, sampling, curve = run(sessions(1500, seed=4), 0.1, "1%,50%")
    assert curve.dense is None
    assert [p["rate"] for p in sampling["points"]] == [0.1, 0.1]
    assert f"under {MIN_MINIATURE} blocks at 1%" in sampling["note"]
