"""Block keys of pre-tokenized lines without parsing their repeated part: a memo by byte chunk.

A pre-tokenized log re-sends the same token ids again and again (system prompts, a session's
history). The id list's bytes (``b"1, 2, 3"`` as written) are cut into fixed ``CHUNK``-byte
pieces; a chained digest of the pieces identifies the exact text prefix up to each cut, and the
memo maps it to the prefix keys (``kvscope.backend.prefix_keys``, bit-identical to hashing the
tokens) of the blocks completed since the previous cut, plus the byte offset where the next
block's ids start. Only the text from that offset on is parsed and hashed.

Invariants: only text that was fully parsed and checked (unsigned 32-bit ids) ever enters the
memo, and every key it returns was returned by an earlier ``keys`` call (so an analyzer fed
every result already stores the first ``RawIds.known`` keys). Memory: one entry per unique
chunk prefix (a digest and a tuple of pointers to keys the analyzer holds anyway); with
``max_entries`` (the out-of-core executors, where no analyzer holds the keys) it empties
itself when full.
"""

from __future__ import annotations

import xxhash

from kvscope.backend.prefix_keys import ExtraKeys, hash_blocks
from kvscope.lint.measure.tokenids import RawIds, numpy_module, parse_ids_at

CHUNK = 2048
_DIGEST = xxhash.xxh3_128_digest


class IdsMemo:
    """Block keys of ``RawIds`` with the repeated chunks looked up instead of parsed."""

    def __init__(
        self, block_size: int, algo: str, chunk: int = CHUNK, max_entries: int | None = None
    ) -> None:
        self.max_entries = max_entries  # a bound (the memo empties itself): out-of-core runs
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
        if self.max_entries is not None and len(memo) >= self.max_entries:
            memo.clear()  # a cache: emptying it costs speed, never correctness
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
        done = at_cut = len(keys)  # blocks completed before ``pos``
        tail, commas = parse_ids_at(enc[start:] if start else enc)
        ids.count = done * bs + len(tail)
        ids.known = done
        parent = keys[-1] if keys else None
        keys += hash_blocks(tail, bs, extra, self.algo, None, parent, done)
        if commas is None:  # no numpy: chunk entries only, found by counting commas
            cuts = range(pos + chunk, size, chunk)
            for cut, (blocks, next_start) in zip(
                cuts, self._ends_plain(enc, start, done, cuts), strict=True
            ):
                digest = _DIGEST(digest + enc[pos:cut])
                memo[digest] = (*keys[at_cut:blocks], next_start)
                at_cut, pos = blocks, cut
            return keys
        if pos + chunk < size:  # ids completed before each new cut -> blocks
            offsets = numpy_module().arange(pos + chunk - start, size - start, chunk)
            for ids_before in (commas.searchsorted(offsets) + done * bs).tolist():
                blocks = ids_before // bs
                next_start = start  # the offset of the first id of block ``blocks``
                if blocks > done:
                    next_start += int(commas[(blocks - done) * bs - 1]) + 1
                digest = _DIGEST(digest + enc[pos : pos + chunk])
                memo[digest] = (*keys[at_cut:blocks], next_start)
                at_cut, pos = blocks, pos + chunk
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
