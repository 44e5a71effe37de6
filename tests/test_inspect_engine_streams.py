"""The inspector on vLLM- and SGLang-shaped input (Pilot, headless): what a user of those engines
sees for evictions, per-prefix hits, an idle engine and salted tenants."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st
from test_inspect_app import rendered_text
from textual.widgets import DataTable, Static, Tree

from kvscope.backend.events import BlockEvicted, BlockRemoved, BlockStored, EventBatch
from kvscope.inspect.app import InspectorApp
from kvscope.inspect.fold import CacheState, salt_tenant
from kvscope.inspect.messages import MetricsUpdated
from kvscope.inspect.sources.prom import parse, summarize

TEXT = list(b"You are the ACME support assistant. Answer briefly. " * 4)  # bytes tokenizer ids


def vllm_stream() -> CacheState:
    """vLLM's shape: int hashes, one BlockStored per run, BlockRemoved only when evicting."""
    state = CacheState()
    hashes = [10_000 + i for i in range(6)]
    state.apply(EventBatch(1.0, [BlockStored(hashes[:4], None, TEXT[:128], 32)]))
    state.apply(EventBatch(2.0, [BlockStored(hashes[4:], hashes[3], TEXT[128:192], 32)]))
    state.apply(EventBatch(3.0, [BlockRemoved(hashes[4:], medium="GPU")]))
    state.apply(EventBatch(4.0, [BlockRemoved([999], medium="CPU")]))  # joined late: unknown
    state.check_integrity()
    return state


def test_removals_are_evictions_per_tier_when_the_producer_sends_no_reasons():
    state = vllm_stream()
    assert state.evictions_by_reason() == {"removed from GPU": 2, "removed from CPU": 1}
    assert not state.has_hits
    state.apply(EventBatch(5.0, [BlockEvicted([10_000], "capacity", "lru")]))
    assert state.evictions_by_reason() == {"capacity": 1}  # reasons win once a producer sends them


VLLM_METRICS = """\
vllm:prefix_cache_queries_total{engine="0",model_name="m"} %d
vllm:prefix_cache_hits_total{engine="0",model_name="m"} %d
vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.5
"""


def test_vllm_overview_tree_and_idle_engine_under_pilot():
    state = vllm_stream()
    first = summarize(parse(VLLM_METRICS % (1000, 250))[0])
    busy = summarize(parse(VLLM_METRICS % (1100, 340))[0], first)
    idle = summarize(parse(VLLM_METRICS % (1100, 340))[0], busy)

    async def scenario():
        app = InspectorApp(state=state, tokenizer="bytes")
        async with app.run_test(size=(160, 40)) as pilot:
            for snap in (first, busy, idle, idle):
                app.on_metrics_updated(MetricsUpdated(snap))
            app.tick(force=True)
            await pilot.pause()
            text = "\n".join(
                rendered_text(app.query_one(f"#ov-{n}"))
                for n in ("cache", "traffic", "latency", "events")
            )
            assert "removed from CPU 1, removed from GPU 2" in text
            assert "idle (last 90.0%)" in text
            assert list(app.metric_rates)[-2:] == [busy.hit_rate] * 2  # no jump to lifetime
            await pilot.press("2")
            app.tick(force=True)
            await pilot.pause()
            (root,) = app.query_one(Tree).root.children
            assert str(root.label).count("n/a") == 2 and "You are the ACME" in str(root.label)
            info = rendered_text(app.query_one("#px-info", Static))
            assert "n/a for this producer" in info

    asyncio.run(scenario())


def test_sglang_salted_blocks_show_the_salts_tenant_not_the_salt():
    state = CacheState()
    salt = {"cache_salt": "globex-very-secret"}
    state.apply(EventBatch(1.0, [BlockStored([-1, -2], None, TEXT[:64], 32, metadata=salt)]))
    state.apply(EventBatch(2.0, [BlockStored([-3], -2, TEXT[64:96], 32, medium="CPU_PINNED")]))
    state.check_integrity()
    tenant = salt_tenant("globex-very-secret")

    async def scenario():
        app = InspectorApp(state=state, tokenizer="bytes")
        async with app.run_test(size=(160, 40)) as pilot:
            await pilot.press("4")
            app.tick(force=True)
            await pilot.pause()
            table = app.query_one(DataTable)
            rows = [table.get_row_at(i) for i in range(table.row_count)]
            assert [r[0] for r in rows] == [tenant] and rows[0][-1] == "3"
            assert rows[0][1] == "n/a"  # no hit rate from a stream without hits, not "0.0%"
            await pilot.press("2")
            app.tick(force=True)
            await pilot.pause()
            (root,) = app.query_one(Tree).root.children
            assert tenant in str(root.label) and "secret" not in str(root.label)

    asyncio.run(scenario())
    assert state.blocks[-3].tier == "CPU"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["store", "remove"]),
            st.lists(st.integers(-4, 12), min_size=1, max_size=3),
            st.sampled_from(["GPU", "CPU_PINNED", "cpu", "storage_mooncake", None]),
            st.none() | st.sampled_from(["a", "b", ""]),
        ),
        max_size=30,
    )
)
def test_fold_invariants_hold_on_salted_and_tiered_streams(ops):
    state = CacheState()
    for i, (op, hashes, medium, salt) in enumerate(ops):
        meta = None if salt is None else {"cache_salt": salt}
        if op == "store":
            hashes = list(dict.fromkeys(hashes))
            event = BlockStored(hashes, hashes[0] - 1, [1] * 4 * len(hashes), 4,
                                medium=medium, metadata=meta)  # fmt: skip
        else:
            event = BlockRemoved(hashes, medium=medium)
        state.apply(EventBatch(float(i), [event]))
        state.check_integrity()
    removed = sum(len(h) for op, h, _, _ in ops if op == "remove")
    assert sum(state.evictions_by_reason().values()) == removed
