"""Property-based fuzzing of every request model and CLI parser the adversarial review touched.

Request models: any JSON-shaped body (lone surrogates, control characters, special-token text,
deep nesting, wrong types) is either accepted with every string UTF-8-encodable and the prompt
renderable, or rejected with a ``ValidationError`` whose message the server can send as UTF-8
JSON; nothing else escapes. Special-token text in messages never adds a turn marker. CLI parsers
(``kvscope serve`` flags, ``kvscope capacity``): any argv from a pool of hostile values exits 0
or 2 with one line on stderr, never a traceback. The bounded YAML loader accepts a generated
alias document exactly when its true expansion is within the bound, and the body walker finds
exactly the strings that cannot be encoded.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from kvscope.backend.chat import ChatRequestError, request_tokens
from kvscope.backend.server.protocol import (
    ChatCompletionRequest,
    CompletionRequest,
    PinRequest,
    error_body,
)
from kvscope.backend.server.validate import MAX_DEPTH, check_body
from kvscope.lint.readers.safe_yaml import MAX_NODES, YamlLimitError, compose_all

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
NASTY = ["\ud800", "\udfff", "<|im_end|>", "<|im_start|>system\n", "\x00", "\n", "\x85", "\u2028"]
text = st.lists(st.one_of(st.text(max_size=4), st.sampled_from(NASTY)), max_size=6).map("".join)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), text
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=20,
)
roles = st.sampled_from(["system", "user", "assistant", "tool", "developer", "wizard", 3])
message = st.fixed_dictionaries(
    {"role": roles},
    optional={
        "content": st.one_of(text, st.lists(st.fixed_dictionaries({"type": st.just("text"),
                                                                   "text": text}), max_size=2)),
        "tool_calls": json_values,
        "name": text,
    },
)  # fmt: skip
FIELDS = {
    "model": st.one_of(st.just("kvscope-tiny"), text),
    "max_tokens": json_values,
    "temperature": json_values,
    "stop": st.one_of(text, st.lists(text, max_size=5), json_values),
    "cache_salt": st.one_of(text, json_values),
    "lora": text,
    "user": text,
    "logprobs": json_values,
    "stream": json_values,
    "tools": json_values,
}
chat_bodies = st.fixed_dictionaries(
    {"messages": st.one_of(st.lists(message, min_size=1, max_size=3), json_values)},
    optional=FIELDS,
)
completion_bodies = st.fixed_dictionaries(
    {"prompt": st.one_of(text, st.lists(st.integers(-3, 300), max_size=20), json_values)},
    optional=FIELDS,
)
pin_bodies = st.fixed_dictionaries(
    {},
    optional={
        "text": text,
        "token_ids": json_values,
        "messages": st.lists(message, max_size=2),
        "cache_salt": text,
        "unpin": json_values,
    },
)


def strings_of(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_of(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_of(v)


def sendable(exc: ValidationError) -> None:
    """What the server's handler would send for ``exc`` encodes as UTF-8 JSON."""
    first = exc.errors()[0]
    loc = ".".join(str(p) for p in first.get("loc", ()))
    body = error_body(f"{loc}: {first.get('msg')}", "invalid_request_error", loc or None)
    json.dumps(body, ensure_ascii=False).encode("utf-8")


@settings(max_examples=150)
@given(chat_bodies)
def test_chat_request_model_accepts_only_encodable_renderable_bodies(body):
    try:
        req = ChatCompletionRequest.model_validate(body)
    except ValidationError as exc:
        sendable(exc)
        return
    for s in strings_of(req.model_dump()):
        s.encode("utf-8")
    messages = [m.model_dump(exclude_none=True) for m in req.messages]
    try:
        ids = request_tokens({"messages": messages, "tools": req.tools}, "bytes")
    except ChatRequestError:
        return
    im_start = 257  # the bytes tokenizer's <|im_start|>
    # one marker per message and one for the generation prompt (+1 when tools add a system turn)
    assert ids.count(im_start) in (len(messages) + 1, len(messages) + 2)


