"""Per-sequence cache state, owned by the manager.

``blocks`` is the block table (one device block per ``block_size`` tokens, the last possibly
partial). ``published`` counts leading full blocks for which the sequence holds a reference on
the prefix cache's block of that hash: either the table entry itself or, when the sequence
computed a duplicate of a block another sequence published first, a *shadow* reference in
``shadows`` (the table never changes under the caller; the duplicate is freed with the
sequence). While swapped out, ``blocks`` is empty and ``host_slots`` holds the contents.
"""

from __future__ import annotations

from typing import Any

from kvscope.backend.cache.block_pool import Block


class SeqState:
    """One live sequence's blocks, tokens and prefix-key chain."""

    __slots__ = (
        "blocks",
        "computed",
        "host_slots",
        "keys",
        "n_tokens",
        "published",
        "seq_id",
        "shadows",
        "tenant",
        "tokens",
    )

    def __init__(
        self,
        seq_id: str,
        tokens: list[int] | None,
        n_tokens: int,
        keys: Any,
        tenant: str | None,
    ) -> None:
        self.seq_id = seq_id
        self.tokens = tokens
        self.n_tokens = n_tokens
        self.keys = keys  # ChainKeys / FixedKeys, or None when the sequence does not share
        self.tenant = tenant
        self.blocks: list[Block] = []
        self.shadows: list[Block] = []
        self.published = 0
        self.computed = 0
        self.host_slots: list[int] | None = None

    def clone(self, seq_id: str) -> SeqState:
        other = SeqState(
            seq_id,
            None if self.tokens is None else list(self.tokens),
            self.n_tokens,
            None,
            self.tenant,
        )
        if self.keys is not None:
            keys = object.__new__(type(self.keys))
            for name in type(self.keys).__slots__:
                setattr(keys, name, getattr(self.keys, name))
            keys.hashes = list(self.keys.hashes)
            other.keys = keys
        other.blocks = list(self.blocks)
        other.shadows = list(self.shadows)
        other.published = self.published
        other.computed = self.computed
        return other
