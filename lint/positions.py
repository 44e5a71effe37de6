"""Positions and cost: source offsets -> 1-based line/column; prefix offsets -> tokens, blocks.

The tokenizer is loaded on first use only (a clean run never imports tiktoken), and cl100k is
counted by kvscope.lint.bpecount (same counts, no encoder to build). Cost model: a
volatile token at offset t lies in block t // block_size; that block and every later full block
of the prompt can never be shared, so blocks_at_stake = full_blocks - block_index and
tokens_at_stake = blocks_at_stake * block_size.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple


class LineIndex:
    """Maps character offsets of one text to (line, column), both 1-based."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        pos = text.find("\n")
        while pos >= 0:
            self.starts.append(pos + 1)
            pos = text.find("\n", pos + 1)

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, max(offset, 0)) - 1
        return line + 1, offset - self.starts[line] + 1


class TokenCounter:
    """Counts tokens with a named kvscope tokenizer, loaded lazily, caching whole-text counts."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._tok = None
        self._totals: dict[str, int] = {}

    def load(self):
        if self._tok is None:
            if self.name in {"cl100k", "cl100k_base"}:
                from kvscope.lint.bpecount import BPECounter

                self._tok = BPECounter()
            else:
                from kvscope.backend.tokenizers import get_tokenizer

                tok = get_tokenizer(self.name)
                tok.count = lambda text: len(tok.encode(text))
                self._tok = tok
        return self._tok

    def count(self, text: str) -> int:
        if not text:
            return 0
        if text not in self._totals:
            if len(self._totals) > 256:
                self._totals.clear()
            self._totals[text] = self.load().count(text)
        return self._totals[text]

    def count_prefix(self, text: str, pos: int) -> int:
        return self.load().count(text[:pos]) if pos > 0 else 0


class Cost(NamedTuple):
    token_offset: int | None
    block_index: int | None
    blocks_at_stake: int
    tokens_at_stake: int


def cost(
    counter: TokenCounter,
    text: str,
    pos: int | None,
    block_size: int,
    stake_tokens: int | None = None,
) -> Cost:
    """Token offset, block index and what can never be shared after `pos` in `text`."""
    if stake_tokens is not None:
        return Cost(0, 0, stake_tokens // block_size, stake_tokens)
    if pos is None:
        return Cost(None, None, 0, 0)
    offset = counter.count_prefix(text, pos)
    block = offset // block_size
    full_blocks = counter.count(text) // block_size
    blocks = max(0, full_blocks - block)
    return Cost(offset, block, blocks, blocks * block_size)
