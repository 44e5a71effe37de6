"""promptlint diff: the first divergent token and block counts, checked independently."""

from __future__ import annotations

import json

import pytest
from conftest import skip_unless_ci
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.tokenizers import get_tokenizer
from kvscope.lint.diff.cli import main
from kvscope.lint.diff.core import diff_tokens

BS = 16


def expected_first(a: list[int], b: list[int]) -> int | None:
    """Plain token-list comparison, written without the code under test."""
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--format", "json", "--tokenizer", "bytes"])
    return code, json.loads(capsys.readouterr().out)


BASE = "".join(chr(ord("a") + i % 26) for i in range(200))


@pytest.mark.parametrize(
    ("pos", "where"),
    [
        (3, "first block"),
        (2 * BS + 5, "inside a block"),
        (4 * BS, "on a block boundary"),
        (None, "identical"),
    ],
)
def test_first_divergent_token_matches_plain_comparison(tmp_path, capsys, pos, where):
    new = BASE if pos is None else BASE[:pos] + "#" + BASE[pos + 1 :]
    (tmp_path / "old.txt").write_text(BASE)
    (tmp_path / "new.txt").write_text(new)
    code, doc = run_json(capsys, str(tmp_path / "old.txt"), str(tmp_path / "new.txt"))
    tok = get_tokenizer("bytes")
    a, b = tok.encode(BASE), tok.encode(new)
    first = expected_first(a, b)
    (row,) = doc["prompts"]
    assert code == 0, where
    assert row["first_divergent_token"] == first
    if first is None:
        assert row["first_divergent_block"] is None
        assert row["blocks_invalidated"] == 0 and row["status"] == "identical"
        assert row["blocks_shared"] == len(a) // BS
    else:
        assert row["first_divergent_block"] == first // BS
        assert row["blocks_shared"] == first // BS
        assert row["blocks_invalidated"] == len(a) // BS - first // BS
        assert row["tokens_invalidated"] == row["blocks_invalidated"] * BS


@given(
    prefix=st.lists(st.integers(0, 5), max_size=80),
    a=st.lists(st.integers(0, 5), max_size=40),
    b=st.lists(st.integers(0, 5), max_size=40),
    bs=st.sampled_from([1, 4, 16]),
)
def test_diff_tokens_agrees_with_plain_comparison(prefix, a, b, bs):
    old, new = prefix + a, prefix + b
    d = diff_tokens(old, new, bs)
    first = expected_first(old, new)
    assert d.first_divergent_token == first
    shared_tokens = len(old) if first is None else first
    assert d.blocks_shared == min(shared_tokens, len(new)) // bs
    assert d.blocks_shared + d.blocks_invalidated == len(old) // bs


def test_append_only_change_invalidates_nothing():
    d = diff_tokens(list(range(40)), [*list(range(40)), 7, 8, 9], 16)
    assert d.first_divergent_token == 40 and d.blocks_invalidated == 0


def test_fail_over_gates_ci(tmp_path, capsys):
    (tmp_path / "old.txt").write_text(BASE)
    (tmp_path / "new.txt").write_text("X" + BASE[1:])
    old, new = str(tmp_path / "old.txt"), str(tmp_path / "new.txt")
    code, doc = run_json(capsys, old, new, "--fail-over", "3")
    assert code == 1 and doc["blocks_invalidated"] == len(BASE) // BS
    code, _ = run_json(capsys, old, new, "--fail-over", str(len(BASE) // BS))
    assert code == 0


def test_bad_input_is_one_line_exit_2(tmp_path, capsys):
    (tmp_path / "bad.json").write_text("{nope")
    (tmp_path / "ok.txt").write_text("hi")
    assert main([str(tmp_path / "bad.json"), str(tmp_path / "ok.txt")]) == 2
    err = capsys.readouterr().err
    assert "invalid JSON" in err and "Traceback" not in err and err.count("\n") == 1
    assert main([str(tmp_path / "missing.txt"), str(tmp_path / "ok.txt")]) == 2
    assert main([str(tmp_path / "ok.txt"), str(tmp_path / "ok.txt"), "--block-size", "0"]) == 2


def test_through_the_promptlint_command(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    exe = Path(sys.executable).parent / "promptlint"
    if not exe.exists():
        skip_unless_ci("promptlint entry point not installed in this environment")
    (tmp_path / "old.txt").write_text(BASE)
    (tmp_path / "new.txt").write_text("X" + BASE[1:])
    out = subprocess.run(
        [
            str(exe),
            "diff",
            str(tmp_path / "old.txt"),
            str(tmp_path / "new.txt"),
            "--format",
            "json",
            "--tokenizer",
            "bytes",
            "--fail-over",
            "0",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 1
    assert json.loads(out.stdout)["prompts"][0]["first_divergent_token"] == 0
