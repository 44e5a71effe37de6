"""Reading files that a repository (or an attacker) chose: regular files only, bounded reads.

A committed symlink to ``/dev/zero`` or ``/dev/urandom``, a named pipe or a socket must never
hang a linter or exhaust memory in pre-commit or CI. ``read_bytes`` opens without blocking
(a FIFO with no writer would block ``open``), refuses anything ``fstat`` does not call a regular
file, and enforces the size limit on the bytes actually read, not on what ``stat`` claims (a
file can grow while it is read). Torch-free and dependency-free: promptlint, ``kvscope
capacity`` and the server's key files all use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

DEFAULT_LIMIT = 10 * 1024 * 1024
_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


class UnsafeFileError(OSError):
    """A path that is not a readable regular file within the limit; str() is one line."""


def file_kind(mode: int) -> str | None:
    """What a non-regular file is ("a named pipe (FIFO)", ...), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: str | os.PathLike, limit: int = DEFAULT_LIMIT) -> bytes:
    """The bytes of the regular file ``path`` (symlinks followed), at most ``limit`` of them.

    Raises ``UnsafeFileError`` for a FIFO, device, socket or directory, for a file larger than
    ``limit`` bytes (counted while reading), and for any ``OSError`` of the open or read; the
    message names the path and says what to do.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise UnsafeFileError(f"{name}: no such file") from None
    except OSError as exc:
        raise UnsafeFileError(f"{name}: cannot open ({exc.strerror or exc})") from None
    try:
        kind = file_kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise UnsafeFileError(f"{name} is {kind}, not a regular file; give a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise UnsafeFileError(
                    f"{name} is larger than {limit} bytes; give a smaller file or raise the limit"
                )
        return b"".join(chunks)
    except UnsafeFileError:
        raise
    except OSError as exc:
        raise UnsafeFileError(f"{name}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike, limit: int = DEFAULT_LIMIT, what: str = "file") -> str:
    """``read_bytes`` decoded as UTF-8 (a BOM dropped); ``UnsafeFileError`` if it is not."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise UnsafeFileError(
            f"{os.fspath(path)} is not valid UTF-8 (byte {exc.start}); give a UTF-8 {what}"
        ) from None


def is_regular(path: Path) -> bool:
    """Whether ``path`` (symlinks followed) is a regular file; False when it cannot be stat'ed."""
    try:
        return file_kind(path.stat().st_mode) is None
    except OSError:
        return False
