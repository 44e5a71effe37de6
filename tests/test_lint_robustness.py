"""Bad files never crash promptlint: one diagnostic line each, exit 2 only if nothing linted.
Readers are fuzzed with hypothesis: any text either reads or raises ReadError."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kvscope.lint.cli import main
from kvscope.lint.config import Config
from kvscope.lint.engine import Linter
from kvscope.lint.readers import ReadError, read_text

GOOD = "You are Acme's assistant.\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


BROKEN = {
    "prompts/binary.md": b"\x00\x01\x02PNG\x00" * 100,
    "prompts/latin1.md": "Caf\xe9 {{ now }}".encode("latin-1"),
    "req/broken.json": b'{"messages": [{"role": "system", "content": "x"}',
    "prompts/broken.yaml": b"template: [unclosed\n  - : :\n",
    "prompts/broken.j2": b"Hello {% if x %} no end",
    "prompts/broken.prompty": b"---\nmodel: [\n---\nsystem:\nhi\n",
    "app/broken.py": b"def f(:\n    pass\n",
    "logs/broken.jsonl": b"{not json}\n[1,\n",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_bad_file_gets_one_line_and_exit_2_alone(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(BROKEN[name])
    code, out, err = run(capsys, "check", name)
    assert code == 2 and out == ""  # never "All clean: 0 prompt file(s) checked"
    lines = err.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"promptlint: {name}: ")
    assert lines[1] == "promptlint: error: nothing could be linted: 1 path(s) could not be read"
    assert "Traceback" not in err


def test_bad_files_do_not_stop_good_ones(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for name, data in BROKEN.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    (tmp_path / "prompts" / "good.md").write_text(GOOD)
    (tmp_path / "prompts" / "bad.md").write_text("Today is {{ now }}.\n")
    code, out, err = run(capsys, "check", ".", "--format", "json", "--min-blocks-at-stake", "0")
    assert code == 1
    assert [f["path"] for f in json.loads(out)] == ["prompts/bad.md"]
    assert len(err.strip().splitlines()) == len(BROKEN)


def test_huge_file_is_skipped_with_a_diagnostic(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prompts").mkdir()
    with open(tmp_path / "prompts" / "huge.md", "wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: 100 MB without writing them
    code, _, err = run(capsys, "check", "prompts/huge.md")
    assert code == 2 and "too large" in err and "max-file-size-mb" in err


def test_symlink_loops(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prompts").mkdir()
    os.symlink("b.md", tmp_path / "prompts" / "a.md")
    os.symlink("a.md", tmp_path / "prompts" / "b.md")
    os.symlink(".", tmp_path / "prompts" / "self")  # a directory loop: not followed
    (tmp_path / "prompts" / "good.md").write_text(GOOD)
    code, _, err = run(capsys, "check", "prompts")
    assert code == 0
    assert sorted(line.split(":")[1].strip() for line in err.strip().splitlines()) == [
        "prompts/a.md",
        "prompts/b.md",
    ]
    code, _, err = run(capsys, "check", "prompts/a.md")
    assert code == 2 and "symlink" in err


def test_missing_path(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "check", "nope/prompt.md")
    assert code == 2 and "no such file" in err


KINDS = [
    "text",
    "jinja",
    "json",
    "jsonl",
    "yaml",
    "github",
    "prompty",
    "dotprompt",
    "python",
    "hf-config",
]
LINTER = Linter(Config(tokenizer="bytes"))


def _lint_or_read_error(text: str, kind: str) -> None:
    try:
        docs = read_text(text, "fuzz", kind)
    except ReadError as exc:
        assert "\n" not in str(exc)
        return
    findings = LINTER.lint_documents(docs, LINTER.codes)
    for f in findings:
        assert f.line >= 1 and f.column >= 1 and f.end_line >= f.line
        assert f.blocks_at_stake >= 0 and f.tokens_at_stake >= 0


@given(st.text(max_size=300), st.sampled_from(KINDS))
def test_fuzz_readers_with_any_text(text, kind):
    _lint_or_read_error(text, kind)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "messages",
                    "role",
                    "content",
                    "tools",
                    "name",
                    "system",
                    "text",
                    "cache_control",
                    "input_schema",
                    "type",
                    "model",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@given(JSON_VALUES, st.sampled_from(["json", "jsonl", "yaml"]), st.booleans())
def test_fuzz_request_shapes(value, kind, indent):
    text = json.dumps(value, indent=2 if indent and kind == "json" else None)
    _lint_or_read_error(text, kind)


@given(st.text(alphabet="{}%#-/ ab\n'\"|:", max_size=120), st.sampled_from(["jinja", "prompty"]))
def test_fuzz_template_syntax(text, kind):
    _lint_or_read_error(text, kind)
