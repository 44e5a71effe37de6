"""JSONL codec for block events (traces): the same events as the wire codec, as JSON lines.

JSONL: one JSON object per line; an event is ``{"type": ..., fields...}``, a batch is
``{"ts": ..., "events": [...], "dp_rank": ...}``. Bytes hashes are hex strings, int hashes are
``"0x..."`` strings (exact for any width). Torch-free.
"""

from __future__ import annotations

import json
from typing import Any

from kvscope.backend.event_codec import DecodeError, _decode_event, _is_int, _spec_of
from kvscope.backend.events import SIDE_FIELDS, EventBatch

__all__ = ["from_jsonl", "to_jsonl"]


def _json_hash(h: Any) -> Any:
    if isinstance(h, bytes):
        return h.hex()
    return None if h is None else hex(h)


def _unjson_hash(s: Any) -> Any:
    if s is None:
        return None
    if not isinstance(s, str):
        raise DecodeError(f"a hash must be a hex string, got {s!r:.40}")
    try:
        return int(s, 16) if s.startswith(("0x", "-0x")) else bytes.fromhex(s)
    except ValueError:
        raise DecodeError(f"bad hash {s!r:.40}") from None


def _tag_bytes(v: Any) -> Any:
    if isinstance(v, bytes):
        return {"$bytes": v.hex()}
    if isinstance(v, (list, tuple)):
        return [_tag_bytes(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _tag_bytes(x) for k, x in v.items()}
    return v


def _untag_bytes(v: Any) -> Any:
    if isinstance(v, dict) and set(v) == {"$bytes"} and isinstance(v["$bytes"], str):
        try:
            return bytes.fromhex(v["$bytes"])
        except ValueError:
            raise DecodeError("bad $bytes value") from None
    if isinstance(v, list):
        return [_untag_bytes(x) for x in v]
    if isinstance(v, dict):
        return {k: _untag_bytes(x) for k, x in v.items()}
    return v


def _event_json(event: Any) -> dict[str, Any]:
    spec = _spec_of(event)
    out: dict[str, Any] = {"type": event.TYPE}
    for name in spec.names:
        value = getattr(event, name)
        if name == "block_hashes":
            value = [_json_hash(h) for h in value]
        elif name == "parent_block_hash":
            value = _json_hash(value)
        elif name == "extra_keys":
            value = _tag_bytes(value)
        out[name] = value
    for name in spec.side:
        value = getattr(event, name)
        if value is not None:
            out[name] = _tag_bytes(value)
    return out


def _event_from_json(obj: dict[str, Any]) -> Any | None:
    obj = dict(obj)
    if isinstance(obj.get("block_hashes"), list):
        obj["block_hashes"] = [_unjson_hash(h) for h in obj["block_hashes"]]
    if "parent_block_hash" in obj:
        obj["parent_block_hash"] = _unjson_hash(obj["parent_block_hash"])
    for name in ("extra_keys", *SIDE_FIELDS):
        if name in obj:
            obj[name] = _untag_bytes(obj[name])
    extra = obj.pop("extra", None)
    event = _decode_event(obj, "JSONL event")
    if event is not None and extra is not None and hasattr(event, "extra"):
        if not isinstance(extra, list | dict):
            raise DecodeError("JSONL event: 'extra' must be a list or an object")
        event.extra = extra
    return event


def to_jsonl(item: Any) -> str:
    """One JSON line (no newline) for an event or an :class:`EventBatch`."""
    if isinstance(item, EventBatch):
        obj: dict[str, Any] = {"ts": item.ts, "events": [_event_json(e) for e in item.events]}
        if item.data_parallel_rank is not None:
            obj["dp_rank"] = item.data_parallel_rank
        return json.dumps(obj, separators=(",", ":"))
    return json.dumps(_event_json(item), separators=(",", ":"))


def from_jsonl(line: str) -> Any:
    """The event or :class:`EventBatch` of one JSONL line; :class:`DecodeError` if malformed."""
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise DecodeError("a JSONL line must be an object")
    if "type" in obj:
        event = _event_from_json(obj)
        if event is None:
            raise DecodeError(f"unknown event type {obj['type']!r:.40}")
        return event
    ts, events, rank = obj.get("ts"), obj.get("events"), obj.get("dp_rank")
    if not (isinstance(ts, float) or _is_int(ts)) or not isinstance(events, list):
        raise DecodeError("a JSONL batch needs a numeric 'ts' and a list 'events'")
    if rank is not None and not _is_int(rank):
        raise DecodeError("dp_rank must be an integer")
    decoded = []
    for e in events:
        if not isinstance(e, dict):
            raise DecodeError("each event of a JSONL batch must be an object")
        event = _event_from_json(e)
        if event is not None:
            decoded.append(event)
    return EventBatch(ts=float(ts), events=decoded, data_parallel_rank=rank)
