"""Capacity calculator: the design's numbers, paging waste, composition, presets, CLI errors."""

from __future__ import annotations

import json

import pytest
from conftest import usage_error
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.capacity import (
    GB,
    PRESETS,
    CapacityError,
    blocks_for,
    capacity,
    composition,
    kv_bytes_per_token,
    main,
    shape_from_config,
)


def test_design_numbers():
    bpt = kv_bytes_per_token(80, 8, 128, "fp16")
    assert bpt == 327_680 == 320 * 1024
    cap = capacity(bpt, 20_000, 80)
    assert cap.bytes_per_sequence == 6_553_600_000
    assert round(cap.bytes_per_sequence / GB, 2) == 6.55
    assert (
        kv_bytes_per_token(80, 8, 128, "fp8") * 2 == bpt == kv_bytes_per_token(80, 8, 128, "bf16")
    )


@given(
    tokens=st.integers(1, 200_000),
    block=st.sampled_from([1, 8, 16, 32, 256]),
    memory_gb=st.floats(0.5, 200),
)
def test_paging_invariants(tokens, block, memory_gb):
    bpt = kv_bytes_per_token(32, 8, 128, "fp16")
    cap = capacity(bpt, tokens, memory_gb, block)
    assert 0 <= cap.paging_waste_tokens < block
    assert (
        cap.allocated_bytes_per_sequence == cap.bytes_per_sequence + cap.paging_waste_tokens * bpt
    )
    assert cap.blocks_per_sequence == blocks_for(tokens, block)
    assert cap.max_tokens * bpt <= cap.memory_bytes < (cap.max_tokens + block) * bpt
    fits = cap.max_concurrent_sequences * cap.allocated_bytes_per_sequence
    assert fits <= cap.memory_bytes < fits + cap.allocated_bytes_per_sequence + cap.block_bytes
    assert cap.paging_waste_avg_tokens == (block - 1) / 2  # about half a block per sequence


def test_average_waste_is_half_a_block():
    block = 16
    lengths = range(1, 16 * 1000 + 1)
    mean = sum(blocks_for(n, block) * block - n for n in lengths) / len(lengths)
    assert mean == pytest.approx(capacity(1, 100, 1, block).paging_waste_avg_tokens)


def test_composition_multiplies():
    rows = composition(PRESETS["llama-70b"], 20_000, 80, 16, 131_072)
    savings = [r.saving_vs_mha_fp16 for r in rows]
    assert savings[:3] == [1.0, 8.0, 16.0]  # 64 query heads over 8 KV heads, then fp8 halves
    assert savings[3] == pytest.approx(16.0 * 131_072 / 20_000)
    assert [r.max_concurrent_sequences for r in rows] == sorted(
        r.max_concurrent_sequences for r in rows
    )
    with pytest.raises(CapacityError, match="max context"):
        composition(PRESETS["llama-70b"], 20_000, 80, 16, 1000)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_are_grouped_attention(name):
    shape = PRESETS[name]
    assert shape.heads % shape.kv_heads == 0 and shape.context >= 4096
    assert kv_bytes_per_token(shape.layers, shape.kv_heads, shape.head_dim, shape.dtype) > 0


def test_hf_config(tmp_path):
    cfg = {
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "hidden_size": 4096,
        "max_position_embeddings": 8192,
        "torch_dtype": "bfloat16",
    }
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    shape = shape_from_config(tmp_path)
    assert (shape.layers, shape.kv_heads, shape.head_dim, shape.dtype) == (32, 8, 128, "bf16")
    (tmp_path / "bad.json").write_text('{"num_hidden_layers": 2}')
    with pytest.raises(CapacityError, match="not a usable config"):
        shape_from_config(tmp_path / "bad.json")


def test_cli_json_keys(capsys):
    assert main(["--preset", "llama-70b", "--tokens", "20000", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["kv_bytes_per_token"] == 327_680
    assert doc["bytes_per_sequence"] == 6_553_600_000
    assert doc["max_concurrent_sequences"] == 12  # 80 GB / 6.55 GB, in whole blocks
    assert main(["--layers", "80", "--kv-heads", "8", "--head-dim", "128", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kv_bytes_per_token"] == 327_680


def test_cli_table(capsys):
    assert main(["--preset", "mistral-7b", "--dtype", "fp8", "--memory-gb", "24"]) == 0
    out = capsys.readouterr().out
    assert "65,536 B" in out and "GQA x fp8 x paging" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--layers", "80"], "missing --kv-heads, --head-dim"),
        (["--preset", "llama-70b", "--dtype", "int3"], "unknown dtype"),
        (["--preset", "nope"], "invalid choice"),
        (["--preset", "llama-70b", "--tokens", "0"], "tokens must be"),
        (["--preset", "llama-70b", "--memory-gb", "-1"], "memory must be"),
        (["--preset", "llama-70b", "--block-size", "0"], "block size"),
        (["--layers", "-2", "--kv-heads", "8", "--head-dim", "128"], "layers must be"),
        (["--preset", "llama-70b", "--heads", "12"], "multiple of --kv-heads"),
        (["--config", "/no/such/config.json"], "does not exist"),
    ],
)
def test_bad_flags_exit_2_with_one_line(argv, needle, capsys):
    assert needle in usage_error(main, argv, capsys)
