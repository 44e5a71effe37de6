"""KV-cache capacity: bytes per token, what fits in memory, paging waste, GQA x fp8 x paging.

One token of KV cache costs ``2 (K and V) x layers x kv_heads x head_dim x dtype bytes``: for a
70B Llama (80 layers, 8 KV heads, head dim 128) in fp16 that is 327,680 B, so 20,000 tokens take
~6.55 GB. A paged cache allocates whole blocks, so each sequence wastes the unused tail of its last
block: on average about half a block. ``kvscope capacity`` prints this (``--json`` for machines);
the functions here are the API other tools call. Memory sizes use GB = 10^9 bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1}
DTYPE_ALIASES = {
    "float32": "fp32",
    "float16": "fp16",
    "half": "fp16",
    "bfloat16": "bf16",
    "fp8_e4m3": "fp8",
    "fp8_e5m2": "fp8",
    "float8_e4m3fn": "fp8",
}
GB = 10**9


MAX_MEMORY_GB = 1e9  # an exabyte: beyond any KV budget, and far below float overflow


class CapacityError(ValueError):
    """Bad capacity input; the message says what to do."""


class ModelShape(NamedTuple):
    """What sizes a model's KV cache. ``heads`` (query heads) only matters for the MHA baseline."""

    name: str
    layers: int
    kv_heads: int
    head_dim: int
    heads: int
    context: int
    dtype: str = "bf16"


# Facts from each model's published config.json (num_hidden_layers, num_key_value_heads,
# head_dim or hidden_size / num_attention_heads, max_position_embeddings).
PRESETS: dict[str, ModelShape] = {
    "llama-70b": ModelShape("Llama 3.1 70B", 80, 8, 128, 64, 131_072),
    "llama-8b": ModelShape("Llama 3.1 8B", 32, 8, 128, 32, 131_072),
    "llama2-7b": ModelShape("Llama 2 7B (MHA)", 32, 32, 128, 32, 4_096, "fp16"),
    "mistral-7b": ModelShape("Mistral 7B v0.1", 32, 8, 128, 32, 32_768),
    "mixtral-8x7b": ModelShape("Mixtral 8x7B", 32, 8, 128, 32, 32_768),
    "qwen2-72b": ModelShape("Qwen2 72B", 80, 8, 128, 64, 32_768),
    "qwen2.5-7b": ModelShape("Qwen2.5 7B", 28, 4, 128, 28, 32_768),
    "kvscope-tiny": ModelShape("kvscope-tiny", 4, 2, 16, 8, 32_768, "fp32"),
}
# Published parameter counts (billions); weights in bf16 take 2 B per parameter.
PRESET_PARAMS_B: dict[str, float] = {
    "llama-70b": 70.6,
    "llama-8b": 8.03,
    "llama2-7b": 6.74,
    "mistral-7b": 7.24,
    "mixtral-8x7b": 46.7,
    "qwen2-72b": 72.7,
    "qwen2.5-7b": 7.62,
    "kvscope-tiny": 0.0066,
}
WEIGHT_BYTES = 2


def preset_weights_gb(preset: str) -> float:
    """GB the preset's bf16 weights take (``PRESET_PARAMS_B`` x 2 B)."""
    return PRESET_PARAMS_B[preset] * WEIGHT_BYTES


def dtype_bytes(dtype: str) -> int:
    """Bytes per element of a KV dtype name (fp32, fp16, bf16, fp8 and common aliases)."""
    name = DTYPE_ALIASES.get(dtype.lower(), dtype.lower())
    if name not in DTYPE_BYTES:
        raise CapacityError(f"unknown dtype {dtype!r}; choose one of {', '.join(DTYPE_BYTES)}")
    return DTYPE_BYTES[name]


def kv_bytes_per_token(layers: int, kv_heads: int, head_dim: int, dtype: str = "fp16") -> int:
    """KV-cache bytes one token costs: 2 x layers x kv_heads x head_dim x dtype bytes."""
    for name, value in (("layers", layers), ("kv_heads", kv_heads), ("head_dim", head_dim)):
        if not isinstance(value, int) or value <= 0:
            raise CapacityError(f"{name} must be a positive integer (got {value!r})")
    return 2 * layers * kv_heads * head_dim * dtype_bytes(dtype)


def bytes_per_sequence(tokens: int, bytes_per_token: int) -> int:
    """Bytes of a sequence's KV cache, without paging."""
    return tokens * bytes_per_token