@settings(max_examples=100)
@given(completion_bodies)
def test_completion_request_model_never_lets_an_odd_type_through(body):
    try:
        req = CompletionRequest.model_validate(body)
    except ValidationError as exc:
        sendable(exc)
        return
    if isinstance(req.prompt, list):
        assert all(type(t) is int and t >= 0 for t in req.prompt)
    assert req.max_tokens is None or type(req.max_tokens) is int
    for s in strings_of(req.model_dump()):
        s.encode("utf-8")


@settings(max_examples=100)
@given(pin_bodies)
def test_pin_request_model(body):
    try:
        req = PinRequest.model_validate(body)
    except ValidationError as exc:
        sendable(exc)
        return
    assert type(req.unpin) is bool
    if req.cache_salt is not None:  # it reaches logs: no way to forge a line
        assert req.cache_salt and not CONTROL.search(req.cache_salt)


@settings(max_examples=200)
@given(json_values)
def test_the_body_walker_rejects_exactly_the_unencodable_or_too_deep(value):
    def depth(v) -> int:
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        return 0

    def encodable(s: str) -> bool:
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True

    bad = not all(encodable(s) for s in strings_of(value)) or depth(value) > MAX_DEPTH
    try:
        check_body(value)
    except ValueError as exc:
        assert bad
        str(exc).encode("utf-8", "replace")
    else:
        assert not bad


@settings(max_examples=60)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=9))
def test_yaml_aliases_are_accepted_exactly_within_the_expansion_bound(fanouts):
    lines = ["a0: &a0 [x, y]"]
    size = 3  # a sequence node and its two scalars
    sizes = [size]
    for i, fan in enumerate(fanouts, 1):
        refs = ", ".join([f"*a{i - 1}"] * fan)
        lines.append(f"a{i}: &a{i} [{refs}]")
        sizes.append(1 + fan * sizes[-1])
    doc = "\n".join(lines) + "\n"
    # the whole document: a mapping node, one key scalar and one value per anchor
    total = 1 + sum(1 + s for s in sizes)
    try:
        compose_all(doc)
    except YamlLimitError:
        assert total > MAX_NODES
    else:
        assert total <= MAX_NODES


POOL = ["0", "-1", "1", "16", "1e308", "inf", "nan", "-inf", "abc", "", "\x00", "9" * 40, "0.5"]
SERVE_FLAGS = ["--max-pinned-fraction", "--max-request-bytes", "--admin-port", "--block-size",
               "--num-blocks", "--kv-cache-gb", "--host-tier-gb", "--api-key",
               "--admin-api-key"]  # fmt: skip
CAPACITY_FLAGS = ["--memory-gb", "--tokens", "--block-size", "--kv-heads", "--layers",
                  "--head-dim", "--heads", "--max-context", "--dtype"]  # fmt: skip


def argv_from(flags: list[str]):
    pair = st.tuples(st.sampled_from(flags), st.sampled_from(POOL))
    return st.lists(pair, max_size=4).map(lambda ps: [x for p in ps for x in p])


@settings(max_examples=80)
@given(argv_from(SERVE_FLAGS))
def test_serve_flags_are_either_a_config_or_a_one_line_refusal(argv):
    from kvscope.backend.server.cli import build_parser, config_from_args, server_options

    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:
        assert stop.code == 2
        return
    try:
        config_from_args(args)
        server_options(args, environ={})
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=80)
@given(argv_from(CAPACITY_FLAGS))
def test_capacity_exits_0_or_2_for_any_flags(argv):
    from kvscope.backend.capacity_cli import main

    try:
        code = main(["--preset", "llama-70b", "--json", *argv])
    except SystemExit as stop:
        code = stop.code
    assert code in (0, 2)


@pytest.mark.parametrize("argv", [["--memory-gb", "1e308"], ["--kv-heads", "0"]])
def test_capacity_refusals_are_one_line(argv, capsys):
    from conftest import usage_error

    from kvscope.backend.capacity_cli import main

    usage_error(main, ["--preset", "llama-70b", *argv], capsys)
