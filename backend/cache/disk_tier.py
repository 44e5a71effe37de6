"""The disk tier: one file per block in a directory, with an append-only manifest.

Each block is stored as ``<hash hex>.kvb`` written atomically (temp file, fsync, rename, fsync of
the directory), then recorded in ``manifest.jsonl`` (size, xxh3-128 digest, dtype, shape, parent
hash, chain position and token ids). A read checks size and digest: a torn or corrupted file is a
miss (``get`` returns None and says why), never wrong KV data. On start-up the manifest is
replayed, every file verified, torn / corrupt / orphan files deleted and counted
(``discarded_at_start``), and the manifest rewritten compactly. ``layout.txt`` records the
device storage's KV layout (class, block bytes, dtype, shape): blocks written under another
layout (e.g. fp8 vs fp16 KV of the same model) are discarded at start-up, never promoted.
Without a directory, or when no data is given (no device storage), the tier keeps bookkeeping
only.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, NamedTuple

import xxhash

log = logging.getLogger(__name__)
MANIFEST = "manifest.jsonl"
LAYOUT = "layout.txt"


class DiskEntry(NamedTuple):
    """What the manifest records about one block file."""

    hash: bytes
    size: int
    digest: str
    dtype: str
    shape: tuple[int, ...]
    parent: bytes | None
    start: int
    tokens: list[int] | None


class DiskTier:
    """Up to ``capacity`` blocks keyed by block hash; files only with a directory and data."""

    def __init__(
        self, capacity: int, directory: str | None = None, layout: str | None = None
    ) -> None:
        self.capacity = capacity
        self.dir = Path(directory) if directory else None
        self.keys: set[bytes] = set()
        self.entries: dict[bytes, DiskEntry] = {}
        self.discarded_at_start = 0
        self.discard_reasons: list[str] = []
        self.restored: list[DiskEntry] = []
        self._manifest: Any = None
        self.layout = layout
        if self.dir is not None:
            self.dir.mkdir(parents=True, exist_ok=True)
            self._load()

    @property
    def num_free(self) -> int:
        return self.capacity - len(self.keys)

    def _path(self, h: bytes) -> Path:
        assert self.dir is not None
        return self.dir / f"{h.hex()}.kvb"

    def put(
        self,
        h: bytes,
        rows: Any,
        parent: bytes | None = None,
        start: int = 0,
        tokens: list[int] | None = None,
    ) -> None:
        """Store one block (``rows``: a tensor for one block, or None for bookkeeping only)."""
        self.put_many([(h, rows, parent, start, tokens)])

    def put_many(self, items: list[tuple[bytes, Any, bytes | None, int, list[int] | None]]) -> None:
        """Store blocks ``(hash, rows, parent hash, chain position, tokens)``: every file is
        durable (written, fsynced, renamed; the directory fsynced once) before the manifest
        records any of them, in one append."""
        records = []
        for h, rows, parent, start, tokens in items:
            self.keys.add(h)
            if self.dir is None or rows is None:
                continue
            import torch

            raw = rows.contiguous().view(torch.uint8).numpy().tobytes()
            path = self._path(h)
            tmp = path.with_suffix(".tmp")
            with open(tmp, "wb") as f:
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
            entry = DiskEntry(
                h, len(raw), xxhash.xxh3_128_hexdigest(raw), str(rows.dtype).removeprefix("torch."),
                tuple(rows.shape), parent, start, tokens,
            )  # fmt: skip
            self.entries[h] = entry
            records.append({"op": "put", **_to_json(entry)})
        if records:
            self._fsync_dir()
            self._append(records)

    def get(self, h: bytes) -> tuple[Any, str | None]:
        """``(rows, None)`` on success; ``(None, reason)`` for a missing, torn or corrupt file."""
        if h not in self.keys:
            return None, "missing"
        entry = self.entries.get(h)
        if entry is None:
            return None, None  # bookkeeping-only block: present, no bytes
        try:
            raw = self._path(h).read_bytes()
        except OSError:
            return None, "missing file"
        if len(raw) != entry.size:
            return None, f"torn file ({len(raw)} of {entry.size} bytes)"
        if xxhash.xxh3_128_hexdigest(raw) != entry.digest:
            return None, "corrupt file (digest mismatch)"
        import torch

        try:
            dtype = getattr(torch, entry.dtype)
            rows = torch.frombuffer(bytearray(raw), dtype=torch.uint8).view(dtype)
            return rows.reshape(entry.shape), None
        except (AttributeError, TypeError, RuntimeError, ValueError):
            return None, f"unreadable block layout ({entry.dtype} {list(entry.shape)})"

    def delete(self, h: bytes) -> None:
        self.delete_many([h])

    def delete_many(self, hashes: list[bytes]) -> None:
        records = []
        for h in hashes:
            self.keys.discard(h)
            if self.entries.pop(h, None) is not None:
                self._path(h).unlink(missing_ok=True)
                records.append({"op": "del", "hash": h.hex()})
        if records:
            self._append(records)

    def clear(self) -> None:
        self.delete_many(list(self.keys))

    def close(self) -> None:
        if self._manifest is not None:
            self._manifest.close()
            self._manifest = None

    def _append(self, records: list[dict]) -> None:
        if self._manifest is None:
            assert self.dir is not None
            self._manifest = open(self.dir / MANIFEST, "a", encoding="utf-8")  # noqa: SIM115
        self._manifest.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
        self._manifest.flush()
        os.fsync(self._manifest.fileno())

    def _fsync_dir(self) -> None:
        assert self.dir is not None
        fd = os.open(self.dir, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def note_discarded(self, what: str, why: str) -> None:
        """Count and log a block the cache refused to restore (e.g. its chain is broken)."""
        self._discard(what, why)

    def _discard(self, what: str, why: str, counted: bool = True) -> None:
        """Log one discarded block (or manifest line) at start-up, with the reason."""
        log.warning("disk tier: discarding %s: %s", what, why)
        self.discard_reasons.append(f"{what}: {why}")
        if counted:
            self.discarded_at_start += 1

    def _load(self) -> None:
        assert self.dir is not None
        entries: dict[bytes, DiskEntry] = {}
        path = self.dir / MANIFEST
        layout_file = self.dir / LAYOUT
        old_layout = layout_file.read_text().strip() if layout_file.exists() else None
        if old_layout != (self.layout or ""):
            if old_layout is not None or path.exists():
                log.warning("disk tier: KV layout changed (%s); discarding its blocks", old_layout)
            path.unlink(missing_ok=True)  # every block file becomes an orphan below
            layout_file.write_text((self.layout or "") + "\n")
        if path.exists():
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            for n, line in enumerate(lines, 1):
                try:
                    record = json.loads(line)
                    op = record.get("op") if isinstance(record, dict) else None
                    if op == "put":
                        entry = _from_json(record)
                        entries[entry.hash] = entry
                    elif op == "del":
                        h = _hex(record, "hash")
                        assert h is not None
                        entries.pop(h, None)
                    else:
                        raise ValueError("'op' must be 'put' or 'del'")
                except (ValueError, RecursionError) as exc:  # its file is an orphan below
                    self._discard(f"{MANIFEST} line {n}", f"bad manifest entry ({exc})", False)
        for h, entry in list(entries.items()):
            file = self._path(h)
            why = None
            if not file.is_file():
                why = "missing file"
            elif file.stat().st_size != entry.size:
                why = f"torn file ({file.stat().st_size} of {entry.size} bytes)"
            elif xxhash.xxh3_128_hexdigest(file.read_bytes()) != entry.digest:
                why = "corrupt file (digest mismatch)"
            if why is not None:
                del entries[h]
                self._discard(file.name, why)
        known = {f"{h.hex()}.kvb" for h in entries}
        for file in self.dir.iterdir():
            if (
                file.name not in (MANIFEST, LAYOUT)
                and file.name not in known
                and file.suffix in (".kvb", ".tmp")
            ):
                file.unlink(missing_ok=True)
                self._discard(file.name, "no valid manifest entry")
        while len(entries) > self.capacity:
            h, _ = entries.popitem()
            self._path(h).unlink(missing_ok=True)
        self.entries = entries
        self.keys = set(entries)
        self.restored = sorted(entries.values(), key=lambda e: e.start)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for entry in self.restored:
                f.write(json.dumps({"op": "put", **_to_json(entry)}, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        self._fsync_dir()


def _to_json(entry: DiskEntry) -> dict:
    return {
        "hash": entry.hash.hex(),
        "size": entry.size,
        "digest": entry.digest,
        "dtype": entry.dtype,
        "shape": list(entry.shape),
        "parent": None if entry.parent is None else entry.parent.hex(),
        "start": entry.start,
        "tokens": entry.tokens,
    }


def _hex(record: dict, name: str, nullable: bool = False) -> bytes | None:
    value = record.get(name)
    if value is None and nullable:
        return None
    if not isinstance(value, str) or not value or len(value) > 128:
        raise ValueError(f"'{name}' must be a hex string")
    return bytes.fromhex(value)  # ValueError names the bad digit


def _count(record: dict, name: str) -> int:
    value = record.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"'{name}' must be a non-negative integer, not {type(value).__name__}")
    return value


def _from_json(record: dict) -> DiskEntry:
    """A manifest ``put`` record checked field by field; ValueError says which field is wrong."""
    if not isinstance(record, dict):
        raise ValueError("a manifest line must be a JSON object")
    h = _hex(record, "hash")
    digest, dtype = record.get("digest"), record.get("dtype")
    if not isinstance(digest, str) or len(digest) != 32:
        raise ValueError("'digest' must be a 32-character xxh3-128 hex digest")
    if not isinstance(dtype, str) or not dtype.isidentifier():
        raise ValueError("'dtype' must be a torch dtype name such as 'float16'")
    shape = record.get("shape")
    if not isinstance(shape, list) or len(shape) > 8:
        raise ValueError("'shape' must be a list of at most 8 sizes")
    dims = tuple(_count({"shape": x}, "shape") for x in shape)
    tokens = record.get("tokens")
    if tokens is not None and not (
        isinstance(tokens, list)
        and all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tokens)
    ):
        raise ValueError("'tokens' must be null or a list of non-negative token ids")
    assert h is not None
    return DiskEntry(
        h,
        _count(record, "size"),
        digest,
        dtype,
        dims,
        _hex(record, "parent", nullable=True),
        _count(record, "start"),
        tokens,
    )
