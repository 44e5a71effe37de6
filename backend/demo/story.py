"""The demo's story: steady traffic, a bad deploy, three tools catching it, rollback, measure."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
from rich.console import Console
from rich.live import Live
from rich.panel import Panel
from rich.rule import Rule

from kvscope.backend.demo.board import Board
from kvscope.backend.demo.traffic import replay
from kvscope.backend.workload import WorkloadConfig, generate, system_prompt_template

HIT_DROP_FACTOR = 0.7  # the rule pack's threshold (alerts/rules_profile.py)
ALERT = "KVCachePrefixHitRateDrop"
STREAM_REQUESTS = 1_000_000  # generated lazily; phases stop on time or count


@dataclass(slots=True)
class StoryConfig:
    out: Path
    requests: int = 60
    scale: float = 0.2
    tenants: int = 4
    seed: int = 7
    concurrency: int = 4
    steady_seconds: float = 35.0  # long enough for the test-profile baseline (30 s)
    bad_seconds: float = 45.0  # most the bad phase waits for the alert to fire


class Story:
    """Owns the console, the board and the request streams; each phase is one method."""

    def __init__(self, cfg: StoryConfig, server: dict, prometheus: str | None, console: Console):
        self.cfg = cfg
        self.server = server
        self.prometheus = prometheus
        self.console = console
        self.board = Board(server["base"], prometheus)
        self.stop = threading.Event()
        base = WorkloadConfig(
            seed=cfg.seed, requests=STREAM_REQUESTS, tenants=cfg.tenants, scale=cfg.scale
        )
        self.workload = base
        self.good = generate(base)
        bad = WorkloadConfig(
            seed=cfg.seed,
            requests=STREAM_REQUESTS,
            tenants=cfg.tenants,
            scale=cfg.scale,
            bad_deploy="timestamp",
            bad_deploy_at=base.start,
        )
        self.bad = generate(bad)
        self.log = open(cfg.out / "requests.jsonl", "w")  # noqa: SIM115 - closed in close()
        self.results: dict = {"phases": {}}
        self.sample: tuple[dict, dict] | None = None

    def close(self) -> None:
        self.log.close()

    def _batch(self, stream: Iterator[dict], other: Iterator[dict] | None, n: int) -> list[dict]:
        """The next ``n`` requests; ``other`` advances in step so both streams stay aligned."""
        batch = []
        for _ in range(n):
            batch.append(next(stream))
            if other is not None:
                paired = next(other)
                if self.sample is None and batch[-1]["route"] == "chat":
                    self.sample = (paired, batch[-1]) if stream is self.bad else (batch[-1], paired)
        return batch

    def _phase(self, name: str, stream, other, min_requests: int, until) -> None:
        stats = self.board.start_phase(name, min_requests)
        started = time.monotonic()
        live = Live(get_renderable=self.board.render, console=self.console, refresh_per_second=4)
        with self.board.polling(), live:
            while not self.stop.is_set():
                batch = self._batch(stream, other, self.cfg.concurrency * 2)
                base, done = self.server["base"], self.board.record
                asyncio.run(replay(base, batch, name, self.log, done, self.cfg.concurrency))
                stats.total = max(stats.total, stats.requests)
                if stats.requests >= min_requests and until(time.monotonic() - started):
                    break
            self.board.poll()
        self.console.print()
        self.results["phases"][name] = stats.summary()

    def alert_state(self) -> str | None:
        if not self.prometheus:
            return None
        self.board.poll()
        states = [state for alert, state in self.board.alerts if alert == ALERT]
        return states[0] if states else "inactive"

    def steady(self) -> None:
        self.console.print(Rule("1. steady traffic: chat + code assistant, several tenants"))
        wait = self.cfg.steady_seconds if self.prometheus else 0.0
        self._phase("steady", self.good, self.bad, self.cfg.requests, lambda t: t >= wait)

    def bad_deploy(self) -> None:
        self.console.print(Rule("2. bad deploy: the system prompt gains a timestamp at the top"))

        def until(elapsed: float) -> bool:
            if not self.prometheus:
                return True
            return self.alert_state() == "firing" or elapsed >= self.cfg.bad_seconds

        self._phase("bad deploy", self.bad, self.good, self.cfg.requests // 2, until)

    def rollback(self) -> None:
        self.console.print(Rule("4. rollback: the old template again"))
        self._phase("rollback", self.good, self.bad, self.cfg.requests, lambda t: True)

    def save_metrics(self) -> Path:
        path = self.cfg.out / "metrics.prom"
        path.write_text(httpx.get(self.server["base"] + "/metrics", timeout=5).text)
        return path

    def write_prompts(self) -> tuple[Path, Path, Path, Path]:
        """The template before/after the deploy, and one request rendered both ways."""
        prompts = self.cfg.out / "prompts"
        for sub in ("before", "after"):
            (prompts / sub).mkdir(parents=True, exist_ok=True)
        tenant = self.workload.tenant_names[0]
        before = prompts / "before" / "system_prompt.jinja"
        after = prompts / "after" / "system_prompt.jinja"
        before.write_text(system_prompt_template(tenant, False, self.workload))
        after.write_text(system_prompt_template(tenant, "timestamp", self.workload))
        old, new = self.sample or (next(self.good), next(self.bad))
        old_req, new_req = prompts / "before" / "request.json", prompts / "after" / "request.json"
        for path, req in ((old_req, old), (new_req, new)):
            body = {"model": req["model"], "messages": req["messages"]}
            if req.get("tools"):
                body["tools"] = req["tools"]
            path.write_text(json.dumps(body, indent=2) + "\n")
        return before, after, old_req, new_req


def run_tool(console: Console, title: str, args: list[str], out: Path) -> int:
    """Run one of kvscope's CLIs as a user would, show its output, keep a copy in ``out``."""
    cmd = [str(Path(sys.executable).parent / args[0]), *args[1:]]
    console.print(f"[bold]$ {' '.join(args)}[/bold]")
    env = {**os.environ, "COLUMNS": str(max(console.width - 4, 60)), "NO_COLOR": "1"}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    out.write_text(proc.stdout + proc.stderr)
    console.print(Panel(proc.stdout.rstrip() or proc.stderr.rstrip(), title=title, expand=True))
    return proc.returncode
