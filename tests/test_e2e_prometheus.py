"""End to end on real parts: two ``kvscope serve`` processes, Debian's Prometheus scraping them
every second with the rule pack's short-window profile, the workload generator driving traffic.

Instance A gets steady multi-turn chat traffic (high hit ratio), then the same traffic after a bad
deploy that puts a timestamp at the top of the system prompt: the recorded hit ratio must fall and
KVCachePrefixHitRateDrop go pending or firing. Instance B has a tiny cache and swap preemption; a
burst beyond its capacity must fire KVCachePreemptions. Then every dashboard query must return
data from that Prometheus. Loopback only.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import yaml
from conftest import require_binary

from kvscope.backend.server.testing import ServerProcess, free_port
from kvscope.backend.workload import WorkloadConfig, generate

ROOT = Path(__file__).resolve().parents[1]
MODEL = "kvscope-tiny"
HIT_RATIO = "instance:kvcache_prefix_hits_per_queries:ratio_rate5m"
_spec = importlib.util.spec_from_file_location(
    "kvscope_dashboards_generate", ROOT / "dashboards" / "generate.py"
)
dashboards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dashboards)
TINY = ["--num-blocks", "16", "--max-num-seqs", "6", "--max-queue", "6"]
TINY += ["--max-num-batched-tokens", "128", "--max-model-len", "256"]
TINY += ["--preemption-mode", "swap", "--host-tier-gb", "0.001"]


class Prometheus:
    """A Prometheus server on a free loopback port with a temporary config and data directory."""

    def __init__(self, binary: str, workdir: Path, targets: list[str], rule_dir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = {
            "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
            "rule_files": [str(rule_dir / "*.yaml")],
            "scrape_configs": [{"job_name": "kvscope", "static_configs": [{"targets": targets}]}],
        }
        (workdir / "prometheus.yml").write_text(yaml.safe_dump(config))
        self.log = open(workdir / "prometheus.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [binary, f"--config.file={workdir / 'prometheus.yml'}",
             f"--storage.tsdb.path={workdir / 'data'}",
             f"--web.listen-address=127.0.0.1:{self.port}", "--log.level=warn"],
            stdout=self.log, stderr=self.log,
        )  # fmt: skip

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "prometheus exited; see prometheus.log"
            try:
                if httpx.get(self.url + "/-/ready", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError("prometheus not ready in time")

    def api(self, path: str, **params: object) -> object:
        body = httpx.get(f"{self.url}/api/v1/{path}", params=params, timeout=10).json()
        assert body["status"] == "success", body
        return body["data"]

    def value(self, expr: str) -> float | None:
        result = self.api("query", query=expr)["result"]
        return float(result[0]["value"][1]) if result else None

    def alert_states(self, name: str, instance: str) -> set[str]:
        alerts = self.api("alerts")["alerts"]
        return {
            a["state"]
            for a in alerts
            if a["labels"]["alertname"] == name and a["labels"].get("instance") == instance
        }

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def kvscope_records() -> set[str]:
    """Recorded series that kvscope's own series feed (per-engine rules labelled kvscope, and the
    rules derived from recorded series)."""
    (group,) = yaml.safe_load((ROOT / "alerts" / "kvcache_rules.yaml").read_text())["groups"]
    return {
        r["record"]
        for r in group["rules"]
        if r.get("labels", {}).get("engine", "kvscope") == "kvscope"
    }


def chat_body(request: dict) -> dict:
    body = {"model": MODEL, "messages": request["messages"], "max_tokens": 2}
    body |= {"user": request["tenant"], "temperature": 0.0}
    if "tools" in request:
        body["tools"] = request["tools"]
    return body


def drive(url: str, requests: list[dict], seconds: float, until=None) -> int:
    """Send ``requests`` in order, one at a time, for ``seconds`` or until ``until()`` is true."""
    sent, deadline = 0, time.monotonic() + seconds
    with httpx.Client(base_url=url, timeout=60) as client:
        for request in requests:
            response = client.post("/v1/chat/completions", json=chat_body(request))
            assert response.status_code == 200, response.text
            sent += 1
            if time.monotonic() > deadline or (until is not None and sent % 5 == 0 and until()):
                break
    return sent


async def burst(url: str, n: int) -> list[int]:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        bodies = [
            {"model": MODEL, "prompt": [1000 + i * 50 + k for k in range(40)], "max_tokens": 24}
            for i in range(n)
        ]
        responses = await asyncio.gather(*(client.post("/v1/completions", json=b) for b in bodies))
    return [r.status_code for r in responses]


def wait_for(predicate, seconds: float, step: float = 0.5) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    prometheus_bin = require_binary("prometheus")
    work = tmp_path_factory.mktemp("e2e")
    rules = work / "rules"
    rules.mkdir()
    generator = [sys.executable, str(ROOT / "alerts" / "generate.py")]
    subprocess.run([*generator, "--profile", "test", "--out", str(rules)], check=True)
    steady = ServerProcess(["--block-size", "16"], log_path=work / "serve-a.log")
    tiny = ServerProcess(TINY, log_path=work / "serve-b.log")
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(ServerProcess.start, (steady, tiny)))
    prom = Prometheus(prometheus_bin, work, [s.url.removeprefix("http://") for s in (steady, tiny)],
                      rules)  # fmt: skip
    try:
        prom.wait_ready()
        yield prom, steady, tiny
    finally:
        prom.stop()
        steady.stop()
        tiny.stop()


@pytest.mark.timeout(240)
def test_bad_deploy_overload_and_dashboards_on_a_live_prometheus(stack) -> None:
    prom, steady, tiny = stack
    started = time.time()
    a, b = (s.url.removeprefix("http://") for s in (steady, tiny))
    config = WorkloadConfig(seed=3, requests=1200, tenants=3, scale=0.05, concurrency=6,
                            bad_deploy="timestamp", bad_deploy_at=0.5)  # fmt: skip
    requests = list(generate(config))
    split = next(i for i, r in enumerate(requests) if r["timestamp"] >= config.deploy_time())
    before_deploy = {r["messages"][0]["content"] for r in requests[:split]}
    assert all(r["messages"][0]["content"] not in before_deploy for r in requests[split:])

    # Steady traffic: the recorded hit ratio settles high.
    drive(steady.url, requests[:split], seconds=22)
    assert wait_for(lambda: (prom.value(f'{HIT_RATIO}{{instance="{a}"}}') or 0) > 0.5, 10)
    before = prom.value(f'{HIT_RATIO}{{instance="{a}"}}')
    assert not prom.alert_states("KVCachePrefixHitRateDrop", a)

    # Bad deploy: a timestamp at the top of the system prompt; the alert must go pending/firing
    # and the recorded ratio fall well below its steady value.
    def dropped() -> bool:
        alert = prom.alert_states("KVCachePrefixHitRateDrop", a) & {"pending", "firing"}
        ratio = prom.value(f'{HIT_RATIO}{{instance="{a}"}}')
        print(f"t={time.time() - started:.0f}s ratio={ratio} alert={alert}")
        return bool(alert) and ratio is not None and ratio < 0.7 * before

    drive(steady.url, requests[split:], seconds=30, until=dropped)
    assert wait_for(dropped, 10), prom.api("alerts")
    after = prom.value(f'{HIT_RATIO}{{instance="{a}"}}')
    print(f"hit ratio before the deploy {before:.3f}, after {after:.3f}")

    # Overload on the tiny cache: preemptions, and the preemption alert fires.
    def preempting() -> bool:
        return "firing" in prom.alert_states("KVCachePreemptions", b)

    deadline = time.monotonic() + 30
    while not preempting() and time.monotonic() < deadline:
        codes = asyncio.run(burst(tiny.url, 20))
        assert set(codes) <= {200, 429}, codes
        wait_for(preempting, 3)
    assert preempting(), prom.api("alerts")
    assert not prom.alert_states("KVCachePreemptions", a)

    # Every dashboard query that reads series kvscope produces returns data from this Prometheus
    # over the test's time range (engine-specific ones, e.g. SGLang's evicted tokens, cannot).
    produced = kvscope_records()
    empty, checked = [], 0
    dashboard = json.loads((ROOT / "dashboards" / "kvcache-overview.json").read_text())
    for panel in dashboard["panels"]:
        for t in panel.get("targets", []):
            if not dashboards.series_read(t["expr"]) <= produced:
                continue
            checked += 1
            query = t["expr"].replace("$instance", ".*")
            data = prom.api("query_range", query=query, start=started, end=time.time(), step=1)
            if not data["result"]:
                empty.append(f"{panel['title']}: {t['expr']}")
    assert checked >= 20 and not empty, f"dashboard queries without data: {empty}"
