"""--sample-rate: the capacity curve from a spatial block sample, measured against the exact one."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.chat import render_request
from kvscope.backend.prefix_keys import block_hashes
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.backend.workload import WorkloadConfig, generate
from kvscope.lint.measure.cli import build_parser, main, run
from kvscope.lint.measure.sampledcurve import MIN_MINIATURE
from kvscope.lint.measure.sampling import Sampler

BS = 16
TARGET = 0.01  # one point of hit rate, at every capacity point, at a 10 % rate


def write_log(path: Path, requests: list[tuple[str | None, list[int]]]) -> Path:
    with path.open("w") as f:
        for session, ids in requests:
            f.write(json.dumps({"session": session, "prompt_token_ids": ids}) + "\n")
    return path


def measure(log: Path, *argv: str) -> dict:
    return run(build_parser().parse_args([str(log), "--top", "0", *argv]))


def worst_error(exact: dict, sampled: dict) -> float:
    pairs = list(zip(exact["capacity_curve"], sampled["capacity_curve"], strict=True))
    for e, s in pairs:
        assert (e["policy"], e["capacity_blocks"]) == (s["policy"], s["capacity_blocks"])
    return max(abs(e["hit_rate"] - s["hit_rate"]) for e, s in pairs)


def crafted(n_sessions: int, seed: int) -> list[tuple[str | None, list[int]]]:
    """Chat sessions over a few shared system prompts, each turn re-sending the history."""
    rng = random.Random(seed)
    systems = [[rng.randrange(50_000) for _ in range(rng.randint(20, 60) * BS)] for _ in range(6)]
    live: list[list] = []
    out = []
    for sid in range(n_sessions * 4):
        if len(live) < 24 and sid < n_sessions:
            live.append([f"s{sid}", list(rng.choice(systems)), rng.randint(2, 8)])
        if not live:
            break
        s = rng.choice(live)
        s[1] += [rng.randrange(50_000) for _ in range(rng.randint(10, 200))]
        out.append((s[0], list(s[1])))
        s[1] += [rng.randrange(50_000) for _ in range(rng.randint(20, 300))]  # the reply
        s[2] -= 1
        if s[2] == 0:
            live.remove(s)
    return out


@pytest.fixture(scope="module")
def reference_docs(tmp_path_factory) -> tuple[dict, dict]:
    """The reference workload (1,000 requests at full length), pre-tokenized once."""
    tok = get_tokenizer("cl100k")
    path = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    with path.open("w") as f:
        for row in generate(WorkloadConfig(requests=1000, seed=0)):
            ids = tok.encode(render_request(row), True)
            f.write(json.dumps({"session": row["session"], "prompt_token_ids": ids}) + "\n")
    return measure(path), measure(path, "--sample-rate", "0.1")


def test_reference_workload_within_one_point_at_every_capacity(reference_docs):
    exact, sampled = reference_docs
    assert len(sampled["capacity_curve"]) == 10  # 5 default points x lru, gdsf
    assert worst_error(exact, sampled) <= TARGET
    s = sampled["capacity_sampling"]
    assert s["estimator"] == "difference" and s["rate"] == 0.1
    assert 0.09 < s["sampled_blocks"] / s["blocks"] < 0.11
    assert exact["capacity_sampling"] is None
    row = sampled["capacity_curve"][0]
    assert row["sampled_capacity_blocks"] == round((row["capacity_blocks"] - 1) * 0.1) + 1
    assert s["note"] is None  # every miniature cache is large enough


def test_crafted_sessions_within_one_point(tmp_path):
    log = write_log(tmp_path / "crafted.jsonl", crafted(2500, seed=1))
    exact = measure(log)
    sampled = measure(log, "--sample-rate", "0.1")
    assert exact["unique_blocks"] > 30_000
    assert worst_error(exact, sampled) <= TARGET
    args = ("--capacity", "1%,25%", "--policies", "lru")
    small, small_exact = measure(log, *args, "--sample-rate", "0.1"), measure(log, *args)
    assert worst_error(small_exact, small) <= TARGET
    one, quarter = small["capacity_sampling"]["points"]
    assert quarter["rate"] == 0.1 and quarter["sampled_capacity_blocks"] >= MIN_MINIATURE
    # 1 % of the unique blocks: a 10 % miniature would hold ~30 blocks; it is sampled denser
    assert one["rate"] > 0.1 and one["sampled_capacity_blocks"] >= MIN_MINIATURE
    assert small["capacity_curve"][0]["sample_rate"] == one["rate"]
    assert small["capacity_sampling"]["note"] is None
    assert all(r["hit_tokens"] <= exact["engine_hit_tokens"] for r in sampled["capacity_curve"])


request_lists = st.lists(
    st.tuples(
        st.sampled_from([None, "a", "b", "c"]),
        st.integers(0, 3),  # which shared head
        st.lists(st.integers(0, 40), max_size=70),  # the tail
    ),
    min_size=1,
    max_size=25,
)


@settings(max_examples=25)
@given(reqs=request_lists, points=st.sampled_from(["1,3,10", "5%,50%,200%", "2"]))
def test_rate_one_is_the_exact_replay(reqs, points):
    heads = [list(range(k * 100, k * 100 + k * 9 * 4)) for k in range(4)]
    rows = [(s, heads[h] + tail) for s, h, tail in reqs if heads[h] + tail]
    if not rows:
        return
    with tempfile.TemporaryDirectory() as folder:
        log = write_log(Path(folder) / "log.jsonl", rows)
        args = ("--tokenizer", "bytes", "--block-size", "4", "--capacity", points)
        exact = measure(log, *args)
        one = measure(log, *args, "--sample-rate", "1")
    assert one["capacity_sampling"]["estimator"] == "exact"
    for e, s in zip(exact["capacity_curve"], one["capacity_curve"], strict=True):
        assert (e["hit_tokens"], e["requests_too_large"]) == (
            s["hit_tokens"],
            s["requests_too_large"],
        )


def test_rate_one_keeps_a_request_shorter_than_a_block(tmp_path):
    # the one-token request fills the last free block, so it evicts A's leaf as the exact
    # replay does; a sample that dropped it (no full block to sample) would hit A twice
    a, c, short = list(range(9)), list(range(100, 108)), [50]
    log = write_log(tmp_path / "log.jsonl", [(None, a), (None, c), (None, short), (None, a)])
    args = ("--tokenizer", "bytes", "--block-size", "4", "--capacity", "4", "--policies", "lru")
    exact = measure(log, *args)["capacity_curve"][0]
    one = measure(log, *args, "--sample-rate", "1")["capacity_curve"][0]
    assert exact["hit_tokens"] == 4
    assert (one["hit_tokens"], one["estimator"]) == (4, "exact")


@settings(max_examples=40)
@given(
    chains=st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=120), min_size=1, max_size=8),
    rate=st.sampled_from([0.05, 0.1, 0.3, 0.7]),
    seed=st.integers(0, 3),
    mode=st.sampled_from(["stratified", "bernoulli"]),
)
def test_a_block_is_sampled_in_every_request_or_in_none(chains, rate, seed, mode):
    sampler = Sampler(rate, 4, seed, mode)
    kept: dict[bytes, bool] = {}
    for tokens in chains:
        keys = block_hashes(tokens, 4)
        where = sampler.picks(keys)
        got = sampler.sample(keys, len(tokens))
        picked = got[0] if got else []
        assert picked == [keys[i] for i in where] and where == sorted(set(where))
        for k in keys:
            assert kept.setdefault(k, k in picked) == (k in picked)
        if mode == "stratified" and sampler.rate < 1:  # one block per whole window
            assert len(keys) // sampler.period <= len(picked) <= -(-len(keys) // sampler.period)
        if got and sampler.rate >= 1:
            assert got == (keys, len(tokens))  # rate 1.0: the request as it is
        elif got:
            last_full = len(tokens) == len(keys) * 4 and picked[-1] == keys[-1]
            assert got[1] == len(picked) * 4 + (0 if last_full else 1)
    stats = sampler.stats()
    assert stats.sampled_blocks <= stats.blocks and stats.requests == len(chains)


@pytest.mark.parametrize("mode", ["stratified", "bernoulli"])
def test_the_sample_is_the_rate_of_the_blocks(mode):
    keys = block_hashes(list(range(16 * 50_000)), 16)
    sampler = Sampler(0.1, 16, mode=mode)
    share = len(sampler.picks(keys)) / len(keys)
    assert abs(share - 0.1) < 0.005
    other = Sampler(0.1, 16, seed=7, mode=mode).picks(keys)
    assert other != sampler.picks(keys)  # another seed draws another sample
    assert Sampler(0.3, 16).rate == pytest.approx(1 / 3)  # stratified rounds to 1 / P


@pytest.mark.parametrize("rate", ["0", "1.5", "-0.1", "nan"])
def test_bad_rate_is_a_one_line_error(tmp_path, capsys, rate):
    log = write_log(tmp_path / "log.jsonl", [("s", list(range(40)))])
    assert main([str(log), "--sample-rate", rate]) == 2
    err = capsys.readouterr().err.strip()
    assert "--sample-rate" in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_text_report_says_the_curve_is_sampled(tmp_path, capsys):
    log = write_log(tmp_path / "log.jsonl", crafted(40, seed=2))
    assert main([str(log), "--sample-rate", "0.25", "--top", "0"]) == 0
    out = capsys.readouterr().out
    assert "25% spatial sample of the blocks" in out and "difference estimator" in out
    # a 40-session log: every default point is small, so each is sampled at its own rate
    line = " ".join(out.split())  # the report wraps to the terminal
    assert "small caches sampled denser: 5% at 100%" in line
    assert "the replays read" in line and "of the exact curve's blocks" in line


def test_sampled_curve_and_fleet_are_the_same_under_the_duckdb_executor(tmp_path):
    log = write_log(tmp_path / "log.jsonl", crafted(60, seed=3))
    argv = ("--sample-rate", "0.25", "--replicas", "2", "--capacity", "10%,50%")
    inprocess = measure(log, *argv, "--executor", "inprocess")
    duck = measure(log, *argv, "--executor", "duckdb")
    assert duck["executor"] == "duckdb" and inprocess["executor"] == "inprocess"
    assert duck["capacity_sampling"]["estimator"] == "difference"
    assert duck["capacity_curve"] == inprocess["capacity_curve"]
    assert duck["routing"] == inprocess["routing"] and len(duck["routing"]) == 16
