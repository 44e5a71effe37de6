"""simulate(): the capacity what-if promptlint measure runs, on the same manager code."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.cache import CacheConfig, HashedRequest, KVCacheManager, simulate
from kvscope.backend.prefix_keys import ExtraKeys, block_hashes

BS = 16


def stream(n: int) -> list[list[int]]:
    system = list(range(10_000, 10_000 + 8 * BS))
    return [system + [i % 7] * (BS * (1 + i % 3)) + [i] for i in range(n)]


def test_hashed_and_token_requests_agree():
    reqs = stream(40)
    by_tokens = simulate(reqs, 30, "gdsf", host_blocks=10)
    hashed = [HashedRequest(block_hashes(r, BS), len(r)) for r in reqs]
    assert simulate(hashed, 30, "gdsf", host_blocks=10) == by_tokens
    assert by_tokens.query_tokens == sum(len(r) for r in reqs)


def test_unbounded_capacity_hits_every_repeated_block():
    reqs = stream(30)
    result = simulate(reqs, 10_000, "lru")
    seen: set[bytes] = set()
    expected = 0
    for r in reqs:
        hashes = block_hashes(r[:-1], BS)
        for h in hashes:
            if h not in seen:
                break
            expected += BS
        seen.update(block_hashes(r, BS))
    assert result.hit_tokens == expected and result.skipped == 0


def test_more_capacity_never_hurts_lru_here():
    reqs = stream(60)
    rates = [simulate(reqs, cap, "lru").hit_tokens for cap in (12, 24, 48, 96)]
    assert rates == sorted(rates)


def test_requests_larger_than_the_device_are_skipped():
    result = simulate([list(range(100))], 2, "gdsf")
    assert result.skipped == 1 and result.query_tokens == 0


def test_pins_and_extra_keys():
    system = list(range(500, 500 + 4 * BS))
    reqs = [([*system, i], ExtraKeys(salt="a" if i % 2 else "b")) for i in range(10)]
    result = simulate(reqs, 64, "gdsf", pinned=[(system, ExtraKeys(salt="a"))])
    assert result.hit_tokens == 2 * 4 * BS * 4  # each salt misses once, then hits


@given(st.lists(st.integers(0, 5), min_size=1, max_size=40), st.sampled_from(["lru", "gdsf"]))
def test_simulate_matches_driving_the_manager_by_hand(tags, policy):
    reqs = [[t] * (BS * (1 + t % 3)) + [99] for t in tags]
    mgr = KVCacheManager(CacheConfig(num_blocks=6, eviction=policy))
    hits = 0
    for i, r in enumerate(reqs):
        hits += mgr.allocate(f"r{i}", r).num_cached_tokens
        mgr.mark_computed(f"r{i}", len(r))
        mgr.free(f"r{i}")
        mgr.check_integrity()
    assert simulate(reqs, 6, policy).hit_tokens == hits


def test_zero_capacity_and_empty_requests_are_skipped_not_errors():
    assert simulate([[1, 2, 3], [4]], 0, "lru").skipped == 2
    result = simulate([[], HashedRequest([], 0), [1] * 20], 4, "gdsf")
    assert result.requests == 3 and result.skipped == 2 and result.query_tokens == 20
