"""Messages from the sources to the app. Sources post them from their threads (thread-safe)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class SourceStatus(Message):
    """A source's health changed: ``level`` is ``ok``, ``warn`` or ``error``."""

    source: str
    level: str
    text: str


@dataclass
class MetricsUpdated(Message):
    """A new scrape summary (``kvscope.inspect.sources.prom.MetricsSnapshot``)."""

    snapshot: Any


@dataclass
class ServerUpdated(Message):
    """The kvscope server's ``/v1/cache/stats`` and ``/v1/cache/prefixes`` bodies."""

    stats: dict[str, Any]
    prefixes: list[dict[str, Any]]
