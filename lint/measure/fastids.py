"""Pre-tokenized lines without parsing their repeated part: memoized block keys by byte chunk.

A pre-tokenized log re-sends the same token ids again and again (system prompts, a session's
history). The id list's bytes (``b"1, 2, 3"`` as written) are cut into fixed ``CHUNK``-byte
pieces; a chained digest of the pieces identifies the exact text prefix up to each cut, and the
memo maps it to the prefix keys (``kvscope.backend.prefix_keys``, bit-identical to hashing the
tokens) of the blocks completed since the previous cut, plus the byte offset where the next
block's ids start. Only the text from that offset on is parsed and hashed.

Invariants: only text that was fully parsed and checked (unsigned 32-bit ids) ever enters the
memo, and every key it returns was returned by an earlier ``keys`` call (so an analyzer fed
every result already stores the first ``RawIds.known`` keys). Memory: one entry per unique
chunk prefix (a digest and a tuple of pointers to keys the analyzer holds anyway).
"""

from __future__ import annotations

import json
import re
import warnings
from array import array

import xxhash

from kvscope.backend.prefix_keys import XXH3, ExtraKeys, hash_blocks
from kvscope.lint.measure.hashing import chain_xxh3

KEY_RX = re.compile(rb'"prompt_token_ids"\s*:\s*\[')
CHUNK = 2048
_DIGEST = xxhash.xxh3_128_digest


class RawIds:
    """The bytes of a request's token ids as written: ``b"1, 2, 3"`` (checked when parsed).

    ``count`` (ids) and ``known`` (leading block keys the memo already knew) are set by
    ``IdsMemo.keys``.
    """

    __slots__ = ("count", "data", "known")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.count: int | None = None
        self.known = 0

    def __len__(self) -> int:
        if self.count is None:
            self.count = self.data.count(b",") + 1 if self.data else 0  # bad lists fail in keys
        return self.count

    def tokens(self) -> array:
        """The ids as an array (parses everything: used only when all tokens are needed)."""
        return parse_ids(self.data)


def split_line(line: bytes | str) -> tuple[bytes, RawIds] | None:
    """(the line with its id list emptied, the ids) or ``None`` when no fast path applies."""
    if isinstance(line, str):
        line = line.encode("utf-8", "surrogatepass")
    m = KEY_RX.search(line)
    if m is None:
        return None
    end = m.end()
    close = line.find(b"]", end)
    if close < 0:
        return None
    return line[:end] + line[close:], RawIds(line[end:close].strip())


_DIGITS = b"0123456789, \t"
_numpy = None
_strict = False  # numpy's fromstring raises on a partial read (numpy >= 2); else warns


def _np():
    global _numpy, _strict
    if _numpy is None:
        try:
            import numpy
        except ImportError:  # numpy is optional (kvscope[backend])
            numpy = False
        if numpy:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    numpy.fromstring(b"1 2", dtype=numpy.int64, sep=",")
            except ValueError:
                _strict = True
        _numpy = numpy
    return _numpy


def _fromstring(np, raw: bytes):
    """uint64 (saturating: a value >= 2**64 reads as 2**64 - 1); raises on a partial read."""
    if _strict:
        return np.fromstring(raw, dtype=np.uint64, sep=",")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        try:
            return np.fromstring(raw, dtype=np.uint64, sep=",")
        except DeprecationWarning as exc:
            raise ValueError(str(exc)) from None


def parse_ids(raw: bytes) -> array:
    """``b"1, 2, 3"`` -> ``array("I")``; ``ValueError``/``OverflowError`` if not uint32 ids.

    Accepts what ``json.loads`` accepts for a list of unsigned 32-bit integers (whitespace
    around commas; no signs, fractions, exponents, leading zeros or empty items). Uses numpy's
    C text parser when numpy is installed (about 3x faster than json), json otherwise.
    """
    return _parse(raw)[0]


