"""KV-event streams of the live-vLLM module: vLLM's own decoding of captured messages, what they
leave cached, and frames from kvscope's publisher for vLLM's decoder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from test_e2e_prometheus import wait_for
from vllm_harness import VLLM_PY, VLLM_VENV, EventCapture, vllm_env
from vllm_phases import BLOCK, Live

_DECODED: dict[int, list[dict]] = {}


def vllm_decode(payloads: list[bytes]) -> list[dict]:
    """Each payload decoded by vLLM's own msgspec structs (in ``.venv-vllm``)."""
    import msgpack

    blob = Path(VLLM_VENV / "decode-in.msgpack")
    blob.write_bytes(msgpack.packb(payloads, use_bin_type=True))
    script = Path(__file__).with_name("vllm_decode.py")
    proc = subprocess.run([str(VLLM_PY), str(script), str(blob)], capture_output=True, text=True,
                          env=vllm_env(), timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines()]


def captured(live: Live) -> list[dict]:
    """vLLM's decoding of every captured message so far (the reference for the tests)."""
    frames = live.capture.frames[:]
    if _DECODED.get(len(frames)) is None:
        _DECODED.clear()
        out = vllm_decode([f[2] for f in frames])
        assert all(r["ok"] for r in out), [r for r in out if not r["ok"]][:3]
        _DECODED[len(frames)] = [r["batch"] for r in out]
    return _DECODED[len(frames)]


def removed_hashes(batches: list[dict]) -> int:
    return sum(len(e["block_hashes"]) for b in batches for e in b["events"]
               if e["type"] == "BlockRemoved")  # fmt: skip


def alive_hashes(batches: list[dict]) -> set:
    """Hashes with at least one cached copy after ``batches`` (copies are counted, as vLLM
    sends one BlockStored / BlockRemoved per physical copy)."""
    copies: dict = {}
    for b in batches:
        for e in b["events"]:
            if e["type"] == "AllBlocksCleared":
                copies.clear()
            for h in e.get("block_hashes", []):
                key = json.dumps(h)
                copies[key] = copies.get(key, 0) + (1 if e["type"] == "BlockStored" else -1)
    return {k for k, n in copies.items() if n > 0}


def kvscope_frames(form: str, int_hashes: bool) -> tuple[list[bytes], list]:
    """Frames from kvscope's own publisher (bound on loopback), as a subscriber receives them."""
    from kvscope.backend.event_codec import encode_batch
    from kvscope.backend.events import (
        AllBlocksCleared,
        BlockHit,
        BlockRemoved,
        BlockStored,
        EventBatch,
    )
    from kvscope.backend.kv_publisher import ZmqEventPublisher
    from kvscope.backend.prefix_keys import block_hashes

    hs = block_hashes(list(range(96)), BLOCK)
    batches = [
        EventBatch(1.5, [BlockStored(hs[:2], None, list(range(64)), BLOCK)]),
        EventBatch(2.5, [BlockStored(hs[2:], hs[1], list(range(64, 96)), BLOCK, medium="CPU"),
                         BlockHit(hs[:2], 64, tenant="acme"),  # kvscope-only: not sent to vLLM
                         BlockRemoved([hs[2]], medium="CPU")], data_parallel_rank=0),
        EventBatch(3.5, [AllBlocksCleared()]),
    ]  # fmt: skip
    pub = ZmqEventPublisher("tcp://127.0.0.1:*", topic="kv-events", form=form,
                            int_hashes=int_hashes)  # fmt: skip
    capture = EventCapture(pub.endpoint, "kv-events").start()
    beat = encode_batch(EventBatch(0.0, []), form=form, int_hashes=int_hashes)
    real = lambda: [f[2] for f in capture.frames if f[2] != beat]  # noqa: E731
    try:
        # Heartbeats until the subscription is live (ZMQ drops what a PUB sends before that).
        assert wait_for(lambda: pub.publish(EventBatch(0.0, [])) or capture.frames, 10, 0.05)
        for batch in batches:
            pub.publish(batch)
        assert wait_for(lambda: len(real()) >= len(batches), 10, step=0.05)
    finally:
        capture.stop()
        pub.close()
    return real(), batches


def wire_hash(h, int_hashes: bool):
    from kvscope.backend.prefix_keys import to_wire_int

    return to_wire_int(h) if int_hashes else {"hex": h.hex()}


def known_fields(event: dict) -> dict:
    """The fields kvscope's events share with vLLM's, hashes as vLLM's decoder prints them."""
    names = {"BlockStored": ("block_hashes", "parent_block_hash", "token_ids", "block_size",
                             "lora_id", "medium", "lora_name", "extra_keys", "group_idx",
                             "kv_cache_spec_kind", "kv_cache_spec_sliding_window"),
             "BlockRemoved": ("block_hashes", "medium", "group_idx"),
             "AllBlocksCleared": ()}[event["type"]]  # fmt: skip
    return {"type": event["type"], **{n: event.get(n) for n in names}}


def as_vllm(event) -> dict:
    from dataclasses import asdict

    def plain(v):
        if isinstance(v, bytes):
            return {"hex": v.hex()}
        return [plain(x) for x in v] if isinstance(v, list | tuple) else v

    return known_fields({"type": event.TYPE, **{k: plain(v) for k, v in asdict(event).items()}})
