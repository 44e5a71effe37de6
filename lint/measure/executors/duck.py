"""The out-of-core executor: block rows in an embedded DuckDB that spills to disk.

``feed`` appends Arrow batches (``rows``) to a database file in a temporary directory;
``finish`` runs the shared algorithm (``executors``) as SQL: the first occurrence of every key
is a ``GROUP BY``, a request's hit is a join and a count, the top prefixes are aggregates over
the reused keys. DuckDB keeps within ``--memory-limit`` by spilling, so memory stays bounded
whatever the log; disk use is about 30 bytes a block row.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from array import array

from kvscope.lint.measure.analyzer import Summary, head_blocks
from kvscope.lint.measure.executors import Analysis, PerRequest, per_request_row
from kvscope.lint.measure.executors.radixgroups import RadixGroups
from kvscope.lint.measure.executors.rows import RowBatcher
from kvscope.lint.measure.pipeline import Hashed

_SCHEMA = """
CREATE TABLE requests (idx BIGINT, n BIGINT, tenant VARCHAR, route VARCHAR, model VARCHAR,
                       id VARCHAR);
CREATE TABLE blocks (idx BIGINT, pos INTEGER, k1 UBIGINT, k2 UBIGINT, out BOOLEAN);
CREATE TABLE heads (k1 UBIGINT, k2 UBIGINT, tokens BLOB);
CREATE TABLE runs (idx BIGINT, pos INTEGER, pk1 UBIGINT, pk2 UBIGINT, kind TINYINT,
                   tokens BLOB);
