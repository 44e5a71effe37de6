"""The distributed executor: the shared algorithm as Ray Data shuffles, joins and aggregates.

The log is rendered, tokenized and hashed on the cluster (``raystream``: ``map_batches`` of
the same per-record step as ``hashed_stream``, back in log order); the driver puts the rows
in the object store as Arrow batches (``rows``); the cluster then computes, in parallel:

1. the first occurrence of every block: ``groupby(key).min(idx)`` (a hash shuffle);
2. the reused rows: ``blocks join first`` on the key, kept where ``first < idx`` (prompts);
3. each request's hit: ``groupby(idx).count()`` of its reused rows, joined to the requests;
4. breakdowns: ``groupby(tenant|route|model)`` sums; top prefixes: reuse per key, its parent
   (a join on ``(first, pos - 1)``), the best child (``groupby(parent).max``), vLLM's short
   requests (a join on the reuse end), filtered, sorted and limited;
5. with SGLang: runs ``groupby(parent).map_groups`` through a token radix per parent.

``--ray-address`` joins a running cluster; without it a local Ray starts for the run.
"""

from __future__ import annotations

import logging
from array import array

import numpy as np

from kvscope.lint.measure.analyzer import Summary
from kvscope.lint.measure.executors import Analysis, PerRequest, per_request_row
from kvscope.lint.measure.executors.radixgroups import RadixGroups
from kvscope.lint.measure.executors.rows import RowBatcher
from kvscope.lint.measure.pipeline import Hashed, MeasureOptions

ROWS_PER_PARTITION = 4_000_000  # shuffle partitions: one per this many block rows, 2 at least
KEY = ("k1", "k2")


def _ray():
    try:
        import ray
        import ray.data
    except ImportError:
        raise ImportError("--executor ray needs ray[data]: pip install 'kvscope[scale]'") from None
    return ray


def _arrow(fn):
    """A ``map_batches`` UDF over pyarrow tables."""
    return {"fn": fn, "batch_format": "pyarrow", "batch_size": None}


def _with_hits(bs: int):
    def fn(t):
        import pyarrow as pa
        import pyarrow.compute as pc

        hit = pc.fill_null(t["hit"], 0)
        n = t["n"]
        cap = pc.divide(pc.subtract(n, 1), bs) if len(t) else n
        vblocks = pc.if_else(pc.greater(n, 0), pc.min_element_wise(hit, cap), 0)
        cols = {name: t[name] for name in ("idx", "n", "id")}
        for dim in ("tenant", "route", "model"):
            cols[dim] = pc.fill_null(t[dim], "-")
        cols["hit"] = hit
        cols["vblocks"] = vblocks
        cols["eng"] = pc.multiply(vblocks, bs)
        cols["nfull"] = pc.divide(n, bs)
        cols["epos"] = pc.subtract(hit, 1)
        return pa.table(cols)

    return fn


