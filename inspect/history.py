"""Time series the inspector keeps for its charts: in memory, optionally persisted to SQLite.

Each series is ``name -> [(t, value)]`` in Unix seconds, capped at ``KEEP_S`` (1 h, the longest
selectable window) and at one point per ``MIN_STEP_S`` per series. ``--history FILE`` appends
every point to a SQLite file and reloads the last hour on start, so a restart keeps the charts.
Widget-free; one writer (the UI thread).
"""

from __future__ import annotations

import bisect
import csv
import io
import itertools
import sqlite3
import time
from collections import deque
from pathlib import Path

WINDOWS: tuple[tuple[str, float], ...] = (("1m", 60.0), ("10m", 600.0), ("1h", 3600.0))
KEEP_S = 3600.0
MIN_STEP_S = 0.25
SCHEMA = "CREATE TABLE IF NOT EXISTS points (series TEXT NOT NULL, t REAL NOT NULL, v REAL)"


Point = tuple[float, float]


class HistoryError(Exception):
    """The history file cannot be used; the message says why and what to do."""


class History:
    """Series of ``(t, value)``; ``path`` (SQLite) persists them across restarts."""

    def __init__(self, path: Path | None = None, clock=time.time) -> None:
        self.series: dict[str, deque[Point]] = {}
        self.clock = clock
        self.path = path
        self._db: sqlite3.Connection | None = None
        if path is not None:
            self._open(path)

    def _open(self, path: Path) -> None:
        try:
            db = sqlite3.connect(str(path))
            db.execute(SCHEMA)
            db.execute("CREATE INDEX IF NOT EXISTS points_t ON points (t)")
            since = self.clock() - KEEP_S
            db.execute("DELETE FROM points WHERE t < ?", (since,))
            rows = db.execute("SELECT series, t, v FROM points ORDER BY t").fetchall()
            db.commit()
        except sqlite3.DatabaseError as exc:
            msg = f"{path} is not a usable history file ({exc}); give a new path"
            raise HistoryError(msg) from None
        self._db = db
        for name, t, v in rows:
            self._append(str(name), float(t), float(v))

    def close(self) -> None:
        if self._db is not None:
            self._db.commit()
            self._db.close()
            self._db = None

    def add(self, name: str, value: float | None, t: float | None = None) -> None:
        """Record ``value`` now (or at ``t``); ``None`` and NaN are gaps, not points."""
        if value is None or value != value:
            return
        t = self.clock() if t is None else t
        if self._append(name, t, float(value)) and self._db is not None:
            self._db.execute("INSERT INTO points VALUES (?, ?, ?)", (name, t, float(value)))

    def _append(self, name: str, t: float, v: float) -> bool:
        points = self.series.setdefault(name, deque())
        if points and t - points[-1][0] < MIN_STEP_S:
            points[-1] = (points[-1][0], v)  # same step: keep the newest value
            return False
        points.append((t, v))
        while points and points[0][0] < t - KEEP_S:
            points.popleft()
        return True

    def check_integrity(self) -> None:
        """Each series is time-ordered, one point per ``MIN_STEP_S``, within ``KEEP_S``."""
        for name, points in self.series.items():
            times = [t for t, _ in points]
            gaps = [b - a for a, b in itertools.pairwise(times)]
            if any(g < MIN_STEP_S for g in gaps):
                raise AssertionError(f"{name}: points closer than {MIN_STEP_S} s or out of order")
            if times and times[-1] - times[0] > KEEP_S:
                raise AssertionError(f"{name}: spans more than {KEEP_S} s")

    def flush(self) -> None:
        if self._db is not None:
            self._db.commit()

    def latest(self, name: str) -> float:
        """Time of the series' newest point: charts end there (producer time for a replay)."""
        points = self.series.get(name)
        return points[-1][0] if points else 0.0

    def window(self, name: str, seconds: float, now: float | None = None) -> list[Point]:
        """Points of the last ``seconds`` before ``now`` (default: the newest), oldest first."""
        points = list(self.series.get(name, ()))
        now = self.latest(name) if now is None else now
        start = bisect.bisect_left(points, (now - seconds, float("-inf")))
        return points[start:]

    def buckets(self, name: str, seconds: float, n: int) -> list[float | None]:
        """The window as ``n`` equal time buckets (mean of each; ``None`` where empty)."""
        now = self.latest(name)
        sums, counts = [0.0] * n, [0] * n
        width = seconds / n
        for t, v in self.window(name, seconds, now):
            i = min(n - 1, max(0, int((t - (now - seconds)) / width)))
            sums[i] += v
            counts[i] += 1
        return [s / c if c else None for s, c in zip(sums, counts, strict=True)]

    def to_csv(self, name: str) -> str:
        """``unix_time,iso_time,value`` rows of one series (what ``--once`` and ``e`` export)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["unix_time", "iso_time", name])
        for t, v in self.series.get(name, ()):
            iso = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"
            writer.writerow([f"{t:.3f}", iso, f"{v:.6g}"])
        return out.getvalue()
