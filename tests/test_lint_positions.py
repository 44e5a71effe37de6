"""Positions are exact: properties over generated prompts in every container format."""

from __future__ import annotations

import json

import yaml
from hypothesis import given
from hypothesis import strategies as st

from kvscope.lint.config import Config
from kvscope.lint.engine import Linter
from kvscope.lint.noqa import parse
from kvscope.lint.positions import LineIndex
from kvscope.lint.readers import read_text

UUID = "550e8400-e29b-41d4-a716-446655440000"
# prose that cannot itself look like an id or a date: no digits or hex letters
PROSE = st.text(alphabet="ghijklmnopqrstuvwxyz GHIJ.\n\"'\\é—\t", max_size=80)
LINTER = Linter(Config(tokenizer="bytes"), {"PL002"})


@given(st.text(max_size=200), st.data())
def test_line_index_matches_naive_count(text, data):
    offset = data.draw(st.integers(0, len(text)))
    line, col = LineIndex(text).at(offset)
    assert line == text[:offset].count("\n") + 1
    assert col == offset - (text.rfind("\n", 0, offset) + 1) + 1


def _span(source: str, finding) -> str:
    lines = source.split("\n")
    assert finding.line == finding.end_line
    return lines[finding.line - 1][finding.column - 1 : finding.end_column - 1]


@given(PROSE, PROSE, st.sampled_from([None, 2, 4]), st.booleans())
def test_json_string_positions_survive_escapes(before, after, indent, ascii_only):
    body = {"model": "m", "messages": [{"role": "system", "content": before + UUID + after},
                                       {"role": "user", "content": "hi"}]}  # fmt: skip
    source = json.dumps(body, indent=indent, ensure_ascii=ascii_only)
    findings = LINTER.lint_documents(read_text(source, "r.json", "json"), {"PL002"})
    assert len(findings) == 1
    assert _span(source, findings[0]) == UUID
    # bytes tokenizer: the token offset is the UTF-8 length of the rendered prompt before it
    prefix = findings[0].token_offset
    assert prefix >= len((before).encode())


@given(PROSE.filter(lambda s: s.strip() == s and "\t" not in s), st.sampled_from(["|", "plain"]))
def test_yaml_block_and_plain_scalar_positions(before, style):
    text = f"{before} {UUID} tail"
    if style == "|":
        source = "template: |\n" + "".join(f"  {line}\n" for line in text.split("\n"))
    else:
        source = yaml.safe_dump({"template": text}, allow_unicode=True, width=10_000)
    findings = LINTER.lint_documents(read_text(source, "p.yaml", "yaml"), {"PL002"})
    assert len(findings) == 1
    f = findings[0]
    if style == "|" or (f.line == f.end_line and _span(source, f) == UUID):
        assert _span(source, f) == UUID
    else:  # a quoted or folded scalar with escapes: the finding points at the scalar's start
        assert (f.line, f.column) == (1, len("template: ") + 1)


@given(PROSE)
def test_template_token_offset_is_tokens_before(before):
    from kvscope.backend.tokenizers import get_tokenizer

    text = before + "{{ request_id }} and the rest"
    findings = LINTER.lint_documents(read_text(text, "p.md", "text"), {"PL002"})
    assert len(findings) == 1
    tok = get_tokenizer("bytes")
    assert findings[0].token_offset == len(tok.encode(before))


@given(
    st.lists(st.sampled_from(["PL001", "PL002", "PL003", "PL999"]), max_size=3), st.integers(1, 5)
)
def test_noqa_covers_exactly_the_listed_codes(codes, line):
    comment = "# promptlint: noqa" + (": " + ", ".join(codes) if codes else "")
    source = "\n".join("x" if i != line else f"x  {comment}" for i in range(1, 7))
    sup = parse(source)
    for code in ("PL001", "PL002", "PL003", "PL004"):
        assert sup.covers(line, code) == (not codes or code in codes)
        assert not sup.covers(line + 1, code)
