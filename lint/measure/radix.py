"""Token-granular longest-prefix match (SGLang's radix cache with page size 1), unbounded.

Full blocks are matched through their prefix keys (a block key is seen iff its whole prefix
was); inside the first unmatched block, the match is extended token by token against the
block-sized token runs stored under the same parent key. The longest common prefix of a query
with a sorted set is reached at one of its two sorted neighbours, so each lookup is a bisect.
Memory: one token tuple per unique block (and per unique partial tail).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Sequence


def _lcp(a: tuple, b: tuple) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class TokenRadix:
    """Children token runs per parent key; ``check_integrity`` verifies the sort invariant."""

    __slots__ = ("children",)

    def __init__(self) -> None:
        self.children: dict[bytes, list[tuple]] = {}

    def extend_match(self, parent: bytes, run: Sequence[int]) -> int:
        """Tokens of ``run`` matched by a stored run under ``parent`` (0..len(run))."""
        kids = self.children.get(parent)
        if not kids:
            return 0
        query = tuple(run)
        i = bisect_left(kids, query)
        best = 0
        if i < len(kids):
            best = _lcp(query, kids[i])
        if i > 0:
            best = max(best, _lcp(query, kids[i - 1]))
        return best

    def insert(self, parent: bytes, run: Sequence[int]) -> None:
        """Remember a block-sized (or shorter, trailing) token run under ``parent``."""
        query = tuple(run)
        kids = self.children.setdefault(parent, [])
        i = bisect_left(kids, query)
        if i < len(kids) and kids[i][: len(query)] == query:
            return  # already covered by an equal or longer run
        kids.insert(i, query)

    def check_integrity(self) -> None:
        for parent, kids in self.children.items():
            assert kids, f"empty child list under {parent.hex()[:12]}"
            assert all(a < b for a, b in itertools.pairwise(kids)), "children unsorted"


__all__ = ["TokenRadix"]
