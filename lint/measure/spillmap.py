"""A dict of mutable records that keeps the ``max_in_memory`` most recently used in memory
and pickles the rest into a SQLite file, so a per-key state of any log fits a bound.

Ownership: ``get`` moves a record into memory (it leaves the file) and the caller mutates it
in place; a record is written back only when it is evicted. Every key lives in exactly one
place (memory or file). ``rank`` and ``score`` are stored beside each spilled record so the
best ``n`` can be selected in SQL without unpickling the rest. SQLite is in the standard
library, so this costs no dependency; the file is created only on the first eviction.
"""

from __future__ import annotations

import os
import pickle
import shutil
import sqlite3
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

_SIGN = 1 << 63


def _db_key(key: int) -> int:
    return key - _SIGN  # unsigned 64-bit -> SQLite's signed INTEGER


class SpillMap:
    def __init__(
        self,
        max_in_memory: int,
        score: Callable[[Any], tuple[bool, float, int]],
        temp_dir: str | None = None,
    ) -> None:
        """``score(record)`` -> (eligible, score, tie-break): what ``best`` ranks by."""
        self.max_in_memory = max_in_memory
        self.score = score
        self.temp_dir = temp_dir
        self.memory: OrderedDict[int, Any] = OrderedDict()
        self.db: sqlite3.Connection | None = None
        self.folder: str | None = None
        self.spilled = 0

    def __len__(self) -> int:
        return len(self.memory) + self.spilled

    def get(self, key: int) -> Any | None:
        rec = self.memory.get(key)
        if rec is not None:
            self.memory.move_to_end(key)
            return rec
        if not self.spilled:
            return None
        row = self.db.execute("SELECT blob FROM spill WHERE k = ?", (_db_key(key),)).fetchone()
        if row is None:
            return None
        self.db.execute("DELETE FROM spill WHERE k = ?", (_db_key(key),))
        self.spilled -= 1
        rec = pickle.loads(row[0])
        self.put(key, rec)
        return rec

    def put(self, key: int, rec: Any) -> None:
        """Add a record whose key is in neither place (``get`` returned ``None``)."""
        self.memory[key] = rec
        if len(self.memory) > self.max_in_memory:
            old_key, old = self.memory.popitem(last=False)
            self._spill(old_key, old)

    def _spill(self, key: int, rec: Any) -> None:
        if self.db is None:
            self.folder = tempfile.mkdtemp(prefix="kvscope-measure-spill-", dir=self.temp_dir)
            self.db = sqlite3.connect(os.path.join(self.folder, "spill.sqlite"))
            self.db.execute("PRAGMA journal_mode = OFF")
            self.db.execute("PRAGMA synchronous = OFF")
            self.db.execute(
                "CREATE TABLE spill (k INTEGER PRIMARY KEY, ok INTEGER, score REAL, tie INTEGER, "
                "blob BLOB)"
            )
        ok, score, tie = self.score(rec)
        self.db.execute(
            "INSERT INTO spill VALUES (?, ?, ?, ?, ?)",
            (_db_key(key), int(ok), score, tie, pickle.dumps(rec, pickle.HIGHEST_PROTOCOL)),
        )
        self.spilled += 1

    def best(self, n: int) -> list[Any]:
        """The ``n`` eligible records of highest score (ties: lowest tie-break first)."""
        rows = [(-s, t, r) for r in self.memory.values() for ok, s, t in [self.score(r)] if ok]
        if self.spilled:
            cur = self.db.execute(
                "SELECT score, tie, blob FROM spill WHERE ok ORDER BY score DESC, tie LIMIT ?",
                (n,),
            )
            rows += [(-s, t, pickle.loads(b)) for s, t, b in cur]
        rows.sort(key=lambda x: (x[0], x[1]))
        return [r for _, _, r in rows[:n]]

    def keys(self) -> Iterator[int]:
        yield from self.memory
        if self.spilled:
            for (k,) in self.db.execute("SELECT k FROM spill"):
                yield k + _SIGN

    def check_integrity(self) -> None:
        assert len(self.memory) <= self.max_in_memory, "more records in memory than the bound"
        if self.spilled:
            (count,) = self.db.execute("SELECT count(*) FROM spill").fetchone()
            assert count == self.spilled, "the spill count is off"
            both = [k for k in self.memory if self._on_disk(k)]
            assert not both, "a key is both in memory and in the spill file"

    def _on_disk(self, key: int) -> bool:
        return self.db.execute("SELECT 1 FROM spill WHERE k = ?", (_db_key(key),)).fetchone()

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
