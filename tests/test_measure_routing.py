"""--replicas N --routing ...: a fleet of backend caches, and the obvious orders between routers."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.backend.cache import HashedRequest, simulate
from kvscope.backend.prefix_keys import block_hashes
from kvscope.lint.measure.cli import main
from kvscope.lint.measure.replays import RequestSpool
from kvscope.lint.measure.replica import Replica, SimRequest
from kvscope.lint.measure.routing import ROUTINGS, Router, simulate_fleet
from kvscope.lint.measure.whatif import parse_routings

BS = 16


def hashed(rows: list[tuple[str | None, list[int]]]) -> list[SimRequest]:
    return [SimRequest(block_hashes(ids, BS), len(ids), s) for s, ids in rows]


def sessions_only(n_sessions: int, turns: int, seed: int) -> list[tuple[str, list[int]]]:
    """Sessions that share nothing with each other; each turn re-sends the whole history."""
    rng = random.Random(seed)
    history = {f"s{i}": [] for i in range(n_sessions)}
    out = []
    for _ in range(n_sessions * turns):
        sid = rng.choice(list(history))
        history[sid] += [rng.randrange(1, 50_000) for _ in range(rng.randint(40, 120))]
        out.append((sid, list(history[sid])))
    return out


def shared_heads(n: int, seed: int) -> list[tuple[str | None, list[int]]]:
    """One-shot requests over a few long shared system prompts (no sessions)."""
    rng = random.Random(seed)
    heads = [[rng.randrange(1, 50_000) for _ in range(40 * BS)] for _ in range(6)]
    return [
        (None, rng.choice(heads) + [rng.randrange(1, 50_000) for _ in range(rng.randint(5, 80))])
        for _ in range(n)
    ]


def write_log(path: Path, rows) -> Path:
    with path.open("w") as f:
        for session, ids in rows:
            f.write(json.dumps({"session": session, "prompt_token_ids": ids}) + "\n")
    return path


@pytest.mark.parametrize("routing", ROUTINGS)
@pytest.mark.parametrize("policy", ["lru", "gdsf"])
def test_one_replica_is_the_single_cache(routing, policy):
    reqs = hashed(sessions_only(12, 6, seed=1))
    for capacity in (40, 200, 5000):
        single = simulate(
            [HashedRequest(r.keys, r.num_tokens) for r in reqs], capacity, policy, block_size=BS
        )
        fleet = simulate_fleet(reqs, 1, capacity, routing, policy, BS)
        assert fleet.hit_tokens == single.hit_tokens and fleet.skipped == single.skipped
        assert fleet.requests_per_replica == [len(reqs)] and fleet.load_imbalance == 1.0


def test_session_affinity_beats_round_robin_on_sessions_only_traffic():
    reqs = hashed(sessions_only(16, 8, seed=2))
    for capacity in (300, 2000):
        rr = simulate_fleet(reqs, 4, capacity, "round-robin", "lru", BS)
        session = simulate_fleet(reqs, 4, capacity, "session", "lru", BS)
        assert session.hit_rate > rr.hit_rate + 0.2
        assert rr.load_imbalance == 1.0 and session.load_imbalance >= 1.0


@pytest.mark.parametrize(
    "rows",
    [sessions_only(16, 8, seed=3), shared_heads(400, seed=4), sessions_only(40, 4, seed=5)],
    ids=["sessions", "shared-heads", "many-sessions"],
)
def test_prefix_aware_is_never_worse_than_round_robin(rows):
    reqs = hashed(rows)
    for replicas in (2, 4):
        for capacity in (100, 600, 4000):
            rr = simulate_fleet(reqs, replicas, capacity, "round-robin", "lru", BS)
            pa = simulate_fleet(reqs, replicas, capacity, "prefix-aware", "lru", BS)
            assert pa.hit_rate >= rr.hit_rate, (replicas, capacity)
            assert pa.load_imbalance < 1.5  # the load term keeps it balanced


def test_cache_bonus_never_outweighs_a_queue_twice_the_median():
    reqs = hashed(shared_heads(3, seed=6))
    replicas = [Replica(1000, "lru", BS) for _ in range(4)]
    replicas[0].serve(reqs[0])
    probe = SimRequest(reqs[0].keys, reqs[0].num_tokens)  # fully cached on replica 0
    assert replicas[0].cached_blocks(probe) == (probe.num_tokens - 1) // BS
    router = Router("prefix-aware", 4)
    assert router.choose(probe, replicas, [3, 2, 2, 2]) == 0  # the cache wins a short queue
    assert router.choose(probe, replicas, [4, 2, 2, 2]) != 0  # twice the median: load wins
    assert router.choose(probe, replicas, [9, 4, 4, 4]) != 0
    cold = SimRequest(block_hashes(list(range(999, 999 + 5 * BS)), BS), 5 * BS)
    assert router.choose(cold, replicas, [2, 2, 1, 2]) == 2  # no overlap: the lightest


@settings(max_examples=30)
@given(
    rows=st.lists(
        st.tuples(
            st.sampled_from([None, "a", "b", "c", "d"]),
            st.integers(0, 2),
            st.lists(st.integers(1, 30), max_size=60),
        ),
        min_size=1,
        max_size=30,
    ),
    replicas=st.integers(1, 4),
    capacity=st.integers(1, 40),
    routing=st.sampled_from(ROUTINGS),
    policy=st.sampled_from(["lru", "gdsf"]),
)
def test_every_request_routed_once_and_capacity_respected(
    rows, replicas, capacity, routing, policy
):
    heads = [[], list(range(100, 100 + 3 * BS)), list(range(200, 200 + 5 * BS))]
    reqs = [
        SimRequest(block_hashes(heads[h] + tail, BS), len(heads[h] + tail), s)
        for s, h, tail in rows
    ]
    result = simulate_fleet(reqs, replicas, capacity, routing, policy, BS, check=True)
    assert sum(result.requests_per_replica) == len(reqs)
    assert len(result.requests_per_replica) == replicas
    mean = len(reqs) / replicas
    assert result.load_imbalance == pytest.approx(max(result.requests_per_replica) / mean)
    unbounded = simulate([HashedRequest(r.keys, r.num_tokens) for r in reqs], 10_000, policy, BS)
    assert 0 <= result.hit_tokens <= unbounded.hit_tokens
    assert result.prompt_tokens == sum(r.num_tokens for r in reqs)
    if routing == "session":  # affinity: one session, one replica
        where: dict[str, set[int]] = {}
        fleet = [Replica(capacity, policy, BS) for _ in range(replicas)]
        router = Router("session", replicas)
        for r in reqs:
            i = router.choose(r, fleet, [0] * replicas)
            if r.session is not None:
                where.setdefault(r.session, set()).add(i)
        assert all(len(v) == 1 for v in where.values())


def test_replica_capacity_holds_after_every_request():
    reqs = hashed(sessions_only(8, 6, seed=7))
    replica = Replica(64, "gdsf", BS)
    for r in reqs:
        replica.serve(r)
        m = replica.manager
        assert m.num_free_blocks + m.num_evictable_blocks == 64  # nothing leaked or held
        m.check_integrity()


@settings(max_examples=30)
@given(
    rows=st.lists(
        st.tuples(
            st.one_of(st.none(), st.text(max_size=12)),
            st.lists(st.binary(min_size=16, max_size=16), max_size=5),
            st.integers(0, 2**32 - 1),
        ),
        max_size=10,
    )
)
def test_route_spool_round_trips(rows):
    spool = RequestSpool(16)
    try:
        for session, keys, n in rows:
            spool.add(keys, n, session)
        back = list(spool.replay())
    finally:
        spool.close()
    assert back == [SimRequest(keys, n, session) for session, keys, n in rows]
    assert not Path(spool.path).exists()  # the spool file is removed


@given(st.text(max_size=60))
def test_routing_spec_parses_or_says_what_to_write(spec):
    try:
        names = parse_routings(spec)
    except ValueError as exc:
        assert "--routing" in str(exc) and "\n" not in str(exc)
    else:
        assert names and set(names) <= set(ROUTINGS) and len(names) == len(set(names))


@pytest.fixture(scope="module")
def fleet_log(tmp_path_factory) -> Path:
    rows = sessions_only(10, 5, seed=8) + shared_heads(30, seed=9)
    return write_log(tmp_path_factory.mktemp("fleet") / "log.jsonl", rows)


def test_cli_routing_rows_text_and_plots(fleet_log, capsys, tmp_path):
    page, png = tmp_path / "fleet.html", tmp_path / "fleet.png"
    argv = [str(fleet_log), "--replicas", "3", "--capacity", "5%,50%", "--top", "0"]
    assert main([*argv, "--format", "json", "--plot", str(page)]) == 0
    doc = json.loads(capsys.readouterr().out)
    rows = doc["routing"]
    assert len(rows) == 2 * 2 * 4  # eviction policies x capacities x routings
    assert {r["policy"] for r in rows} == set(ROUTINGS)
    for r in rows:
        assert {"policy", "hit_rate", "load_imbalance", "replicas", "eviction"} <= set(r)
        assert r["replicas"] == 3 and sum(r["requests_per_replica"]) == doc["requests"]
        assert 0 <= r["hit_rate"] <= doc["engine_hit_fraction"]
    html = page.read_text()
    assert "Fleet of 3 replicas" in html and "prefix-aware" in html and "<svg" in html
    assert main([*argv, "--routing", "session,round-robin", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "fleet of 3 replicas" in out and "load max/mean" in out and "random" not in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_jobs_run_the_replays_in_processes_with_the_same_figures(fleet_log, capsys):
    argv = [str(fleet_log), "--replicas", "2", "--capacity", "5%,50%", "--sample-rate", "0.5"]
    argv += ["--format", "json", "--top", "0"]
    docs = []
    for jobs in ("1", "3"):
        assert main([*argv, "--jobs", jobs]) == 0
        docs.append(json.loads(capsys.readouterr().out))
    assert docs[0]["routing"] == docs[1]["routing"] and len(docs[0]["routing"]) == 16
    assert docs[0]["capacity_curve"] == docs[1]["capacity_curve"]


def test_cli_one_replica_matches_the_capacity_curve(fleet_log, capsys):
    argv = [str(fleet_log), "--replicas", "1", "--capacity", "5%,50%", "--format", "json"]
    assert main([*argv, "--top", "0"]) == 0
    doc = json.loads(capsys.readouterr().out)
    curve = {(r["policy"], r["capacity"]): r["hit_tokens"] for r in doc["capacity_curve"]}
    for r in doc["routing"]:
        assert r["hit_tokens"] == curve[r["eviction"], r["capacity"]]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--replicas", "0"], "--replicas must be between 1 and 1024"),
        (["--replicas", "5000"], "--replicas must be between 1 and 1024"),
        (["--replicas", "1024", "--capacity", "30000"], "over 20,000,000 blocks"),
        (["--sample-rate", "0.1", "--capacity", "none"], "drop '--capacity none'"),
        (["--routing", "session"], "--routing needs --replicas"),
        (["--replicas", "2", "--routing", "sticky"], "unknown --routing 'sticky'"),
        (["--replicas", "2", "--capacity", "none"], "--replicas needs a --capacity"),
    ],
)
def test_cli_bad_fleet_flags_are_one_line_errors(fleet_log, capsys, argv, needle):
    assert main([str(fleet_log), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1 and "Traceback" not in err
