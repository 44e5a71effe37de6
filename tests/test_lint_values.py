"""Data files whose string values are templates: any JSON/YAML input is read without an
error, and every segment maps back onto the very string in the file it came from."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.readers.data_files import JSON_STRING_RE
from kvscope.lint.readers.values import read_values

PIECES = st.sampled_from(
    ["{{#if persona}}", "{{persona}}", "{{/if}}", "{{ user_name }}", "{% if x %}", "\n", "é", '"']
)
STRINGS = st.lists(st.one_of(PIECES, st.text(max_size=6)), max_size=6).map("".join)
DATA = st.recursive(
    STRINGS | st.integers() | st.none(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(STRINGS, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(DATA, st.booleans())
def test_fuzz_json_values_map_back_to_their_strings(value, indent):
    text = json.dumps(value, indent=2 if indent else None, ensure_ascii=False)
    for doc in read_values(text, "preset.json"):
        for seg in doc.segments:
            literal = JSON_STRING_RE.match(text, seg.to_source(0) - 1)
            assert literal is not None and json.loads(literal.group()) == seg.text


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["x.json", "x.yaml"]))
def test_fuzz_any_text_reads_without_error(text, name):
    for doc in read_values(text, name):
        for seg in doc.segments:
            assert 0 <= seg.to_source(len(seg.text)) <= len(text)
