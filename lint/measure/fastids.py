"""Pre-tokenized lines without parsing their repeated part: memoized block keys by byte chunk.

A pre-tokenized log re-sends the same token ids again and again (system prompts, a session's
history). The id list's text (``"1, 2, 3"`` as written) is cut into fixed ``CHUNK``-byte pieces;
a chained digest of the pieces identifies the exact text prefix up to each cut, and the memo
maps it to the prefix keys (``kvscope.backend.prefix_keys``, bit-identical to hashing the
tokens) of the blocks completed before the cut. Only the text after the last known cut is
parsed and hashed. Memory: one entry per unique chunk prefix, far fewer than unique blocks.
Only text that was fully parsed and checked (unsigned 32-bit ids) ever enters the memo.
"""

from __future__ import annotations

import json
import re
from array import array

import xxhash

from kvscope.backend.prefix_keys import ExtraKeys, hash_blocks

KEY_RX = re.compile(r'"prompt_token_ids"\s*:\s*\[')
CHUNK = 2048
_DIGEST = xxhash.xxh3_128_digest


class RawIds:
    """The text of a request's token ids as written: ``"1, 2, 3"`` (checked when parsed)."""

    __slots__ = ("count", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.count: int | None = None  # set by ``IdsMemo.keys``, which counts anyway

    def __len__(self) -> int:
        if self.count is None:
            self.count = self.text.count(",") + 1 if self.text else 0  # bad lists fail in keys
        return self.count

    def tokens(self) -> array:
        """The ids as an array (parses everything: used only when all tokens are needed)."""
        return array("I", json.loads(f"[{self.text}]"))


def split_line(text: str) -> tuple[str, RawIds] | None:
    """(the line with its id list emptied, the ids) or ``None`` when no fast path applies."""
    m = KEY_RX.search(text)
    if m is None:
        return None
    close = text.find("]", m.end())
    if close < 0:
        return None
    return text[: m.end()] + text[close:], RawIds(text[m.end() : close].strip())


_DIGITS = b"0123456789, \t"
_numpy = None


def parse_ids(raw: bytes) -> array:
    """``b"1, 2, 3"`` -> ``array("I")``; ``ValueError``/``OverflowError`` if not uint32 ids.

    Uses numpy's C text parser when numpy is installed (about 4x faster than json), json
    otherwise; both reject signs, fractions, exponents, empty items and values >= 2**32.
    """
    global _numpy
    if _numpy is None:
        try:
            import numpy
        except ImportError:  # numpy is optional (kvscope[backend])
            numpy = False
        _numpy = numpy
    if not _numpy or not raw.strip():
        return array("I", json.loads(b"[" + raw + b"]"))
    if raw.translate(None, _DIGITS):
        raise ValueError("token ids must be unsigned integers")
    items = raw.count(b",") + 1
    stripped = raw.strip()
    if b",," in raw or b", ," in raw or stripped.endswith(b",") or stripped.startswith(b","):
        raise ValueError("an empty item in the token id list")
    values = _numpy.fromstring(raw, dtype=_numpy.int64, sep=",")
    if len(values) != items:
        raise ValueError("the token id list could not be read to its end")
    if values.size and int(values.max()) >= 1 << 32:
        raise OverflowError("token ids must be below 2**32")
    out = array("I")
    out.frombytes(values.astype("<u4").tobytes())
    return out


class IdsMemo:
    """Block keys of ``RawIds`` with the repeated chunks looked up instead of parsed."""

    def __init__(self, block_size: int, algo: str, chunk: int = CHUNK) -> None:
        self.chunk = chunk
        self.block_size = block_size
        self.algo = algo
        self.memo: dict[bytes, tuple[int, list[bytes], int]] = {}  # blocks, keys, commas

    def keys(self, ids: RawIds, extra: ExtraKeys) -> list[bytes]:
        """Prefix keys of every full block; raises ``ValueError`` on ids that are not uint32."""
        bs, memo, chunk = self.block_size, self.memo, self.chunk
        enc = ids.text.encode()
        size = len(enc)
        digest = _DIGEST(repr(extra).encode())
        keys: list[bytes] = []
        pos = done = commas = 0
        while pos + chunk < size:
            nxt = _DIGEST(digest + enc[pos : pos + chunk])
            hit = memo.get(nxt)
            if hit is None:
                break
            done, commas = hit[0], hit[2]
            keys.extend(hit[1])
            digest, pos = nxt, pos + chunk
        start = 0
        if done:
            start = pos
            for _ in range(commas - done * bs + 1):
                start = enc.rfind(b",", 0, start)
            start += 1
        tail = parse_ids(enc[start:])
        ids.count = commas + enc.count(b",", pos) + 1 if size else 0
        parent = keys[-1] if keys else None
        keys.extend(hash_blocks(tail, bs, extra, self.algo, None, parent, done))
        prev = done
        while pos + chunk < size:
            end = pos + chunk
            digest = _DIGEST(digest + enc[pos:end])
            commas += enc.count(b",", pos, end)
            blocks = commas // bs
            memo[digest] = (blocks, keys[prev:blocks], commas)
            prev, pos = blocks, end
        return keys
