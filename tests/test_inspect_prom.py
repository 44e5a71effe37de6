"""Prometheus scrape parsing and the per-engine summary (kvscope, vLLM, SGLang)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.metric_names import SERIES
from kvscope.inspect.sources.prom import detect_engine, parse, quantile, summarize

KVSCOPE = """\
# HELP kvscope_prefix_cache_hit_tokens_total Prompt tokens served from the prefix cache.
# TYPE kvscope_prefix_cache_hit_tokens_total counter
kvscope_prefix_cache_hit_tokens_total{model_name="kvscope-tiny",tenant="a"} 600
kvscope_prefix_cache_hit_tokens_total{model_name="kvscope-tiny",tenant="b"} 200
kvscope_prefix_cache_query_tokens_total{model_name="kvscope-tiny",tenant="a"} 800
kvscope_prefix_cache_query_tokens_total{model_name="kvscope-tiny",tenant="b"} 800
kvscope_kv_cache_usage_ratio{model_name="kvscope-tiny",tier="GPU"} 0.75
kvscope_kv_cache_blocks{model_name="kvscope-tiny",tier="GPU",state="free"} 10
kvscope_kv_cache_blocks{model_name="kvscope-tiny",tier="GPU",state="cached"} 30
kvscope_kv_cache_blocks{model_name="kvscope-tiny",tier="GPU",state="used"} 60
kvscope_kv_cache_evictions_total{model_name="kvscope-tiny",tier="GPU",reason="capacity"} 7
kvscope_preemptions_total{model_name="kvscope-tiny",mode="swap"} 2
kvscope_preemptions_total{model_name="kvscope-tiny",mode="recompute"} 1
kvscope_requests_running{model_name="kvscope-tiny"} 3
kvscope_requests_waiting{model_name="kvscope-tiny"} 5
kvscope_time_to_first_token_seconds_bucket{model_name="kvscope-tiny",le="0.1"} 50
kvscope_time_to_first_token_seconds_bucket{model_name="kvscope-tiny",le="0.4"} 90
kvscope_time_to_first_token_seconds_bucket{model_name="kvscope-tiny",le="+Inf"} 100
kvscope_time_to_first_token_seconds_count{model_name="kvscope-tiny"} 100
"""

VLLM = """\
vllm:prefix_cache_queries_total{engine="0",model_name="m"} 1000.0
vllm:prefix_cache_hits_total{engine="0",model_name="m"} 250.0
vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.5
vllm:num_requests_running{engine="0",model_name="m"} 4.0
vllm:num_requests_waiting{engine="0",model_name="m"} 0.0
vllm:num_preemptions_total{engine="0",model_name="m"} 9.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.5",model_name="m"} 10.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="1.0",model_name="m"} 20.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",model_name="m"} 20.0
"""

SGLANG = """\
sglang:cached_tokens_total{cache_source="device",model_name="m"} 30
sglang:cached_tokens_total{cache_source="total",model_name="m"} 40
sglang:prompt_tokens_total{model_name="m"} 160
sglang:realtime_tokens_total{mode="prefill_cache",model_name="m"} 40
sglang:realtime_tokens_total{mode="prefill_compute",model_name="m"} 120
sglang:realtime_tokens_total{mode="decode",model_name="m"} 900
sglang:num_retracted_requests_total{model_name="m"} 4
sglang:evicted_tokens_total{model_name="m"} 512
sglang:cache_hit_rate{model_name="m"} 0.0
sglang:token_usage{model_name="m"} 0.25
sglang:num_running_reqs{model_name="m"} 1
sglang:num_queue_reqs{model_name="m"} 2
"""


def test_kvscope_series_names_match_the_shared_table():
    names = {s.name for s in SERIES}
    for sample in parse(KVSCOPE)[0]:
        base = sample.name.removesuffix("_bucket").removesuffix("_count")
        assert base in names, base


def test_kvscope_summary():
    snap = summarize(parse(KVSCOPE)[0])
    assert snap.engine == "kvscope" and snap.hit_rate == 800 / 1600
    # Usage as the recording rule computes it: used blocks / all blocks (cached ones count as free),
    # not kvscope_kv_cache_usage_ratio (0.75), which counts cached blocks as used.
    assert snap.usage == {"GPU": 0.6}
    assert snap.blocks == {"GPU/free": 10, "GPU/cached": 30, "GPU/used": 60}
    assert snap.evictions == {"capacity": 7} and snap.preemptions == 3
    assert (snap.running, snap.waiting) == (3, 5)
    assert snap.ttft_p50 == 0.1 and abs(snap.ttft_p95 - 0.4) < 1e-9  # the +Inf bucket -> 0.4


def test_vllm_and_sglang_summaries():
    v = summarize(parse(VLLM)[0])
    assert v.engine == "vllm" and v.hit_rate == 0.25 and v.usage == {"GPU": 0.5}
    assert v.preemptions == 9 and v.ttft_p50 == 0.5
    s = summarize(parse(SGLANG)[0])
    assert s.engine == "sglang" and s.hit_rate == 40 / 160 and (s.running, s.waiting) == (1, 2)
    # decode tokens are not prompt tokens; the per-batch cache_hit_rate gauge (0 here) is ignored
    assert (s.hit_tokens, s.query_tokens) == (40, 160)
    assert s.preemptions == 4 and s.evictions == {"evicted tokens": 512}
    assert s.usage == {"GPU": 0.25}


def test_second_scrape_reports_the_recent_rate_not_the_total():
    first = summarize(parse(VLLM)[0])
    later = VLLM.replace("1000.0", "1100.0").replace("250.0", "340.0")
    later = later.replace('le="0.5",model_name="m"} 10.0', 'le="0.5",model_name="m"} 15.0')
    later = later.replace('"1.0",model_name="m"} 20.0', '"1.0",model_name="m"} 30.0')
    later = later.replace('"+Inf",model_name="m"} 20.0', '"+Inf",model_name="m"} 30.0')
    snap = summarize(parse(later)[0], first)
    assert abs(snap.hit_rate - 0.9) < 1e-9  # 90 of the last 100 tokens
    assert abs(snap.ttft_p50 - 0.5) < 1e-9  # 5 of 10 new requests under 0.5 s
    assert not snap.idle


def test_an_idle_engine_keeps_the_last_windowed_values_instead_of_lifetime_totals():
    first = summarize(parse(VLLM)[0])
    later = VLLM.replace("1000.0", "1100.0").replace("250.0", "340.0")
    later = later.replace('le="0.5",model_name="m"} 10.0', 'le="0.5",model_name="m"} 15.0')
    later = later.replace('"1.0",model_name="m"} 20.0', '"1.0",model_name="m"} 30.0')
    later = later.replace('"+Inf",model_name="m"} 20.0', '"+Inf",model_name="m"} 30.0')
    busy = summarize(parse(later)[0], first)
    idle = summarize(parse(later)[0], busy)  # no new queries or requests between scrapes
    assert idle.idle and idle.hit_rate == busy.hit_rate != first.hit_rate  # 0.9, not 340/1100
    assert (idle.ttft_p50, idle.ttft_p95) == (busy.ttft_p50, busy.ttft_p95)
    still = summarize(parse(later)[0], idle)  # stays put over a long idle spell
    assert still.idle and still.hit_rate == busy.hit_rate
    woke = summarize(parse(later.replace("1100.0", "1200.0").replace("340.0", "350.0"))[0], still)
    assert not woke.idle and abs(woke.hit_rate - 0.1) < 1e-9


def test_bad_lines_are_counted_not_raised():
    samples, bad = parse(
        'ok_metric 1\nbroken{a="1" 2\nx{a="b"} notanumber\n{}\nvllm:y 3 1700000000\n'
    )
    assert [s.name for s in samples] == ["ok_metric", "vllm:y"] and bad == 3
    assert detect_engine(samples) == "vllm"
    assert summarize(parse("foo 1\n")[0]).engine == "unknown"


def test_quantile_interpolates_like_promql():
    assert quantile(0.5, {1.0: 0, 2.0: 10, float("inf"): 10}) == 1.5
    assert quantile(0.5, {}) is None and quantile(0.5, {1.0: 0.0}) is None


@given(st.text(max_size=300))
def test_fuzz_parse_and_summarize_never_crash(text):
    samples, bad = parse(text)
    summarize(samples, summarize(samples))
    assert bad >= 0


@given(st.lists(st.sampled_from(VLLM.splitlines() + KVSCOPE.splitlines() + ["", "#", "x{"]),
                max_size=20), st.floats(allow_nan=True))  # fmt: skip
def test_fuzz_mixed_real_lines(lines, value):
    text = "\n".join(lines) + f"\nvllm:prefix_cache_hits_total {value}\n"
    snap = summarize(parse(text)[0])
    assert snap.hit_rate is None or 0.0 <= snap.hit_rate <= 1.0