class RayData:
    def __init__(
        self,
        block_size: int,
        engine: str,
        algo: str,
        per_request: PerRequest,
        ray_address: str | None = None,
        **_: object,
    ) -> None:
        ray = _ray()
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            kw = {"include_dashboard": False, "log_to_driver": False}
            if ray_address:
                _check_reachable(ray_address)
                kw["address"] = ray_address
            ray.init(**kw, logging_level=logging.WARNING)
            self.started = True
        ctx = ray.data.DataContext.get_current()
        ctx.enable_progress_bars = False
        ctx.print_on_execution_start = False
        logging.getLogger("ray.data").setLevel(logging.WARNING)
        self.bs = block_size
        self.engine = engine
        self.per_request = per_request
        self.batcher = RowBatcher(block_size, algo, engine == "sglang", parents=True)
        self.refs: dict[str, list] = {"requests": [], "blocks": [], "heads": [], "runs": []}
        self.schemas: dict[str, object] = {}
        self.block_rows = 0
        self.parts = 2

    def hashed_stream(self, logs: list[str], opts: MeasureOptions):
        """The pipeline's front with tokenization and hashing on the workers."""
        from kvscope.lint.measure.executors.raystream import ray_hashed_stream

        return ray_hashed_stream(self.ray, logs, opts)

    def feed(self, item: Hashed) -> None:
        self.batcher.add(item)
        if self.batcher.full():
            self._flush()

    def _flush(self) -> None:
        for name, table in self.batcher.flush().items():
            self.schemas[name] = table.schema
            if name == "blocks":
                self.block_rows += table.num_rows
            if table.num_rows:
                self.refs[name].append(self.ray.put(table))

    def _ds(self, name: str):
        import pyarrow as pa

        refs = self.refs[name] or [self.ray.put(pa.table({}, schema=self.schemas[name]))]
        return self.ray.data.from_arrow_refs(refs)

    def finish(self, top: int) -> Analysis:
        import numpy as np
        from ray.data.aggregate import Min, Sum

        self._flush()
        self.parts = max(2, min(256, self.block_rows // ROWS_PER_PARTITION + 1))
        bs, parts = self.bs, self.parts
        blocks = self._ds("blocks").map_batches(**_arrow(_prompt_columns))
        # 1. one shuffle: every key's first occurrence, prompt count and parent
        per_key = (
            blocks.groupby(list(KEY), num_partitions=parts)
            .aggregate(
                Min("idx", alias_name="f"),
                Min("pidx", alias_name="fp"),
                Sum("prompt", alias_name="prompts"),
                Min("pos", alias_name="pos"),
                Min("p1", alias_name="p1"),
                Min("p2", alias_name="p2"),
                Min("a1", alias_name="a1"),
                Min("a2", alias_name="a2"),
            )
            .map_batches(**_arrow(_reuse))
            .materialize()
        )
        unique = per_key.count()
        # 2. a request's new keys are those first seen in its own prompt: hit = blocks - new
        new = per_key.map_batches(**_arrow(_new_per_request)).take_all()
        count = sum(t.num_rows for t in self._tables("requests"))
        new_keys = np.zeros(count, dtype=np.int64)
        for row in new:
            new_keys[row["f"]] += row["new"]
        req = self._requests(new_keys)
        if self.engine == "sglang":
            self._sglang(req)
        summary = Summary(
            count,
            int(req["n"].sum()),
            int(req["hit"].sum()) * bs,
            int(req["eng"].sum()),
            int(unique),
            {dim: self._breakdown(req, dim) for dim in ("tenant", "route", "model")},
        )
        if self.per_request is not None:
            for i in range(count):
                row = per_request_row(
                    i,
                    req["id"][i],
                    int(req["n"][i]),
                    int(req["hit"][i]) * bs,
                    int(req["vblocks"][i]) * bs,
                )
                if self.engine == "sglang":
                    row["sglang_hit_tokens"] = int(req["eng"][i])
                self.per_request(row)
        tops = self._top(top, blocks, per_key, req) if count and top > 0 else []
        return Analysis(summary, tops)

    def _tables(self, name: str) -> list:
        """The driver's own batches of a table, straight from the object store."""
        return self.ray.get(self.refs[name]) if self.refs[name] else []

    def _requests(self, new_keys) -> dict:
        """Per-request columns (numpy, in log order): n, hit, vblocks, eng, metadata, and the
        last prompt key of block-aligned prompts (the only ones vLLM serves a block short)."""
        import numpy as np
        import pyarrow as pa

        tables = self._tables("requests")
        t = pa.concat_tables(tables) if tables else pa.table({}, schema=self.schemas["requests"])
        bs = self.bs
        t = t.sort_by("idx")
        n = t["n"].to_numpy(zero_copy_only=False).astype(np.int64)
        hit = n // bs - new_keys
        vblocks = np.where(n > 0, np.minimum(hit, (n - 1) // bs), 0)
        out = {"n": n, "hit": hit, "vblocks": vblocks, "eng": vblocks * bs}
        for name in ("id", "tenant", "route", "model"):
            out[name] = t[name].to_pylist()
        out["lk"] = list(zip(t["lk1"].to_pylist(), t["lk2"].to_pylist(), strict=True))
        return out

    def _breakdown(self, req: dict, dim: str) -> dict[str, dict]:
        rows: dict[str, list[int]] = {}
        for i, name in enumerate(req[dim]):
            r = rows.setdefault(name or "-", [0, 0, 0, 0])
            r[0] += 1
            r[1] += int(req["n"][i])
            r[2] += int(req["hit"][i]) * self.bs
            r[3] += int(req["eng"][i])
        return {
            name: {
                "requests": c,
                "prompt_tokens": n,
                "repeated_prefix_tokens": rep,
                "repeated_prefix_fraction": rep / n if n else 0.0,
                "engine_hit_tokens": eng,
            }
            for name, (c, n, rep, eng) in sorted(rows.items())
        }

    def _sglang(self, req: dict) -> None:
        """Runs of one parent key meet in one group, in log order, through a token radix."""
        import numpy as np

        hits = self.ray.put(np.stack([req["hit"], req["n"] // self.bs]))
        matches = (
            self._ds("runs")
            .map_batches(_mark_queries, batch_format="pyarrow", fn_args=(hits,))
            .groupby(["pk1", "pk2"], num_partitions=self.parts)
            .map_groups(_radix_group, batch_format="pyarrow")
            .take_all()
        )
        lcp = np.zeros(len(req["n"]), dtype=np.int64)
        for m in matches:
            lcp[m["idx"]] = m["lcp"]
        cap = np.maximum(req["n"] - 1, 0)
        req["eng"] = np.minimum(req["hit"] * self.bs + lcp, cap)

    def _top(self, top: int, blocks, per_key, req: dict) -> list[dict]:
        from ray.data.aggregate import Max

        bs, parts = self.bs, self.parts
        reused = per_key.map_batches(
            **_arrow(_where(lambda t, pc: pc.greater(t["reuse"], 0)))
        ).materialize()
        kids = (
            reused.map_batches(**_arrow(_where(lambda t, pc: pc.is_valid(t["p1"]))))
            .groupby(["p1", "p2"], num_partitions=parts)
            .aggregate(Max("reuse", alias_name="best"))
            .map_batches(**_arrow(_rename({"p1": "k1", "p2": "k2"})))
        )
        short: dict[tuple, int] = {}
        if self.engine == "vllm":
            nfull = req["n"] // bs
            for i in np.flatnonzero((req["hit"] == nfull) & (req["n"] > 0) & (req["n"] % bs == 0)):
                key = req["lk"][i]
                short[key] = short.get(key, 0) + 1
        rows = (
            reused.join(kids, "left_outer", parts, on=KEY)
            .map_batches(**_arrow(_local_top(top)))
            .take_all()
        )
        for r in rows:
            blocks_saved = (r["pos"] + 1) * r["reuse"] - short.get((r["k1"], r["k2"]), 0)
            r["saved"] = blocks_saved * bs
        rows.sort(key=lambda r: (-r["saved"], r["k1"], r["k2"]))
        rows = rows[:top]
        heads = self._heads(rows)
        return [
            {
                "tokens": (r["pos"] + 1) * bs,
                "requests": r["reuse"] + 1,
                "reuses": r["reuse"],
                "tokens_saved": r["saved"],
                "head_tokens": heads[i],
            }
            for i, r in enumerate(rows)
        ]

    def _heads(self, rows: list[dict]) -> list[list[int]]:
        """The first tokens of each top prefix: the whole head stored under its anchor."""
        wanted = {(r["a1"], r["a2"]) for r in rows}
        tokens: dict[tuple, bytes] = {}
        for t in self._tables("heads"):
            for k1, k2, blob in zip(
                t["k1"].to_pylist(), t["k2"].to_pylist(), t["tokens"].to_pylist(), strict=True
            ):
                if (k1, k2) in wanted:
                    tokens.setdefault((k1, k2), blob)
        out = []
        for r in rows:
            toks = array("I")
            toks.frombytes(tokens.get((r["a1"], r["a2"]), b""))
            out.append(toks.tolist()[:48])
        return out

    def close(self) -> None:
        self.refs.clear()
        if self.started:
            self.ray.shutdown()


def _check_reachable(address: str, timeout: float = 3.0) -> None:
    """Fail fast on a ``host:port`` (or ``ray://host:port``) nothing listens on: ``ray.init``
    would retry for minutes."""
    import socket

    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto", "local" and other forms are Ray's to resolve
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ValueError(
            f"--ray-address {address}: cannot connect ({exc.strerror or exc}); start the "
            "cluster (ray start --head) or drop --ray-address for a local Ray"
        ) from None


def _where(cond):
    """A ``map_batches`` UDF keeping the rows where ``cond(table, pyarrow.compute)`` holds."""

    def fn(t):
        import pyarrow.compute as pc

        return t.filter(cond(t, pc)) if len(t) else t

    return fn


def _prompt_columns(t):
    """``prompt`` (1 for a prompt block) and ``pidx`` (its request, null for reply blocks)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    prompt = pc.invert(t["out"])
    t = t.append_column("prompt", pc.cast(prompt, pa.int64()))
    return t.append_column("pidx", pc.if_else(prompt, t["idx"], pa.scalar(None, pa.int64())))


def _new_per_request(t):
    """Per first request, how many keys it was first to hold in its own prompt (partial
    counts of one block; the driver adds them up)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    t = t.filter(pc.fill_null(pc.equal(t["f"], t["fp"]), False))
    counts = t.group_by("f").aggregate([("fp", "count")])
    return pa.table({"f": counts["f"], "new": counts["fp_count"]})


def _reuse(t):
    """Later prompts holding the key: its prompt count, less one when a prompt had it first."""
    import pyarrow.compute as pc

    first_is_prompt = pc.fill_null(pc.equal(t["f"], t["fp"]), False)
    return t.append_column(
        "reuse", pc.subtract(t["prompts"], pc.cast(first_is_prompt, t["prompts"].type))
    )


def _local_top(top: int):
    """The reported keys (reused more than any child) of one block that can be in the top
    ``top``: a saving lies between ``pos x reuse`` and ``(pos + 1) x reuse`` blocks (vLLM
    serves some requests a block short), so rows whose upper bound is below the ``top``-th
    best lower bound are dropped."""

    def fn(t):
        import numpy as np
        import pyarrow.compute as pc

        t = t.filter(pc.greater(t["reuse"], pc.fill_null(t["best"], 0)))
        t = t.select(["k1", "k2", "f", "pos", "reuse", "a1", "a2"])
        if len(t) <= top:
            return t
        reuse = t["reuse"].to_numpy()
        pos = t["pos"].to_numpy()
        lower = np.sort(pos * reuse)[-top]
        return t.filter(pc.greater_equal(pc.multiply(pc.add(t["pos"], 1), t["reuse"]), lower))

    return fn


def _mark_queries(t, hits_ref):
    """Attach ``query`` (the row a request's radix match starts from) to runs."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import ray

    hits = ray.get(hits_ref) if isinstance(hits_ref, ray.ObjectRef) else hits_ref
    idx = t["idx"].to_numpy()
    hit = pa.array(hits[0][idx])
    nfull = pa.array(hits[1][idx])
    kind, pos = t["kind"], t["pos"]
    query = pc.or_(
        pc.and_(pc.and_(pc.equal(kind, 1), pc.equal(pos, hit)), pc.less(hit, nfull)),
        pc.and_(pc.equal(kind, 2), pc.equal(hit, nfull)),
    )
    return t.append_column("query", query)


def _radix_group(t):
    import pyarrow as pa

    t = t.sort_by([("idx", "ascending"), ("query", "descending")])
    rows = zip(
        t["pk1"].to_pylist(),
        t["pk2"].to_pylist(),
        t["idx"].to_pylist(),
        t["kind"].to_pylist(),
        t["tokens"].to_pylist(),
        t["query"].to_pylist(),
        strict=True,
    )
    found = RadixGroups().feed(rows)
    return pa.table(
        {
            "idx": pa.array([m[0] for m in found], pa.int64()),
            "lcp": pa.array([m[1] for m in found], pa.int64()),
        }
    )


def _rename(names: dict):
    def fn(t):
        return t.rename_columns([names.get(c, c) for c in t.column_names])

    return fn
