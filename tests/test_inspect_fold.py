"""The inspector's folding core against a simple reference model (hash -> parent, copy counts)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.events import (
    AllBlocksCleared,
    BlockEvicted,
    BlockHit,
    BlockPinned,
    BlockRemoved,
    BlockStored,
    BlockSwapped,
    EventBatch,
    RequestPreempted,
)
from kvscope.inspect.fold import CacheState

HASHES = [bytes([i]) * 4 for i in range(12)]  # a small pool, so duplicates and reuse are common
h_st = st.sampled_from(HASHES)
medium = st.sampled_from(["GPU", "CPU", None])
op = st.one_of(
    st.tuples(st.just("store"), st.lists(h_st, min_size=1, max_size=3, unique=True),
              st.none() | h_st, medium),
    st.tuples(st.just("remove"), st.lists(h_st, min_size=1, max_size=3), medium),
    st.tuples(st.just("clear")),
    st.tuples(st.just("hit"), st.lists(h_st, max_size=3), st.sampled_from(["a", "b", None])),
    st.tuples(st.just("swap"), st.lists(h_st, max_size=2)),
)  # fmt: skip


def _tier(m):
    return "GPU" if m is None else m


@given(st.lists(op, max_size=40))
def test_fold_matches_reference_model(ops):
    state = CacheState()
    ref: dict[bytes, tuple[bytes | None, dict[str, int]]] = {}
    for step, o in enumerate(ops):
        kind = o[0]
        if kind == "store":
            _, hs, parent, m = o
            if parent in hs:
                parent = None
            event = BlockStored(hs, parent, list(range(4 * len(hs))), 4, medium=m)
            p = parent
            for h in hs:
                entry = ref.setdefault(h, (p, {}))
                entry[1][_tier(m)] = entry[1].get(_tier(m), 0) + 1
                p = h
        elif kind == "remove":
            _, hs, m = o
            event = BlockRemoved(hs, medium=m)
            for h in hs:
                if h in ref and _tier(m) in ref[h][1]:
                    copies = ref[h][1]
                    copies[_tier(m)] -= 1
                    if not copies[_tier(m)]:
                        del copies[_tier(m)]
                    if not copies:
                        del ref[h]
        elif kind == "clear":
            event = AllBlocksCleared()
            ref.clear()
        elif kind == "hit":
            event = BlockHit(o[1], 4 * len(o[1]), tenant=o[2])
        else:
            event = BlockSwapped(o[1], "GPU", "CPU")  # counted; copies move by removed+stored
        state.apply(EventBatch(float(step), [event]))
        state.check_integrity()
        assert set(state.blocks) == set(ref)
        for h, (parent, copies) in ref.items():
            assert state.blocks[h].parent == parent
            assert state.blocks[h].copies == copies


def test_duplicate_copies_need_as_many_removals():
    state = CacheState()
    h = HASHES[:2]
    state.apply(EventBatch(1.0, [BlockStored(h, None, list(range(8)), 4)] * 2))
    state.apply(EventBatch(2.0, [BlockRemoved(h)]))
    assert set(state.blocks) == set(h)
    state.apply(EventBatch(3.0, [BlockRemoved(h), BlockRemoved(h)]))
    assert not state.blocks and state.unknown_removals == 2
    state.check_integrity()


def test_orphans_become_roots_and_rejoin_their_parent():
    state = CacheState()
    a, b, c = HASHES[:3]
    state.apply(EventBatch(1.0, [BlockStored([b, c], a, list(range(8)), 4)]))
    assert state.roots == {b}  # parent a never seen (consumer joined late)
    state.apply(EventBatch(2.0, [BlockStored([a], None, list(range(4)), 4)]))
    assert state.roots == {a}
    state.apply(EventBatch(3.0, [BlockRemoved([a])]))
    assert state.roots == {b}
    state.check_integrity()


def test_counters_hit_rate_tenants_and_capped_log():
    state = CacheState(log_size=5)
    a, b = HASHES[:2]
    state.apply(EventBatch(100.0, [BlockStored([a, b], None, list(range(8)), 4)]))
    events = [
        BlockHit([a, b], 8, tenant="acme"),
        BlockEvicted([b], "capacity", "gdsf", 1.5),
        BlockSwapped([b], "GPU", "CPU"),
        BlockPinned([a]),
        RequestPreempted("r1", "swap", 3),
    ]
    state.apply(EventBatch(101.0, events))  # fmt: skip
    assert state.hit_rate() == 8 / 16
    assert state.blocks[a].hits == 1 and state.blocks[a].pinned and state.blocks[b].tier == "GPU"
    assert state.evictions == {"capacity": 1} and state.swaps == {"GPU->CPU": 1}
    assert state.preemptions == {"swap": 1}
    assert state.tenants["acme"].hit_tokens == 8 and state.tenants["acme"].blocks == 2
    assert state.blocks_by_tier() == {"GPU": 2, "pinned": 1}
    state.apply(
        EventBatch(102.0, [BlockRemoved([b]), BlockStored([b], a, [1, 2, 3, 4], 4, medium="CPU")])
    )
    assert state.blocks[b].tier == "CPU" and state.blocks_by_tier() == {
        "GPU": 1,
        "CPU": 1,
        "pinned": 1,
    }
    assert len(state.log) == 5 and state.log[0][1].TYPE == "BlockSwapped"  # capped at 5
    state.apply(EventBatch(200.0, [BlockStored([HASHES[5]], None, list(range(4)), 4)]))
    assert state.hit_rate(window_s=10) is not None and state.hit_rate(window_s=10) == 0.0
    state.check_integrity()
