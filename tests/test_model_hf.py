"""Our loader + paged runner against Hugging Face transformers on the same random weights."""

from __future__ import annotations

import json

import pytest
import torch
import transformers

from kvscope.backend.model import ModelLoadError, ModelRunner, RunnerConfig, SeqInput

TOKENS = [5, 77, 123, 9, 250, 31, 64, 199, 2, 144, 18]


def _randomise(model: torch.nn.Module, seed: int) -> None:
    """HF's 0.02-std init makes near-constant logits; use unit-scale activations instead."""
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "norm" in name:
                p.copy_(1 + 0.1 * torch.randn(p.shape, generator=gen))
            else:
                fan_in = p.shape[-1] if p.dim() > 1 else 16
                p.copy_(torch.randn(p.shape, generator=gen) / fan_in**0.5)


def _save(tmp_path, kind: str, shard: bool = False):
    common = dict(
        vocab_size=300,
        hidden_size=64,
        intermediate_size=96,
        num_hidden_layers=2,
        num_attention_heads=8,
        num_key_value_heads=2,
        max_position_embeddings=512,
    )
    if kind == "mistral":
        cfg = transformers.MistralConfig(sliding_window=None, **common)
        model = transformers.MistralForCausalLM(cfg)
    elif kind == "qwen2":
        cfg = transformers.Qwen2Config(tie_word_embeddings=True, **common)
        model = transformers.Qwen2ForCausalLM(cfg)
    else:
        rope = {"rope_type": "default", "rope_theta": 5000.0}
        if kind == "llama3":
            rope = dict(
                rope_type="llama3",
                rope_theta=500000.0,
                factor=8.0,
                low_freq_factor=1.0,
                high_freq_factor=4.0,
                original_max_position_embeddings=16,
            )
        cfg = transformers.LlamaConfig(rope_parameters=rope, **common)
        model = transformers.LlamaForCausalLM(cfg)
    _randomise(model.eval(), seed=3)
    model.save_pretrained(tmp_path, max_shard_size="100KB" if shard else "5GB")
    with torch.no_grad():
        ref = model(torch.tensor([TOKENS])).logits[0].float()
    return ref


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a - b).norm() / b.norm())


@pytest.mark.parametrize(
    ("kind", "shard"), [("llama", False), ("qwen2", True), ("llama3", False), ("mistral", True)]
)
def test_prefill_and_decode_logits_match_transformers(tmp_path, kind, shard):
    ref = _save(tmp_path, kind, shard)
    if shard:
        assert (tmp_path / "model.safetensors.index.json").is_file()
    runner = ModelRunner(RunnerConfig(model=str(tmp_path), num_blocks=8, block_size=4))
    assert runner.model_name == tmp_path.name
    table = [6, 1, 4, 0]  # scattered, out of order
    prompt = 7
    got = runner.forward([SeqInput(TOKENS[:prompt], 0, table)])[0]
    assert _rel(got, ref[prompt - 1]) <= 1e-4
    for pos in range(prompt, len(TOKENS)):  # decode steps through the paged cache
        got = runner.forward([SeqInput([TOKENS[pos]], pos, table)])[0]
        assert _rel(got, ref[pos]) <= 1e-4, pos
    # A prefill that starts from the cached first 5 tokens computes only the rest.
    other = [2, 7, 3, 5]
    runner.copy_block(6, 2)
    got = runner.forward([SeqInput(TOKENS[4:], 4, other)])[0]
    assert _rel(got, ref[-1]) <= 1e-4


def _write_config(path, **changes) -> None:
    raw = json.loads((path / "config.json").read_text())
    raw.update(changes)
    (path / "config.json").write_text(json.dumps(raw))


def test_load_errors_are_one_line(tmp_path):
    cases = []
    with pytest.raises(ModelLoadError) as err:
        ModelRunner(RunnerConfig(model=str(tmp_path / "nope")))
    cases.append(err)
    _save(tmp_path, "llama")
    _write_config(tmp_path, architectures=["GPT2LMHeadModel"], model_type="gpt2")
    with pytest.raises(ModelLoadError, match="unsupported architecture") as err:
        ModelRunner(RunnerConfig(model=str(tmp_path)))
    cases.append(err)
    _write_config(tmp_path, architectures=["LlamaForCausalLM"], model_type="llama", hidden_size=32)
    with pytest.raises(ModelLoadError, match="shape") as err:
        ModelRunner(RunnerConfig(model=str(tmp_path)))
    cases.append(err)
    (tmp_path / "model.safetensors").unlink()
    with pytest.raises(ModelLoadError, match="safetensors") as err:
        ModelRunner(RunnerConfig(model=str(tmp_path)))
    cases.append(err)
    (tmp_path / "config.json").unlink()
    with pytest.raises(ModelLoadError, match=r"config\.json") as err:
        ModelRunner(RunnerConfig(model=str(tmp_path)))
    cases.append(err)
    for case in cases:
        assert "\n" not in str(case.value)


@pytest.mark.parametrize(
    ("index", "message"),
    [
        ("not json", "malformed"),
        ('{"weight_map": []}', "malformed"),
        ('{"weight_map": {"a": "../../etc/passwd"}}', "shard file names"),
        ('{"weight_map": {"a": "model-00009.safetensors"}}', "missing"),
    ],
)
def test_bad_shard_index_is_a_load_error(tmp_path, index, message):
    _save(tmp_path, "llama", shard=True)
    (tmp_path / "model.safetensors.index.json").write_text(index)
    with pytest.raises(ModelLoadError, match=message):
        ModelRunner(RunnerConfig(model=str(tmp_path)))


def test_corrupt_weights_file_is_a_load_error(tmp_path):
    _save(tmp_path, "llama")
    (tmp_path / "model.safetensors").write_bytes(b"\x00" * 64)
    with pytest.raises(ModelLoadError, match="safetensors"):
        ModelRunner(RunnerConfig(model=str(tmp_path)))
