"""The official ``openai`` client against a real ``kvscope serve`` process on loopback."""

from __future__ import annotations

import json
import time

import httpx
import openai
import pytest

from kvscope.backend.event_codec import from_jsonl
from kvscope.backend.metric_names import SERIES
from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"
SYSTEM = "You are a careful assistant for the kvscope test-suite. " * 6  # several full blocks


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return tmp_path_factory.mktemp("serve")


@pytest.fixture(scope="module")
def server(files):
    args = ["--num-blocks", "256", "--max-num-seqs", "8", "--trace-file", str(files / "kv.jsonl")]
    args += ["--otel-file", str(files / "spans.jsonl")]
    env = {"OTEL_BSP_SCHEDULE_DELAY": "50", "KVSCOPE_ADMIN_API_KEY": "operator-key"}
    with ServerProcess(args, log_path=files / "serve.log", env=env) as srv:
        yield srv


@pytest.fixture
def client(server):
    # One per test: a pooled connection left idle across tests could be reused just as the
    # server's 5 s keep-alive closes it, and this client does not retry (it must see each status).
    return openai.OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0)


def chat(client, user: str, **kw):
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
    kw.setdefault("max_tokens", 4)
    kw.setdefault("temperature", 0)
    return client.chat.completions.create(model=MODEL, messages=messages, **kw)


def test_models_lists_the_served_model(client):
    assert [m.id for m in client.models.list().data] == [MODEL]


def test_chat_reports_usage_and_second_request_hits_the_cache(client):
    first = chat(client, "first question")
    assert first.choices[0].finish_reason == "length"
    assert first.usage.completion_tokens == 4
    assert first.usage.prompt_tokens > 64
    second = chat(client, "second question")
    cached = second.usage.prompt_tokens_details.cached_tokens
    assert cached >= 64 and cached % 16 == 0 and cached < second.usage.prompt_tokens


def test_streaming_matches_non_streaming_greedy(client):
    plain = chat(client, "stream me", max_tokens=6).choices[0].message.content
    chunks = list(
        chat(client, "stream me", max_tokens=6, stream=True, stream_options={"include_usage": True})
    )
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == plain
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "length"
    assert chunks[-1].usage.completion_tokens == 6
    assert chunks[-1].usage.prompt_tokens_details.cached_tokens > 0


def test_seeded_sampling_is_reproducible(client):
    a = chat(client, "sample", temperature=1.0, seed=7, max_tokens=8).choices[0].message.content
    b = chat(client, "sample", temperature=1.0, seed=7, max_tokens=8).choices[0].message.content
    assert a == b


def test_cache_salt_isolates_tenants(client):
    kw = {"max_tokens": 1}
    chat(client, "salted", extra_body={"cache_salt": "tenant-a-secret"}, **kw)
    same = chat(client, "salted", extra_body={"cache_salt": "tenant-a-secret"}, **kw)
    other = chat(client, "salted", extra_body={"cache_salt": "tenant-b-secret"}, **kw)
    assert same.usage.prompt_tokens_details.cached_tokens > 0
    assert other.usage.prompt_tokens_details.cached_tokens == 0


def test_adapter_id_enters_the_key(client):
    chat(client, "adapter", max_tokens=1)
    via_model = client.chat.completions.create(
        model=f"{MODEL}:legal-v2",
        messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": "adapter"}],
        max_tokens=1,
    )
    assert via_model.model == f"{MODEL}:legal-v2"
    assert via_model.usage.prompt_tokens_details.cached_tokens == 0
    via_field = chat(client, "adapter", max_tokens=1, extra_body={"lora": "legal-v2"})
    assert via_field.usage.prompt_tokens_details.cached_tokens > 0


def test_private_request_neither_hits_nor_leaves_blocks(client):
    prompt = "private route " * 40
    one = client.completions.create(
        model=MODEL, prompt=prompt, max_tokens=1, extra_body={"disable_cache_sharing": True}
    )
    two = client.completions.create(model=MODEL, prompt=prompt, max_tokens=1)
    assert one.usage.prompt_tokens_details.cached_tokens == 0
    assert two.usage.prompt_tokens_details.cached_tokens == 0


def test_completions_with_token_ids_and_stop(client):
    out = client.completions.create(model=MODEL, prompt=[1, 2, 3, 4], max_tokens=5, temperature=0)
    text = out.choices[0].text
    assert out.usage.prompt_tokens == 4 and out.usage.completion_tokens == 5
    stop = text.strip()[:2] or text[:1]
    stopped = client.completions.create(
        model=MODEL, prompt=[1, 2, 3, 4], max_tokens=5, temperature=0, stop=[stop]
    )
    assert stopped.choices[0].finish_reason == "stop"
    assert stop not in stopped.choices[0].text


def test_metrics_expose_exactly_the_kvscope_series(server, client):
    chat(client, "metrics", max_tokens=2)
    body = httpx.get(server.url + "/metrics").text
    declared = {line.split()[2] for line in body.splitlines() if line.startswith("# TYPE kvscope_")}
    expected = {s.name for s in SERIES}
    assert declared == expected
    assert (
        'kvscope_prefix_cache_hit_tokens_total{model_name="kvscope-tiny",tenant="default"}' in body
    )
    assert 'kvscope_time_to_first_token_seconds_bucket{le="0.4"' in body


def test_cache_routes(server, client):
    chat(client, "cache routes", max_tokens=1)
    stats = httpx.get(server.url + "/v1/cache/stats").json()
    assert stats["model"] == MODEL and stats["block_size"] == 16
    admin = {"Authorization": "Bearer operator-key"}  # from KVSCOPE_ADMIN_API_KEY
    url = server.url + "/v1/cache/prefixes"
    top = httpx.get(url, params={"top": 3}, headers=admin).json()["prefixes"]
    assert top and any("careful assistant" in p["text"] for p in top)
    assert httpx.get(url, params={"top": 3}).status_code == 403  # prompt text: operators only
    pinned = httpx.post(server.url + "/v1/cache/pin", json={"text": SYSTEM}, headers=admin)
    assert pinned.status_code == 200, pinned.text
    assert httpx.post(server.url + "/v1/cache/reset").status_code == 403
    assert httpx.post(server.url + "/v1/cache/reset", headers=admin).status_code == 200


def test_trace_file_and_span_file_are_written(server, client, files):
    chat(client, "telemetry files", max_tokens=2)
    deadline = time.monotonic() + 10
    spans: list[dict] = []
    while time.monotonic() < deadline and not spans:
        time.sleep(0.1)
        if (files / "spans.jsonl").exists():
            lines = (files / "spans.jsonl").read_text().splitlines()
            spans = [json.loads(line) for line in lines if line.strip()]
    roots = [s for s in spans if s["name"] == "chat kvscope-tiny"]
    assert roots and roots[-1]["attributes"]["gen_ai.request.model"] == MODEL
    assert "gen_ai.usage.cache_read.input_tokens" in roots[-1]["attributes"]
    events = [from_jsonl(line) for line in (files / "kv.jsonl").read_text().splitlines()]
    assert any(type(e).__name__ == "BlockStored" for batch in events for e in batch.events)