def _parse(raw: bytes):
    """(the ids, the offsets of the commas in ``raw`` as a numpy array or ``None``)."""
    np = _np()
    if not np or not raw.strip():
        return array("I", json.loads(b"[" + raw + b"]")), None
    if raw.translate(None, _DIGITS):
        raise ValueError("token ids must be unsigned integers")
    a = np.frombuffer(raw, np.uint8)
    digit = a > 47  # the only bytes above b"," are digits
    start = np.empty(len(a), bool)
    start[0] = digit[0]
    np.greater(digit[1:], digit[:-1], out=start[1:])
    runs = int(np.count_nonzero(start))
    commas = (a == 44).nonzero()[0]
    if runs != len(commas) + 1:
        raise ValueError("an empty item in the token id list")
    if (start[:-1] & digit[1:] & (a[:-1] == 48)).any():
        raise ValueError("a token id with a leading zero")
    # a full read of ``runs`` numbers past ``runs - 1`` commas: no empty item, no junk
    values = _fromstring(np, raw)
    if len(values) != runs:
        raise ValueError("the token id list could not be read to its end")
    if int(values.max()) >= 1 << 32:
        raise OverflowError("token ids must be below 2**32")
    out = array("I")
    out.frombytes(values.astype("<u4").tobytes())
    return out, commas


class IdsMemo:
    """Block keys of ``RawIds`` with the repeated chunks looked up instead of parsed."""

    def __init__(self, block_size: int, algo: str, chunk: int = CHUNK) -> None:
        self.chunk = chunk
        self.block_size = block_size
        self.algo = algo
        # cut digest -> (*keys of the blocks completed since the previous cut, next block's
        # offset): one flat tuple of atoms, which the cyclic GC stops tracking
        self.memo: dict[bytes, tuple] = {}
        self.roots: dict[ExtraKeys, bytes] = {}

    def keys(self, ids: RawIds, extra: ExtraKeys) -> list[bytes]:
        """Prefix keys of every full block; raises ``ValueError`` on ids that are not uint32."""
        bs, memo, chunk = self.block_size, self.memo, self.chunk
        enc = ids.data
        size = len(enc)
        digest = self.roots.get(extra)
        if digest is None:
            digest = self.roots[extra] = _DIGEST(repr(extra).encode())
        keys: list[bytes] = []
        pos = start = 0
        while pos + chunk < size:
            nxt = _DIGEST(digest + enc[pos : pos + chunk])
            hit = memo.get(nxt)
            if hit is None:
                break
            keys += hit
            start = keys.pop()
            digest, pos = nxt, pos + chunk
        done = len(keys)
        tail, commas = _parse(enc[start:] if start else enc)
        ids.count = done * bs + len(tail)
        ids.known = done
        parent = keys[-1] if keys else None
        if self.algo == XXH3:
            chain_xxh3(tail, bs, extra, parent, done, keys)
        else:
            keys += hash_blocks(tail, bs, extra, self.algo, None, parent, done)
        if pos + chunk >= size:
            return keys
        cuts = range(pos + chunk, size, chunk)
        if commas is None:
            ends = self._ends_plain(enc, start, done, cuts)
        else:  # ids completed before each cut -> blocks, and where the next block starts
            offsets = _np().arange(cuts.start - start, size - start, chunk)
            before = (commas.searchsorted(offsets) + done * bs).tolist()
            ends = []
            for ids_before in before:
                blocks = ids_before // bs
                if blocks > done:
                    ends.append((blocks, int(commas[(blocks - done) * bs - 1]) + 1 + start))
                else:
                    ends.append((blocks, start))
        prev = done
        for cut, (blocks, next_start) in zip(cuts, ends, strict=True):
            digest = _DIGEST(digest + enc[pos:cut])
            memo[digest] = (*keys[prev:blocks], next_start)
            prev, pos = blocks, cut
        return keys

    def _ends_plain(self, enc: bytes, start: int, done: int, cuts: range) -> list[tuple]:
        """(blocks completed, next block's offset) at each cut, without numpy."""
        bs = self.block_size
        out, ids_before, last = [], done * bs, start
        for cut in cuts:
            ids_before += enc.count(b",", last, cut)
            blocks = ids_before // bs
            block_start = start
            if blocks > done:  # just after the comma that ends block ``blocks - 1``
                block_start = cut
                for _ in range(ids_before - blocks * bs + 1):
                    block_start = enc.rfind(b",", 0, block_start)
                block_start += 1
            out.append((blocks, block_start))
            last = cut
        return out
