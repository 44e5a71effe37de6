"""Streaming text and stop handling (Detokenizer), and the recompute-vs-swap cost model."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.engine.cost_model import RECOMPUTE, SWAP, CostModel
from kvscope.backend.engine.outputs import Detokenizer, stop_reason
from kvscope.backend.engine.sequence import SamplingParams, SeqStatus, Sequence
from kvscope.backend.tokenizers import get_tokenizer

TOK = get_tokenizer("bytes")


@given(
    text=st.text(alphabet="ab\u00e9\u4e2d ", max_size=30),
    stop=st.lists(st.text(alphabet="ab\u00e9", min_size=1, max_size=3), max_size=2),
    max_tokens=st.integers(1, 60),
)
def test_streamed_deltas_add_up_and_never_show_a_stop_string(text, stop, max_tokens):
    ids = TOK.encode(text)
    seq = Sequence("s", "r", [1], SamplingParams(max_tokens=max_tokens, stop=tuple(stop)))
    detok = Detokenizer(TOK, seq.params.stop)
    streamed = ""
    reason = None
    for token in ids:
        seq.token_ids.append(token)
        reason = stop_reason(seq, token, set(), 10_000, detok)
        if reason is not None:
            break
        streamed += detok.delta(seq, final=False)[0]
    seq.status = SeqStatus.FINISHED
    streamed += detok.delta(seq, final=True)[0]
    full = TOK.decode(ids)
    assert streamed == seq.text
    assert full.startswith(streamed.rstrip("\ufffd")) or "\ufffd" in streamed
    for s in stop:
        assert s not in streamed
    if reason == "length":
        assert seq.num_output_tokens == max_tokens
    if reason is None:
        assert streamed == full and len(ids) < max_tokens


def test_eos_and_stop_tokens_end_the_sequence_and_leave_the_output():
    seq = Sequence("s", "r", [1], SamplingParams(max_tokens=9, stop_token_ids=(7,)))
    detok = Detokenizer(TOK, ())
    seq.token_ids.append(65)
    assert stop_reason(seq, 65, {9}, 100, detok) is None
    seq.token_ids.append(7)
    assert stop_reason(seq, 7, {9}, 100, detok) == "stop"
    assert seq.output_token_ids == [65] and seq.text == "A"
    ignoring = Sequence("t", "r", [1], SamplingParams(max_tokens=9, ignore_eos=True))
    ignoring.token_ids.append(9)
    assert stop_reason(ignoring, 9, {9}, 100, Detokenizer(TOK, ())) is None


def test_cost_model_swaps_only_when_cheaper_and_possible():
    model = CostModel("auto", block_bytes=1 << 20, prefill_tokens_per_s=1000, copy_bytes_per_s=1e9)
    # 1,600 tokens take 1.6 s to recompute; 100 blocks of 1 MiB take ~0.2 s to move out and back
    assert model.choose(1600, 100, can_swap=True).mode == SWAP
    assert model.choose(1600, 100, can_swap=False).mode == RECOMPUTE
    assert model.choose(16, 100, can_swap=True).mode == RECOMPUTE  # short: recompute is cheaper
    assert CostModel("recompute", 1, copy_bytes_per_s=1e12).choose(10**6, 1, True).mode == RECOMPUTE
    assert CostModel("swap", 1 << 30, copy_bytes_per_s=1).choose(1, 1, True).mode == SWAP


def test_cost_model_learns_measured_rates():
    model = CostModel("auto", block_bytes=1000, prefill_tokens_per_s=1000, copy_bytes_per_s=1e6)
    for _ in range(50):
        model.observe_prefill(10_000, 1.0)  # the machine is 10x faster than assumed
        model.observe_copy(10, 1.0)  # and copies 100x slower
    assert 9000 < model.prefill_tokens_per_s <= 10_000
    assert 10_000 <= model.copy_bytes_per_s < 20_000
