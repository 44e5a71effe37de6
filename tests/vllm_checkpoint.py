"""Build a tiny random-weight Llama checkpoint and a locally trained tokenizer for vLLM.

Runs in ``.venv-vllm``'s Python (it needs transformers and torch, which kvscope's own venv keeps
out of promptlint's path): ``python tests/vllm_checkpoint.py OUT_DIR``. Nothing is downloaded: the
weights are seeded random numbers and the tokenizer is a byte-level BPE trained on seeded text
(``vllm_workload.corpus``), with ChatML special tokens and a ChatML ``chat_template``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vllm_workload import corpus

# Bump when the checkpoint or the tokenizer changes: a stale cached build is then rebuilt.
VERSION = "tiny-llama-1"
VOCAB = 2048
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
# ChatML, as vLLM renders it through transformers' apply_chat_template (no BOS token).
CHATML = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def build_tokenizer(out: Path) -> int:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(corpus(), trainer=trainer)
    tok.save(str(out / "tokenizer.json"))
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": 2048,
        "bos_token": None,
        "eos_token": "<|im_end|>",
        "pad_token": "<|endoftext|>",
        "unk_token": None,
        "add_bos_token": False,
        "add_eos_token": False,
        "clean_up_tokenization_spaces": False,
        "chat_template": CHATML,
    }
    (out / "tokenizer_config.json").write_text(json.dumps(config, indent=2))
    special_map = {"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"}
    (out / "special_tokens_map.json").write_text(json.dumps(special_map, indent=2))
    return tok.get_vocab_size()


def build_model(out: Path, vocab: int, eos: int, pad: int) -> None:
    import torch
    from transformers import GenerationConfig, LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=vocab,
        hidden_size=256,
        intermediate_size=512,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=2048,
        bos_token_id=None,
        eos_token_id=eos,
        pad_token_id=pad,
        tie_word_embeddings=False,
        torch_dtype="bfloat16",
    )
    model = LlamaForCausalLM(config).to(torch.bfloat16)
    model.save_pretrained(out, safe_serialization=True)
    GenerationConfig(eos_token_id=eos, pad_token_id=pad).save_pretrained(out)


def main(out_dir: str) -> None:
    from tokenizers import Tokenizer

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    vocab = build_tokenizer(out)
    tok = Tokenizer.from_file(str(out / "tokenizer.json"))
    build_model(out, vocab, tok.token_to_id("<|im_end|>"), tok.token_to_id("<|endoftext|>"))
    (out / "kvscope-checkpoint.txt").write_text(VERSION + "\n")
    print(json.dumps({"dir": str(out), "vocab": vocab}))


if __name__ == "__main__":
    main(sys.argv[1])
