"""The demo's story: steady traffic, a bad deploy, three tools catching it, rollback, measure."""

from __future__ import annotations

import asyncio
import contextlib
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
from rich.text import Text

from kvscope.backend.demo.board import Board, cache_counts, on_thread
from kvscope.backend.demo.rules import (
    SLO_HEADROOM,
    Baseline,
    calibrated_slo,
    ttft_quantile_series,
)
from kvscope.backend.demo.services import reload_rules
from kvscope.backend.demo.traffic import replay
from kvscope.backend.workload import WorkloadConfig, generate, system_prompt_template

HIT_DROP_FACTOR = 0.7  # the rule pack's threshold (alerts/rules_profile.py)
WIDE = 160  # columns when the output is not a terminal (tee, CI logs)
ALERT = "KVCachePrefixHitRateDrop"
BASELINE_SKIP_S = 5.0  # the cold start's first seconds stay out of the baseline
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
    bad_seconds: float = 60.0  # most the bad phase waits for the alert to fire


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
        self.deployed_at: float | None = None  # wall clock of the bad deploy
        self.fired_before: list[str] = []
        self._steady_wall = time.time()
        self._counts_at_start: dict[str, dict[str, int]] = {}

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
            self._counts_at_start[name] = cache_counts(self.board.cache)
            while not self.stop.is_set():
                batch = self._batch(stream, other, self.cfg.concurrency * 2)
                self._send(name, batch, self.cfg.concurrency)
                stats.total = max(stats.total, stats.requests)
                if stats.requests >= min_requests and until(time.monotonic() - started):
                    break
            self.board.poll()
        self.console.print()
        self.finish(name)

    def _send(self, name: str, batch: list[dict], concurrency: int) -> None:
        base, done = self.server["base"], self.board.record
        asyncio.run(replay(base, batch, name, self.log, done, concurrency))

    def finish(self, name: str) -> None:
        """Record the phase's figures, with the blocks it dropped or demoted and its preemptions."""
        self.board.poll()
        stats = self.board.phases[name]
        stats.total = max(stats.total, stats.requests)
        before, after = self._counts_at_start[name], cache_counts(self.board.cache)
        summary = stats.summary()
        summary["blocks_dropped"] = after["dropped"] - before["dropped"]
        summary["blocks_demoted"] = after["demoted"] - before["demoted"]
        summary["preemptions"] = after["preempted"] - before["preempted"]
        self.results["phases"][name] = summary

    @contextlib.contextmanager
    def still_serving(self, name: str, stream, other) -> Iterator[None]:
        """Keep phase ``name``'s traffic flowing on a thread (the tools run meanwhile): a
        deployed template keeps serving until the rollback, and the alert keeps seeing it."""

        def loop(stop: threading.Event) -> None:
            while not (stop.is_set() or self.stop.is_set()):
                self._send(name, self._batch(stream, other, self.cfg.concurrency), 2)

        if not self.prometheus:  # no alert to keep evaluating: the tools run on a quiet server
            yield
            return
        with self.board.polling(), on_thread("demo-traffic", loop):
            yield
        self.finish(name)

    def alert_report(self) -> dict | None:
        """The hit-drop alert as Prometheus has it now: state, since when, and the deploy's lag."""
        if not self.prometheus:
            return None
        self.board.poll()
        state = dict(self.board.alerts).get(ALERT, "inactive")
        report: dict = {"alert": ALERT, "state": state, "active_at": None, "fired_at": None}
        report["active_at"] = self.board.active_at.get(ALERT) or None
        fired = self.board.first_firing.get(ALERT)
        if fired is not None:
            report["fired_at"] = _clock(fired)
            if self.deployed_at is not None:
                report["seconds_after_deploy"] = round(fired - self.deployed_at, 1)
        return report

    def fired_after_deploy(self) -> dict[str, float]:
        """Every alert seen firing since the deploy: name -> seconds after it."""
        if self.deployed_at is None:
            return {}
        fired = self.board.first_firing.items()
        return {name: round(t - self.deployed_at, 1) for name, t in sorted(fired)}

    def steady_ttft_p95(self) -> float | None:
        """The worst TTFT p95 the rule pack's recorded series showed in the steady phase."""
        if not self.prometheus:
            return None
        seconds = max(int(time.time() - self._steady_wall) + 1, 10)
        query = f'max_over_time({ttft_quantile_series()}{{quantile="0.95"}}[{seconds}s])'
        with contextlib.suppress(httpx.HTTPError, ValueError, KeyError, IndexError):
            data = httpx.get(self.prometheus + "/api/v1/query", params={"query": query}, timeout=5)
            values = [float(r["value"][1]) for r in data.json()["data"]["result"]]
            values = [v for v in values if v == v]  # NaN: no request in a window
            return max(values) if values else None
        return None

    def steady(self) -> None:
        self.console.print(Rule("1. steady traffic: chat + code assistant, several tenants"))
        wait = self.cfg.steady_seconds if self.prometheus else 0.0
        self._steady_wall = time.time()
        self._phase("steady", self.good, self.bad, self.cfg.requests, lambda t: t >= wait)

    def calibrate(self) -> None:
        """Judge the rest of the run against the steady phase: pin the hit-ratio baseline to it
        and set the TTFT SLO from its worst p95, then reload Prometheus's rules."""
        if not self.prometheus:
            return
        worst = self.steady_ttft_p95() or self.results["phases"]["steady"]["ttft_p95_s"]
        slo = calibrated_slo(worst)
        baseline = Baseline(self._steady_wall + BASELINE_SKIP_S, time.time())
        reload_rules(self.prometheus, self.cfg.out, slo, baseline)
        self.results["rules"] = {
            "ttft_slo_s": slo,
            "steady_worst_ttft_p95_s": worst,
            "baseline_s": round(baseline.end - baseline.start, 1),
        }
        seen = "-" if worst is None else f"{1000 * worst:,.0f} ms"
        self.console.print(
            f"Rules now judge against the steady phase: hit-ratio baseline = its last "
            f"{baseline.end - baseline.start:.0f} s; TTFT SLO {1000 * slo:,.0f} ms (the first "
            f"latency bucket at least {SLO_HEADROOM} x its worst p95 over the rule's window, "
            f"{seen})"
        )

    def bad_deploy(self) -> None:
        self.console.print(Rule("2. bad deploy: the system prompt gains a timestamp at the top"))

        def until(elapsed: float) -> bool:
            if not self.prometheus:
                return True
            firing = dict(self.board.alerts).get(ALERT) == "firing"
            return firing or elapsed >= self.cfg.bad_seconds

        self.deployed_at = time.time()
        self.fired_before = sorted(self.board.first_firing)  # the steady phase's (should be none)
        self.board.first_firing.clear()
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
    """Run one of kvscope's CLIs as a user would, show its output, keep a copy in ``out``.

    The output is data: printed as text, never parsed as markup (``[volatile-timestamp]`` stays).
    """
    cmd = [str(Path(sys.executable).parent / args[0]), *args[1:]]
    console.print(Text("$ " + " ".join(args), style="bold"))
    env = {**os.environ, "COLUMNS": str(max(console.width - 4, 60)), "NO_COLOR": "1"}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    out.write_text(proc.stdout + proc.stderr)
    body = Text(proc.stdout.rstrip() or proc.stderr.rstrip())
    console.print(Panel(body, title=Text(title), expand=True))
    return proc.returncode


def make_console(file=None) -> Console:
    """The terminal's width on a terminal; ``WIDE`` columns when piped (unless $COLUMNS says)."""
    console = Console(file=file, markup=False, highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console = Console(file=file, markup=False, highlight=False, width=WIDE)
    return console


def _clock(wall: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(wall))
