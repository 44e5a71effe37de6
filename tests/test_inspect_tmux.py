"""The real `kvscope-inspect` binary in a real terminal (tmux) on a live `kvscope serve`: the
overview panels fill from /metrics and KV events, the prefix view opens focused with its column
header, Enter expands, `e` exports, `q` quits. Needs tmux (Debian's, installed by make setup)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest

from kvscope.backend.server.testing import ServerProcess

BIN = Path(sys.executable).parent
SYSTEM = "You are the ACME support assistant. Answer briefly and cite the policy page. " * 6


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    work = tmp_path_factory.mktemp("tmux")
    # KV events reach the inspector through the server's live trace file (--trace --follow):
    # a ZMQ publisher on loopback needs a port chosen by the publisher, which it does not report.
    events = work / "kv-events.jsonl"
    args = ["--num-blocks", "512", "--trace-file", str(events)]
    with ServerProcess(args, log_path=work / "server.log") as proc:
        yield proc, events


class Tmux:
    def __init__(self, tmp: Path) -> None:
        binary = shutil.which("tmux")
        assert binary, "tmux is missing: make setup installs Debian's tmux"
        self.cmd = [binary, "-L", f"kvscope-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        self.tmp = tmp

    def run(self, *args: str) -> str:
        out = subprocess.run([*self.cmd, *args], capture_output=True, text=True, timeout=30)
        return out.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "kv")

    def wait_for(self, *needles: str, absent: str = "\0", timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if all(n in text for n in needles) and absent not in text:
                return text
            time.sleep(0.3)
        raise AssertionError(f"{needles} not on screen after {timeout} s:\n{text}")


def _chat(url: str, question: str) -> None:
    body = {"model": "kvscope-tiny", "max_tokens": 2, "user": "acme",
            "messages": [{"role": "system", "content": SYSTEM},
                         {"role": "user", "content": question}]}  # fmt: skip
    assert httpx.post(url + "/v1/chat/completions", json=body, timeout=120).status_code == 200


def test_real_binary_in_tmux_on_a_live_server(server, tmp_path):
    proc, events = server
    tmux = Tmux(tmp_path)
    exports = tmp_path / "exports"
    events.touch()
    inspector = [str(BIN / "kvscope-inspect"), "--trace", str(events), "--follow", "--speed", "0"]
    inspector += ["--metrics", proc.url + "/metrics"]
    inspector += ["--server", proc.url, "--interval", "0.5", "--export-dir", str(exports)]
    env = f"TERM=xterm-256color COLUMNS=160 LINES=45 PATH={os.environ['PATH']}"
    tmux.run("new-session", "-d", "-x", "160", "-y", "45", "-s", "kv",
             f"env {env} {' '.join(inspector)}")  # fmt: skip
    try:
        tmux.wait_for("Cache", "Traffic", "Latency", "Events", "1 Overview")
        time.sleep(1.0)  # the ZMQ subscription settles before the traffic starts
        for q in ("How do I get a refund?", "Where is my order?", "How do I get a refund?"):
            _chat(proc.url, q)
        # Both hit rates fill in: the engine's from /metrics, the events' from KV events.
        tmux.wait_for("hit rate, kvscope", "between the last two scrapes", "100% ┤",
                      absent="n/a (no BlockHit")  # fmt: skip
        tmux.run("send-keys", "-t", "kv", "2")
        screen = tmux.wait_for("prefix text", "sub blk", "saved tok", "tenant")
        assert "acme" in screen
        tmux.run("send-keys", "-t", "kv", "Enter")  # the tree has focus: Enter expands
        tmux.wait_for("└──")
        tmux.run("send-keys", "-t", "kv", "e")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (
            list(exports.glob("*.json")) and list(exports.glob("*-hit-rate.csv"))
        ):
            time.sleep(0.2)  # the export writes its JSON first: wait for every file asserted
        assert list(exports.glob("*-hit-rate.csv")), "e wrote no export"
        tmux.run("send-keys", "-t", "kv", "q")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "kv" in tmux.run("list-sessions"):
            time.sleep(0.2)
        assert "kv" not in tmux.run("list-sessions"), "q did not quit"
    finally:
        tmux.run("kill-server")
