"""Preemption end to end on the real model: outputs survive recompute and swap unchanged.

One runner (and its KV pool) is shared by engines of different cache sizes: an engine only hands
out block ids below its own ``num_blocks``. Greedy outputs on a cache too small for the batch
(forcing preemption) must equal those on a cache large enough to never preempt.
"""

from __future__ import annotations

import pytest

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.engine import Engine, QueueFull, make_runner
from kvscope.backend.engine.sequence import SamplingParams

PROMPTS = [[100 + 37 * i + k for k in range(12)] for i in range(3)]


@pytest.fixture(scope="module")
def runner():
    return make_runner(EngineConfig(num_blocks=64, block_size=8))


def generate(runner, **overrides) -> tuple[list[list[int]], Engine]:
    settings = {"num_blocks": 64, "block_size": 8, "max_num_batched_tokens": 64, **overrides}
    config = EngineConfig(**settings)
    engine = Engine(config, runner=runner)
    outputs: dict[str, list[int]] = {}
    seqs = []
    for prompt in PROMPTS:
        params = SamplingParams(temperature=0, max_tokens=10, ignore_eos=True)
        deliver = lambda out: outputs.setdefault(out.request_id, []).extend(out.token_ids)  # noqa: E731
        seqs.append(engine.add_request(prompt, params, deliver))
    engine.run_until_idle()
    engine.cache.check_integrity()
    assert engine.cache.num_free_blocks + engine.cache.num_evictable_blocks == config.num_blocks
    return [s.output_token_ids for s in seqs], engine


def test_recompute_and_swap_preemption_keep_greedy_outputs(runner):
    reference, big = generate(runner)
    assert sum(big.scheduler.num_preemptions.values()) == 0
    recomputed, small = generate(runner, num_blocks=5, preemption_mode="recompute")
    assert small.scheduler.num_preemptions["recompute"] > 0
    assert recomputed == reference
    swapped, small = generate(runner, num_blocks=5, host_blocks=16, preemption_mode="swap")
    assert small.scheduler.num_preemptions["swap"] > 0
    assert swapped == reference


def test_queue_bound_and_context_limit(runner):
    engine = Engine(EngineConfig(num_blocks=8, block_size=8, max_queue=2), runner=runner)
    params = SamplingParams(max_tokens=4)
    engine.add_request([1, 2, 3], params, print)
    engine.add_request([1, 2, 3], params, print)
    with pytest.raises(QueueFull) as exc:
        engine.add_request([1, 2, 3], params, print)
    assert exc.value.retry_after >= 1
    with pytest.raises(ValueError, match="context holds 64"):
        engine.add_request(list(range(60)), SamplingParams(max_tokens=8), print)


def test_swap_round_trips_fp8_blocks_and_their_scales():
    fp8 = make_runner(EngineConfig(num_blocks=64, block_size=8, kv_dtype="fp8_e4m3"))
    reference, _ = generate(fp8, kv_dtype="fp8_e4m3")
    swapped, small = generate(
        fp8, kv_dtype="fp8_e4m3", num_blocks=5, host_blocks=16, preemption_mode="swap"
    )
    assert small.scheduler.num_preemptions["swap"] > 0
    assert swapped == reference
