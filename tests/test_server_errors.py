"""Bad input never crashes the server or leaks blocks: 4xx with OpenAI's error body, never 5xx.

One server for the module: the hand-written cases first, then schemathesis against the server's
own OpenAPI schema with bounded examples, then a check that no blocks were leaked.
"""

from __future__ import annotations

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from kvscope.backend.server.testing import ServerProcess

MODEL = "kvscope-tiny"
MSG = [{"role": "user", "content": "hello"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    args = ["--num-blocks", "64", "--max-model-len", "512"]
    with ServerProcess(args, log_path=log) as srv:
        yield srv


def post(server, path: str, body=None, content: bytes | None = None) -> httpx.Response:
    headers = {"content-type": "application/json"}
    if content is not None:
        return httpx.post(server.url + path, content=content, headers=headers, timeout=30)
    return httpx.post(server.url + path, json=body, timeout=30)


BAD_CHAT = [
    ({"model": MODEL, "messages": []}, 400, "messages"),
    ({"model": MODEL}, 400, "messages"),
    ({"model": MODEL, "messages": "hi"}, 400, "messages"),
    ({"model": MODEL, "messages": [{"role": "wizard", "content": "x"}]}, 400, "role"),
    ({"model": MODEL, "messages": MSG, "max_tokens": 0}, 400, "max_tokens"),
    ({"model": MODEL, "messages": MSG, "max_tokens": -3}, 400, "max_tokens"),
    ({"model": MODEL, "messages": MSG, "max_tokens": "ten"}, 400, "max_tokens"),
    ({"model": MODEL, "messages": MSG, "temperature": 9}, 400, "temperature"),
    ({"model": MODEL, "messages": MSG, "top_p": 0}, 400, "top_p"),
    ({"model": MODEL, "messages": MSG, "cache_salt": ""}, 400, "cache_salt"),
    ({"model": MODEL, "messages": MSG, "cache_salt": 5}, 400, "cache_salt"),
    ({"model": MODEL, "messages": MSG, "n": 3}, 400, "n"),
    ({"model": MODEL, "messages": MSG, "stop": ["a", "b", "c", "d", "e"]}, 400, "stop"),
    ({"model": MODEL, "messages": MSG, "max_tokens": 600}, 400, "context"),
    ({"model": MODEL, "messages": [{"role": "user", "content": "x " * 700}]}, 400, "context"),
    ({"model": "gpt-4", "messages": MSG}, 404, "does not exist"),
    ({"model": MODEL, "messages": MSG, "lora": "a", "extra": 1}, 200, None),
]


@pytest.mark.parametrize(("body", "status", "needle"), BAD_CHAT)
def test_bad_chat_bodies_get_openai_errors(server, body, status, needle):
    r = post(server, "/v1/chat/completions", body)
    assert r.status_code == status, r.text
    if needle is not None:
        err = r.json()["error"]
        assert set(err) == {"message", "type", "param", "code"}
        assert needle in err["message"] + str(err["param"])


@pytest.mark.parametrize(
    "raw", [b"{", b"", b"[1, 2]", b"null", b'{"model": "kvscope-tiny", "messages": [}', b"\xff"]
)
def test_malformed_json_is_a_400(server, raw):
    r = post(server, "/v1/chat/completions", content=raw)
    assert r.status_code == 400
    assert r.json()["error"]["type"] == "invalid_request_error"


def test_bad_completion_prompts(server):
    for prompt in ([], [-1], [10**9], "", None):
        r = post(server, "/v1/completions", {"model": MODEL, "prompt": prompt})
        assert r.status_code == 400, (prompt, r.text)


def test_bad_cache_route_inputs(server):
    assert httpx.get(server.url + "/v1/cache/prefixes", params={"top": 0}).status_code == 400
    assert post(server, "/v1/cache/pin", {"text": "short"}).status_code == 400
    assert post(server, "/v1/cache/pin", {"text": "x", "token_ids": [1]}).status_code == 400
    assert (
        post(server, "/v1/cache/pin", {"token_ids": [1] * 16, "cache_salt": ""}).status_code == 400
    )


schema = schemathesis.pytest.from_fixture("openapi_schema")


@pytest.fixture(scope="module")
def openapi_schema(server):
    return schemathesis.openapi.from_url(server.url + "/openapi.json")


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_schemathesis_no_server_errors(case):
    response = case.call(timeout=30)
    assert response.status_code < 500, (case.path, case.body, response.text)


def test_no_blocks_leaked_after_all_of_the_above(server):
    stats = httpx.get(server.url + "/v1/cache/stats", params={"check": "true"}).json()
    assert stats["scheduler"]["running"] == 0 and stats["scheduler"]["waiting"] == 0
    assert stats["integrity"] == "ok"
    assert stats["blocks"]["used"] == 0
