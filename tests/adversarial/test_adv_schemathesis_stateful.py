"""Schemathesis in stateful mode against a real ``kvscope serve``: call sequences along links.

The server publishes OpenAPI links (completion -> stats / own prefixes, pin -> unpin / prefixes,
reset -> stats), so schemathesis generates chains of calls with values carried from one to the
next, as an operator with the admin key would make them. The example budget is fixed and small
(CI runs it in well under a minute). Every response must be a non-5xx with OpenAI's error body
for 4xx, and after the run the cache's ``check_integrity()`` holds with no block in use.
"""

from __future__ import annotations

import time

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from kvscope.backend.server.testing import ServerProcess

ADMIN = {"Authorization": "Bearer stateful-admin"}
MODEL = "kvscope-tiny"
KEEP = ("user", "cache_salt", "temperature", "seed", "stop", "disable_cache_sharing", "lora")


def plausible(path: str, body: dict, size: int) -> dict | None:
    """A body that usually passes validation, keeping some of the generated fields, so the
    links after a 200 (stats, own prefixes, unpin) are exercised too, not only 400s."""
    kept = {k: body[k] for k in KEEP if k in body and body[k] is not None}
    if path == "/v1/completions":
        return {**kept, "model": MODEL, "prompt": "hello " * (4 + size), "max_tokens": 2}
    if path == "/v1/chat/completions":
        messages = [{"role": "user", "content": "hello there " * (10 + size)}]  # 1+ block
        return {**kept, "model": MODEL, "messages": messages, "max_tokens": 2}
    if path == "/v1/cache/pin":
        salt = kept.get("cache_salt")
        return {"token_ids": list(range(1, 16 * (1 + size % 3) + 1)), "cache_salt": salt}
    return None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("stateful") / "serve.log"
    args = ["--num-blocks", "32", "--max-model-len", "256", "--admin-api-key", "stateful-admin"]
    args += ["--max-num-batched-tokens", "128", "--max-request-bytes", "65536"]
    with ServerProcess(args, log_path=log) as srv:
        yield srv


def test_the_schema_publishes_links(server):
    schema = httpx.get(server.url + "/openapi.json").json()
    pin = schema["paths"]["/v1/cache/pin"]["post"]["responses"]["200"]["links"]
    assert pin["Unpin"]["requestBody"]["unpin"] is True
    chat = schema["paths"]["/v1/chat/completions"]["post"]["responses"]["200"]["links"]
    assert set(chat) == {"CacheStats", "OwnPrefixes", "PinPrompt"}


def test_stateful_sequences_never_fail_the_server(server):
    schema = schemathesis.openapi.from_url(server.url + "/openapi.json")

    @schema.hook
    def flatmap_body(context, body):
        fixed = plausible(context.operation.path, body, 0) if isinstance(body, dict) else None
        if fixed is None:
            return st.just(body)
        path = context.operation.path
        return st.one_of(st.just(body), st.integers(0, 8).map(lambda n: plausible(path, body, n)))

    base = schema.as_state_machine()
    seen: list[int] = []

    class Machine(base):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case):
            return {"headers": ADMIN, "timeout": 30}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            seen.append(response.status_code)
            case.validate_response(response, checks=[not_a_server_error])
            if 400 <= response.status_code < 500 and response.status_code != 404:
                err = response.json()["error"]
                assert set(err) == {"message", "type", "param", "code"}, response.text

    Machine.run(
        settings=settings(
            max_examples=20,
            stateful_step_count=4,
            deadline=None,
            derandomize=True,  # the same sequences on every run: a fixed, reproducible budget
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
    )
    assert len(seen) >= 12
    deadline = time.monotonic() + 60
    while True:
        stats = httpx.get(server.url + "/v1/cache/stats", params={"check": "true"}).json()
        s = stats["scheduler"]
        if s["running"] == s["waiting"] == s["swapped"] == 0:
            break
        assert time.monotonic() < deadline, stats
        time.sleep(0.1)
    assert stats["integrity"] == "ok" and stats["blocks"]["used"] == 0
