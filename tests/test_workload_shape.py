"""Log shape: the segment-cached encoder is exact; repeated prefixes are counted in whole blocks."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.tokenizers import get_tokenizer
from kvscope.backend.workload import WorkloadConfig, generate, measure
from kvscope.backend.workload.shape import SegmentEncoder

PIECES = st.sampled_from(["<|im_start|>", "<|im_end|>", "\n", "user", " hello", "<|endoftext|>"])


@given(st.lists(PIECES | st.text(max_size=12), max_size=12), st.sampled_from(["cl100k", "bytes"]))
def test_segment_cache_is_exact(pieces, name):
    tok = get_tokenizer(name)
    enc = SegmentEncoder(tok, max_entries=4)
    text = "".join(pieces)
    for _ in range(2):  # the second pass is served from the cache
        assert enc.encode(text) == tok.encode(text, allow_special=True)


def _chat(user: str) -> dict:
    system = "You are a careful assistant. " * 40
    messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
    return {"route": "chat", "messages": messages}


def test_repeats_are_block_aligned_and_since_only_filters_counting():
    first, again, other = _chat("What is a KV cache?"), _chat("What is a KV cache?"), _chat("Hi")
    shape = measure([first, again], block_size=16)
    n = shape.prompt_tokens // 2
    assert shape.repeated_tokens == (n // 16) * 16  # every full block of the repeat; no partial
    assert shape.median_tokens == n and shape.requests == 2
    later = measure([{**first, "timestamp": 1}, {**other, "timestamp": 2}], since=2)
    assert later.requests == 1 and 0 < later.repeated_fraction < 1  # the system prompt was cached
    assert measure([]).repeated_fraction == 0.0


def test_generator_streams():
    huge = generate(WorkloadConfig(requests=1_000_000, scale=0.05))
    assert len(list(itertools.islice(huge, 50))) == 50  # lazily: a million never materialise
    assert list(generate(requests=3, scale=0.05)) == list(
        generate(WorkloadConfig(requests=3, scale=0.05))
    )


@given(
    seed=st.integers(0, 2**32),
    tenants=st.integers(1, 12),
    bad=st.sampled_from([None, "timestamp", "request_id", "tools_reordered"]),
    at=st.floats(0, 1),
)
def test_any_config_gives_valid_renderable_requests(seed, tenants, bad, at):
    from kvscope.backend.chat import render_request

    config = WorkloadConfig(
        seed=seed, tenants=tenants, requests=25, scale=0.05, bad_deploy=bad, bad_deploy_at=at
    )
    last = config.start
    names = set(config.tenant_names)
    for req in generate(config):
        assert req["timestamp"] >= last and req["tenant"] in names
        last = req["timestamp"]
        text = render_request(req)
        assert text.startswith("<|im_start|>system\n") and text.endswith("<|im_start|>assistant\n")
        system = req["messages"][0]["content"]
        assert ("Request ID: req-" in system) == (
            bad == "request_id" and last >= config.deploy_time()
        )
