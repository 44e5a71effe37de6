"""The streaming analyzer against brute-force definitions computed in the test."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.prefix_keys import ExtraKeys
from kvscope.lint.measure.analyzer import Analyzer
from kvscope.lint.measure.nearmiss import NearMisses

NO = ExtraKeys()


def brute(requests: list[list[int]], bs: int) -> tuple[int, int, int]:
    """(repeated block tokens, vllm hit tokens, sglang hit tokens) by plain list comparison."""
    repeated = vllm = sglang = 0
    for i, toks in enumerate(requests):
        earlier = requests[:i]
        blocks = 0
        while (
            any(
                len(e) >= (blocks + 1) * bs and e[: (blocks + 1) * bs] == toks[: (blocks + 1) * bs]
                for e in earlier
            )
            and len(toks) >= (blocks + 1) * bs
        ):
            blocks += 1
        repeated += blocks * bs
        vllm += min(blocks, (len(toks) - 1) // bs) * bs if toks else 0
        lcp = 0
        for e in earlier:
            n = 0
            while n < min(len(e), len(toks)) and e[n] == toks[n]:
                n += 1
            lcp = max(lcp, n)
        sglang += min(lcp, max(len(toks) - 1, 0))
    return repeated, vllm, sglang


token_lists = st.lists(st.lists(st.integers(0, 3), max_size=30), min_size=1, max_size=12)


@given(token_lists, st.sampled_from([1, 2, 4, 8]))
def test_vllm_and_sglang_match_brute_force(requests, bs):
    want_rep, want_vllm, want_sglang = brute(requests, bs)
    for engine, want in (("vllm", want_vllm), ("sglang", want_sglang)):
        a = Analyzer(bs, engine)
        for toks in requests:
            a.add(toks, NO, {"tenant": "t"})
            a.check_integrity()
        s = a.summary()
        assert s.repeated_prefix_tokens == want_rep
        assert s.engine_hit_tokens == want
        assert s.by["tenant"]["t"]["requests"] == len(requests)


def test_vllm_never_serves_the_last_token():
    a = Analyzer(4, "vllm")
    a.add(list(range(8)), NO)
    out = a.add(list(range(8)), NO)  # identical: 2 full blocks repeated, but 7 tokens servable
    assert out.repeated_tokens == 8 and out.engine_hit_tokens == 4


def test_models_and_salts_do_not_share():
    a = Analyzer(4)
    a.add(list(range(16)), ExtraKeys(model="a"))
    assert a.add(list(range(16)), ExtraKeys(model="b")).repeated_tokens == 0
    assert a.add(list(range(16)), ExtraKeys(model="a", salt="t1")).repeated_tokens == 0
    assert a.add(list(range(16)), ExtraKeys(model="a")).repeated_tokens == 16


def test_top_prefixes_find_where_sharing_stops():
    a = Analyzer(4)
    system = list(range(100, 140))  # 10 blocks shared by everyone
    for user in range(6):
        a.add(system + [user] * 8, NO)
    top = a.top_prefixes(3)
    assert top[0]["tokens"] == 40 and top[0]["requests"] == 6
    assert top[0]["head_tokens"][:4] == [100, 101, 102, 103]


def chat(system: str, tools: list | None = None) -> dict:
    req = {"messages": [{"role": "system", "content": system}, {"role": "user", "content": "q"}]}
    if tools is not None:
        req["tools"] = tools
    return req


def test_near_misses_link_rules():
    nm = NearMisses()
    base = "You are helpful. Follow the policy. " * 5
    for i in range(5):
        nm.add(chat(f"Now: 2026-11-29T10:0{i}:00Z. {base}"), None, 100)
        nm.add(chat(f"Request req-{1000 + i:05d}abc. {base}"), None, 100)
    t1 = {"type": "function", "function": {"name": "a"}}
    t2 = {"type": "function", "function": {"name": "b"}}
    nm.add(chat(base, [t1, t2]), None, 100)
    nm.add(chat(base, [t2, t1]), None, 100)
    nm.add(chat("An unrelated prompt. " + base), None, 100)  # differs for real: not a near miss
    rows = {m["rule"]: m for m in nm.top(10)}
    assert set(rows) == {"PL001", "PL002", "PL004"}
    assert rows["PL001"]["variants"] == 5 and rows["PL001"]["rule_name"] == "volatile-timestamp"
    assert rows["PL004"]["example"] == {"old": "a, b", "new": "b, a"}


def top_by_definition(a: Analyzer, n: int) -> list[dict]:
    """Every reused block, its reuse summed over its subtree; keep where reuse stops growing."""
    reuse: dict[bytes, int] = {}
    for end, (count, _, _) in a.ends.items():
        k = end
        while k is not None:
            reuse[k] = reuse.get(k, 0) + count
            k = a.seen[k]
    best_child: dict[bytes, int] = {}
    for k, r in reuse.items():
        par = a.seen[k]
        if par is not None:
            best_child[par] = max(best_child.get(par, 0), r)

    def depth(k: bytes) -> int:
        return 0 if k is None else 1 + depth(a.seen[k])

    def saved(k: bytes, r: int) -> int:  # vLLM: a request that is all prefix saves a block less
        short = a.ends[k][2] if a.engine == "vllm" and k in a.ends else 0
        return (depth(k) * r - short) * a.block_size

    rows = [(saved(k, r), k) for k, r in reuse.items() if r > best_child.get(k, 0)]
    rows.sort(key=lambda row: (-row[0], row[1]))
    return [
        {"tokens": depth(k) * a.block_size, "reuses": reuse[k], "tokens_saved": saved}
        for saved, k in rows[:n]
    ]


def test_tokens_saved_follow_vllms_last_token_rule():
    """Requests of exactly one 96-token prefix at block size 32: vLLM serves 64 of them."""
    for engine, want in (("vllm", 64), ("sglang", 96)):
        a = Analyzer(32, engine)
        for _ in range(3):
            a.add(list(range(96)), NO)
        (row,) = a.top_prefixes(5)
        assert row["tokens"] == 96 and row["reuses"] == 2
        assert row["tokens_saved"] == 2 * want
        a.check_integrity()


@given(
    st.lists(st.lists(st.integers(0, 2), max_size=24), min_size=1, max_size=25),
    st.sampled_from([1, 2, 4]),
    st.sampled_from(["vllm", "sglang"]),
)
def test_top_prefixes_equal_the_definition(requests, bs, engine):
    a = Analyzer(bs, engine)
    for toks in requests:
        a.add(toks, NO)
    a.check_integrity()
    got = [{k: row[k] for k in ("tokens", "reuses", "tokens_saved")} for row in a.top_prefixes(50)]
    assert got == top_by_definition(a, 50)
