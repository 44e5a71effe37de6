"""`kvscope serve --model DIR`: a Hugging Face checkpoint directory served end to end.

The checkpoint (a random tiny LlamaForCausalLM saved with save_pretrained) and its tokenizer (a
BPE trained here with the `tokenizers` library, ChatML markers included) are built in the test;
the official `openai` client talks to a real server process.
"""

from __future__ import annotations

import json

import openai
import pytest
import torch
import transformers
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from kvscope.backend.server.testing import ServerProcess

TEXT = ["the cache keeps the keys and values of every token it has seen"] * 30
SPECIALS = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]


def _checkpoint(folder) -> None:
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    alphabet = pre_tokenizers.ByteLevel.alphabet()
    trainer = trainers.BpeTrainer(
        vocab_size=320, special_tokens=SPECIALS, initial_alphabet=alphabet
    )
    tok.train_from_iterator(TEXT, trainer)
    tok.save(str(folder / "tokenizer.json"))
    (folder / "tokenizer_config.json").write_text(json.dumps({"eos_token": "</s>"}))
    cfg = transformers.LlamaConfig(
        vocab_size=tok.get_vocab_size(),
        hidden_size=64,
        intermediate_size=96,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=1024,
        eos_token_id=tok.token_to_id("</s>"),
    )
    torch.manual_seed(0)
    transformers.LlamaForCausalLM(cfg).save_pretrained(folder)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ckpt") / "tiny-llama"
    folder.mkdir()
    _checkpoint(folder)
    with ServerProcess(["--model", str(folder), "--num-blocks", "64"]) as proc:
        yield proc


def test_served_name_is_the_directory_and_prefix_hits_count(server):
    client = openai.OpenAI(base_url=server.url + "/v1", api_key="unused")
    assert [m.id for m in client.models.list().data] == ["tiny-llama"]
    messages = [
        {"role": "system", "content": " ".join(TEXT[:6])},
        {"role": "user", "content": "the keys"},
    ]
    first = client.chat.completions.create(
        model="tiny-llama", messages=messages, max_tokens=4, temperature=0
    )
    second = client.chat.completions.create(
        model="tiny-llama", messages=messages, max_tokens=4, temperature=0
    )
    assert first.choices[0].message.content == second.choices[0].message.content
    assert first.usage.prompt_tokens == second.usage.prompt_tokens > 32
    assert second.usage.prompt_tokens_details.cached_tokens >= 32
    with pytest.raises(openai.NotFoundError):
        client.chat.completions.create(model="kvscope-tiny", messages=messages, max_tokens=2)
