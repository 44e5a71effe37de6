"""One failing request fails alone: the engine step isolates it, the others finish unchanged.

Hostile input that slipped past the API (the engine is also a library) is fed straight to a real
engine on the real tiny model, mixed into normal requests: a lone-surrogate salt (raises in
prefix-key hashing, at admission) and an out-of-vocabulary token id (raises in the model's
forward, inside a batch). The normal requests' greedy outputs must equal a run without the
hostile one, the hostile one gets a 500 naming its error, and ``check_integrity()`` holds with
every block back in the free/evictable pool.
"""

from __future__ import annotations

import pytest

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.engine import Engine, make_runner
from kvscope.backend.engine.sequence import SamplingParams
from kvscope.backend.prefix_keys import ExtraKeys

PROMPTS = [[200 + 31 * i + k for k in range(40)] for i in range(4)]  # 2+ full blocks each


@pytest.fixture(scope="module")
def runner():
    return make_runner(EngineConfig(num_blocks=64, block_size=16))


def run(runner, hostile: list[tuple[list[int], ExtraKeys]]):
    config = EngineConfig(num_blocks=64, block_size=16, max_num_batched_tokens=512)
    engine = Engine(config, runner=runner)
    outs: dict[str, list] = {}

    def deliver(out):
        outs.setdefault(out.request_id, []).append(out)

    params = SamplingParams(temperature=0, max_tokens=6, ignore_eos=True)
    normal = []
    for i, prompt in enumerate(PROMPTS):
        normal.append(engine.add_request(prompt, params, deliver, extra=ExtraKeys("m")))
        if i == 1:  # in the middle of the normal traffic, admitted in the same step
            bad = [engine.add_request(p, params, deliver, extra=x) for p, x in hostile]
    engine.run_until_idle()
    engine.cache.check_integrity()
    assert engine.cache.num_free_blocks + engine.cache.num_evictable_blocks == config.num_blocks
    finals = {rid: chunks[-1] for rid, chunks in outs.items()}
    return [s.output_token_ids for s in normal], [finals[s.request_id] for s in bad], normal, finals


@pytest.fixture(scope="module")
def reference(runner):
    outputs, _, _, _ = run(runner, [])
    return outputs


def test_a_salt_that_cannot_be_hashed_fails_only_its_request(runner, reference):
    hostile = [(PROMPTS[0], ExtraKeys("m", None, "\ud800")), (PROMPTS[2], ExtraKeys("m", "\udfff"))]
    outputs, bad, normal, finals = run(runner, hostile)
    assert outputs == reference
    for s in normal:
        assert finals[s.request_id].error is None and finals[s.request_id].finish_reason == "length"
    for out in bad:
        assert out.finished and out.error_status == 500
        assert "UnicodeEncodeError" in out.error and "other requests are unaffected" in out.error


def test_a_token_the_model_cannot_embed_fails_only_its_request(runner, reference):
    vocab = runner.tokenizer.vocab_size
    poison = [1, 2, 3, vocab + 1000, 5, 6]
    outputs, bad, normal, finals = run(runner, [(poison, ExtraKeys("m"))])
    assert outputs == reference
    assert all(finals[s.request_id].error is None for s in normal)
    (out,) = bad
    assert out.error_status == 500 and "aborted" in out.error
