"""ModelRunner on the embedded kvscope-tiny: paging, prefix reuse, mixed batches, backends."""

from __future__ import annotations

import itertools

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.model import ModelRunner, RunnerConfig, SeqInput
from kvscope.backend.model.attention_torch import contiguous_attention, paged_attention

PROMPT = [791, 6864, 315, 9822, 374, 12366, 13, 578, 4062, 14198, 39935, 35308, 927, 279, 16053]


@pytest.fixture(scope="module")
def runner():
    # Tiny per-token ops: one thread avoids spin-waiting on a shared 2-core machine.
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield ModelRunner(RunnerConfig(num_blocks=32, block_size=4))
    torch.set_num_threads(before)


def test_paged_attention_is_bit_identical_to_contiguous():
    gen = torch.Generator().manual_seed(0)
    length, block, heads, kv_heads, d = 23, 4, 8, 2, 16
    k = torch.randn(length, kv_heads, d, generator=gen)
    v = torch.randn(length, kv_heads, d, generator=gen)
    q = torch.randn(5, heads, d, generator=gen)
    table = torch.tensor([9, 3, 0, 7, 12, 5])
    k_cache = torch.randn(16, block, kv_heads, d, generator=gen)  # junk everywhere else
    v_cache = torch.randn(16, block, kv_heads, d, generator=gen)
    pos = torch.arange(length)
    k_cache[table[pos // block], pos % block] = k
    v_cache[table[pos // block], pos % block] = v
    paged = paged_attention(q, k_cache, v_cache, None, None, table, length - 5, d**-0.5)
    assert torch.equal(paged, contiguous_attention(q, k, v, length - 5, d**-0.5))


def test_block_placement_never_changes_logits(runner):
    a = runner.forward([SeqInput(PROMPT, 0, [0, 1, 2, 3])])
    b = runner.forward([SeqInput(PROMPT, 0, [31, 7, 19, 4])])
    assert torch.equal(a, b)


def test_greedy_generations_follow_the_prompt(runner):
    outs = set()
    for prompt in (PROMPT[:6], PROMPT[6:12], PROMPT[3:9]):
        logits = runner.forward([SeqInput(prompt, 0, [0, 1, 2])])
        outs.add(tuple(runner.sample(logits)))
    assert len(outs) == 3
    assert runner.tokenizer.vocab_size <= runner.config.vocab_size


def test_cached_prefix_prefill_computes_only_new_tokens(runner):
    full = runner.forward([SeqInput(PROMPT, 0, [3, 4, 5, 6])])
    runner.copy_block(3, 10)
    runner.copy_block(4, 11)
    seen: list[int] = []
    hook = runner.model.embed_tokens.register_forward_hook(
        lambda _m, args, _o: seen.append(args[0].numel())
    )
    try:
        cached = runner.forward([SeqInput(PROMPT[8:], 8, [10, 11, 12, 13])])
    finally:
        hook.remove()
    assert seen == [len(PROMPT) - 8]
    assert float((cached - full).norm() / full.norm()) <= 1e-4


def test_mixed_batch_matches_separate_calls(runner):
    runner.forward([SeqInput(PROMPT[:9], 0, [14, 15, 16])])
    decode_alone = runner.forward([SeqInput([PROMPT[9]], 9, [14, 15, 16])])
    chunk_alone = runner.forward([SeqInput(PROMPT[2:12], 0, [17, 18, 19])])
    runner.forward([SeqInput(PROMPT[:9], 0, [20, 21, 22])])
    both = runner.forward(
        [SeqInput([PROMPT[9]], 9, [20, 21, 22]), SeqInput(PROMPT[2:12], 0, [23, 24, 25])]
    )
    assert torch.allclose(both[0], decode_alone[0], rtol=1e-5, atol=1e-5)
    assert torch.allclose(both[1], chunk_alone[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kv_dtype", ["auto", "fp8_e4m3"])
def test_triton_backend_matches_torch_backend(runner, kv_dtype):
    if kv_dtype != "auto":
        runner = ModelRunner(RunnerConfig(num_blocks=32, block_size=4, kv_dtype=kv_dtype))
    tri = ModelRunner(
        RunnerConfig(num_blocks=32, block_size=4, attention="triton", kv_dtype=kv_dtype)
    )
    batch = [SeqInput(PROMPT[:7], 0, [1, 2]), SeqInput(PROMPT[3:8], 0, [5, 6])]
    a, b = runner.forward(batch), tri.forward(batch)
    assert float((a - b).norm() / a.norm()) <= 1e-3
    step = [SeqInput([PROMPT[7]], 7, [1, 2]), SeqInput([PROMPT[8]], 5, [5, 6])]
    a, b = runner.forward(step), tri.forward(step)  # all-decode batch: decode kernel
    assert float((a - b).norm() / a.norm()) <= 1e-3


def test_bad_batches_are_rejected(runner):
    with pytest.raises(ValueError, match="block table"):
        runner.forward([SeqInput(PROMPT, 0, [0])])
    with pytest.raises(ValueError, match="token id"):
        runner.forward([SeqInput([10**7], 0, [0])])
    with pytest.raises(ValueError, match="block id"):
        runner.forward([SeqInput([1, 2], 0, [99])])


def test_sampling_is_greedy_at_zero_and_seeded_otherwise(runner):
    logits = torch.randn(3, 50, generator=torch.Generator().manual_seed(4))
    assert runner.sample(logits, 0.0) == logits.argmax(-1).tolist()
    assert runner.sample(logits, 1.0, top_p=1e-6) == logits.argmax(-1).tolist()
    draws = [runner.sample(logits, 1.5, 0.9, torch.Generator().manual_seed(7)) for _ in range(2)]
    assert draws[0] == draws[1]
    many = {runner.sample(logits, 5.0, 1.0, torch.Generator().manual_seed(s))[0] for s in range(20)}
    assert len(many) > 1
    # a subnormal temperature is valid input: greedy, never NaN probabilities
    assert runner.sample(logits * 1e4, 2.2250738585072014e-308) == logits.argmax(-1).tolist()


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
def test_half_precision_runner_tracks_float32(runner, dtype):
    half = ModelRunner(RunnerConfig(num_blocks=32, block_size=4, dtype=dtype))
    assert half.model.inv_freq.dtype == torch.float32
    batch = [SeqInput(PROMPT, 0, [26, 27, 28, 29])]
    ref, got = runner.forward(batch), half.forward(batch)
    assert got.dtype == torch.float32
    assert float((got - ref).norm() / ref.norm()) < 0.05


@settings(max_examples=15)
@given(
    cuts=st.lists(st.integers(1, len(PROMPT) - 1), max_size=4, unique=True),
    seed=st.integers(0, 1000),
)
def test_any_chunking_over_any_blocks_gives_full_prefill_logits(runner, cuts, seed):
    """However a prompt is split into prefill chunks and decode steps, and wherever its blocks
    sit in the pool, the last token's logits are those of one full prefill."""
    full = runner.forward([SeqInput(PROMPT, 0, [0, 1, 2, 3])])
    table = torch.randperm(32, generator=torch.Generator().manual_seed(seed))[:4].tolist()
    bounds = [0, *sorted(cuts), len(PROMPT)]
    for lo, hi in itertools.pairwise(bounds):
        got = runner.forward([SeqInput(PROMPT[lo:hi], lo, table)])
        runner.kv_pool.check_integrity()
    assert float((got - full).norm() / full.norm()) <= 1e-4
