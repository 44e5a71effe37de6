"""Hugging Face tokenizers, piece by piece: identical to tokenizing the whole prompt.

Four local tokenizers trained here cover the modes: a GPT-2 byte-level BPE (cut at added
tokens and blank lines), the same with a prefix space and a Llama-3-style split regex (cut at
added tokens only), and one whose added token strips its neighbours (tokenized whole).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

from kvscope.backend.chat import render_request
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.segments import SegmentTokenizer

SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>"]
LLAMA3_SPLIT = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+"
)


def _corpus() -> list[str]:
    rows = generate(WorkloadConfig(requests=40, scale=0.05, seed=2))
    return [render_request(r) for r in rows]


def _train(folder, pre, strip: bool = False) -> str:
    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(_corpus(), trainer)
    if strip:
        tok.add_special_tokens([AddedToken("<|sep|>", lstrip=True, rstrip=True, special=True)])
    folder.mkdir(parents=True, exist_ok=True)
    tok.save(str(folder / "tokenizer.json"))
    return f"hf:{folder}"


@pytest.fixture(scope="module")
def hf(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("hf")
    split = pre_tokenizers.Split(Regex(LLAMA3_SPLIT), behavior="isolated")
    return {
        "gpt2": _train(root / "gpt2", pre_tokenizers.ByteLevel(add_prefix_space=False)),
        "prefix": _train(root / "prefix", pre_tokenizers.ByteLevel(add_prefix_space=True)),
        "llama3": _train(
            root / "llama3",
            pre_tokenizers.Sequence(
                [split, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]
            ),
        ),
        "strip": _train(root / "strip", pre_tokenizers.ByteLevel(add_prefix_space=False), True),
    }


def test_modes(hf):
    modes = {name: SegmentTokenizer(get_tokenizer(spec)) for name, spec in hf.items()}
    assert modes["gpt2"].enabled and modes["gpt2"].paragraphs
    assert modes["prefix"].enabled and not modes["prefix"].paragraphs
    assert modes["llama3"].enabled and not modes["llama3"].paragraphs
    assert not modes["strip"].enabled


def test_real_chat_logs_and_plain_prompts(hf):
    rows = list(generate(WorkloadConfig(requests=60, scale=0.05, seed=9)))
    texts = [render_request(r) for r in rows]
    plain = ["\n\n".join(m["content"] for m in r["messages"]) for r in rows]
    for spec in hf.values():
        tok = get_tokenizer(spec)
        seg = SegmentTokenizer(tok)
        for text in texts + plain:
            assert list(seg.encode(text)) == tok.encode(text, allow_special=True)


ATOMS = [
    *SPECIALS,
    "<|im_start",
    "\n\n",
    "\n",
    " \n\n",
    "\n\n\n",
    " ",
    "  ",
    "\t",
    ".",
    "!\n\n",
    "'s",
    "123",
    "4567",
    "é",
    "日本",
    "word",
    " word",
    "Word",
    ":\n",
    "\r\n\r\n",
]
texts = st.lists(st.one_of(st.sampled_from(ATOMS), st.text(max_size=6)), max_size=30).map("".join)


@settings(max_examples=120, deadline=None)
@given(st.lists(texts, min_size=1, max_size=4), st.sampled_from(["gpt2", "prefix", "llama3"]))
def test_random_splits_equal_whole_text(hf, batch, name):
    tok = get_tokenizer(hf[name])
    seg = SegmentTokenizer(tok, max_chars=64)
    for text in batch:
        assert list(seg.encode(text)) == tok.encode(text, allow_special=True), json.dumps(text)
