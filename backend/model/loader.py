"""Build the model: the embedded `kvscope-tiny`, or a Hugging Face Llama/Mistral/Qwen2 directory.

A checkpoint directory holds `config.json` and either `model.safetensors` or shards listed in
`model.safetensors.index.json`. Every problem a user can cause (missing file, unsupported
architecture, a tensor missing or of the wrong shape) raises `ModelLoadError` with one line.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import torch

from kvscope.backend.model.config import (
    TINY_NAME,
    ModelConfig,
    ModelLoadError,
    config_from_hf,
    tiny_config,
)
from kvscope.backend.model.llama import LlamaModel, init_tiny_weights

INDEX_FILE = "model.safetensors.index.json"
SINGLE_FILE = "model.safetensors"
IGNORED_SUFFIXES = ("rotary_emb.inv_freq",)


def _empty_model(cfg: ModelConfig, dtype: torch.dtype, device: str) -> LlamaModel:
    with torch.device("meta"):
        model = LlamaModel(cfg)
    model.to_empty(device=device)
    if cfg.tie_word_embeddings:
        model.lm_head.weight = model.embed_tokens.weight
    for param in model.parameters():
        param.requires_grad_(False)
    return model.to(dtype)


@lru_cache(maxsize=2)
def build_tiny(seed: int, dtype: torch.dtype, device: str) -> tuple[ModelConfig, LlamaModel]:
    """`kvscope-tiny`, weights drawn from `seed` in float32 then cast (same draw for any dtype).

    Cached per (seed, dtype, device): runners only read weights, so one copy serves them all.
    """
    cfg = tiny_config()
    model = _empty_model(cfg, torch.float32, "cpu")
    for name in ("input_layernorm", "post_attention_layernorm"):
        for layer in model.layers:
            getattr(layer, name).weight.fill_(1.0)
    model.norm.weight.fill_(1.0)
    init_tiny_weights(model, seed)
    return cfg, model.to(device=device, dtype=dtype)


def read_config(path: Path) -> ModelConfig:
    config_path = path / "config.json"
    if not config_path.is_file():
        raise ModelLoadError(f"{config_path} not found; point --model at a Hugging Face model dir")
    try:
        raw = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelLoadError(f"{config_path} is not valid JSON ({exc}); re-export it") from None
    if not isinstance(raw, dict):
        raise ModelLoadError(f"{config_path} must hold a JSON object; re-export it")
    return config_from_hf(raw)


def _weight_files(path: Path) -> list[Path]:
    index = path / INDEX_FILE
    if index.is_file():
        try:
            names = sorted(
                set(json.loads(index.read_text(encoding="utf-8"))["weight_map"].values())
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            raise ModelLoadError(f"{index} is malformed (no weight_map); re-export it") from None
        if not names or not all(isinstance(n, str) and n and Path(n).name == n for n in names):
            raise ModelLoadError(f"{index} must map tensors to shard file names in {path}")
        files = [path / name for name in names]
    elif (path / SINGLE_FILE).is_file():
        files = [path / SINGLE_FILE]
    else:
        files = sorted(path.glob("*.safetensors"))
        if not files:
            raise ModelLoadError(
                f"no *.safetensors in {path}; save the model with safe_serialization=True"
            )
    for file in files:
        if not file.is_file():
            raise ModelLoadError(f"weight shard {file} listed in {INDEX_FILE} is missing")
    return files


def load_hf(path: str | Path, dtype: torch.dtype, device: str) -> tuple[ModelConfig, LlamaModel]:
    """Config + weights from a HF directory; strict: every parameter must be present and fit."""
    from safetensors import SafetensorError, safe_open

    path = Path(path).expanduser()
    if not path.is_dir():
        raise ModelLoadError(f"model directory {path} not found; pass 'kvscope-tiny' or a HF dir")
    cfg = read_config(path)
    model = _empty_model(cfg, dtype, device)
    params = dict(model.named_parameters(remove_duplicate=False))
    loaded: set[str] = set()
    for file in _weight_files(path):
        try:
            with safe_open(str(file), framework="pt") as handle:
                for key in handle.keys():  # noqa: SIM118 (safe_open is not a dict)
                    name = key.removeprefix("model.")
                    if name.endswith(IGNORED_SUFFIXES):
                        continue
                    if name not in params:
                        raise ModelLoadError(
                            f"unexpected tensor {key!r} in {file.name}; is this a "
                            f"{cfg.architecture} checkpoint?"
                        )
                    tensor = handle.get_tensor(key)
                    target = params[name]
                    if tuple(tensor.shape) != tuple(target.shape):
                        raise ModelLoadError(
                            f"tensor {key!r} has shape {tuple(tensor.shape)}, config.json implies "
                            f"{tuple(target.shape)}; config and weights do not match"
                        )
                    with torch.no_grad():
                        target.copy_(tensor.to(dtype))
                    loaded.add(name)
        except (SafetensorError, OSError) as exc:
            raise ModelLoadError(f"{file} is not a readable safetensors file ({exc})") from None
    if cfg.tie_word_embeddings and "embed_tokens.weight" in loaded:
        loaded.add("lm_head.weight")
    missing = sorted(set(params) - loaded)
    if missing:
        raise ModelLoadError(
            f"checkpoint lacks {len(missing)} tensors (first: {missing[0]!r}); re-export it"
        )
    return cfg, model


def load_model(
    name: str, seed: int, dtype: torch.dtype, device: str
) -> tuple[str, ModelConfig, LlamaModel]:
    """(model_name, config, model) for `kvscope-tiny` or a HF directory path."""
    if name == TINY_NAME:
        cfg, model = build_tiny(seed, dtype, device)
        return TINY_NAME, cfg, model
    cfg, model = load_hf(name, dtype, device)
    return Path(name).expanduser().resolve().name, cfg, model
