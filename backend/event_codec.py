"""Codecs for block events: vLLM's KV-event wire format (msgpack) and JSONL.

Wire format (reference/vllm.md section 6): a batch is the positional array
``[ts, events, data_parallel_rank]`` with a trailing ``None`` rank omitted. An event is either a
tagged array ``["BlockStored", field, field, ...]`` (vLLM before PR #42892) or a map
``{"type": "BlockStored", "field": value, ...}`` (after it). vLLM's required fields are always
written; optional fields holding their default are omitted (trailing ones in the array form).
Hashes travel as raw ``bytes`` or as vLLM's low-64-bit ``int`` (``int_hashes=True``).

The decoder accepts both event forms, bytes or int hashes (SGLang's are signed), old field sets
(missing trailing optional fields) and new ones: fields it does not know (vLLM 0.32's ``locality``,
``ownership``, ``session_id``) are kept in the event's ``extra`` and written back by the encoder,
so a decode/encode round trip keeps them. SGLang's ``BlockStoredWithMetadata`` (tag
``BlockStored``, a ``metadata`` dict such as ``{"cache_salt": ...}`` in the slot where vLLM has
``lora_name``) decodes into ``BlockStored.metadata``; the encoder puts it back in that slot.
Events of a type it does not know are skipped, so a newer producer does not break the whole
batch. Anything malformed raises :class:`DecodeError` (a ``ValueError``), never another exception.

JSONL (one JSON object per line) is in :mod:`kvscope.backend.event_jsonl`; ``to_jsonl`` and
``from_jsonl`` are re-exported here. Torch-free.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

import msgpack

from kvscope.backend.events import (
    EVENT_TYPES,
    SIDE_FIELDS,
    VLLM_EVENT_TYPES,
    BlockRemoved,
    BlockStored,
    EventBatch,
)
from kvscope.backend.prefix_keys import to_wire_int

__all__ = ["DecodeError", "decode_batch", "encode_batch"]


class DecodeError(ValueError):
    """A message that is not a valid KV-event batch (or JSONL line)."""


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_hash(v: Any) -> bool:
    return isinstance(v, bytes) or _is_int(v)


_HASH_TYPES = frozenset((bytes, int))
_INT_TYPE = frozenset((int,))

# ``set(map(type, v))`` runs at C speed: token lists are long, so no per-element Python calls.
_CHECKS = {
    "list[Hash]": lambda v: type(v) is list and set(map(type, v)) <= _HASH_TYPES,
    "Hash | None": lambda v: v is None or _is_hash(v),
    "list[int]": lambda v: type(v) is list and set(map(type, v)) <= _INT_TYPE,
    "int": _is_int,
    "int | None": lambda v: v is None or _is_int(v),
    "str": lambda v: isinstance(v, str),
    "str | None": lambda v: v is None or isinstance(v, str),
    "list[Any] | None": lambda v: v is None or isinstance(v, list),
    "float | None": lambda v: v is None or isinstance(v, float) or _is_int(v),
    "bool": lambda v: isinstance(v, bool),
}


class _Spec:
    """Per event type: field names, checks, defaults, and how many fields are always written."""

    __slots__ = ("always", "checks", "cls", "defaults", "known", "names", "required", "side")

    def __init__(self, cls: type) -> None:
        every = fields(cls)
        fs = [f for f in every if f.name not in SIDE_FIELDS]
        self.cls = cls
        self.side = tuple(f.name for f in every if f.name in SIDE_FIELDS)
        self.names = tuple(f.name for f in fs)
        # map keys a decoder understands; a wire field named "extra" is kept like any unknown one
        self.known = frozenset(("type", "metadata", *self.names))
        self.checks = tuple(_CHECKS.get(str(f.type), lambda v: True) for f in fs)
        self.defaults = tuple(None if f.default is MISSING else f.default for f in fs)
        self.required = sum(1 for f in fs if f.default is MISSING)
        # vLLM declares lora_id/medium/lora_name (BlockStored) and medium (BlockRemoved) without
        # defaults, so its strict decoders need them present.
        self.always = {BlockStored: 7, BlockRemoved: 2}.get(cls, self.required)


_SPECS: dict[str, _Spec] = {name: _Spec(cls) for name, cls in EVENT_TYPES.items()}
_LORA_NAME = 6  # BlockStored's positional slot of lora_name: SGLang's metadata dict sits there


def _wire_hash(h: Any, int_hashes: bool) -> Any:
    return to_wire_int(h) if int_hashes and isinstance(h, bytes) else h


def _values(event: Any, spec: _Spec, int_hashes: bool) -> list[Any]:
    values = [getattr(event, n) for n in spec.names]
    if int_hashes:
        for i, n in enumerate(spec.names):
            if n == "block_hashes":
                values[i] = [_wire_hash(h, True) for h in values[i]]
            elif n == "parent_block_hash":
                values[i] = _wire_hash(values[i], True)
    return values


def _spec_of(event: Any) -> _Spec:
    spec = _SPECS.get(getattr(event, "TYPE", None))
    if spec is None or type(event) is not spec.cls:
        raise ValueError(f"not a block event: {type(event).__name__}")
    return spec


def _encode_event(event: Any, form: str, int_hashes: bool) -> Any:
    spec = _spec_of(event)
    values = _values(event, spec, int_hashes)
    meta = getattr(event, "metadata", None)
    extra = getattr(event, "extra", None)
    if form == "array":
        tail = list(extra.values()) if isinstance(extra, dict) else list(extra or ())
        if meta is not None:  # SGLang's layout: the dict takes lora_name's slot
            if any(v != spec.defaults[i] for i, v in enumerate(values) if i >= _LORA_NAME):
                raise ValueError("BlockStored with metadata cannot also carry lora_name or later "
                                 "vLLM fields in the array form; use form='map'")  # fmt: skip
            return [event.TYPE, *values[:_LORA_NAME], meta, *tail]
        if tail:  # unknown trailing fields follow every known one, so positions stay right
            return [event.TYPE, *values, *tail]
        end = len(values)
        while end > spec.always and values[end - 1] == spec.defaults[end - 1]:
            end -= 1
        return [event.TYPE, *values[:end]]
    out: dict[str, Any] = {"type": event.TYPE}
    for i, (name, value) in enumerate(zip(spec.names, values, strict=True)):
        if i < spec.always or value != spec.defaults[i]:
            out[name] = value
    if meta is not None:
        out["metadata"] = meta
    if isinstance(extra, dict):
        for k, v in extra.items():
            out.setdefault(k, v)
    elif extra:
        out.setdefault("_trailing", list(extra))  # array-form extras have no names
    return out


def encode_batch(
    batch: EventBatch, form: str = "map", int_hashes: bool = False, include_kvscope: bool = False
) -> bytes:
    """msgpack bytes of ``batch`` in vLLM's wire format.

    ``form``: ``"map"`` (current vLLM) or ``"array"`` (tagged arrays, older vLLM).
    ``int_hashes``: send bytes hashes as vLLM's low-64-bit ints. kvscope's own event types are
    dropped unless ``include_kvscope`` (vLLM consumers only know stored/removed/cleared).
    Raises ``ValueError`` for an object that is not a block event.
    """
    if form not in ("map", "array"):
        raise ValueError(f"unknown event form {form!r}; use 'map' or 'array'")
    events = [
        _encode_event(e, form, int_hashes)
        for e in batch.events
        if include_kvscope or isinstance(e, VLLM_EVENT_TYPES)
    ]
    envelope: list[Any] = [batch.ts, events]
    if batch.data_parallel_rank is not None:
        envelope.append(batch.data_parallel_rank)
    return msgpack.packb(envelope, use_bin_type=True)


def _build(spec: _Spec, values: list[Any], where: str, side: dict[str, Any] | None = None) -> Any:
    for i, v in enumerate(values):
        if not spec.checks[i](v):
            raise DecodeError(f"{where}: field {spec.names[i]!r} has a bad value {v!r:.60}")
    if "score" in spec.names and len(values) > spec.names.index("score"):
        i = spec.names.index("score")
        values[i] = None if values[i] is None else float(values[i])
    event = spec.cls(*values)
    if side:
        for name, value in side.items():
            setattr(event, name, value)
    return event


def _decode_map(raw: dict[Any, Any], spec: _Spec, tag: str, where: str) -> Any:
    missing = [n for n in spec.names[: spec.required] if n not in raw]
    if missing:
        raise DecodeError(f"{where}: {tag} lacks field(s) {', '.join(missing)}")
    values = [raw.get(n, spec.defaults[i]) for i, n in enumerate(spec.names)]
    if raw.keys() <= spec.known and "metadata" not in raw:  # the common case: nothing extra
        return _build(spec, values, where)
    side: dict[str, Any] = {}
    meta = raw.get("metadata")
    if "metadata" in spec.side and meta is not None:
        if not isinstance(meta, dict):
            raise DecodeError(f"{where}: metadata must be a map")
        side["metadata"] = meta
    known = spec.known
    unknown = {k: v for k, v in raw.items() if k not in known}
    if unknown and "extra" in spec.side:
        side["extra"] = unknown
    return _build(spec, values, where, side)


def _decode_array(raw: list[Any], spec: _Spec, where: str) -> Any:
    n = len(spec.names)
    body = raw[1 : 1 + n]
    if len(body) < spec.required:
        raise DecodeError(f"{where}: {raw[0]} has {len(body)} fields, needs {spec.required}")
    side: dict[str, Any] | None = None
    meta_at = _LORA_NAME + 1  # index in ``raw`` (after the tag)
    if len(raw) > meta_at and type(raw[meta_at]) is dict and "metadata" in spec.side:
        side, body = {"metadata": raw[meta_at]}, body[:_LORA_NAME]  # SGLang: salt metadata
        if len(raw) > meta_at + 1:
            side["extra"] = raw[meta_at + 1 :]
    elif len(raw) > n + 1 and "extra" in spec.side:
        side = {"extra": raw[n + 1 :]}
    values = body + list(spec.defaults[len(body) :])
    return _build(spec, values, where, side)


def _decode_event(raw: Any, where: str) -> Any | None:
    if isinstance(raw, dict):
        tag = raw.get("type")
        if not isinstance(tag, str):
            raise DecodeError(f"{where}: an event map needs a string 'type'")
        spec = _SPECS.get(tag)
        return None if spec is None else _decode_map(raw, spec, tag, where)
    if isinstance(raw, list) and raw and isinstance(raw[0], str):
        spec = _SPECS.get(raw[0])
        return None if spec is None else _decode_array(raw, spec, where)
    raise DecodeError(f"{where}: an event must be a tagged array or a map with 'type'")


def decode_batch(payload: bytes) -> EventBatch:
    """An :class:`EventBatch` from wire bytes (either event form; bytes or int hashes)."""
    try:
        obj = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    except Exception as exc:  # msgpack raises many types on garbage
        raise DecodeError(f"not a msgpack message: {exc}") from None
    if not isinstance(obj, list) or not 2 <= len(obj) <= 3:
        raise DecodeError("a KV-event batch must be the array [ts, events, dp_rank]")
    ts, raw_events = obj[0], obj[1]
    rank = obj[2] if len(obj) == 3 else None
    if not (isinstance(ts, float) or _is_int(ts)) or not isinstance(raw_events, list):
        raise DecodeError("a KV-event batch needs a numeric ts and a list of events")
    if rank is not None and not _is_int(rank):
        raise DecodeError("data_parallel_rank must be an integer or absent")
    events = []
    for i, raw in enumerate(raw_events):
        event = _decode_event(raw, f"event {i}")
        if event is not None:
            events.append(event)
    return EventBatch(ts=float(ts), events=events, data_parallel_rank=rank)


def __getattr__(name: str) -> Any:
    """``to_jsonl`` / ``from_jsonl`` live in :mod:`kvscope.backend.event_jsonl` (imported lazily,
    since that module builds on this one); callers may keep importing them from here."""
    if name in ("to_jsonl", "from_jsonl"):
        from kvscope.backend import event_jsonl

        return getattr(event_jsonl, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
