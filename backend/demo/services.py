"""The demo's processes: a `kvscope serve` and, when installed, a real Prometheus.

Both are owned by context managers that always stop what they started (terminate, then kill),
so an interrupted demo leaves nothing listening.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from kvscope.backend.demo.rules import Baseline, initial_slo, write_rules

REPO = Path(__file__).resolve().parents[2]


class ServiceError(RuntimeError):
    """A service the demo needs did not start; the message says what to check."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServiceError(f"{url} exited with code {proc.returncode}; see {log}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=1.0).status_code == 200:
                return
        time.sleep(0.2)
    raise ServiceError(f"{url} not ready after {timeout:.0f} s; see {log}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def kvscope_server(out: Path, port: int, args: list[str]) -> Iterator[dict]:
    """Start `kvscope serve` with metrics, KV events and a trace file; yield its addresses."""
    events, replay = free_port(), free_port()
    trace = out / "kv-events.jsonl"
    log = out / "server.log"
    cmd = [sys.executable, "-m", "kvscope.backend", "serve", "--port", str(port)]
    # "*" makes the publisher bind (vLLM's rule); subscribers connect on loopback.
    cmd += ["--kv-events", f"tcp://*:{events}", "--kv-events-replay", f"tcp://*:{replay}"]
    cmd += ["--trace-file", str(trace), "--otel-file", str(out / "otel-spans.jsonl"), *args]
    # an operator key for this run only, passed through the environment (not argv, which `ps`
    # shows): the inspector needs it for the hot prefixes, which hold prompt text
    admin_key = secrets.token_urlsafe(24)
    env = {**os.environ, "KVSCOPE_ADMIN_API_KEY": admin_key}
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=REPO, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(base + "/health", proc, 90, log)
        yield {
            "base": base,
            "events": f"tcp://127.0.0.1:{events}",
            "replay": f"tcp://127.0.0.1:{replay}",
            "trace": trace,
            "log": log,
            "admin_key": admin_key,
        }
    finally:
        _stop(proc)


PROM_CONFIG = """global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - {rules}/kvcache_rules.yaml
  - {rules}/kvcache_alerts.yaml
scrape_configs:
  - job_name: kvscope
    static_configs:
      - targets: ["127.0.0.1:{target}"]
"""


@contextlib.contextmanager
def prometheus(out: Path, target_port: int) -> Iterator[str | None]:
    """A real Prometheus scraping the server every second with the demo's rule pack (rules.py).

    Yields its base URL, or None when Debian's `prometheus` is not installed.
    """
    binary = shutil.which("prometheus")
    if binary is None:
        yield None
        return
    rules = out / "rules"
    write_rules(rules, initial_slo())
    (out / "prometheus.yml").write_text(PROM_CONFIG.format(rules=rules, target=target_port))
    port = free_port()
    log = out / "prometheus.log"
    cmd = [binary, f"--config.file={out / 'prometheus.yml'}"]
    cmd += [f"--storage.tsdb.path={out / 'prometheus-data'}"]
    cmd += [f"--web.listen-address=127.0.0.1:{port}", "--web.enable-lifecycle"]
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=dict(os.environ))
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(base + "/-/ready", proc, 30, log)
        yield base
    finally:
        _stop(proc)


def reload_rules(base: str, out: Path, ttft_slo_s: float, baseline: Baseline) -> None:
    """Rewrite the rule files (baseline pinned, SLO set) and make Prometheus load them."""
    write_rules(out / "rules", ttft_slo_s, baseline)
    resp = httpx.post(base + "/-/reload", timeout=10)
    if resp.status_code != 200:
        raise ServiceError(f"Prometheus did not reload its rules: {resp.text.strip()}")
