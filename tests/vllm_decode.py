"""Decode KV-event payloads with vLLM's own msgspec structs (runs in ``.venv-vllm``'s Python).

``python tests/vllm_decode.py IN.msgpack``: IN holds a msgpack list of payloads (each one ZMQ
message's third frame). Prints one JSON line per payload: ``{"ok": true, "batch": {...}}`` with
every event as ``{"type": name, field: value, ...}`` (bytes as ``{"hex": ...}``), or
``{"ok": false, "error": "..."}`` where vLLM's decoder rejects it.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def plain(v: Any) -> Any:
    if isinstance(v, bytes):
        return {"hex": v.hex()}
    if isinstance(v, list | tuple):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    return v


def main(path: str) -> None:
    import msgspec
    from vllm.distributed.kv_events import KVEventBatch

    decoder = msgspec.msgpack.Decoder(type=KVEventBatch)
    with open(path, "rb") as f:
        payloads = msgspec.msgpack.decode(f.read())
    for payload in payloads:
        try:
            batch = decoder.decode(payload)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            print(json.dumps({"ok": False, "error": str(exc)}))
            continue
        events = [
            {"type": type(e).__name__, **plain(msgspec.structs.asdict(e))} for e in batch.events
        ]
        body = {"ts": batch.ts, "events": events, "dp_rank": batch.data_parallel_rank}
        print(json.dumps({"ok": True, "batch": body}))


if __name__ == "__main__":
    main(sys.argv[1])
