"""TOML prompt tables: every string maps back to its own place, whatever its quoting."""

from __future__ import annotations

import json
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.config import Config
from kvscope.lint.engine import Linter
from kvscope.lint.readers import ReadError, read_text

SLOT = "{{ user_name }}"
# prose that cannot itself look like a placeholder, an id or a date
PROSE = st.text(alphabet="ghijklmnopqrstuvwxyz GHIJ.\n\"'\\é—\t", max_size=60)
LINTER = Linter(Config(tokenizer="bytes"), {"PL003"})


def _quote(text: str, style: str) -> str | None:
    """`text` as a TOML string of `style`, or None when that style cannot hold it."""
    if style == "basic":
        return json.dumps(text, ensure_ascii=False)
    if style == "literal":
        return None if "'" in text or "\n" in text or "\t" in text else f"'{text}'"
    if style == "ml-literal":
        return None if "'''" in text or text.endswith("'") else f"'''\n{text}'''"
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")  # raw newlines
    return None if body.endswith('"') else f'"""\\\n{body}"""'  # opens with a line-ending `\`


@settings(max_examples=60, deadline=None)
@given(PROSE, PROSE, st.sampled_from(["basic", "literal", "ml-literal", "ml-basic"]))
def test_placeholder_in_a_system_string_is_reported_at_its_own_place(before, after, style):
    value = before.lstrip() + SLOT + after
    quoted = _quote(value, style)
    if quoted is None:
        return
    source = f"# prompts\n[review_prompt]\nsystem = {quoted}\nuser = '''{SLOT}'''\n"
    if style == "ml-basic" and value.lstrip(" \t\n") != value:
        return  # a line-ending backslash trims what starts the value
    assert tomllib.loads(source)["review_prompt"]["system"] == value
    findings = LINTER.lint_documents(read_text(source, "p.toml", "toml"), {"PL003"})
    assert len(findings) == 1  # the `user` string is the user turn
    f = findings[0]
    line = source.split("\n")[f.line - 1]
    assert line[f.column - 1 :].startswith(SLOT)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abc =\"'\\[]{}#%\n\tx.", max_size=120))
def test_any_text_reads_or_is_skipped_without_an_error(text):
    try:
        docs = read_text(text, "p.toml", "toml")
    except ReadError:
        return
    for doc in docs:
        LINTER.lint_documents([doc], {"PL003"})
