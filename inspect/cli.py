"""``kvscope-inspect`` / ``kvscope inspect``: open the live cache inspector.

Bad arguments get a one-line message and exit code 2, before the terminal UI starts.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from pathlib import Path

from kvscope.backend.cli_args import with_suggestion

EXAMPLES = """\
examples:
  kvscope-inspect --zmq tcp://127.0.0.1:5557 --replay tcp://127.0.0.1:5558
  kvscope-inspect --metrics http://127.0.0.1:8000/metrics --server http://127.0.0.1:8000
  kvscope-inspect --trace events.jsonl --speed 10
  kvscope-inspect --zmq tcp://vllm-host:5557 --topic kv-events --metrics http://vllm-host:8000/metrics
"""


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, no usage dump
        raise UsageError(with_suggestion(self, message))


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="kvscope-inspect",
        description="Live KV-cache inspector for kvscope, vLLM and SGLang (a terminal UI).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    a = p.add_argument
    a("--zmq", metavar="ENDPOINT", action="append", default=[],
      help="KV-event publisher, e.g. tcp://127.0.0.1:5557 (repeat for a fleet)")  # fmt: skip
    a("--replay", metavar="ENDPOINT", help="its replay socket, used to recover sequence gaps")
    a("--topic", default="", help="ZMQ topic to subscribe to (default: all)")
    a("--metrics", metavar="URL", action="append", default=[],
      help="Prometheus /metrics of kvscope, vLLM or SGLang (repeat for a fleet)")  # fmt: skip
    a("--targets", metavar="FILE", help="a fleet as TOML: [[target]] name, metrics, zmq, server")
    a("--scan", metavar="HOST:PORTS", help="find engines' /metrics on ports, e.g. host:8000-8007")
    a("--server", metavar="URL", help="kvscope server base URL (reads /v1/cache/*)")
    a("--admin-key", metavar="KEY", default=os.environ.get("KVSCOPE_ADMIN_API_KEY"),
      help="the server's --admin-api-key, for hot prefixes with text "
           "(default: env KVSCOPE_ADMIN_API_KEY)")  # fmt: skip
    a("--trace", metavar="FILE", help="replay a JSONL trace (kvscope serve --trace-file)")
    a("--speed", type=float, default=1.0, help="trace replay speed; 0 = as fast as possible")
    a("--follow", action="store_true", help="keep reading the trace as it grows (tail -f)")
    a("--tokenizer", default="cl100k", help="decode token ids: cl100k, bytes or hf:PATH")
    a("--refresh-hz", type=float, default=4.0, help="UI refresh rate (default 4)")
    a("--interval", type=float, default=2.0, help="seconds between metrics/server polls")
    a("--history", metavar="FILE", help="keep chart history in this SQLite file across restarts")
    a("--rules", metavar="FILE", help="alert rule file for thresholds "
      "(default: the repository's alerts/kvcache_alerts.yaml)")  # fmt: skip
    a("--once", action="store_true", help="print a snapshot of every view and exit (no UI)")
    a("--format", choices=("text", "json"), default="text", help="--once output (default text)")
    a("--once-seconds", type=float, default=5.0, help="--once: most seconds to wait (default 5)")
    a("--export-dir", default=".", metavar="DIR", help="where 'e' writes its snapshot (default .)")
    return p


def _values(value: str | list[str] | None) -> list[str]:
    return value if isinstance(value, list) else [value] if value else []


def fleet_targets(args: argparse.Namespace) -> list:
    """The fleet: --targets, --scan, or --metrics/--zmq given more than once (paired in order);
    empty for one replica (the single-source views)."""
    from urllib.parse import urlsplit

    from kvscope.inspect.fleet import FleetError, Target, load_targets, parse_scan, scan

    try:
        if args.targets:
            return load_targets(Path(args.targets))
        if args.scan:
            host, ports = parse_scan(args.scan)
            found = scan(host, ports)
            if not found:
                raise UsageError(f"--scan {args.scan}: no engine /metrics answered on those ports")
            return found
    except FleetError as exc:
        raise UsageError(str(exc)) from None
    if len(args.metrics) < 2 and len(args.zmq) < 2:
        return []
    n = max(len(args.metrics), len(args.zmq))
    out = []
    for i in range(n):
        metrics = args.metrics[i] if i < len(args.metrics) else None
        zmq = args.zmq[i] if i < len(args.zmq) else None
        where = urlsplit(metrics).netloc if metrics else (zmq or "").split("://")[-1]
        out.append(Target(where or f"replica-{i + 1}", metrics=metrics, zmq=zmq))
    names = [t.name for t in out]
    for i, t in enumerate(out):
        if names.count(t.name) > 1:
            t.name = f"{t.name} #{i + 1}"
    return out


def build_sources(args: argparse.Namespace) -> list:
    from kvscope.inspect.sources.http import MetricsSource, ServerSource
    from kvscope.inspect.sources.trace import TraceSource
    from kvscope.inspect.sources.zmq_source import ZmqSource

    if args.replay and not args.zmq:
        raise UsageError("--replay needs --zmq")
    if not (args.zmq or args.metrics or args.server or args.trace or args.targets or args.scan):
        raise UsageError("give at least one source: --zmq, --metrics, --server, --trace, "
                         "--targets or --scan")  # fmt: skip
    for flag in ("zmq", "replay"):
        for value in _values(getattr(args, flag)):
            if not value.startswith(("tcp://", "ipc://", "inproc://")):
                raise UsageError(
                    f"--{flag} {value!r}: use a ZMQ endpoint like tcp://127.0.0.1:5557"
                )
    for flag in ("metrics", "server"):
        for value in _values(getattr(args, flag)):
            if not value.startswith(("http://", "https://")):
                raise UsageError(f"--{flag} {value!r}: use an http:// or https:// URL")
    if args.trace and not Path(args.trace).is_file():
        raise UsageError(f"--trace {args.trace}: no such file")
    if args.once and args.trace and args.speed == 1.0:
        args.speed = 0.0  # a snapshot of a trace: replay it as fast as possible
    if args.once_seconds <= 0:
        raise UsageError("--once-seconds must be > 0")
    if args.speed < 0 or not 0.1 <= args.refresh_hz <= 30 or args.interval <= 0:
        raise UsageError("--speed must be >= 0, --refresh-hz in 0.1..30, --interval > 0")
    args.fleet = fleet_targets(args)
    sources: list = []
    if args.zmq and not args.fleet:
        sources.append(ZmqSource(args.zmq[0], args.replay, args.topic))
    if args.trace:
        sources.append(TraceSource(args.trace, args.speed, args.follow))
    if args.metrics and not args.fleet:
        sources.append(MetricsSource(args.metrics[0], args.interval))
    if args.server:
        sources.append(
            ServerSource(args.server, interval_s=args.interval, admin_key=args.admin_key)
        )
    return sources


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        sources = build_sources(args)
    except UsageError as exc:
        print(f"kvscope-inspect: {exc} (see --help)", file=sys.stderr)
        return 2
    try:
        from kvscope.inspect.app import InspectorApp
        from kvscope.inspect.history import History, HistoryError
        from kvscope.inspect.thresholds import RulesError, load
    except ImportError as exc:
        print(f"kvscope-inspect: {exc.name} is missing; pip install 'kvscope[inspect]'",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        thresholds = load(Path(args.rules) if args.rules else None)
        history = History(Path(args.history) if args.history else None)
    except (RulesError, HistoryError) as exc:
        print(f"kvscope-inspect: {exc}", file=sys.stderr)
        return 2
    # The fold allocates one object per cached block; fewer full collections keep it fast.
    gc.set_threshold(50_000, 20, 100)
    app = InspectorApp(
        sources, tokenizer=args.tokenizer, refresh_hz=args.refresh_hz, history=history,
        thresholds=thresholds, export_dir=args.export_dir,
        once_s=args.once_seconds if args.once else None, targets=args.fleet,
    )  # fmt: skip
    if not args.once:
        app.run()
        return 0
    doc = app.run(headless=True, size=(160, 50))
    if doc is None:
        print("kvscope-inspect: --once ended without a snapshot", file=sys.stderr)
        return 1
    from kvscope.inspect.export import render_text

    print(json.dumps(doc, indent=2, default=str) if args.format == "json" else render_text(doc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
