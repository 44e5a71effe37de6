"""Chat rendering: ChatML layout, tool order, content parts, prefix stability, request bodies."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.chat import (
    ChatRequestError,
    render_chat,
    render_request,
    request_tokens,
)
from kvscope.backend.tokenizers import get_tokenizer

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Weather for a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}
SEARCH = {"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}
CONVO = [
    {"role": "system", "content": "You are terse."},
    {"role": "user", "content": "Hi"},
    {"role": "assistant", "content": "Hello."},
    {"role": "user", "content": "Weather in Oslo?"},
]


def test_chatml_layout():
    out = render_chat(CONVO[:2])
    assert out == (
        "<|im_start|>system\nYou are terse.<|im_end|>\n"
        "<|im_start|>user\nHi<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    assert not render_chat(CONVO[:2], add_generation_prompt=False).endswith("assistant\n")


def test_tools_go_into_system_turn_in_given_order():
    out = render_chat(CONVO, tools=[WEATHER, SEARCH])
    system = out.split("<|im_end|>")[0]
    assert system.startswith("<|im_start|>system\nYou are terse.\n\n# Tools")
    lines = system.split("<tools>\n")[1].splitlines()
    assert [json.loads(line) for line in lines[:2]] == [WEATHER, SEARCH]
    reordered = render_chat(CONVO, tools=[SEARCH, WEATHER])
    assert reordered != out
    # The prefix up to the tools block is shared; the rest differs from there on.
    common = next(i for i, (a, b) in enumerate(zip(out, reordered, strict=False)) if a != b)
    assert "<tools>\n" in out[:common] and "\n" not in out[:common].split("<tools>\n")[1]
    # Key order inside a tool is preserved too: it reaches the prefix in real engines.
    swapped = {"function": WEATHER["function"], "type": "function"}
    assert render_chat(CONVO, tools=[swapped]) != render_chat(CONVO, tools=[WEATHER])


def test_tools_without_system_message_get_their_own_system_turn():
    out = render_chat(CONVO[1:2], tools=[SEARCH])
    assert out.startswith("<|im_start|>system\n# Tools")
    assert out.count("<|im_start|>") == 3


def test_content_parts_and_tool_calls():
    text_parts = [{"type": "text", "text": "Hel"}, {"type": "text", "text": "lo"}]
    parts = [{"role": "user", "content": text_parts}]
    assert render_chat(parts) == render_chat([{"role": "user", "content": "Hello"}])
    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c1", "function": {"name": "search", "arguments": '{"q": "x"}'}}],
    }
    out = render_chat([*CONVO[:2], call, {"role": "tool", "content": "42"}])
    assert '<tool_call>\n{"name": "search", "arguments": "{\\"q\\": \\"x\\"}"}\n</tool_call>' in out
    assert "<|im_start|>tool\n42<|im_end|>" in out


messages_st = st.lists(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["system", "user", "assistant"]), "content": st.text(max_size=40)}
    ),
    min_size=1,
    max_size=6,
)


@given(messages_st, st.integers(0, 6))
def test_rendering_is_deterministic_and_prefix_stable(messages, cut):
    full = render_chat(messages, add_generation_prompt=False)
    assert full == render_chat(json.loads(json.dumps(messages)), add_generation_prompt=False)
    # A multi-turn conversation re-sends its history: the earlier render is a prefix.
    assert full.startswith(render_chat(messages[:cut], add_generation_prompt=False))


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=7), c, max_size=3),
        max_leaves=10,
    )
)
def test_fuzzed_bodies_render_or_raise_a_clear_error(body):
    for request in (body, {"messages": body}, {"prompt": body}, {"messages": [body]}):
        try:
            out = render_request(request)
        except ChatRequestError as exc:
            assert "\n" not in str(exc)
        else:
            assert isinstance(out, str)


def test_request_tokens_chat_completions_and_ids():
    tok = get_tokenizer("cl100k")
    ids = request_tokens({"messages": CONVO, "tools": [WEATHER]}, tok)
    assert ids[0] == tok.special_tokens["<|im_start|>"]
    assert tok.decode(ids) == render_chat(CONVO, tools=[WEATHER])
    assert request_tokens({"prompt": "Hello world"}, "cl100k") == tok.encode("Hello world")
    assert request_tokens({"prompt": [5, 6, 7]}, tok) == [5, 6, 7]
    with pytest.raises(ChatRequestError, match="non-negative"):
        request_tokens({"prompt": [5, -1]}, tok)
    with pytest.raises(ChatRequestError, match="neither"):
        request_tokens({"model": "x"}, tok)
    with pytest.raises(ChatRequestError, match="role"):
        request_tokens({"messages": [{"content": "no role"}]}, tok)