"""


def _duckdb():
    try:
        import duckdb
    except ImportError:
        raise ImportError("--executor duckdb needs duckdb: pip install 'kvscope[scale]'") from None
    return duckdb


class DuckDB:
    def __init__(
        self,
        block_size: int,
        engine: str,
        algo: str,
        per_request: PerRequest,
        memory_limit: str | None = None,
        temp_dir: str | None = None,
        **_: object,
    ) -> None:
        duckdb = _duckdb()
        self.bs = block_size
        self.engine = engine
        self.per_request = per_request
        self.folder = tempfile.mkdtemp(prefix="kvscope-measure-duckdb-", dir=temp_dir)
        self.con = duckdb.connect(os.path.join(self.folder, "measure.duckdb"))
        self.con.execute(f"SET temp_directory = '{os.path.join(self.folder, 'spill')}'")
        self.con.execute("SET preserve_insertion_order = false")
        self.con.execute("SET enable_progress_bar = false")  # it would print into stdout
        if memory_limit:
            try:
                self.con.execute("SET memory_limit = ?", [memory_limit])
            except duckdb.Error:
                self.close()
                raise ValueError(
                    f"--memory-limit {memory_limit!r}: write a size such as 1GB or 512MB"
                ) from None
        self.con.execute(_SCHEMA)
        self.batcher = RowBatcher(block_size, algo, engine == "sglang")

    def feed(self, item: Hashed) -> None:
        self.batcher.add(item)
        if self.batcher.full():
            self._flush()

    def _flush(self) -> None:
        for name, table in self.batcher.flush().items():
            if table.num_rows:
                self.con.register("batch", table)
                self.con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM batch")
                self.con.unregister("batch")

    def finish(self, top: int) -> Analysis:
        self._flush()
        q, bs = self.con.execute, self.bs
        q("CREATE TABLE first AS SELECT k1, k2, min(idx) AS f FROM blocks GROUP BY k1, k2")
        q(
            "CREATE TABLE hits AS SELECT b.idx, count(*) AS hit FROM blocks b "
            "JOIN first USING (k1, k2) WHERE NOT b.out AND first.f < b.idx GROUP BY b.idx"
        )
        q(
            "CREATE TABLE req AS SELECT r.*, coalesce(h.hit, 0) AS hit, "
            f"CASE WHEN r.n > 0 THEN least(coalesce(h.hit, 0), (r.n - 1) // {bs}) ELSE 0 END "
            "AS vblocks, 0::BIGINT AS eng FROM requests r LEFT JOIN hits h USING (idx)"
        )
        if self.engine == "sglang":
            self._sglang()
        else:
            q(f"UPDATE req SET eng = vblocks * {bs}")
        (unique,) = q("SELECT count(*) FROM first").fetchone()
        totals = q(
            f"SELECT count(*), coalesce(sum(n), 0), coalesce(sum(hit), 0) * {bs}, "
            "coalesce(sum(eng), 0) FROM req"
        ).fetchone()
        by = {dim: self._breakdown(dim) for dim in ("tenant", "route", "model")}
        summary = Summary(*(int(x) for x in totals), int(unique), by)
        if self.per_request is not None:
            self._per_request()
        return Analysis(summary, self._top(top))

    def _sglang(self) -> None:
        """The token-granular tail: runs grouped by parent key, in log order, through a
        token radix per parent (``radixgroups``); query rows before the same request's runs."""
        q, bs = self.con.execute, self.bs
        cur = q(
            "SELECT r.pk1, r.pk2, r.idx, r.kind, r.tokens, "
            f"((r.kind = 1 AND r.pos = q.hit AND q.hit < q.n // {bs}) OR "
            f" (r.kind = 2 AND q.hit = q.n // {bs})) AS query "
            "FROM runs r JOIN req q USING (idx) "
            "ORDER BY r.pk1, r.pk2, r.idx, query DESC"
        )
        groups = RadixGroups()
        # one match per request: into DuckDB a fetch at a time, never a list of the log; a
        # second connection, as inserting on this one would end the open query
        writer = self.con.cursor()
        writer.execute("CREATE TABLE tails (idx BIGINT, lcp BIGINT)")  # TEMP is per connection
        import pyarrow as pa

        while rows := cur.fetchmany(65536):
            matches = groups.feed(rows)
            if matches:
                idx, lcp = zip(*matches, strict=True)
                writer.register("tails_batch", pa.table({"idx": idx, "lcp": lcp}))
                writer.execute("INSERT INTO tails SELECT * FROM tails_batch")
                writer.unregister("tails_batch")
        writer.close()
        q(
            f"UPDATE req SET eng = least(hit * {bs} + coalesce((SELECT lcp FROM tails t "
            "WHERE t.idx = req.idx), 0), greatest(n - 1, 0))"
        )

    def _breakdown(self, dim: str) -> dict[str, dict]:
        rows = self.con.execute(
            f"SELECT coalesce({dim}, '-') AS name, count(*), sum(n), sum(hit) * {self.bs}, "
            f"sum(eng) FROM req GROUP BY name ORDER BY name"
        ).fetchall()
        return {
            name: {
                "requests": int(c),
                "prompt_tokens": int(n),
                "repeated_prefix_tokens": int(rep),
                "repeated_prefix_fraction": int(rep) / int(n) if n else 0.0,
                "engine_hit_tokens": int(eng),
            }
            for name, c, n, rep, eng in rows
        }

    def _per_request(self) -> None:
        bs, sglang = self.bs, self.engine == "sglang"
        cur = self.con.execute(
            f"SELECT idx, id, n, hit * {bs}, vblocks * {bs}, eng FROM req ORDER BY idx"
        )
        while rows := cur.fetchmany(65536):
            for idx, rid, n, rep, vllm, eng in rows:
                row = per_request_row(int(idx), rid, int(n), int(rep), int(vllm))
                if sglang:
                    row["sglang_hit_tokens"] = int(eng)
                self.per_request(row)

    def _top(self, top: int) -> list[dict]:
        if top <= 0:
            return []
        q, bs = self.con.execute, self.bs
        short = "coalesce(s.short, 0)" if self.engine == "vllm" else "0"
        q(
            "CREATE TABLE reused AS SELECT b.k1, b.k2, any_value(first.f) AS f, "
            "count(*) AS reuse, any_value(b.pos) AS pos FROM blocks b JOIN first USING (k1, k2) "
            "WHERE NOT b.out AND b.idx > first.f GROUP BY b.k1, b.k2"
        )
        q(
            "CREATE TABLE tree AS SELECT u.*, p.k1 AS p1, p.k2 AS p2 FROM reused u "
            "LEFT JOIN blocks p ON p.idx = u.f AND p.pos = u.pos - 1"
        )
        rows = q(
            "WITH kids AS (SELECT p1, p2, max(reuse) AS best FROM tree "
            "  WHERE p1 IS NOT NULL GROUP BY p1, p2), "
            "short AS (SELECT b.k1, b.k2, count(*) AS short FROM req r JOIN blocks b "
            "  ON b.idx = r.idx AND b.pos = r.hit - 1 AND NOT b.out "
            "  WHERE r.hit > 0 AND r.vblocks < r.hit GROUP BY b.k1, b.k2) "
            f"SELECT t.k1, t.k2, t.f, t.pos + 1 AS depth, t.reuse, "
            f"((t.pos + 1) * t.reuse - {short}) * {bs} AS saved "
            "FROM tree t LEFT JOIN kids k ON k.p1 = t.k1 AND k.p2 = t.k2 "
            "LEFT JOIN short s ON s.k1 = t.k1 AND s.k2 = t.k2 "
            "WHERE t.reuse > coalesce(k.best, 0) "
            f"ORDER BY saved DESC, t.k1, t.k2 LIMIT {int(top)}"
        ).fetchall()
        hb = head_blocks(bs)
        out = []
        for _k1, _k2, f, depth, reuse, saved in rows:
            heads = q(
                "SELECT h.tokens FROM blocks b JOIN (SELECT k1, k2, any_value(tokens) AS tokens "
                "FROM heads GROUP BY k1, k2) h USING (k1, k2) "
                "WHERE b.idx = ? AND b.pos < ? ORDER BY b.pos",
                [f, min(hb, depth)],
            ).fetchall()
            toks = array("I")
            for (blob,) in heads:
                toks.frombytes(blob)
            out.append(
                {
                    "tokens": int(depth) * bs,
                    "requests": int(reuse) + 1,
                    "reuses": int(reuse),
                    "tokens_saved": int(saved),
                    "head_tokens": toks.tolist()[:48],
                }
            )
        return out

    def close(self) -> None:
        try:
            self.con.close()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
