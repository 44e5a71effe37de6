"""Polling sources over HTTP: a Prometheus ``/metrics`` scrape and the kvscope server's cache API.

Both poll every ``interval_s`` seconds on their own thread (stdlib ``urllib``), report failures
(connection refused, HTTP errors, bad bodies) in the status bar and retry with backoff.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

from kvscope.inspect.sources.feed import Backoff, Feed, Source
from kvscope.inspect.sources.prom import MetricsSnapshot, parse, summarize

MAX_BODY = 32 * 1024 * 1024


def fetch(url: str, timeout: float = 3.0, token: str | None = None) -> bytes:
    """GET ``url`` (with ``Authorization: Bearer token`` if given); raises ``OSError`` (incl.
    ``urllib.error.URLError``) or ``ValueError``."""
    headers = {"Accept": "text/plain, application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise ValueError("response larger than 32 MiB")
    return body


def _why(exc: Exception) -> str:
    if isinstance(exc, urllib.error.HTTPError):
        return f"HTTP {exc.code}"
    if isinstance(exc, urllib.error.URLError):
        return str(exc.reason)
    return str(exc) or type(exc).__name__


class _Poller(Source):
    interval_s = 2.0

    def run(self, feed: Feed, stop: threading.Event) -> None:
        backoff = Backoff(initial=self.interval_s, maximum=30.0)
        while not stop.is_set():
            try:
                self.poll(feed)
            except Exception as exc:  # any failure: report, back off, retry
                delay = backoff.next()
                feed.status(self.name, "error", f"{self.url}: {_why(exc)}; retry in {delay:.0f} s")
                stop.wait(delay)
                continue
            backoff.reset()
            stop.wait(self.interval_s)

    def poll(self, feed: Feed) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class MetricsSource(_Poller):
    """Scrapes kvscope, vLLM or SGLang ``/metrics`` (the engine is recognised by its series)."""

    def __init__(self, url: str, interval_s: float = 2.0) -> None:
        self.name = "metrics"
        self.url = url
        self.interval_s = interval_s
        self.last: MetricsSnapshot | None = None

    def poll(self, feed: Feed) -> None:
        text = fetch(self.url).decode("utf-8", errors="replace")
        samples, bad = parse(text)
        snap = summarize(samples, self.last)
        snap.bad_lines = bad
        if snap.engine == "unknown":
            raise ValueError("no kvscope_, vllm: or sglang: series found (is this /metrics?)")
        self.last = snap
        feed.metrics(snap)
        extra = f", {bad} unparsed lines" if bad else ""
        feed.status(self.name, "ok", f"{snap.engine} metrics{extra}")


class ServerSource(_Poller):
    """Polls a kvscope server's ``/v1/cache/stats`` and ``/v1/cache/prefixes?top=N``.

    Hot prefixes show prompt text, so the server gives them to operators only: pass the
    server's admin key (``--admin-key`` or ``KVSCOPE_ADMIN_API_KEY``). Without it the block map
    and stats still update and the status bar says what is missing.
    """

    def __init__(
        self, base_url: str, top: int = 20, interval_s: float = 2.0, admin_key: str | None = None
    ) -> None:
        self.name = "server"
        self.url = base_url.rstrip("/")
        self.top = top
        self.interval_s = interval_s
        self.admin_key = admin_key

    def poll(self, feed: Feed) -> None:
        stats = _json_object(fetch(f"{self.url}/v1/cache/stats", token=self.admin_key))
        try:
            raw = fetch(f"{self.url}/v1/cache/prefixes?top={self.top}", token=self.admin_key)
        except urllib.error.HTTPError as exc:
            if exc.code not in (401, 403):
                raise
            feed.server(stats, [])
            feed.status(
                self.name,
                "ok",
                f"{self.url}: stats only; hot prefixes need the server's admin key "
                "(--admin-key or KVSCOPE_ADMIN_API_KEY)",
            )
            return
        body: Any = json.loads(raw)
        prefixes = body.get("prefixes", body.get("data")) if isinstance(body, dict) else body
        if not isinstance(prefixes, list):
            raise ValueError("/v1/cache/prefixes did not return a list")
        feed.server(stats, [p for p in prefixes if isinstance(p, dict)])
        feed.status(self.name, "ok", f"{self.url}: {len(prefixes)} hot prefixes")


def _json_object(raw: bytes) -> dict[str, Any]:
    obj = json.loads(raw)
    if not isinstance(obj, dict):
        raise ValueError("/v1/cache/stats did not return a JSON object")
    return obj
