"""cl100k's rank table in a form that loads in about a millisecond: an on-disk hash table.

Building the 100k-entry dict (even from marshal) costs ~25 ms of CPU on every start, while one
pre-commit run looks up a few hundred pieces. The cache file holds the byte strings back to back,
their ranks, and an open-addressing table of slots keyed by crc32, so loading is one read, a
checksum and three zero-copy array views; a lookup hashes the key and probes. A run that looks
up many pieces (a whole-repository lint) promotes the table to a dict (`to_dict`).

File layout (native byte order, uint32 unless said): magic (8 bytes), a byte-order mark,
entries n, slots m (a power of two), pattern length, key-blob length, crc32 of everything after
this header; the split pattern (UTF-8, padded to 4 bytes); n + 1 key offsets (absolute in the
file); n ranks; m slots (entry index + 1, 0 = empty); the keys. A file whose header, sizes or
checksum do not hold is never trusted: the caller rebuilds it.
"""

from __future__ import annotations

from array import array
from zlib import crc32

MAGIC = b"KVSBPE02"
BOM = 0x01020304
HEADER = 8 + 6 * 4


class RankTable:
    """Read-only mapping bytes -> rank over one cache file's bytes (`get`, `in`, `len`)."""

    __slots__ = ("data", "mask", "offsets", "pattern", "ranks", "slots")

    def __init__(self, data: bytes) -> None:
        if len(data) < HEADER or data[:8] != MAGIC:
            raise ValueError("not a rank table")
        head = memoryview(data)[8:HEADER].cast("I")
        if head[0] != BOM:
            raise ValueError("rank table of another byte order")
        n, m, pat_len, blob_len, crc = head[1:6]
        pat_end = HEADER + pat_len + (-pat_len % 4)
        tables = pat_end + 4 * (2 * n + 1 + m)
        if m & (m - 1) or m < n or len(data) != tables + blob_len or crc32(data[HEADER:]) != crc:
            raise ValueError("damaged rank table")
        view = memoryview(data)
        self.data = data
        self.pattern = data[HEADER : HEADER + pat_len].decode("utf-8")
        self.offsets = view[pat_end : pat_end + 4 * (n + 1)].cast("I")
        self.ranks = view[pat_end + 4 * (n + 1) : pat_end + 4 * (2 * n + 1)].cast("I")
        self.slots = view[pat_end + 4 * (2 * n + 1) : tables].cast("I")
        self.mask = m - 1

    def get(self, key: bytes, default: int | None = None) -> int | None:
        slots, offsets, data, mask = self.slots, self.offsets, self.data, self.mask
        size = len(key)
        h = crc32(key) & mask
        while True:
            entry = slots[h]
            if not entry:
                return default
            start = offsets[entry - 1]
            if offsets[entry] - start == size and data[start : start + size] == key:
                return self.ranks[entry - 1]
            h = (h + 1) & mask

    def __contains__(self, key: bytes) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return len(self.ranks)

    def to_dict(self) -> dict[bytes, int]:
        offsets, data = self.offsets, self.data
        return {data[offsets[i] : offsets[i + 1]]: r for i, r in enumerate(self.ranks)}


def build(pattern: str, ranks: dict[bytes, int]) -> bytes:
    """The cache file's bytes for a split pattern and a rank dict."""
    keys = list(ranks)
    n = len(keys)
    m = 1 << max(1, (2 * n - 1).bit_length())  # load factor <= 1/2
    pat = pattern.encode("utf-8")
    pat += b"\0" * (-len(pat) % 4)
    first_key = HEADER + len(pat) + 4 * (2 * n + 1 + m)
    offsets = array("I", [first_key])
    for key in keys:
        offsets.append(offsets[-1] + len(key))
    slots = array("I", bytes(4 * m))
    for i, key in enumerate(keys):
        h = crc32(key) & (m - 1)
        while slots[h]:
            h = (h + 1) & (m - 1)
        slots[h] = i + 1
    body = pat + offsets.tobytes() + array("I", ranks.values()).tobytes() + slots.tobytes()
    body += b"".join(keys)
    head = array("I", [BOM, n, m, len(pattern.encode("utf-8")), sum(map(len, keys)), crc32(body)])
    return MAGIC + head.tobytes() + body
