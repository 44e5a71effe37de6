"""A synthetic pre-tokenized request log of any size, written as Parquet row groups (numpy).

The shape of the reference workload, with the lengths scaled down so that 10 M requests fit
a laptop's disk: 12 tenants, each with a system prompt of 48, 64 or 96 tokens; sessions of
1-8 turns, each turn re-sending the tenant's system prompt and the session's history (earlier
user turns and replies of 8-40 tokens each) plus a new user turn. Sessions arrive one per time
unit and their turns follow at exponential gaps (mean ``GAP``), so about 50 sessions are live
at a time and their requests interleave.

Nothing is generated a request at a time: session lengths and times are numpy arrays, and a
token is a function of (session, position) (a splitmix64 counter hash) or of (tenant,
position) inside the system prompt, so a row group's ids are one vectorised expression.
``write_log(path, n, seed)`` is deterministic for a seed, whatever the row-group size.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

TENANTS = 12
SYSTEM_LENGTHS = (48, 64, 96)
TURNS = (1, 8)
PIECE = (8, 40)  # tokens of a user turn, and of a reply
GAP = 14.0
VOCAB = 50_000
ROW_GROUP = 32_768


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finalizer (uint64 arithmetic wraps, as it should)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def plan(n: int, seed: int = 1) -> dict[str, np.ndarray]:
    """Per request, in arrival order: ``session``, ``tenant``, ``length`` (prompt tokens)."""
    rng = np.random.default_rng(seed)
    sessions = int(n / 4.5) + 64
    while True:
        turns = rng.integers(TURNS[0], TURNS[1] + 1, sessions)
        if int(turns.sum()) >= n:
            break
        sessions *= 2
    tenant = rng.integers(0, TENANTS, sessions).astype(np.int8)
    system = np.asarray(SYSTEM_LENGTHS)[rng.integers(0, len(SYSTEM_LENGTHS), TENANTS)]
    session = np.repeat(np.arange(sessions, dtype=np.int64), turns)
    first = np.cumsum(turns) - turns  # index of each session's first turn
    user = rng.integers(PIECE[0], PIECE[1] + 1, len(session))
    reply = rng.integers(PIECE[0], PIECE[1] + 1, len(session))
    # prompt j = system + users 0..j + replies 0..j-1 (a running sum restarted per session)
    grown = np.cumsum(user + reply) - reply
    grown -= np.repeat(grown[first] - user[first], turns)
    length = system[tenant[session]] + grown
    gaps = rng.exponential(GAP, len(session))
    gaps[first] = 0.0
    clock = np.cumsum(gaps)
    clock -= np.repeat(clock[first], turns)
    order = np.argsort(session + clock, kind="stable")[:n]
    return {
        "session": session[order],
        "tenant": tenant[session[order]],
        "length": length[order].astype(np.int64),
        "system": system,
    }


def _systems(seed: int) -> np.ndarray:
    rng = np.random.default_rng([seed, 7])
    return rng.integers(0, VOCAB, (TENANTS, max(SYSTEM_LENGTHS)), dtype=np.uint32)


def _ids(session: np.ndarray, tenant: np.ndarray, length: np.ndarray, system, systems, seed):
    """The flat token ids of these requests and their list offsets."""
    offsets = np.zeros(len(length) + 1, dtype=np.int64)
    np.cumsum(length, out=offsets[1:])
    owner = np.repeat(np.arange(len(length)), length)
    pos = np.arange(int(offsets[-1]), dtype=np.int64) - offsets[owner]
    s, t = session[owner], tenant[owner].astype(np.int64)
    counter = (s.astype(np.uint64) << np.uint64(16)) | pos.astype(np.uint64)
    mixed = _mix(counter ^ np.uint64(seed * 0x9E3779B97F4A7C15 % (1 << 64)))
    ids = (mixed % np.uint64(VOCAB)).astype(np.uint32)
    inside = pos < system[t]
    ids[inside] = systems[t[inside], pos[inside]]
    return ids, offsets


def write_log(path: Path, n: int, seed: int = 1, row_group: int = ROW_GROUP) -> dict:
    """Write ``n`` requests to ``path`` (zstd Parquet, ``tenant`` and ``prompt_token_ids``);
    returns ``{"bytes", "prompt_tokens", "row_groups"}``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    p = plan(n, seed)
    systems = _systems(seed)
    names = pa.array([f"tenant-{t}" for t in range(TENANTS)])
    schema = pa.schema(
        [
            ("tenant", pa.dictionary(pa.int8(), pa.string())),
            ("prompt_token_ids", pa.list_(pa.uint32())),
        ]
    )
    groups = 0
    with pq.ParquetWriter(str(path), schema, compression="zstd") as writer:
        for lo in range(0, n, row_group):
            hi = min(lo + row_group, n)
            ids, offsets = _ids(
                p["session"][lo:hi], p["tenant"][lo:hi], p["length"][lo:hi], p["system"],
                systems, seed,
            )  # fmt: skip
            tenants = pa.DictionaryArray.from_arrays(pa.array(p["tenant"][lo:hi]), names)
            lists = pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), pa.array(ids))
            writer.write_table(pa.table([tenants, lists], schema=schema))
            groups += 1
    return {
        "bytes": path.stat().st_size,
        "prompt_tokens": int(p["length"].sum()),
        "row_groups": groups,
    }
