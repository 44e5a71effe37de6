"""One metric table for kvscope, vLLM and SGLang: the inspector and the recording rules agree.

For each engine the same linear counters and gauges are fed to ``promtool test rules`` (the
committed rule pack) and, as two scrapes one minute apart, to the inspector's
``prom.summarize``; promtool must find exactly the hit ratio, usage, queue and preemption rate the
inspector shows. Distractor series (SGLang's decode tokens, its per-batch ``cache_hit_rate``,
``cached_tokens_total``, kvscope's ``kv_cache_usage_ratio``) must be ignored by both.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import require_binary

from kvscope.backend.engine_metrics import ENGINE_SERIES, ENGINES, common_edges
from kvscope.inspect.sources.prom import parse, summarize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "alerts"))
from rules_profile import PROFILES  # noqa: E402
from rules_recording import (  # noqa: E402
    HIT_RATIO,
    PREEMPTION_RATE,
    RUNNING,
    USAGE,
    WAITING,
    recording_rules,
)

# (series with labels, value at minute 0, increase per minute); gauges have no increase.
SERIES: dict[str, list[tuple[str, float, float]]] = {
    "kvscope": [
        ('kvscope_prefix_cache_query_tokens_total{tenant="a"}', 0, 2000),
        ('kvscope_prefix_cache_query_tokens_total{tenant="b"}', 0, 1000),
        ('kvscope_prefix_cache_hit_tokens_total{tenant="a"}', 0, 1800),
        ('kvscope_prefix_cache_hit_tokens_total{tenant="b"}', 0, 600),
        ('kvscope_kv_cache_blocks{tier="GPU",state="used"}', 30, 0),
        ('kvscope_kv_cache_blocks{tier="GPU",state="cached"}', 50, 0),
        ('kvscope_kv_cache_blocks{tier="GPU",state="free"}', 20, 0),
        ('kvscope_kv_cache_blocks{tier="GPU",state="pinned"}', 7, 0),
        ('kvscope_kv_cache_usage_ratio{tier="GPU"}', 0.8, 0),
        ("kvscope_requests_running", 3, 0),
        ("kvscope_requests_waiting", 5, 0),
        ('kvscope_preemptions_total{mode="swap"}', 0, 45),
        ('kvscope_preemptions_total{mode="recompute"}', 0, 15),
    ],
    "vllm": [
        ('vllm:prefix_cache_queries_total{engine="0"}', 0, 3000),
        ('vllm:prefix_cache_hits_total{engine="0"}', 0, 2400),
        ('vllm:kv_cache_usage_perc{engine="0"}', 0.3, 0),
        ('vllm:num_requests_running{engine="0"}', 3, 0),
        ('vllm:num_requests_waiting{engine="0"}', 5, 0),
        ('vllm:num_preemptions_total{engine="0"}', 0, 60),
    ],
    "sglang": [
        ('sglang:realtime_tokens_total{mode="prefill_cache"}', 0, 2400),
        ('sglang:realtime_tokens_total{mode="prefill_compute"}', 0, 600),
        ('sglang:realtime_tokens_total{mode="decode"}', 0, 90000),
        ('sglang:cached_tokens_total{cache_source="total"}', 0, 10),
        ("sglang:cache_hit_rate", 0.0, 0),
        ("sglang:token_usage", 0.3, 0),
        ("sglang:num_running_reqs", 3, 0),
        ("sglang:num_queue_reqs", 5, 0),
        ("sglang:num_retracted_requests_total", 0, 60),
    ],
}


def _with_instance(series: str) -> str:
    name, _, rest = series.partition("{")
    labels = 'instance="i",job="j",model_name="m"' + ("," + rest.rstrip("}") if rest else "")
    return f"{name}{{{labels}}}"


def _scrape(engine: str, minute: int) -> str:
    return "".join(
        f"{_with_instance(s)} {v0 + per_min * minute}\n" for s, v0, per_min in SERIES[engine]
    )


def _promtool_test(engine: str, expected: dict[str, float], rules: Path) -> dict:
    inputs = [
        {"series": _with_instance(s), "values": f"{v0:g}+{per_min:g}x10"}
        for s, v0, per_min in SERIES[engine]
    ]
    labels = f'{{engine="{engine}",instance="i"}}'
    checks = [
        {
            "expr": f"round({name}, 0.0001)",
            "eval_time": "10m",
            "exp_samples": [{"labels": labels, "value": round(value, 4)}],
        }
        for name, value in expected.items()
    ]
    return {
        "rule_files": [str(rules)],
        "evaluation_interval": "1m",
        "tests": [{"interval": "1m", "input_series": inputs, "promql_expr_test": checks}],
    }


@pytest.mark.parametrize("engine", ENGINES)
def test_inspector_and_recording_rules_read_the_same_series(engine: str, tmp_path: Path) -> None:
    promtool = require_binary("promtool")
    before = summarize(parse(_scrape(engine, 9))[0])
    snap = summarize(parse(_scrape(engine, 10))[0], before)
    assert snap.engine == engine and not snap.idle
    assert snap.hit_rate == pytest.approx(0.8) and snap.usage == {"GPU": pytest.approx(0.3)}
    expected = {
        HIT_RATIO: snap.hit_rate,
        USAGE: snap.usage["GPU"],
        RUNNING: snap.running,
        WAITING: snap.waiting,
        PREEMPTION_RATE: (snap.preemptions - before.preemptions) / 60,
    }
    test_file = tmp_path / f"{engine}.test.yaml"
    test_file.write_text(yaml.safe_dump(_promtool_test(engine, expected, ROOT / "alerts" /
                                                       "kvcache_rules.yaml")))  # fmt: skip
    result = subprocess.run([promtool, "test", "rules", str(test_file)],
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_selector_of_the_table_is_in_the_generated_rules() -> None:
    exprs = "\n".join(r["expr"] for r in recording_rules(PROFILES["prod"]))
    for engine, m in ENGINE_SERIES.items():
        for field in ("query_tokens", "hit_tokens", "prompt_tokens", "generation_tokens",
                      "usage", "usage_used", "usage_total", "running", "waiting", "preemptions",
                      "evicted_blocks", "evicted_tokens"):  # fmt: skip
            sel = getattr(m, field)
            if sel is not None:
                assert sel.promql() in exprs, (engine, field)
        assert m.ttft.promql("_bucket") in exprs and m.ttft.promql("_count") in exprs


def test_the_ttft_slo_is_a_bucket_edge_of_every_engine() -> None:
    assert 1.0 in common_edges() and 0.4 not in common_edges()  # vLLM jumps 0.25 -> 0.5
    for profile in PROFILES.values():
        for engine, m in ENGINE_SERIES.items():
            assert profile.ttft_slo_s in m.ttft_buckets, (profile.name, engine)
