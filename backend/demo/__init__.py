"""`make demo` / `kvscope demo`: the whole story of a prefix-cache regression on a laptop CPU.

1. start `kvscope serve` (metrics, KV events, trace file) and a real Prometheus with the rule pack;
2. replay the reference workload (scaled down): chat + code assistant, several tenants;
3. show a live summary: requests, hit rate, TTFT p50/p95, blocks by tier, evictions, preemptions;
4. ship a bad deploy (a timestamp at the top of the system prompt), watch the hit rate collapse,
   then show promptlint check, promptlint diff and the Prometheus alert catching it;
5. roll back, then run promptlint measure on the recorded log;
6. print where the artefacts are and how to open them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from kvscope.backend.cli_args import Parser
from kvscope.backend.demo.services import ServiceError, free_port, kvscope_server, prometheus
from kvscope.backend.demo.story import (
    HIT_DROP_FACTOR,
    WIDE,
    Story,
    StoryConfig,
    make_console,
    run_tool,
)
from kvscope.backend.demo.verdict import alert_line, conclusion, fired_line


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="kvscope demo", description=__doc__.splitlines()[0])
    p.add_argument("--out", default="demo-out", help="artefact directory (recreated)")
    p.add_argument("--requests", type=int, default=60, help="requests in the steady phase")
    p.add_argument("--scale", type=float, default=0.2, help="prompt-length scale (1 = reference)")
    p.add_argument("--tenants", type=int, default=4)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--num-blocks", type=int, default=4096, help="device KV blocks of the server")
    p.add_argument("--no-prometheus", action="store_true", help="do not start Prometheus")
    p.add_argument("--inspect", action="store_true", help="open the live inspector beside the run")
    p.add_argument("--steady-seconds", type=float, default=35.0)
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.requests < 8 or args.scale <= 0:
        print("kvscope demo: --requests must be >= 8 and --scale > 0", file=sys.stderr)
        return 2
    out = Path(args.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cfg = StoryConfig(
        out=out,
        requests=args.requests,
        scale=args.scale,
        tenants=args.tenants,
        seed=args.seed,
        steady_seconds=args.steady_seconds,
    )
    try:
        return _run(cfg, args, out)
    except ServiceError as exc:
        print(f"kvscope demo: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("kvscope demo: interrupted; artefacts so far are in " + str(out), file=sys.stderr)
        return 130


def _run(cfg: StoryConfig, args: argparse.Namespace, out: Path) -> int:
    port = free_port()
    server_args = ["--num-blocks", str(args.num_blocks), "--eviction", "gdsf"]
    server_args += ["--host-tier-gb", "0.25", "--max-model-len", "16384", "--kv-events-kvscope"]
    if not args.inspect:
        console = make_console()
        return _story(cfg, args, out, port, server_args, console)
    log = open(out / "demo.log", "w")  # noqa: SIM115 - closed below
    console = Console(file=log, width=WIDE, force_terminal=False, markup=False, highlight=False)
    holder: dict = {}
    started = threading.Event()
    thread = threading.Thread(
        target=lambda: holder.update(
            rc=_story(cfg, args, out, port, server_args, console, started, holder)
        ),
        daemon=True,
    )
    thread.start()
    started.wait(120)
    if "server" in holder:
        s = holder["server"]
        inspector = [str(Path(sys.executable).parent / "kvscope-inspect")]
        inspector += ["--zmq", s["events"], "--replay", s["replay"]]
        inspector += ["--metrics", s["base"] + "/metrics", "--server", s["base"]]
        subprocess.run(inspector, env={**os.environ, "KVSCOPE_ADMIN_API_KEY": s["admin_key"]})
    holder.get("story") and holder["story"].stop.set()
    thread.join()
    log.close()
    print(f"demo log: {out / 'demo.log'}")
    return int(holder.get("rc", 1))


def _story(cfg, args, out, port, server_args, console, started=None, holder=None) -> int:
    console.print(Rule("kvscope demo"))
    with kvscope_server(out, port, server_args) as server:
        console.print(f"server: {server['base']}  (log {server['log']})")
        prom_ctx = prometheus(out, port) if not args.no_prometheus else _null()
        with prom_ctx as prom:
            console.print(
                f"prometheus: {prom}  (the rule pack with windows sized for the demo, "
                "backend/demo/rules.py)"
                if prom
                else "prometheus: not started (install Debian's 'prometheus' to see the alert)"
            )
            story = Story(cfg, server, prom, console)
            if holder is not None:
                holder.update(server=server, story=story)
            if started is not None:
                started.set()
            try:
                rc = _chapters(story, console, out)
                if holder is not None:  # keep serving the inspector until the user quits it
                    console.print("story done; the server stays up until you quit the inspector")
                    story.stop.wait()
                return rc
            finally:
                story.close()


def _chapters(story: Story, console: Console, out: Path) -> int:
    story.steady()
    story.calibrate()
    story.bad_deploy()
    phases = story.results["phases"]
    steady, bad = phases["steady"]["hit_rate"] or 0.0, phases["bad deploy"]["hit_rate"] or 0.0
    s, b = phases["steady"], phases["bad deploy"]
    console.print(
        f"hit rate {100 * steady:.1f}% -> {100 * bad:.1f}%; prefill per request "
        f"{_tok(s['prefill_tokens_per_request'])} -> {_tok(b['prefill_tokens_per_request'])} "
        f"tokens; TTFT mean {_ms(s['ttft_mean_s'])} -> {_ms(b['ttft_mean_s'])}, "
        f"p95 {_ms(s['ttft_p95_s'])} -> {_ms(b['ttft_p95_s'])}"
    )
    serving = " (the bad deploy keeps serving meanwhile)" if story.prometheus else ""
    console.print(Rule("3. three tools catch it" + serving))
    _before, after, old_req, new_req = story.write_prompts()
    rel = lambda p: str(p.relative_to(Path.cwd())) if p.is_relative_to(Path.cwd()) else str(p)  # noqa: E731
    with story.still_serving("bad deploy", story.bad, story.good):
        check = ["promptlint", "check", rel(after)]
        run_tool(console, "promptlint check (new template)", check, out / "promptlint-check.txt")
        diff = ["promptlint", "diff", rel(old_req), rel(new_req)]
        run_tool(console, "promptlint diff (old vs new)", diff, out / "promptlint-diff.txt")
        console.print(
            "check counts the template's tokens after the placeholder; diff counts every block of "
            "one rendered request from the first divergent token on (the conversation and tools "
            "too), so the same change costs more blocks there."
        )
        report = story.alert_report()
    bad = phases["bad deploy"]["hit_rate"] or 0.0
    if report is not None:
        console.print(alert_line(report))
    else:
        fires = bad < HIT_DROP_FACTOR * steady
        console.print(
            f"{ALERT_NAME} (evaluated here, no Prometheus): hit ratio {bad:.2f} vs "
            f"{HIT_DROP_FACTOR} x baseline {steady:.2f} -> {'FIRING' if fires else 'quiet'}"
        )
    story.results["alert"] = report
    story.rollback()
    console.print(Rule("5. promptlint measure on the recorded log"))
    run_tool(console, "promptlint measure", ["promptlint", "measure", rel(out / "requests.jsonl")],
             out / "promptlint-measure.txt")  # fmt: skip
    metrics = story.save_metrics()
    story.results["alerts_fired"] = story.fired_after_deploy() if story.prometheus else None
    story.results["alerts_fired_before_deploy"] = story.fired_before
    (out / "summary.json").write_text(json.dumps(story.results, indent=2) + "\n")
    console.print(Rule("6. artefacts"))
    for label, path in (
        ("KV-event trace", story.server["trace"]),
        ("request log", out / "requests.jsonl"),
        ("metrics snapshot", metrics),
        ("OpenTelemetry spans", out / "otel-spans.jsonl"),
        ("server log", story.server["log"]),
        ("summary", out / "summary.json"),
    ):
        console.print(f"  {label:<20} {rel(path)}")
    console.print(f"  open the trace:      kvscope-inspect --trace {rel(story.server['trace'])}")
    console.print("  Grafana dashboard:   import dashboards/kvcache-overview.json")
    console.print(conclusion(phases))
    if story.prometheus:
        fired, rules = story.results["alerts_fired"], story.results.get("rules")
        console.print(fired_line(fired, phases, rules, story.fired_before))
    back = phases["rollback"]["hit_rate"] or 0.0
    return 0 if bad < HIT_DROP_FACTOR * steady and back > bad else 1


ALERT_NAME = "KVCachePrefixHitRateDrop"


def _tok(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{1000 * x:.0f} ms"


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False
