"""Chat requests rendered piece by piece: exactly whole rendering + whole tokenization.

A GPT-2 byte-level BPE trained here; templates: ChatML with tools (the bench's), one with a
``bos_token``, and three the fast path must refuse (a piece that depends on the message's
position from the end, a template that checks role order, pieces that do not start at an added
token). Each is compared with ``render_chat`` + ``encode`` on random message lists and on chat
logs from the reference workload, through ``prepare_all`` as measure runs it.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from kvscope.backend.chat import render_chat, render_request
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.chatpieces import PieceRenderer
from kvscope.lint.measure.readers import Record
from kvscope.lint.measure.segments import SegmentTokenizer
from kvscope.lint.measure.tokenize import prepare_all

SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>"]
CHATML = (
    "{% for m in messages %}{% if loop.first and tools %}"
    "{% if m.role != 'system' %}<|im_start|>system\n# Tools\n"
    "{% for t in tools %}{{ t | tojson }}\n{% endfor %}<|im_end|>\n{% endif %}{% endif %}"
    "<|im_start|>{{ m.role }}\n{{ m.content }}"
    "{% if loop.first and tools and m.role == 'system' %}\n# Tools\n"
    "{% for t in tools %}{{ t | tojson }}\n{% endfor %}{% endif %}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
BOS = "{{ bos_token }}" + CHATML
LAST = (  # the last message is rendered differently: pieces do not concatenate
    "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}"
    "{% if loop.last %} (latest){% endif %}<|im_end|>\n{% endfor %}"
)
STRICT = (  # raises on two user turns in a row
    "{% for m in messages %}{% if not loop.first and m.role == messages[loop.index0 - 1].role %}"
    "{{ raise_exception('roles must alternate') }}{% endif %}"
    "<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
)
PLAIN = "{% for m in messages %}[{{ m.role }}]: {{ m.content }}\n{% endfor %}"
REAL = [  # public model chat templates vendored in bench/data
    p.read_text()
    for p in sorted(
        (Path(__file__).resolve().parents[1] / "bench/data/real_prompts/files").glob(
            "chujiezheng__chat_templates/*.jinja"
        )
    )
]


@pytest.fixture(scope="module")
def tok_spec(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("hf-chat")
    rows = generate(WorkloadConfig(requests=40, scale=0.05, seed=2))
    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator([render_request(r) for r in rows], trainer)
    tok.save(str(folder / "tokenizer.json"))
    return f"hf:{folder}"


def _record(line: int, request: dict) -> Record:
    return Record("log", line, request, None, None, None, None, None)


def _whole(tok, request: dict, template: str) -> tuple[str, list[int]]:
    text = render_chat(request["messages"], request.get("tools"), template)
    return text, tok.encode(text, allow_special=True)


def test_probe_accepts_concatenating_templates_only(tok_spec):
    assert len(REAL) >= 8
    seg = SegmentTokenizer(get_tokenizer(tok_spec))
    assert PieceRenderer(CHATML, seg).enabled and PieceRenderer(CHATML, seg).tools_ok
    assert PieceRenderer(BOS, seg).enabled
    assert not PieceRenderer(LAST, seg).enabled
    assert PieceRenderer(None, seg).enabled is False


def test_a_template_that_checks_the_conversation_is_checked_per_shape(tok_spec):
    """A shape the template refuses is rendered whole (and skipped, as before)."""
    seg = SegmentTokenizer(get_tokenizer(tok_spec))
    fast = PieceRenderer(STRICT, seg)
    ok = {"messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}
    bad = {"messages": [{"role": "user", "content": "a"}, {"role": "user", "content": "b"}]}
    assert fast.prepare(ok) is not None
    assert fast.prepare(bad) is None and fast.prepare(bad) is None


def test_pieces_not_at_added_tokens_are_rendered_whole(tok_spec):
    seg = SegmentTokenizer(get_tokenizer(tok_spec))
    fast = PieceRenderer(PLAIN, seg)
    request = {"messages": [{"role": "user", "content": "hi"}, {"role": "user", "content": "x"}]}
    assert fast.prepare(request) is None  # "[user]: ..." joins text the tokenizer would merge


PARTS = [*"ab \n.{}%é", "<|im_end|>", "<|im_start|>", "\n\n", "<think>", "</think>"]
TEXT = st.lists(st.sampled_from(PARTS), max_size=20).map("".join)
MESSAGE = st.fixed_dictionaries(
    {"role": st.sampled_from(["system", "user", "assistant", "tool"]), "content": TEXT}
)
TOOLS = st.none() | st.just([{"type": "function", "function": {"name": "f", "parameters": {}}}])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    msgs=st.lists(MESSAGE, min_size=1, max_size=6),
    tools=TOOLS,
    template=st.sampled_from([CHATML, BOS, LAST, STRICT, PLAIN, *REAL]),
)
def test_random_message_lists_match_whole_rendering(tok_spec, msgs, tools, template):
    tok = get_tokenizer(tok_spec)
    request = {"messages": msgs, "model": "m"}
    if tools is not None:
        request["tools"] = tools
    records = [_record(1, request), _record(2, {**request})]
    out = list(prepare_all(records, tok_spec, template))
    try:
        want = _whole(tok, request, template)
    except ValueError:
        assert all(not hasattr(p, "tokens") for p in out)  # skipped, as before
        return
    for prepared in out:
        assert prepared.text == want[0]
        assert list(prepared.tokens) == want[1]


def test_real_chat_logs_match_whole_rendering(tok_spec, tmp_path: Path):
    tok = get_tokenizer(tok_spec)
    rows = list(generate(WorkloadConfig(requests=120, scale=0.05, seed=9)))
    rows = [r for r in rows if "messages" in r]
    assert len(rows) > 50
    config = tmp_path / "tokenizer_config.json"
    config.write_text(json.dumps({"chat_template": CHATML, "eos_token": "<|endoftext|>"}))
    fast = PieceRenderer(str(config), SegmentTokenizer(tok))
    assert all(fast.prepare(r) is not None for r in rows)  # every request takes the fast path
    assert any(r.get("tools") for r in rows)
    records = [_record(i, r) for i, r in enumerate(rows)]
    out = list(prepare_all(records, tok_spec, str(config)))
    for row, prepared in zip(rows, out, strict=True):
        text, ids = _whole(tok, row, str(config))
        assert prepared.text == text
        assert list(prepared.tokens) == ids


def test_real_text_sessions_match_whole_rendering(tok_spec):
    """The bench's multi-turn sessions (a public prompting book): re-sent histories."""
    path = Path(__file__).resolve().parents[1] / "bench" / "bench_measure_peers.py"
    spec = importlib.util.spec_from_file_location("bench_measure_peers", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.sessions(60)
    tok = get_tokenizer(tok_spec)
    out = list(prepare_all([_record(i, r) for i, r in enumerate(rows)], tok_spec, bench.CHATML))
    for row, prepared in zip(rows, out, strict=True):
        text, ids = _whole(tok, row, bench.CHATML)
        assert prepared.text == text
        assert list(prepared.tokens) == ids
