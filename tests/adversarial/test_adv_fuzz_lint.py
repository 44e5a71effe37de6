"""Fuzzing promptlint's file readers (YAML with anchors and aliases, JSON, Jinja front matter)
and its ``check`` command line: any input is documents or a one-line ``ReadError``, any argv
exits 0, 1 or 2; never another exception, never unbounded work."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.readers import ReadError, read_text

YAML_TOKENS = ["a: ", "&x ", "*x", "&y ", "*y", "[", "]", "{", "}", ", ", "\n", "- ", "  ",
               "'q'", '"\\ud800"', "messages:", "role: user", "content: ", "<<: *x", "? ",
               "!!str ", "!!python/object ", "|\n  ", "prompts:", "\t", "\x00"]  # fmt: skip
JSON_TOKENS = ["{", "}", "[", "]", ",", ":", '"messages"', '"role"', '"user"', '"content"',
               '"\\ud800"', "1e999", "-0", "null", "true", '"<|im_end|>"', " "]  # fmt: skip
JINJA_TOKENS = ["---\n", "model: x\n", "&a [*a]\n", "{{ x }}", "{% if x %}", "{% endif %}",
                "{% for m in messages %}", "{% endfor %}", "system:", "\n", "text"]  # fmt: skip


def joined(tokens: list[str], n: int = 60):
    return st.lists(st.sampled_from(tokens), max_size=n).map("".join)


@settings(max_examples=150)
@given(joined(YAML_TOKENS))
def test_yaml_reader(text):
    try:
        read_text(text, "p.yaml", "yaml")
    except ReadError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=150)
@given(joined(JSON_TOKENS))
def test_json_reader(text):
    try:
        read_text(text, "p.json", "json")
    except ReadError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=100)
@given(joined(JINJA_TOKENS, 30))
def test_template_reader(text):
    try:
        read_text(text, "p.jinja", "jinja")
    except ReadError as exc:
        assert "\n" not in str(exc)


POOL = ["0", "-1", "16", "99999999999", "abc", "", "PL", "PL001,PL999", "bytes", "hf:/nope",
        "cl100k", "\x00", "*", "**/x"]  # fmt: skip
FLAGS = ["--select", "--ignore", "--extend-select", "--exclude", "--tokenizer", "--block-size",
         "--model", "--min-prefix-tokens", "--format", "--explain"]  # fmt: skip


@pytest.fixture(scope="module")
def prompt_dir(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("fuzzcheck")
    (d / "system.prompt.md").write_text("You are helpful. Today is {{ date }}.\n")
    return d


@settings(max_examples=40)
@given(st.lists(st.tuples(st.sampled_from(FLAGS), st.sampled_from(POOL)), max_size=3))
def test_check_exits_0_1_or_2_for_any_flags(prompt_dir, pairs):
    from kvscope.lint.cli import main

    argv = ["check", "--isolated", "--no-color", *[x for p in pairs for x in p]]
    cwd = os.getcwd()
    os.chdir(prompt_dir)
    try:
        code = main([*argv, "system.prompt.md"])
    except SystemExit as stop:
        code = stop.code
    finally:
        os.chdir(cwd)
    assert code in (0, 1, 2)
