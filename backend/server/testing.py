"""A real ``kvscope serve`` process on a free loopback port, for tests, benchmarks and the demo.

    with ServerProcess(["--num-blocks", "128"]) as server:
        httpx.get(server.url + "/health")

The process is started with the same interpreter; ``stop()`` sends SIGTERM (SIGKILL after a grace
period) and ``kill()`` sends SIGKILL at once (crash tests).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


class ServerProcess:
    """Owns one server subprocess; ``url`` is its base URL (no trailing slash)."""

    def __init__(
        self,
        args: list[str] | None = None,
        host: str = "127.0.0.1",
        ready_timeout: float = 90.0,
        log_path: str | Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.args = list(args or [])
        self.host = host
        self.port = free_port(host)
        self.url = f"http://{host}:{self.port}"
        self.ready_timeout = ready_timeout
        self.log_path = Path(log_path) if log_path else None
        self.env = {**os.environ, "PYTHONHASHSEED": "0", **(env or {})}
        self.proc: subprocess.Popen | None = None
        self._log = None

    def start(self) -> ServerProcess:
        cmd = [sys.executable, "-m", "kvscope.backend.cli", "serve", "--host", self.host]
        cmd += ["--port", str(self.port), *self.args]
        self._log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=self._log, env=self.env)
        deadline = time.monotonic() + self.ready_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                code = self.proc.returncode
                raise RuntimeError(f"kvscope serve exited with {code}: {self.log()}")
            try:
                if httpx.get(self.url + "/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"kvscope serve not ready in {self.ready_timeout} s: {self.log()}")

    def log(self) -> str:
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace")[-2000:]
        return "(no log)"

    def stop(self, grace: float = 10.0) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._close_log()
        return self.proc.returncode

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._close_log()

    def _close_log(self) -> None:
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
        self._log = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
