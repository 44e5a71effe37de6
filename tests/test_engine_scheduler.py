"""Scheduler against the real cache manager, without the model: the scheduler is what is tested.

A fake "model step" appends one random token to every sequence whose prefill reached its end.
Hypothesis drives random workloads (shared prefixes, salts, private requests, aborts, tiny caches
that force preemption) and checks the cache's integrity and the scheduler's invariants after
every step, that every request finishes, and that blocks return to the idle level.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.cache import CacheConfig, KVCacheManager
from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.cost_model import CostModel
from kvscope.backend.engine.scheduler import Scheduler
from kvscope.backend.engine.sequence import SamplingParams, SeqStatus, Sequence
from kvscope.backend.prefix_keys import ExtraKeys

BS = 4


def make(num_blocks=16, host_blocks=0, mode="recompute", budget=32, max_seqs=4, prefix=True):
    config = EngineConfig(
        block_size=BS,
        num_blocks=num_blocks,
        host_blocks=host_blocks,
        preemption_mode=mode,
        max_num_batched_tokens=budget,
        max_num_seqs=max_seqs,
        enable_prefix_caching=prefix,
    )
    cache_config = CacheConfig(
        num_blocks=num_blocks,
        block_size=BS,
        host_blocks=host_blocks,
        enable_prefix_caching=prefix,
    )
    cache = KVCacheManager(cache_config)
    return Scheduler(config, cache, CostModel(mode, 1024, copy_bytes_per_s=1e9)), cache


def seq(i, prompt, max_tokens=4, salt=None, sharing=True):
    params = SamplingParams(temperature=0, max_tokens=max_tokens)
    return Sequence(i, f"r{i}", prompt, params, ExtraKeys("m", None, salt), sharing)


def check(sched: Scheduler, cache, batch) -> None:
    cache.check_integrity()
    assert batch.num_tokens <= sched.config.max_num_batched_tokens
    assert len(sched.running) <= sched.config.max_num_seqs
    ids = [s.seq_id for s in (*sched.waiting, *sched.running, *sched.swapped)]
    assert len(ids) == len(set(ids)), "a sequence sits in two queues"
    for s in sched.running:
        assert s.status is SeqStatus.RUNNING
        assert s.num_computed_tokens <= s.num_cache_tokens <= s.num_tokens
        assert len(cache.block_table(s.seq_id)) * BS >= s.num_cache_tokens
    for s in sched.waiting:
        assert s.status is SeqStatus.WAITING and s.num_computed_tokens == 0


def fake_step(sched: Scheduler, batch, rng: random.Random) -> None:
    sched.advance(batch)
    for s in batch.seqs:
        if s.status is SeqStatus.RUNNING and s.num_computed_tokens == s.num_tokens:
            s.token_ids.append(rng.randrange(50))
            if s.num_output_tokens >= s.params.max_tokens:
                sched.finish(s, "length")


def run(sched, cache, rng, arrivals, aborts=(), max_steps=3000) -> int:
    pending = sorted(arrivals, key=lambda a: a[0])
    everything = [s for _, s in pending]
    step = 0
    while pending or sched.has_work():
        while pending and pending[0][0] <= step:
            arrived = pending.pop(0)[1]
            if not arrived.is_finished:  # aborted before it arrived
                sched.add(arrived)
        for at, victim in aborts:
            if at == step and not victim.is_finished:
                sched.finish(victim, "abort")
        batch = sched.schedule()
        check(sched, cache, batch)
        assert not batch.unfit, "an empty cache without pins fits every request here"
        fake_step(sched, batch, rng)
        step += 1
        assert step < max_steps, f"no progress: {sched.running} {sched.waiting} {sched.swapped}"
    assert all(s.is_finished for s in everything)
    return step


def test_decodes_and_prefills_share_a_step_under_the_budget():
    sched, _ = make(num_blocks=64, budget=10)
    long, short = seq(0, list(range(30)), 3), seq(1, [1, 2], 3)
    sched.add(short)
    batch = sched.schedule()
    fake_step(sched, batch, random.Random(0))
    sched.add(long)
    batch = sched.schedule()
    assert [s.seq_id for s in batch.seqs] == [1, 0]
    assert batch.num_new_tokens == [1, 9]  # one decode token, then a 9-token prefill chunk


def test_second_request_skips_cached_prefix():
    sched, cache = make(num_blocks=64)
    prompt = list(range(20))
    run(sched, cache, random.Random(0), [(0, seq(0, prompt))])
    again = seq(1, prompt)
    sched.add(again)
    batch = sched.schedule()
    assert again.stats.prefix_hit_tokens == 16  # four full blocks; the last token is recomputed
    assert batch.num_new_tokens == [4]


def test_salt_and_private_requests_do_not_share():
    sched, cache = make(num_blocks=64)
    prompt = list(range(20))
    run(sched, cache, random.Random(0), [(0, seq(0, prompt, salt="a"))])
    other, same, private = seq(1, prompt, salt="b"), seq(2, prompt, salt="a"), None
    run(sched, cache, random.Random(0), [(0, other), (0, same)])
    assert other.stats.prefix_hit_tokens == 0 and same.stats.prefix_hit_tokens == 16
    private = seq(3, list(range(100, 120)), sharing=False)
    run(sched, cache, random.Random(0), [(0, private)])
    later = seq(4, list(range(100, 120)))
    run(sched, cache, random.Random(0), [(0, later)])
    assert private.stats.prefix_hit_tokens == 0 and later.stats.prefix_hit_tokens == 0


def test_growth_beyond_capacity_preempts_newest_and_everyone_finishes():
    sched, cache = make(num_blocks=8, budget=64, max_seqs=4)
    seqs = [seq(i, [i] * 6, max_tokens=10) for i in range(3)]
    run(sched, cache, random.Random(1), [(0, s) for s in seqs])
    assert sched.num_preemptions["recompute"] > 0
    assert seqs[0].num_preemptions == 0  # the oldest is never the victim while others run
    assert cache.num_free_blocks + cache.num_evictable_blocks == 8


def test_swap_mode_moves_victims_to_host_and_back():
    sched, cache = make(num_blocks=8, host_blocks=16, mode="swap", budget=64)
    seqs = [seq(i, [i + 1] * 6, max_tokens=10) for i in range(3)]
    run(sched, cache, random.Random(2), [(0, s) for s in seqs])
    assert sched.num_preemptions["swap"] > 0
    assert cache.num_free_blocks + cache.num_evictable_blocks == 8


def test_request_that_pins_leave_no_room_for_is_reported_unfit():
    sched, cache = make(num_blocks=10)
    pinned = list(range(1, 33))  # 8 blocks
    run(sched, cache, random.Random(0), [(0, seq(0, pinned, max_tokens=1))])
    cache.pin(pinned, ExtraKeys("m"))
    big, small = seq(1, list(range(100, 116)), 1), seq(2, [7, 8, 9], 1)
    sched.add(big)
    sched.add(small)
    batch = sched.schedule()
    assert batch.unfit == (big,) and batch.seqs == [small]
    cache.check_integrity()


requests = st.lists(
    st.tuples(
        st.integers(0, 20),  # arrival step
        st.lists(st.integers(0, 3), min_size=1, max_size=24),  # prompt from a tiny alphabet
        st.integers(1, 8),  # max_tokens
        st.sampled_from([None, "a", "b"]),  # salt
        st.booleans(),  # sharing
        st.one_of(st.none(), st.integers(0, 40)),  # abort at step
    ),
    min_size=1,
    max_size=10,
)


@settings(max_examples=40)
@given(
    reqs=requests,
    num_blocks=st.integers(9, 40),
    host_blocks=st.sampled_from([0, 8, 32]),
    mode=st.sampled_from(["auto", "recompute", "swap"]),
    budget=st.integers(1, 48),
    max_seqs=st.integers(1, 6),
    prefix=st.booleans(),
    seed=st.integers(0, 1000),
)
def test_random_workloads_keep_invariants(
    reqs, num_blocks, host_blocks, mode, budget, max_seqs, prefix, seed
):
    if mode == "swap" and host_blocks == 0:
        mode = "recompute"
    sched, cache = make(num_blocks, host_blocks, mode, budget, max_seqs, prefix)
    arrivals, aborts = [], []
    for i, (at, prompt, max_tokens, salt, sharing, abort_at) in enumerate(reqs):
        s = seq(i, [t + 1 for t in prompt], max_tokens, salt, sharing)
        arrivals.append((at, s))
        if abort_at is not None:
            aborts.append((abort_at, s))
    run(sched, cache, random.Random(seed), arrivals, aborts)
    assert cache.num_free_blocks + cache.num_evictable_blocks == num_blocks
