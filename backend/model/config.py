"""Model and runner configuration: the Llama-family shape, parsed from HF `config.json` or built in.

`ModelConfig` is immutable after load; `RunnerConfig` is what the serving engine passes to
`ModelRunner`. Only the fields the forward pass needs are kept; unknown HF fields are ignored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

TINY_NAME = "kvscope-tiny"
CL100K_VOCAB = 100_277  # tiktoken cl100k_base: 100,256 ranks + 21 special ids, highest 100,276
CL100K_EOS = (100_257,)  # <|endoftext|>

SUPPORTED_ARCHITECTURES = {
    "LlamaForCausalLM": "llama",
    "MistralForCausalLM": "mistral",
    "Qwen2ForCausalLM": "qwen2",
}
KV_DTYPES = ("auto", "fp8_e4m3")
DTYPES = ("float32", "bfloat16", "float16")
ATTENTION_BACKENDS = ("torch", "triton")


class ModelLoadError(ValueError):
    """A checkpoint or config that cannot be loaded; the message is one line and says what to do."""


@dataclass(slots=True, frozen=True)
class ModelConfig:
    """Shape of a Llama-family decoder (Llama, Mistral, Qwen2)."""

    vocab_size: int
    hidden_size: int
    intermediate_size: int
    num_layers: int
    num_heads: int
    num_kv_heads: int
    head_dim: int
    rms_norm_eps: float = 1e-5
    rope_theta: float = 10_000.0
    rope_scaling: dict[str, Any] | None = None
    max_position_embeddings: int = 8192
    tie_word_embeddings: bool = False
    qkv_bias: bool = False
    o_bias: bool = False
    eos_token_ids: tuple[int, ...] = ()
    bos_token_id: int | None = None
    architecture: str = "llama"

    @property
    def layers(self) -> int:
        return self.num_layers

    @property
    def hidden(self) -> int:
        return self.hidden_size

    @property
    def heads(self) -> int:
        return self.num_heads

    @property
    def kv_heads(self) -> int:
        return self.num_kv_heads

    def validate(self) -> None:
        for name in (
            "vocab_size",
            "hidden_size",
            "intermediate_size",
            "num_layers",
            "num_heads",
            "num_kv_heads",
            "head_dim",
            "max_position_embeddings",
        ):
            if getattr(self, name) <= 0:
                raise ModelLoadError(f"config field {name} must be positive; fix config.json")
        if self.head_dim % 2 or self.rms_norm_eps < 0 or self.rope_theta <= 0:
            raise ModelLoadError("head_dim must be even, rms_norm_eps >= 0, rope_theta > 0")
        if self.num_heads % self.num_kv_heads:
            raise ModelLoadError(
                f"num_attention_heads={self.num_heads} is not a multiple of "
                f"num_key_value_heads={self.num_kv_heads}; fix config.json"
            )


def tiny_config() -> ModelConfig:
    """The embedded `kvscope-tiny`: 4 layers, 8 query heads over 2 KV heads, cl100k vocabulary."""
    return ModelConfig(
        vocab_size=CL100K_VOCAB,
        hidden_size=128,
        intermediate_size=384,
        num_layers=4,
        num_heads=8,
        num_kv_heads=2,
        head_dim=16,
        rope_theta=10_000.0,
        max_position_embeddings=32_768,
        tie_word_embeddings=False,
        eos_token_ids=CL100K_EOS,
        architecture="kvscope-tiny",
    )


def _int(raw: dict[str, Any], key: str, default: int | None = None) -> int:
    value = raw.get(key, default) if default is not None else raw[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ModelLoadError(f"config.json field {key!r} must be an integer; fix config.json")
    return value


def _float(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ModelLoadError(f"config.json field {key!r} must be a finite number; fix config.json")
    return float(value)


def _rope(raw: dict[str, Any]) -> tuple[float, dict[str, Any] | None]:
    params = raw.get("rope_parameters") or {}
    scaling = raw.get("rope_scaling") or (params if params.get("rope_type") else None)
    theta = _float(raw.get("rope_theta", params.get("rope_theta", 10_000.0)), "rope_theta")
    if scaling is None:
        return theta, None
    kind = scaling.get("rope_type", scaling.get("type", "default"))
    if kind == "default":
        return theta, None
    if kind != "llama3":
        raise ModelLoadError(
            f"unsupported rope_scaling type {kind!r} (only 'default' and 'llama3'); "
            "use a checkpoint without it"
        )
    for key in (
        "factor",
        "low_freq_factor",
        "high_freq_factor",
        "original_max_position_embeddings",
    ):
        if key in scaling:
            _float(scaling[key], f"rope_scaling.{key}")
    if "factor" not in scaling or scaling.get("low_freq_factor") == scaling.get("high_freq_factor"):
        raise ModelLoadError("llama3 rope_scaling needs factor and distinct low/high freq factors")
    return theta, dict(scaling)


def _architecture(raw: dict[str, Any]) -> str:
    archs = raw.get("architectures") or []
    if not isinstance(archs, list) or not all(isinstance(a, str) for a in archs):
        raise ModelLoadError("config.json 'architectures' must be a list of names; fix it")
    arch = next((SUPPORTED_ARCHITECTURES[a] for a in archs if a in SUPPORTED_ARCHITECTURES), None)
    model_type = raw.get("model_type")
    if arch is None and model_type in {"llama", "mistral", "qwen2"}:
        arch = model_type
    if arch is None:
        got = ",".join(archs) or str(model_type or "none")
        raise ModelLoadError(
            f"unsupported architecture {got!r}; supported: {', '.join(SUPPORTED_ARCHITECTURES)}"
        )
    return arch


def _eos(raw: dict[str, Any]) -> tuple[int, ...]:
    eos = raw.get("eos_token_id")
    ids = eos if isinstance(eos, list) else ([] if eos is None else [eos])
    if not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in ids):
        raise ModelLoadError("config.json 'eos_token_id' must be token ids; fix config.json")
    return tuple(ids)


def _max_len(raw: dict[str, Any], arch: str) -> int:
    """Context limit; a sliding window caps it (full attention inside the window is exact)."""
    limit = _int(raw, "max_position_embeddings", 4096)
    window = raw.get("sliding_window")
    applies = raw.get("use_sliding_window", arch == "mistral") is True
    if applies and window is not None:
        limit = min(limit, _int(raw, "sliding_window"))
    return limit


def config_from_hf(raw: dict[str, Any]) -> ModelConfig:
    """Parse a Hugging Face `config.json` dict; raises `ModelLoadError` for what we cannot run."""
    if not isinstance(raw, dict):
        raise ModelLoadError("config.json must hold a JSON object; re-export it")
    arch = _architecture(raw)
    try:
        heads = _int(raw, "num_attention_heads")
        hidden = _int(raw, "hidden_size")
        theta, scaling = _rope(raw)
        bias = raw.get("attention_bias", False) is True
        bos = raw.get("bos_token_id")
        cfg = ModelConfig(
            vocab_size=_int(raw, "vocab_size"),
            hidden_size=hidden,
            intermediate_size=_int(raw, "intermediate_size"),
            num_layers=_int(raw, "num_hidden_layers"),
            num_heads=heads,
            num_kv_heads=_int(raw, "num_key_value_heads", heads)
            if raw.get("num_key_value_heads") is not None
            else heads,
            head_dim=(
                _int(raw, "head_dim")
                if raw.get("head_dim") is not None
                else hidden // max(heads, 1)
            ),
            rms_norm_eps=_float(raw.get("rms_norm_eps", 1e-6), "rms_norm_eps"),
            rope_theta=theta,
            rope_scaling=scaling,
            max_position_embeddings=_max_len(raw, arch),
            tie_word_embeddings=raw.get("tie_word_embeddings", False) is True,
            qkv_bias=arch == "qwen2" or bias,
            o_bias=arch != "qwen2" and bias,
            eos_token_ids=_eos(raw),
            bos_token_id=bos if isinstance(bos, int) and not isinstance(bos, bool) else None,
            architecture=arch,
        )
    except KeyError as exc:
        raise ModelLoadError(f"config.json lacks field {exc.args[0]!r}; re-export it") from None
    except (AttributeError, TypeError, ValueError) as exc:
        raise ModelLoadError(f"config.json has a malformed field ({exc}); re-export it") from None
    cfg.validate()
    return cfg


@dataclass(slots=True)
class RunnerConfig:
    """What the engine asks for: which model, how many KV blocks, cache dtype, attention backend."""

    model: str = TINY_NAME
    num_blocks: int = 256
    block_size: int = 16
    kv_dtype: str = "auto"
    dtype: str = "float32"
    device: str = "cpu"
    attention: str = "torch"
    seed: int = 0

    def validate(self) -> None:
        checks = [
            (self.kv_dtype in KV_DTYPES, f"kv_dtype must be one of {KV_DTYPES}"),
            (self.dtype in DTYPES, f"dtype must be one of {DTYPES}"),
            (
                self.attention in ATTENTION_BACKENDS,
                f"attention must be one of {ATTENTION_BACKENDS}",
            ),
            (self.num_blocks > 0, "num_blocks must be positive"),
            (
                self.block_size > 0 and math.log2(self.block_size).is_integer(),
                "block_size must be a power of two",
            ),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
