"""Workload generator: the JSONL schema, reproducibility, traffic shape and bad deploys.

Scaled-down logs (``scale=0.1``, 600 requests) keep this fast. At that scale the repeated-prefix
fraction of the healthy log lands in [0.60, 0.85] (block rounding and the fixed-length questions
weigh more than at full scale, where bench/bench_workload.py measures 0.62 +/- 0.05).
"""

from __future__ import annotations

import itertools
import re

import pytest

from kvscope.backend.chat import render_chat
from kvscope.backend.workload import (
    WorkloadConfig,
    WorkloadError,
    generate,
    measure,
    render_template,
    system_prompt_template,
    tenant_tools,
)

SMALL = {"requests": 600, "scale": 0.1}
KEYS = ["timestamp", "request_id", "tenant", "route", "session", "model", "messages"]


@pytest.fixture(scope="module")
def log():
    return list(generate(WorkloadConfig(**SMALL)))


def test_schema_of_every_request(log):
    assert len(log) == 600
    stamps = [r["timestamp"] for r in log]
    assert stamps == sorted(stamps)
    for i, req in enumerate(log, 1):
        assert list(req)[:7] == KEYS and list(req)[-1] == "max_tokens"
        assert set(req) - set(KEYS) <= {"tools", "max_tokens"}
        assert req["request_id"] == f"req-{i:06d}"
        assert re.fullmatch(r"s-\d{6}", req["session"])
        assert req["route"] in {"chat", "code"} and req["model"] == "kvscope-tiny"
        assert req["messages"][0]["role"] == "system" and req["messages"][-1]["role"] == "user"
        assert "tools" not in req or req["tools"]
        assert isinstance(req["max_tokens"], int) and req["max_tokens"] > 0


def test_same_seed_same_log_other_seed_other_log(log):
    assert list(generate(WorkloadConfig(**SMALL))) == log
    assert list(generate(WorkloadConfig(seed=1, **SMALL))) != log


def test_sessions_resend_their_history(log):
    by_session: dict[str, list[dict]] = {}
    for req in log:
        by_session.setdefault(req["session"], []).append(req)
    long_sessions = [s for s in by_session.values() if len(s) >= 3]
    assert long_sessions
    for turns in long_sessions:
        assert len({(t["tenant"], t["route"]) for t in turns}) == 1
        for a, b in itertools.pairwise(turns):
            # The next turn starts with this turn's system prompt (no bad deploy here).
            assert b["messages"][0] == a["messages"][0]
            assert len(b["messages"]) == len(a["messages"]) + 2


def test_routes_tenants_and_shared_public_prompt(log):
    routes = {r["route"] for r in log}
    assert routes == {"chat", "code"}
    code = [r for r in log if r["route"] == "code"]
    assert all('<file path="' in r["messages"][1]["content"] for r in code)
    cfg = WorkloadConfig(**SMALL)
    prompts = {t: system_prompt_template(t, config=cfg) for t in cfg.tenant_names}
    public = [t for t, text in prompts.items() if "You are a customer" in text]
    assert len(public) >= 2
    assert len({system_prompt_template(t, config=cfg) for t in public}) == 1
    assert system_prompt_template("acme", config=cfg) != system_prompt_template(
        "globex", config=cfg
    )
    assert tenant_tools("acme", "chat", cfg) and tenant_tools("globex", "chat", cfg) is None


def test_shape_in_documented_band(log):
    shape = measure(log)
    assert 0.60 <= shape.repeated_fraction <= 0.85, shape
    assert shape.p95_tokens > 2.5 * shape.median_tokens  # a long tail from the code assistant
    assert set(shape.by_route) == {"chat", "code"}


@pytest.mark.parametrize(
    ("kind", "ceiling"), [("timestamp", 0.25), ("request_id", 0.05), ("tools_reordered", 0.5)]
)
def test_bad_deploy_drops_the_fraction_sharply(kind, ceiling):
    good = WorkloadConfig(**SMALL)
    bad = WorkloadConfig(bad_deploy=kind, bad_deploy_at=0.5, **SMALL)
    since = bad.deploy_time()
    healthy = measure(generate(good), since=since).repeated_fraction
    broken = measure(generate(bad), since=since).repeated_fraction
    assert broken < ceiling and broken < healthy / 1.5, (kind, healthy, broken)
    before = [r for r in generate(bad) if r["timestamp"] < since]
    assert before == [r for r in generate(good) if r["timestamp"] < since]


def test_bad_system_prompt_templates():
    cfg = WorkloadConfig(**SMALL)
    good = system_prompt_template("acme", config=cfg)
    assert "{{" not in good
    stamped = system_prompt_template("acme", bad=True, config=cfg)
    assert stamped.startswith("Current time: {{ current_time }}") and stamped.endswith(good)
    rid = system_prompt_template("acme", bad="request_id", config=cfg)
    assert rid.startswith("Request ID: {{ request_id }}")
    assert render_template(rid, request_id="req-000007").startswith("Request ID: req-000007\n")
    assert system_prompt_template("acme", bad="tools_reordered", config=cfg) == good
    with pytest.raises(WorkloadError, match="unknown tenant"):
        system_prompt_template("nobody", config=cfg)


def test_bad_deploy_content_after_the_deploy():
    cfg = WorkloadConfig(bad_deploy="tools_reordered", bad_deploy_at="60s", **SMALL)
    orders = {}
    for req in generate(cfg):
        if "tools" in req and req["route"] == "chat" and req["timestamp"] >= cfg.start + 60:
            names = tuple(t["function"]["name"] for t in req["tools"])
            orders.setdefault(req["tenant"], set()).add(names)
            canonical = tenant_tools(req["tenant"], "chat", cfg)
            assert sorted(req["tools"], key=str) == sorted(canonical, key=str)
            assert render_chat(req["messages"], req["tools"]).count("<tools>") == 1
    assert max(len(o) for o in orders.values()) > 1


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"scale": 0}, "scale"),
        ({"tenants": 0}, "tenants"),
        ({"bad_deploy": "typo"}, "unknown bad deploy"),
        ({"bad_deploy_at": "soon"}, "give a fraction"),
        ({"duration": -1}, "duration"),
        ({"requests": -5}, "requests"),
    ],
)
def test_bad_options_are_clear(options, needle):
    with pytest.raises(WorkloadError, match=needle):
        WorkloadConfig(**options)


def test_deploy_time_forms():
    cfg = WorkloadConfig(requests=100, rate=10.0, bad_deploy_at=0.25)
    assert cfg.deploy_time() == pytest.approx(cfg.start + 2.5)
    assert WorkloadConfig(bad_deploy_at="30s").deploy_time() == cfg.start + 30
    iso = WorkloadConfig(bad_deploy_at="2026-01-05T09:10:00Z").deploy_time()
    assert iso == cfg.start + 600
    assert WorkloadConfig(duration=100.0, requests=50).rate == 0.5
