"""Log files as lines of bytes (plain or gzipped, detected from the content).

Lines end as a text reader with ``newline=""`` ends them: after ``\\n``, ``\\r\\n`` or a
lone ``\\r``, so line numbers match what an editor shows. Pre-tokenized logs have lines of
tens of kilobytes, so files are read through a ``READ_BUFFER`` buffer (measured: block reads
with offsets were slower than ``readline`` copying out of one reused buffer). A line is
``(buffer, start, end)`` so that a lone ``\\r`` splits it without copying.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterator
from pathlib import Path

READ_BUFFER = 1 << 20
_GZIP_MAGIC = b"\x1f\x8b"


class NotGzip(ValueError):
    """A file named ``.gz`` whose content is not gzip."""


def open_log(path: str | Path):
    """A binary stream over a log file (``-``: stdin); gzip is detected from the content.

    A file named ``*.gz`` that does not start with the gzip magic raises ``NotGzip``.
    """
    if str(path) == "-":
        import sys

        if not hasattr(sys.stdin, "buffer"):  # a replaced sys.stdin (a text stream)
            return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))
        raw = sys.stdin.buffer
        if not hasattr(raw, "peek"):
            raw = io.BufferedReader(raw)
        return gzip.GzipFile(fileobj=raw) if raw.peek(2)[:2] == _GZIP_MAGIC else raw
    raw = open(path, "rb", buffering=READ_BUFFER)  # noqa: SIM115 - closed by the caller
    if raw.peek(2)[:2] != _GZIP_MAGIC:
        if str(path).lower().endswith(".gz"):
            raw.close()
            raise NotGzip(f"{path}: named .gz but not gzip (no gzip header at byte 0)")
        return raw
    return _Gzip(raw)


class _Gzip(gzip.GzipFile):
    """A gzip stream that knows how far into the compressed file it has read.

    Lines come from GzipFile's own small-chunk reader: a larger buffer over it would lose
    the lines decompressed just before a truncation (its read raises and drops them).
    """

    def __init__(self, raw) -> None:
        self.compressed = raw
        super().__init__(fileobj=raw, mode="rb")

    def compressed_offset(self) -> int:
        return self.compressed.tell()

    def close(self) -> None:
        super().close()
        self.compressed.close()


def compressed_offset(stream) -> int | None:
    """Bytes of the compressed file consumed so far (gzip streams only)."""
    return stream.compressed_offset() if isinstance(stream, _Gzip) else None


def _split_cr(buf: bytes, start: int, end: int) -> Iterator[tuple[bytes, int, int]]:
    """The lines of ``buf[start:end]`` (which holds at most one \\n, at its end)."""
    cr = buf.find(b"\r", start, end)
    while cr >= 0:
        after = cr + 1
        if after == end or buf[after] != 10:  # a lone \r ends a line (\r\n ends at the \n)
            yield buf, start, after
            start = after
        cr = buf.find(b"\r", after, end)
    if start < end:
        yield buf, start, end


def iter_lines(stream) -> Iterator[tuple[bytes, int, int]]:
    """``(buffer, start, end)`` of every line of ``stream``; ``buffer[start:end]`` is the line
    with its line break. Errors of the stream (a broken gzip member) propagate."""
    for line in stream:
        if b"\r" in line:
            yield from _split_cr(line, 0, len(line))
        else:
            yield line, 0, len(line)
