"""SGLang's token-granular tail for the out-of-core executors: runs grouped by parent key.

Rows arrive sorted by (parent key, request index, query first): each parent's stored runs
form one ``TokenRadix`` child list that lives only while that parent's rows stream by, so
memory is bounded by the largest group, not the log.
"""

from __future__ import annotations

from array import array

from kvscope.lint.measure.radix import TokenRadix

_PARENT = b"p"


class RadixGroups:
    def __init__(self) -> None:
        self.current: tuple | None = None
        self.radix = TokenRadix()

    def feed(self, rows) -> list[tuple[int, int]]:
        """``(pk1, pk2, idx, kind, tokens, query)`` rows -> ``(idx, matched tokens)`` of the
        query rows (kind 2 rows are queries only; kind 0/1 rows are stored)."""
        out = []
        radix = self.radix
        for pk1, pk2, idx, kind, blob, query in rows:
            parent = (pk1, pk2)
            if parent != self.current:
                self.current = parent
                radix = self.radix = TokenRadix()
            run = array("I")
            run.frombytes(blob)
            if query:
                out.append((int(idx), radix.extend_match(_PARENT, run)))
            if kind != 2:
                radix.insert(_PARENT, run)
        return out
