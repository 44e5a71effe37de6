"""The hashed stream as Arrow tables, for the out-of-core and distributed executors.

Three tables, appended in batches of about ``BATCH_ROWS`` block rows:

- ``requests``: ``idx, n, tenant, route, model, id`` (one row per request, log order);
- ``blocks``: ``idx, pos, k1, k2, out`` (one row per block of a prompt, and of a logged reply
  with ``out`` true; ``k1, k2`` are the big-endian halves of the 128-bit key, so ordering by
  them is ordering by the key's bytes);
- ``heads``: ``k1, k2, tokens`` for blocks at positions below ``head_blocks`` (the text heads
  of top prefixes), written once per key while a bounded set remembers it. For Ray
  (``parents``) the tokens are the whole head up to the block, block rows carry their parent
  key (``p1, p2``) and their head anchor (``a1, a2``: the block at ``min(pos, head_blocks -
  1)``), so a prefix's head is one lookup.

With the SGLang engine a fourth table, ``runs``, holds the token run of every block and
tail (``idx, pos, pk1, pk2, kind, tokens``) for the token-granular match.
"""

from __future__ import annotations

from array import array

from kvscope.lint.measure.analyzer import head_blocks, radix_root
from kvscope.lint.measure.pipeline import Hashed

BATCH_ROWS = 1 << 17
HEAD_SEEN_MAX = 1 << 18  # ~24 MB of 16-byte keys; a repeat after a reset is one more row
TAIL, BLOCK = 0, 1


def _pa():
    try:
        import numpy as np
        import pyarrow as pa
    except ImportError:
        raise ImportError(
            "this executor needs pyarrow and numpy: pip install 'kvscope[scale]'"
        ) from None
    return pa, np


def key_halves(keys: list[bytes], ordered: bool = True):
    """(k1, k2) numpy uint64 arrays: the big-endian halves of each key's first 16 bytes.

    Block keys are digests (16 or 32 bytes), so their first 16 bytes identify them and order
    them as the whole key does (ties in the top prefixes break the same way in every
    executor). ``ordered=False`` (parent keys of runs, which include the radix roots of
    variable length) hashes every key that is not 16 bytes long instead.
    """
    _, np = _pa()
    if ordered:
        keys = [k[:16] for k in keys] if keys and len(keys[0]) != 16 else keys
    elif any(len(k) != 16 for k in keys):
        import xxhash

        keys = [k if len(k) == 16 else xxhash.xxh3_128_digest(k) for k in keys]
    both = np.frombuffer(b"".join(keys), dtype=">u8").astype(np.uint64)
    return both[0::2], both[1::2]


def _head_prefix(item: Hashed, count: int) -> array:
    """The first ``count`` prompt tokens (a RawIds list is parsed only that far)."""
    tokens = item.tokens
    if callable(tokens):
        return tokens.__self__.head(count)  # RawIds.tokens: parse a prefix of the bytes only
    return array("I", tokens[:count])


def _spread(pa, np, values, have: list[bool]):
    """A uint64 column with ``values`` where ``have`` is true and nulls elsewhere."""
    full = np.zeros(len(have), dtype=np.uint64)
    mask = ~np.asarray(have, dtype=bool)
    full[~mask] = values
    return pa.array(full, mask=mask)


