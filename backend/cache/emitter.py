"""Block events from the cache to its sinks, at no cost when nobody listens.

Callers test ``emitter.on`` before building an event's arguments (slices, token lists), so a
manager without sinks pays one attribute read per operation. Hashes go out as ``bytes``; the
wire codecs convert them. In ``vllm-sha256-cbor`` mode ``BlockStored`` carries vLLM's per-block
``extra_keys`` so a consumer can recompute each hash from the parent hash and the token ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from kvscope.backend.events import (
    AllBlocksCleared,
    BlockEvicted,
    BlockHit,
    BlockPinned,
    BlockRemoved,
    BlockStored,
    BlockSwapped,
    EventSink,
)
from kvscope.backend.prefix_keys import VLLM_SHA256_CBOR, ExtraKeys, vllm_extra_keys


class Emitter:
    """Fans events out to sinks; ``on`` is False when there are none."""

    __slots__ = ("algo", "block_size", "on", "sinks")

    def __init__(self, sinks: Sequence[EventSink], algo: str, block_size: int) -> None:
        self.sinks = list(sinks)
        self.on = bool(self.sinks)
        self.algo = algo
        self.block_size = block_size

    def _emit(self, event: object) -> None:
        for sink in self.sinks:
            sink.emit(event)

    def stored(
        self,
        hashes: list[bytes],
        parent: bytes | None,
        tokens: list[int] | None,
        start: int,
        extra: ExtraKeys,
        medium: str,
    ) -> None:
        keys = None
        if self.algo == VLLM_SHA256_CBOR:
            keys = [vllm_extra_keys(extra, start + i) for i in range(len(hashes))]
        self._emit(
            BlockStored(
                block_hashes=list(hashes),
                parent_block_hash=parent,
                token_ids=list(tokens) if tokens is not None else [],
                block_size=self.block_size,
                medium=medium,
                lora_name=extra.lora,
                extra_keys=keys,
            )
        )

    def removed(self, hashes: list[bytes], medium: str) -> None:
        self._emit(BlockRemoved(block_hashes=list(hashes), medium=medium))

    def evicted(
        self, hashes: list[bytes], reason: str, policy: str, score: float | None, medium: str
    ) -> None:
        self._emit(BlockEvicted(list(hashes), reason, policy, score, medium))

    def swapped(self, hashes: list[bytes], from_tier: str, to_tier: str) -> None:
        self._emit(BlockSwapped(list(hashes), from_tier, to_tier))

    def hit(
        self,
        hashes: list[bytes],
        num_tokens: int,
        medium: str,
        tenant: str | None,
        request_id: str | None,
    ) -> None:
        self._emit(BlockHit(list(hashes), num_tokens, medium, tenant, request_id))

    def pinned(self, hashes: list[bytes], pinned: bool) -> None:
        self._emit(BlockPinned(list(hashes), pinned))

    def cleared(self) -> None:
        self._emit(AllBlocksCleared())
