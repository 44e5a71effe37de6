"""The distributed executor: the shared algorithm as Ray Data shuffles, joins and aggregates.

The driver hashes the log (the same ``hashed_stream`` as every executor) and puts its rows in
the object store as Arrow batches (``rows``); the cluster then computes, in parallel:

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

from kvscope.lint.measure.analyzer import Summary, head_blocks
from kvscope.lint.measure.executors import Analysis, PerRequest, per_request_row
from kvscope.lint.measure.executors.radixgroups import RadixGroups
from kvscope.lint.measure.executors.rows import RowBatcher
from kvscope.lint.measure.pipeline import Hashed

PARTITIONS = 4
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
        self.batcher = RowBatcher(block_size, algo, engine == "sglang")
        self.refs: dict[str, list] = {"requests": [], "blocks": [], "heads": [], "runs": []}
        self.schemas: dict[str, object] = {}

    def feed(self, item: Hashed) -> None:
        self.batcher.add(item)
        if self.batcher.full():
            self._flush()

    def _flush(self) -> None:
        for name, table in self.batcher.flush().items():
            self.schemas[name] = table.schema
            if table.num_rows:
                self.refs[name].append(self.ray.put(table))

    def _ds(self, name: str):
        import pyarrow as pa

        refs = self.refs[name] or [self.ray.put(pa.table({}, schema=self.schemas[name]))]
        return self.ray.data.from_arrow_refs(refs)

    def finish(self, top: int) -> Analysis:
        from ray.data.aggregate import Count, Max, Min, Sum

        self._flush()
        bs, parts = self.bs, PARTITIONS
        blocks = self._ds("blocks").materialize()
        first = blocks.groupby(list(KEY), num_partitions=parts).aggregate(
            Min("idx", alias_name="f")
        )
        first = first.materialize()
        unique = first.count()
        joined = blocks.join(first, "inner", parts, on=KEY)
        reused = joined.map_batches(**_arrow(_reused_rows)).materialize()
        hits = reused.groupby("idx", num_partitions=parts).aggregate(Count(alias_name="hit"))
        req = self._ds("requests").join(hits, "left_outer", parts, on=("idx",))
        req = req.map_batches(**_arrow(_with_hits(bs))).materialize()
        if self.engine == "sglang":
            req = self._sglang(req).materialize()
        totals = req.aggregate(
            Count(alias_name="requests"),
            Sum("n", alias_name="n"),
            Sum("hit", alias_name="hit"),
            Sum("eng", alias_name="eng"),
        )
        count = int(totals["requests"] or 0)
        summary = Summary(
            count,
            int(totals["n"] or 0),
            int(totals["hit"] or 0) * bs,
            int(totals["eng"] or 0),
            int(unique),
            {dim: self._breakdown(req, dim) for dim in ("tenant", "route", "model")},
        )
        if self.per_request is not None and count:
            for batch in req.sort("idx").iter_batches(batch_format="pyarrow", batch_size=65536):
                for r in batch.to_pylist():
                    row = per_request_row(
                        r["idx"], r["id"], r["n"], r["hit"] * bs, r["vblocks"] * bs
                    )
                    if self.engine == "sglang":
                        row["sglang_hit_tokens"] = r["eng"]
                    self.per_request(row)
        tops = self._top(top, blocks, reused, req, Count, Max) if count else []
        return Analysis(summary, tops)

    def _breakdown(self, req, dim: str) -> dict[str, dict]:
        from ray.data.aggregate import Count, Sum

        rows = (
            req.groupby(dim, num_partitions=1)
            .aggregate(
                Count(alias_name="c"),
                Sum("n", alias_name="n"),
                Sum("hit", alias_name="hit"),
                Sum("eng", alias_name="eng"),
            )
            .take_all()
        )
        out = {}
        for r in sorted(rows, key=lambda r: r[dim]):
            n, rep = int(r["n"]), int(r["hit"]) * self.bs
            out[r[dim]] = {
                "requests": int(r["c"]),
                "prompt_tokens": n,
                "repeated_prefix_tokens": rep,
                "repeated_prefix_fraction": rep / n if n else 0.0,
                "engine_hit_tokens": int(r["eng"]),
            }
        return out

    def _sglang(self, req):
        runs = self._ds("runs").join(
            req.select_columns(["idx", "hit", "nfull"]), "inner", PARTITIONS, on=("idx",)
        )
        matches = runs.groupby(["pk1", "pk2"], num_partitions=PARTITIONS).map_groups(
            _radix_group, batch_format="pyarrow"
        )
        joined = req.join(matches, "left_outer", PARTITIONS, on=("idx",))
        return joined.map_batches(**_arrow(_sglang_eng(self.bs)))

    def _top(self, top: int, blocks, reused, req, Count, Max) -> list[dict]:
        if top <= 0:
            return []
        from ray.data.aggregate import Min

        bs, parts = self.bs, PARTITIONS
        per_key = reused.groupby(list(KEY), num_partitions=parts).aggregate(
            Count(alias_name="reuse"), Min("f", alias_name="f"), Min("pos", alias_name="pos")
        )
        per_key = per_key.map_batches(**_arrow(_parent_pos)).materialize()
        if not per_key.count():
            return []
        parents = blocks.select_columns(["idx", "pos", "k1", "k2"]).map_batches(
            **_arrow(_rename({"idx": "pf", "pos": "ppos", "k1": "p1", "k2": "p2"}))
        )
        tree = per_key.join(
            parents, "left_outer", parts, on=("f", "ppos"), right_on=("pf", "ppos")
        ).materialize()
        kids = (
            tree.map_batches(**_arrow(_where(lambda t, pc: pc.is_valid(t["p1"]))))
            .groupby(["p1", "p2"], num_partitions=parts)
            .aggregate(Max("reuse", alias_name="best"))
            .map_batches(**_arrow(_rename({"p1": "k1", "p2": "k2"})))
        )
        tree = tree.join(kids, "left_outer", parts, on=KEY)
        if self.engine == "vllm":
            ends = req.map_batches(
                **_arrow(_where(lambda t, pc: pc.less(t["vblocks"], t["hit"])))
            ).select_columns(["idx", "epos"])
            prompt = blocks.map_batches(
                **_arrow(_where(lambda t, pc: pc.invert(t["out"])))
            ).select_columns(["idx", "pos", "k1", "k2"])
            short = (
                ends.join(prompt, "inner", parts, on=("idx", "epos"), right_on=("idx", "pos"))
                .groupby(list(KEY), num_partitions=parts)
                .aggregate(Count(alias_name="short"))
            )
            tree = tree.join(short, "left_outer", parts, on=KEY)
        rows = tree.map_batches(**_arrow(_saved(bs))).take_all()
        rows.sort(key=lambda r: (-r["saved"], r["k1"], r["k2"]))
        rows = rows[:top]
        hb = head_blocks(bs)
        wanted = {(r["f"], p) for r in rows for p in range(min(hb, r["pos"] + 1))}
        fs = sorted({f for f, _ in wanted})
        import pyarrow as pa

        found = blocks.map_batches(
            **_arrow(
                _where(
                    lambda t, pc: pc.and_(
                        pc.is_in(t["idx"], value_set=pa.array(fs, pa.int64())),
                        pc.less(t["pos"], hb),
                    )
                )
            )
        ).take_all()
        at = {(b["idx"], b["pos"]): (b["k1"], b["k2"]) for b in found}
        keys = {at[w] for w in wanted if w in at}
        heads = {
            (h["k1"], h["k2"]): h["tokens"]
            for h in self._ds("heads").take_all()
            if (h["k1"], h["k2"]) in keys
        }
        out = []
        for r in rows:
            toks = array("I")
            for p in range(min(hb, r["pos"] + 1)):
                blob = heads.get(at.get((r["f"], p)))
                if blob is None:
                    break
                toks.frombytes(blob)
            out.append(
                {
                    "tokens": (r["pos"] + 1) * bs,
                    "requests": r["reuse"] + 1,
                    "reuses": r["reuse"],
                    "tokens_saved": r["saved"],
                    "head_tokens": toks.tolist()[:48],
                }
            )
        return out

    def close(self) -> None:
        self.refs.clear()
        if self.started:
            self.ray.shutdown()


def _where(cond):
    """A ``map_batches`` UDF keeping the rows where ``cond(table, pyarrow.compute)`` holds."""

    def fn(t):
        import pyarrow.compute as pc

        return t.filter(cond(t, pc)) if len(t) else t

    return fn


def _reused_rows(t):
    import pyarrow.compute as pc

    keep = pc.and_(pc.invert(t["out"]), pc.greater(t["idx"], t["f"]))
    return t.filter(keep)


def _rename(names: dict):
    def fn(t):
        return t.rename_columns([names.get(c, c) for c in t.column_names])

    return fn


def _parent_pos(t):
    import pyarrow.compute as pc

    return t.append_column("ppos", pc.subtract(t["pos"], 1))


def _saved(bs: int):
    def fn(t):
        import pyarrow.compute as pc

        best = pc.fill_null(t["best"], 0)
        t = t.filter(pc.greater(t["reuse"], best))
        depth = pc.add(t["pos"], 1)
        blocks = pc.multiply(depth, t["reuse"])
        if "short" in t.column_names:
            blocks = pc.subtract(blocks, pc.fill_null(t["short"], 0))
        return t.select(["k1", "k2", "f", "pos", "reuse"]).append_column(
            "saved", pc.multiply(blocks, bs)
        )

    return fn


def _radix_group(t):
    import pyarrow as pa
    import pyarrow.compute as pc

    hit, nfull, kind, pos = t["hit"], t["nfull"], t["kind"], t["pos"]
    query = pc.or_(
        pc.and_(pc.and_(pc.equal(kind, 1), pc.equal(pos, hit)), pc.less(hit, nfull)),
        pc.and_(pc.equal(kind, 2), pc.equal(hit, nfull)),
    )
    t = t.append_column("query", query)
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


def _sglang_eng(bs: int):
    def fn(t):
        import pyarrow.compute as pc

        lcp = pc.fill_null(t["lcp"], 0)
        cap = pc.max_element_wise(pc.subtract(t["n"], 1), 0)
        eng = pc.min_element_wise(pc.add(pc.multiply(t["hit"], bs), lcp), cap)
        t = t.drop_columns(["lcp", "eng"])
        return t.append_column("eng", eng)

    return fn