class RowBatcher:
    """Collects rows of the hashed stream; ``flush`` returns the tables built so far."""

    def __init__(self, block_size: int, algo: str, runs: bool, parents: bool = False) -> None:
        self.parents = parents
        self.bs = block_size
        self.algo = algo
        self.head_blocks = head_blocks(block_size)
        self.runs = runs
        self.head_seen: set[bytes] = set()
        self.rows = 0
        self._reset()

    def _reset(self) -> None:
        self.req = {"idx": [], "n": [], "tenant": [], "route": [], "model": [], "id": []}
        self.keys: list[bytes] = []
        self.b_idx: list[int] = []
        self.b_count: list[int] = []
        self.b_out: list[int] = []  # keys of each request that are prompt keys
        self.last_keys: list[list | None] = []
        self.h_keys: list[bytes] = []
        self.h_tokens: list[bytes] = []
        self.r_rows: dict[str, list] = {"idx": [], "pos": [], "pk": [], "kind": [], "tokens": []}
        self.rows = 0

    def add(self, item: Hashed) -> None:
        c = item.chain
        req = self.req
        req["idx"].append(c.index)
        req["n"].append(c.num_tokens)
        req["tenant"].append(c.tenant)
        req["route"].append(c.route)
        req["model"].append(c.model)
        req["id"].append(c.id)
        out = c.output_keys or []
        self.keys += c.keys
        self.keys += out
        self.b_idx.append(c.index)
        self.b_count.append(len(c.keys) + len(out))
        self.b_out.append(len(c.keys))
        if self.parents:
            aligned = c.num_tokens and c.num_tokens % self.bs == 0
            self.last_keys.append(c.keys[-1:] if aligned else None)
        self.rows += len(c.keys) + len(out) + 1
        heads = [k for k in c.keys[: self.head_blocks] if k not in self.head_seen]
        if heads:
            bs = self.bs
            toks = _head_prefix(item, len(c.keys[: self.head_blocks]) * bs)
            if len(self.head_seen) >= HEAD_SEEN_MAX:
                self.head_seen.clear()
            for j, k in enumerate(c.keys[: self.head_blocks]):
                if k not in self.head_seen:
                    self.head_seen.add(k)
                    self.h_keys.append(k)
                    start = 0 if self.parents else j * bs  # parents mode: the whole head
                    self.h_tokens.append(toks[start : (j + 1) * bs].tobytes())
        if self.runs:
            self._add_runs(item)

    def _add_runs(self, item: Hashed) -> None:
        """Every block run and the tail of the cached sequence (prompt + reply), and the
        prompt's own tail as the query a request without a new full block asks."""
        c, bs, r = item.chain, self.bs, self.r_rows
        tokens = item.tokens() if callable(item.tokens) else item.tokens
        seq = array("I", tokens)
        keys = list(c.keys)
        if c.output_keys is not None and item.generated is not None:
            seq.extend(item.generated[:-1])  # the last token is never cached
            keys += c.output_keys
        root = radix_root(self.algo, item.extra)
        parents = [root, *keys]
        for pos in range(len(keys) + 1):
            run = seq[pos * bs : (pos + 1) * bs]
            if pos == len(keys) and not run:
                continue
            r["idx"].append(c.index)
            r["pos"].append(pos)
            r["pk"].append(parents[pos])
            r["kind"].append(BLOCK if pos < len(keys) else TAIL)
            r["tokens"].append(run.tobytes())
        n_full = len(c.keys)
        prompt_tail = array("I", tokens[n_full * bs :])
        r["idx"].append(c.index)
        r["pos"].append(n_full)
        r["pk"].append(parents[n_full])
        r["kind"].append(2)  # the prompt's own tail (a query, never stored)
        r["tokens"].append(prompt_tail.tobytes())
        self.rows += len(keys) + 2

    def full(self) -> bool:
        return self.rows >= BATCH_ROWS

    def flush(self) -> dict:
        """``{"requests", "blocks", "heads", ["runs"]}`` Arrow tables of the rows so far."""
        pa, np = _pa()
        req = dict(self.req)
        if self.parents:  # the last prompt key of block-aligned prompts (vLLM's short rule)
            last = [keys[-1] if keys else None for keys in self.last_keys]
            have = [k is not None for k in last]
            l1, l2 = key_halves([k for k in last if k is not None]) if any(have) else ([], [])
            req["lk1"] = _spread(pa, np, l1, have)
            req["lk2"] = _spread(pa, np, l2, have)
        out = {"requests": pa.table(req)}
        counts = np.asarray(self.b_count, dtype=np.int64)
        idx = np.repeat(np.asarray(self.b_idx, dtype=np.int64), counts)
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        pos = (np.arange(len(idx), dtype=np.int64) - starts).astype(np.int32)
        prompt = np.repeat(np.asarray(self.b_out, dtype=np.int64), counts)
        k1, k2 = key_halves(self.keys) if self.keys else (np.empty(0, np.uint64),) * 2
        cols = {"idx": idx, "pos": pos, "k1": k1, "k2": k2, "out": pos >= prompt}
        if self.parents:  # the key before each block in its request (null at block 0)
            root = pos == 0
            cols["p1"] = pa.array(np.roll(k1, 1), mask=root)
            cols["p2"] = pa.array(np.roll(k2, 1), mask=root)
            # the head anchor: the block at min(pos, head_blocks - 1) of the same request
            anchor = np.arange(len(idx)) - np.maximum(pos - (self.head_blocks - 1), 0)
            cols["a1"], cols["a2"] = k1[anchor], k2[anchor]
        out["blocks"] = pa.table(cols)
        h1, h2 = key_halves(self.h_keys) if self.h_keys else (np.empty(0, np.uint64),) * 2
        out["heads"] = pa.table(
            {"k1": h1, "k2": h2, "tokens": pa.array(self.h_tokens, pa.binary())}
        )
        if self.runs:
            r = self.r_rows
            empty = (np.empty(0, np.uint64),) * 2
            p1, p2 = key_halves(r["pk"], ordered=False) if r["pk"] else empty
            out["runs"] = pa.table(
                {
                    "idx": pa.array(r["idx"], pa.int64()),
                    "pos": pa.array(r["pos"], pa.int32()),
                    "pk1": p1,
                    "pk2": p2,
                    "kind": pa.array(r["kind"], pa.int8()),
                    "tokens": pa.array(r["tokens"], pa.binary()),
                }
            )
        self._reset()
        return out
