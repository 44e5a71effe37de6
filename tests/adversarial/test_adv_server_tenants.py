"""Tenants and operators against a real ``kvscope serve`` with every credential kind configured.

One server for the module: a shared ``--api-key`` (a gateway's, trusted to name the tenant in
``user``), per-tenant keys (``--tenant-keys``), an admin key read from a file, and a separate
loopback admin listener. Checked: the OpenAI API refuses missing or wrong keys (401, as vLLM);
each tenant sees only its own prefixes and never hits another tenant's blocks, whatever salt it
sends; reset and pin are operator-only (403 naming what to send), pins are capped by
``--max-pinned-fraction``; the inspector's server source sends the admin key.
"""

from __future__ import annotations

import httpx
import openai
import pytest

from kvscope.backend.server.testing import ServerProcess, free_port
from kvscope.inspect.sources.feed import Feed
from kvscope.inspect.sources.http import ServerSource

MODEL = "kvscope-tiny"
KEYS = {"gateway": "gw-key", "alice": "alice-key", "bob": "bob-key", "admin": "admin-key"}
SYSTEM = {
    name: f"{name.upper()}-ONLY system prompt: you answer for {name}, keep {name}'s secrets. " * 3
    for name in ("alice", "bob", "carol")
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    d = tmp_path_factory.mktemp("tenants")
    (d / "tenants.txt").write_text("# tenant key\nalice alice-key\nbob bob-key\n")
    (d / "admin.key").write_text("admin-key\n")
    admin_port = free_port()
    args = ["--num-blocks", "64", "--api-key", "gw-key", "--tenant-keys", str(d / "tenants.txt")]
    args += ["--admin-api-key-file", str(d / "admin.key"), "--admin-port", str(admin_port)]
    args += ["--max-pinned-fraction", "0.25"]
    with ServerProcess(args, log_path=d / "serve.log") as srv:
        srv.admin_url = f"http://127.0.0.1:{admin_port}"
        yield srv


def auth(who: str) -> dict:
    return {"Authorization": f"Bearer {KEYS[who]}"}


def chat(server, who: str, system: str, **kw) -> httpx.Response:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": "hello"}]
    body = {"model": MODEL, "messages": messages, "max_tokens": 1, "temperature": 0, **kw}
    return httpx.post(server.url + "/v1/chat/completions", json=body, headers=auth(who), timeout=60)


def prefixes(server, who: str | None, **params) -> httpx.Response:
    headers = auth(who) if who else {}
    url = server.url + "/v1/cache/prefixes"
    return httpx.get(url, params={"top": 50, **params}, headers=headers)


def test_the_openai_api_needs_a_valid_key(server):
    r = httpx.get(server.url + "/v1/models")
    assert r.status_code == 401 and r.json()["error"]["code"] == "invalid_api_key"
    r = httpx.get(server.url + "/v1/models", headers={"Authorization": "Bearer nope"})
    assert r.status_code == 401
    for who in KEYS:
        assert httpx.get(server.url + "/v1/models", headers=auth(who)).status_code == 200
    assert httpx.get(server.url + "/health").status_code == 200
    assert httpx.get(server.url + "/metrics").status_code == 200
    bad = openai.OpenAI(base_url=server.url + "/v1", api_key="wrong", max_retries=0)
    with pytest.raises(openai.AuthenticationError):
        bad.models.list()
    good = openai.OpenAI(base_url=server.url + "/v1", api_key="gw-key", max_retries=0)
    out = good.completions.create(model=MODEL, prompt="hi", max_tokens=1)
    assert out.usage.completion_tokens == 1


def test_each_tenant_sees_only_its_own_prefixes(server):
    assert chat(server, "alice", SYSTEM["alice"]).status_code == 200
    assert chat(server, "bob", SYSTEM["bob"]).status_code == 200
    assert chat(server, "gateway", SYSTEM["carol"], user="carol").status_code == 200
    views = {
        "alice": prefixes(server, "alice"),
        "bob": prefixes(server, "bob"),
        "carol": prefixes(server, "gateway", user="carol"),
    }
    for tenant, r in views.items():
        assert r.status_code == 200, r.text
        rows = r.json()["prefixes"]
        texts = " ".join(p["text"] for p in rows)
        assert rows and f"{tenant.upper()}-ONLY" in texts
        for other in set(views) - {tenant}:
            assert f"{other.upper()}-ONLY" not in texts
        assert all(p["tenants"] == [tenant] for p in rows)
    everything = " ".join(p["text"] for p in prefixes(server, "admin").json()["prefixes"])
    assert all(f"{t.upper()}-ONLY" in everything for t in views)
    r = prefixes(server, "gateway")  # a shared key without naming a tenant
    assert r.status_code == 403 and r.json()["error"]["code"] == "admin_required"


def test_tenants_never_hit_each_others_blocks_whatever_salt_they_send(server):
    system = "A prompt both tenants happen to send, word for word, with the same salt. " * 3
    first = chat(server, "alice", system, cache_salt="same")
    again = chat(server, "alice", system, cache_salt="same")
    other = chat(server, "bob", system, cache_salt="same")
    cached = [r.json()["usage"]["prompt_tokens_details"]["cached_tokens"] for r in (first, again)]
    assert cached[0] == 0 and cached[1] > 0
    assert other.json()["usage"]["prompt_tokens_details"]["cached_tokens"] == 0


def test_reset_and_pin_are_for_operators_only(server):
    for who in ("alice", "gateway"):
        r = httpx.post(server.url + "/v1/cache/reset", headers=auth(who))
        assert r.status_code == 403 and "admin key" in r.json()["error"]["message"]
        r = httpx.post(server.url + "/v1/cache/pin", json={"text": "x"}, headers=auth(who))
        assert r.status_code == 403
    assert httpx.post(server.url + "/v1/cache/reset", headers=auth("admin")).status_code == 200
    # the admin listener: every request on it is an operator's, no key needed
    assert httpx.post(server.admin_url + "/v1/cache/reset").status_code == 200
    assert "admin listener on http://127.0.0.1:" in server.log()


def test_pins_are_validated_and_capped(server):
    pin = server.admin_url + "/v1/cache/pin"
    hostile = b'{"text": "abc", "cache_salt": "\\ud800"}'
    r = httpx.post(pin, content=hostile, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "cache_salt" in r.json()["error"]["message"]
    big = {"token_ids": list(range(1, 16 * 17 + 1))}  # 17 blocks > 0.25 x 64
    r = httpx.post(pin, json=big)
    assert r.status_code == 409 and "--max-pinned-fraction" in r.json()["error"]["message"]
    small = {"token_ids": list(range(1, 16 * 4 + 1))}
    assert httpx.post(pin, json=small).status_code == 200
    assert httpx.post(pin, json={**small, "unpin": True}).status_code == 200


def collect() -> tuple[Feed, list]:
    got: list = []
    return Feed(notify=got.append), got


def test_the_inspector_sends_the_admin_key_for_hot_prefixes(server):
    chat(server, "alice", SYSTEM["alice"])
    feed, got = collect()
    ServerSource(server.url, admin_key="admin-key").poll(feed)
    assert any("ALICE-ONLY" in p.get("text", "") for p in got[-2].prefixes)
    assert feed.statuses["server"][0] == "ok"
    feed, got = collect()
    ServerSource(server.admin_url).poll(feed)  # the admin listener needs no key
    assert got[-2].prefixes
    feed, got = collect()
    with pytest.raises(OSError):  # keys are required here: without one even stats are refused
        ServerSource(server.url).poll(feed)


def test_an_operator_pins_a_tenants_prefix_in_its_salt_namespace(server):
    system = "Alice's pinned system prompt, long enough to fill two blocks of tokens. " * 3
    assert chat(server, "alice", system, cache_salt="s1").status_code == 200
    messages = [{"role": "system", "content": system}, {"role": "user", "content": "hello"}]
    pin = server.admin_url + "/v1/cache/pin"
    body = {"messages": messages, "cache_salt": "s1"}
    as_alice = httpx.post(pin, json={**body, "tenant": "alice"}).json()
    unsalted = httpx.post(pin, json=body).json()
    assert as_alice["cached_blocks"] > 0  # her blocks: salted under her name
    assert unsalted["cached_blocks"] == 0  # the same text outside her namespace is not cached
    for extra in ({"tenant": "alice"}, {}):
        assert httpx.post(pin, json={**body, **extra, "unpin": True}).status_code == 200
