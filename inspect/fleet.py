"""A fleet: several replicas (``--metrics``/``--zmq`` repeated, a TOML file of targets, or ports
scanned on a host), one row each (data-parallel engines of one ``/metrics`` split by their
``engine`` label), and the fleet total.

Each replica's scrape is polled by its own :class:`ReplicaMetrics`; each replica's KV events fold
into their own state through a :class:`ReplicaFeed`, so selecting a row focuses its tree.
Widget-free apart from the message class.
"""

from __future__ import annotations

import socket
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.message import Message

from kvscope.inspect.sources.feed import Feed
from kvscope.inspect.sources.http import MetricsSource, fetch
from kvscope.inspect.sources.prom import MetricsSnapshot, Sample, parse, summarize


class FleetError(Exception):
    """A bad target list; the message says what to fix."""


@dataclass(slots=True)
class Target:
    name: str
    metrics: str | None = None
    zmq: str | None = None
    replay: str | None = None
    server: str | None = None


@dataclass
class FleetUpdated(Message):
    """Rows of one replica's scrape: ``{row name: snapshot}`` (several for DP engines)."""

    target: str
    rows: dict[str, MetricsSnapshot]


def load_targets(path: Path) -> list[Target]:
    """``[[target]]`` tables: ``name`` and any of ``metrics``, ``zmq``, ``replay``, ``server``."""
    try:
        doc = tomllib.loads(path.read_text())
    except OSError as exc:
        raise FleetError(f"--targets {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise FleetError(f"--targets {path}: not TOML ({exc})") from None
    raw = doc.get("target")
    if not isinstance(raw, list) or not raw:
        raise FleetError(f"--targets {path}: needs [[target]] tables with name and metrics/zmq")
    out, names = [], set()
    for i, t in enumerate(raw, start=1):
        if not isinstance(t, dict):
            raise FleetError(f"--targets {path}: target {i} is not a table")
        unknown = set(t) - {"name", "metrics", "zmq", "replay", "server"}
        if unknown:
            raise FleetError(f"--targets {path}: target {i} has unknown keys {sorted(unknown)}")
        values = {k: v for k, v in t.items() if isinstance(v, str)}
        if len(values) != len(t):
            raise FleetError(f"--targets {path}: target {i}: every value must be a string")
        name = values.get("name") or f"replica-{i}"
        if name in names:
            raise FleetError(f"--targets {path}: two targets are named {name!r}")
        if not (values.get("metrics") or values.get("zmq")):
            raise FleetError(f"--targets {path}: target {name!r} needs metrics or zmq")
        names.add(name)
        out.append(Target(name, values.get("metrics"), values.get("zmq"), values.get("replay"),
                          values.get("server")))  # fmt: skip
    return out


def parse_scan(spec: str) -> tuple[str, list[int]]:
    """``HOST:8000-8007`` or ``HOST:8000,8001`` -> host and ports (at most 256)."""
    host, _, ports = spec.rpartition(":")
    if not host or not ports:
        raise FleetError(f"--scan {spec!r}: use HOST:FIRST-LAST, e.g. 127.0.0.1:8000-8007")
    out: list[int] = []
    try:
        for part in ports.split(","):
            lo, _, hi = part.partition("-")
            out.extend(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        raise FleetError(f"--scan {spec!r}: ports must be numbers like 8000-8007") from None
    if not out or len(out) > 256 or not all(0 < p < 65536 for p in out):
        raise FleetError(f"--scan {spec!r}: give 1..256 ports in 1..65535")
    return host, out


def scan(host: str, ports: list[int], timeout: float = 0.3) -> list[Target]:
    """Targets for the ports on ``host`` that accept a connection and serve engine metrics."""
    found = []
    for port in ports:
        try:
            with socket.create_connection((host, port), timeout=timeout):
                pass
            text = fetch(f"http://{host}:{port}/metrics", timeout=2.0).decode("utf-8", "replace")
        except (OSError, ValueError):
            continue
        if summarize(parse(text)[0]).engine != "unknown":
            found.append(Target(f"{host}:{port}", metrics=f"http://{host}:{port}/metrics"))
    return found


def split_engines(samples: list[Sample]) -> dict[str | None, list[Sample]]:
    """Samples by their ``engine`` label (vLLM's data-parallel rank); one group if none."""
    groups: dict[str | None, list[Sample]] = {}
    for s in samples:
        groups.setdefault(s.labels.get("engine"), []).append(s)
    if len(groups) > 1 and None in groups:  # unlabelled series belong to every engine
        shared = groups.pop(None)
        for g in groups.values():
            g.extend(shared)
    return groups


class ReplicaMetrics(MetricsSource):
    """One replica's scrape, posted as fleet rows (and as the focused replica's metrics)."""

    def __init__(self, target: Target, interval_s: float = 2.0) -> None:
        super().__init__(target.metrics or "", interval_s)
        self.target = target.name
        self.name = f"metrics {target.name}"
        self.previous: dict[str, MetricsSnapshot] = {}

    def poll(self, feed: Feed) -> None:
        text = fetch(self.url).decode("utf-8", errors="replace")
        samples, _bad = parse(text)
        rows: dict[str, MetricsSnapshot] = {}
        for engine, group in sorted(split_engines(samples).items(), key=lambda kv: str(kv[0])):
            key = self.target if engine is None else f"{self.target} engine {engine}"
            snap = summarize(group, self.previous.get(key))
            if snap.engine != "unknown":
                rows[key] = snap
        if not rows:
            raise ValueError("no kvscope_, vllm: or sglang: series found (is this /metrics?)")
        self.previous = rows
        feed._send(FleetUpdated(self.target, rows))
        feed.status(self.name, "ok", f"{len(rows)} engine(s)")


class ReplicaFeed(Feed):
    """A replica's own event queue; statuses and messages go to the app's main feed."""

    def __init__(self, main: Feed) -> None:
        super().__init__(None, main.max_batches)
        self.main = main

    def status(self, source: str, level: str, text: str) -> None:
        self.main.status(source, level, text)

    def _send(self, message: Any) -> None:
        self.main._send(message)


@dataclass(slots=True)
class Row:
    """One fleet row as shown: figures of the latest scrape, deltas against the previous."""

    name: str
    snap: MetricsSnapshot
    queried: float = 0.0  # query tokens since the previous scrape (weights the fleet total)
    extra: dict[str, Any] = field(default_factory=dict)


def total(rows: list[Row]) -> dict[str, float | None]:
    """The fleet line: token-weighted hit rate, mean usage, summed queue and preemptions, worst
    TTFT p95."""
    weighted = [(r.snap.hit_rate, r.queried) for r in rows if r.snap.hit_rate is not None]
    weight = sum(w for _, w in weighted)
    hit = sum(h * w for h, w in weighted) / weight if weight else None
    usages = [max(r.snap.usage.values()) for r in rows if r.snap.usage]
    p95s = [r.snap.ttft_p95 for r in rows if r.snap.ttft_p95 is not None]

    def add(attr: str) -> float | None:
        vals = [getattr(r.snap, attr) for r in rows if getattr(r.snap, attr) is not None]
        return sum(vals) if vals else None

    return {
        "hit_rate": hit,
        "usage": sum(usages) / len(usages) if usages else None,
        "running": add("running"),
        "waiting": add("waiting"),
        "preemptions": add("preemptions"),
        "ttft_p95": max(p95s) if p95s else None,
    }
