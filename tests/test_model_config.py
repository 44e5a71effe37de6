"""HF config.json parsing: supported families parse, anything else is a one-line ModelLoadError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.model.config import ModelLoadError, RunnerConfig, config_from_hf

LLAMA = {
    "architectures": ["LlamaForCausalLM"],
    "vocab_size": 320,
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 8,
    "num_key_value_heads": 2,
    "rope_theta": 500000.0,
    "eos_token_id": [1, 2],
}


def test_llama_fields_and_defaults():
    cfg = config_from_hf(LLAMA)
    assert (cfg.head_dim, cfg.kv_heads, cfg.rope_theta) == (8, 2, 500000.0)
    assert cfg.eos_token_ids == (1, 2) and not cfg.qkv_bias
    qwen = config_from_hf({**LLAMA, "architectures": ["Qwen2ForCausalLM"]})
    assert qwen.qkv_bias and not qwen.o_bias
    v5 = {k: v for k, v in LLAMA.items() if k != "rope_theta"}
    v5["rope_parameters"] = {"rope_type": "default", "rope_theta": 1e6}
    assert config_from_hf(v5).rope_theta == 1e6 and config_from_hf(v5).rope_scaling is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2"}, "unsupported architecture"),
        ({"num_key_value_heads": 3}, "multiple"),
        ({"rope_scaling": {"rope_type": "yarn", "factor": 4.0}}, "yarn"),
        ({"hidden_size": "wide"}, "malformed"),
        ({"vocab_size": None}, "malformed"),
    ],
)
def test_unsupported_configs_say_what_to_fix(change, message):
    with pytest.raises(ModelLoadError, match=message) as err:
        config_from_hf({**LLAMA, **change})
    assert "\n" not in str(err.value)


def test_sliding_window_caps_the_context():
    mistral = {**LLAMA, "architectures": ["MistralForCausalLM"], "sliding_window": 4096}
    assert (
        config_from_hf({**mistral, "max_position_embeddings": 32768}).max_position_embeddings
        == 4096
    )
    qwen = {
        **LLAMA,
        "architectures": ["Qwen2ForCausalLM"],
        "sliding_window": 4096,
        "max_position_embeddings": 32768,
    }
    assert config_from_hf({**qwen, "use_sliding_window": False}).max_position_embeddings == 32768
    assert config_from_hf({**qwen, "use_sliding_window": True}).max_position_embeddings == 4096


def test_missing_field_is_named():
    raw = {k: v for k, v in LLAMA.items() if k != "intermediate_size"}
    with pytest.raises(ModelLoadError, match="intermediate_size"):
        config_from_hf(raw)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=True) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@given(
    st.dictionaries(
        st.sampled_from(
            [*sorted(LLAMA), "head_dim", "rope_scaling", "rope_parameters", "sliding_window"]
        ),
        JSONISH,
    )
)
def test_fuzzed_configs_parse_or_fail_cleanly(changes):
    try:
        cfg = config_from_hf({**LLAMA, **changes})
    except ModelLoadError as exc:
        assert "\n" not in str(exc)
    else:
        assert cfg.num_heads % cfg.num_kv_heads == 0 and cfg.head_dim > 0


def test_runner_config_rejects_bad_values():
    for bad in (
        RunnerConfig(kv_dtype="int4"),
        RunnerConfig(block_size=12),
        RunnerConfig(attention="flash"),
        RunnerConfig(dtype="float64"),
        RunnerConfig(num_blocks=0),
    ):
        with pytest.raises(ValueError):
            bad.validate()