def blocks_for(tokens: int, block_size: int) -> int:
    """Blocks a paged cache allocates for ``tokens`` (the last one possibly partly empty)."""
    return -(-tokens // block_size)


class Capacity(NamedTuple):
    kv_bytes_per_token: int
    tokens: int
    bytes_per_sequence: int
    block_size: int
    block_bytes: int
    blocks_per_sequence: int
    allocated_bytes_per_sequence: int
    paging_waste_tokens: int
    paging_waste_avg_tokens: float
    paging_waste_avg_fraction: float
    memory_bytes: int
    max_tokens: int
    max_concurrent_sequences: int


def capacity(bytes_per_token: int, tokens: int, memory_gb: float, block_size: int = 16) -> Capacity:
    """What a ``memory_gb`` KV budget holds for sequences of ``tokens`` tokens in a paged cache.

    ``paging_waste_tokens`` is the exact empty tail for this length; the average over lengths is
    ``(block_size - 1) / 2`` tokens, about half a block per sequence.
    """
    if tokens <= 0:
        raise CapacityError("tokens must be a positive number of tokens per sequence")
    if block_size <= 0:
        raise CapacityError("block size must be a positive number of tokens")
    if not 0 < memory_gb <= MAX_MEMORY_GB:  # False for nan; inf and 1e308 overflow an int
        raise CapacityError(f"memory must be a positive number of GB, at most {MAX_MEMORY_GB:g}")
    memory = int(memory_gb * GB)
    block_bytes = block_size * bytes_per_token
    blocks = blocks_for(tokens, block_size)
    total_blocks = memory // block_bytes
    avg_waste = (block_size - 1) / 2
    return Capacity(
        kv_bytes_per_token=bytes_per_token,
        tokens=tokens,
        bytes_per_sequence=bytes_per_sequence(tokens, bytes_per_token),
        block_size=block_size,
        block_bytes=block_bytes,
        blocks_per_sequence=blocks,
        allocated_bytes_per_sequence=blocks * block_bytes,
        paging_waste_tokens=blocks * block_size - tokens,
        paging_waste_avg_tokens=avg_waste,
        paging_waste_avg_fraction=avg_waste / (tokens + avg_waste),
        memory_bytes=memory,
        max_tokens=total_blocks * block_size,
        max_concurrent_sequences=total_blocks // blocks,
    )


class CompositionRow(NamedTuple):
    label: str
    bytes_per_sequence: int
    max_concurrent_sequences: int
    saving_vs_mha_fp16: float


def composition(
    shape: ModelShape, tokens: int, memory_gb: float, block_size: int, max_context: int
) -> list[CompositionRow]:
    """How GQA, fp8 and paging compose, each step against MHA fp16 with contiguous allocation
    (every sequence reserves ``max_context`` tokens, as servers did before paging)."""
    if max_context < tokens:
        raise CapacityError(f"max context ({max_context}) must be >= tokens ({tokens})")
    memory = int(memory_gb * GB)
    steps = [
        ("MHA fp16, contiguous", shape.heads, "fp16", None),
        (f"GQA ({shape.kv_heads} KV heads) fp16, contiguous", shape.kv_heads, "fp16", None),
        ("GQA + fp8 KV, contiguous", shape.kv_heads, "fp8", None),
        (f"GQA + fp8 KV + paging (block {block_size})", shape.kv_heads, "fp8", block_size),
    ]
    rows: list[CompositionRow] = []
    for label, heads, dtype, block in steps:
        bpt = kv_bytes_per_token(shape.layers, heads, shape.head_dim, dtype)
        reserved = max_context if block is None else blocks_for(tokens, block) * block
        per_seq = reserved * bpt
        base = rows[0].bytes_per_sequence if rows else per_seq
        rows.append(CompositionRow(label, per_seq, memory // per_seq, base / per_seq))
    return rows


def shape_from_config(path: str | Path) -> ModelShape:
    """A ``ModelShape`` from a Hugging Face ``config.json`` (or the directory holding it)."""
    path = Path(path)
    path = path / "config.json" if path.is_dir() else path
    from kvscope.backend.safe_files import UnsafeFileError, read_text

    try:
        raw = json.loads(read_text(path, 16 * 1024 * 1024, "config.json"))
        if not isinstance(raw, dict):
            raise CapacityError(f"{path} must hold a JSON object (a model's config.json)")
        raw = raw.get("text_config", raw)
        heads = int(raw["num_attention_heads"])
        head_dim = raw.get("head_dim") or int(raw["hidden_size"]) // heads
        return ModelShape(
            name=str(raw.get("_name_or_path") or path.parent.name or "config.json"),
            layers=int(raw["num_hidden_layers"]),
            kv_heads=int(raw.get("num_key_value_heads") or heads),
            head_dim=int(head_dim),
            heads=heads,
            context=int(raw.get("max_position_embeddings") or 4096),
            dtype=DTYPE_ALIASES.get(str(raw.get("torch_dtype", "bf16")), "bf16"),
        )
    except CapacityError:
        raise
    except UnsafeFileError as exc:
        if not path.exists():
            raise CapacityError(f"{path} does not exist; give a model's config.json") from None
        raise CapacityError(str(exc)) from None
    except KeyError as exc:
        raise CapacityError(f"{path} is not a usable config.json (no {exc} field)") from None
    except RecursionError:
        raise CapacityError(f"{path} nests too deeply to be a config.json") from None
    except (OSError, ValueError, TypeError, AttributeError, ZeroDivisionError) as exc:
        raise CapacityError(f"{path} is not a usable config.json ({exc!r})") from None


def main(argv: list[str] | None = None) -> int:
    """``kvscope capacity``: see ``kvscope capacity --help``."""
    from kvscope.backend.capacity_cli import main as cli_main

    return cli_main(argv)
