"""Block events: one torch-free schema for every block operation.

The first three are vLLM's KV-event types with vLLM's fields, in vLLM's order (so the wire codec
can emit them positionally). The rest are kvscope's own; vLLM consumers never see them on the
vLLM wire format unless asked (see ``kvscope.backend.event_codec``).

Hashes are ``bytes`` (our native form) or ``int`` (vLLM's low-64-bit wire form).
Media (tiers) use vLLM's spelling: ``"GPU"`` is the device tier (even on a CPU-only machine),
``"CPU"`` the host tier, ``"DISK"`` the disk tier.

Two side fields are not part of the positional wire layout: ``metadata`` (SGLang's
``BlockStoredWithMetadata`` dict, e.g. ``{"cache_salt": ...}``) and ``extra`` (fields a newer
producer sent that kvscope does not know, such as vLLM 0.32's ``locality``: a list of trailing
values from the tagged-array form, or a dict of unknown keys from the map form). The codec writes
both back, so a consumer that re-publishes events loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

Hash = bytes | int
Extra = list[Any] | dict[str, Any] | None  # unknown fields, kept for round trips
SIDE_FIELDS = ("metadata", "extra")  # not positional on the wire (see the module docstring)

DEVICE, HOST, DISK = "GPU", "CPU", "DISK"
TIERS = (DEVICE, HOST, DISK)


@dataclass(slots=True)
class BlockStored:
    """A run of full blocks entered the cache (vLLM: ``BlockStored``)."""

    TYPE: ClassVar[str] = "BlockStored"
    block_hashes: list[Hash]
    parent_block_hash: Hash | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None = None
    medium: str | None = DEVICE
    lora_name: str | None = None
    extra_keys: list[Any] | None = None
    group_idx: int | None = None
    kv_cache_spec_kind: str | None = None
    kv_cache_spec_sliding_window: int | None = None
    metadata: dict[str, Any] | None = None
    extra: Extra = None


@dataclass(slots=True)
class BlockRemoved:
    """Blocks left a tier (vLLM: ``BlockRemoved``)."""

    TYPE: ClassVar[str] = "BlockRemoved"
    block_hashes: list[Hash]
    medium: str | None = DEVICE
    group_idx: int | None = None
    extra: Extra = None


@dataclass(slots=True)
class AllBlocksCleared:
    """The whole cache was reset (vLLM: ``AllBlocksCleared``)."""

    TYPE: ClassVar[str] = "AllBlocksCleared"
    extra: Extra = None


@dataclass(slots=True)
class BlockHit:
    """kvscope: a request reused cached blocks instead of computing them."""

    TYPE: ClassVar[str] = "BlockHit"
    block_hashes: list[Hash]
    num_tokens: int
    medium: str | None = DEVICE
    tenant: str | None = None
    request_id: str | None = None


@dataclass(slots=True)
class BlockEvicted:
    """kvscope: blocks dropped (or demoted) by the eviction policy, with why and their score."""

    TYPE: ClassVar[str] = "BlockEvicted"
    block_hashes: list[Hash]
    reason: str
    policy: str
    score: float | None = None
    medium: str | None = DEVICE


@dataclass(slots=True)
class BlockSwapped:
    """kvscope: blocks moved between tiers (demotion or promotion)."""

    TYPE: ClassVar[str] = "BlockSwapped"
    block_hashes: list[Hash]
    from_tier: str
    to_tier: str


@dataclass(slots=True)
class BlockPinned:
    """kvscope: a prefix was pinned (never evicted) or unpinned."""

    TYPE: ClassVar[str] = "BlockPinned"
    block_hashes: list[Hash]
    pinned: bool = True


@dataclass(slots=True)
class RequestPreempted:
    """kvscope: a running request was preempted to make room (``mode``: recompute or swap)."""

    TYPE: ClassVar[str] = "RequestPreempted"
    request_id: str
    mode: str
    num_blocks: int


@dataclass(slots=True)
class EventBatch:
    """vLLM's ``KVEventBatch``: a timestamp, events, and the data-parallel rank."""

    ts: float
    events: list[Any] = field(default_factory=list)
    data_parallel_rank: int | None = None


VLLM_EVENT_TYPES: tuple[type, ...] = (BlockStored, BlockRemoved, AllBlocksCleared)
KVSCOPE_EVENT_TYPES: tuple[type, ...] = (
    BlockHit,
    BlockEvicted,
    BlockSwapped,
    BlockPinned,
    RequestPreempted,
)
EVENT_TYPES: dict[str, type] = {t.TYPE: t for t in VLLM_EVENT_TYPES + KVSCOPE_EVENT_TYPES}


class EventSink:
    """Where block events go. Subclasses override ``emit``; ``close`` flushes and releases."""

    def emit(self, event: Any) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def close(self) -> None:
        return None


class ListSink(EventSink):
    """Keeps every event in memory (tests, small tools)."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
