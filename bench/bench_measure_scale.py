"""promptlint measure at fleet scale: DuckDB out of core, Ray on 2 workers, in-process for the
ratio, on a synthetic pre-tokenized log written to disk as compact Parquet. One JSON object.

The log: sessions of 12 tenants, each request re-sending its tenant's system prompt and its
session's history (the reference workload's shape: shared heads, growing histories, a new user
turn), with the lengths scaled down (a mean of ~180 tokens, block size 16) so that 10 M
requests fit this machine's disk. For every size in SIZES it runs ``promptlint measure``
in a fresh process and reports wall time, requests/s, peak RSS of the process (and its
children), and checks that the executors' figures agree where more than one ran.

Usage: python bench/bench_measure_scale.py [SIZES]   (default 100000,1000000; e.g.
"100000,1000000,10000000" where the disk and time allow). Ray runs at the smallest size only
unless RAY_MAX (requests) says otherwise; in-process runs up to INPROCESS_MAX.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEMORY_LIMIT = "1GB"
INPROCESS_MAX = int(os.environ.get("INPROCESS_MAX", 1_000_000))
RAY_MAX = int(os.environ.get("RAY_MAX", 100_000))
TARGET_RSS_10M = 2 << 30


def write_log(path: Path, n: int, seed: int = 1) -> int:
    """``n`` pre-tokenized requests as Parquet (zstd); returns the file's size in bytes."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = random.Random(seed)
    systems = [[rng.randrange(50_000) for _ in range(rng.choice((48, 64, 96)))] for _ in range(12)]
    live: list[list] = []  # [tenant, tokens so far, turns left]
    writer = None
    batch_t: list[str] = []
    batch_ids: list[list[int]] = []
    for _ in range(n):
        if not live or (len(live) < 64 and rng.random() < 0.3):
            tenant = rng.randrange(12)
            live.append([tenant, list(systems[tenant]), rng.randint(1, 8)])
        i = rng.randrange(len(live))
        session = live[i]
        session[1] += [rng.randrange(50_000) for _ in range(rng.randint(8, 40))]
        batch_t.append(f"tenant-{session[0]}")
        batch_ids.append(list(session[1]))
        session[1] += [rng.randrange(50_000) for _ in range(rng.randint(8, 40))]  # the reply
        session[2] -= 1
        if session[2] <= 0 or len(session[1]) > 600:
            live.pop(i)
        if len(batch_ids) >= 50_000:
            writer = _write(pq, pa, writer, path, batch_t, batch_ids)
            batch_t, batch_ids = [], []
    if batch_ids:
        writer = _write(pq, pa, writer, path, batch_t, batch_ids)
    writer.close()
    return path.stat().st_size


def _write(pq, pa, writer, path, tenants, ids):
    table = pa.table(
        {
            "tenant": pa.array(tenants).dictionary_encode(),
            "prompt_token_ids": pa.array(ids, pa.list_(pa.uint32())),
        }
    )
    if writer is None:
        writer = pq.ParquetWriter(str(path), table.schema, compression="zstd")
    writer.write_table(table)
    return writer


RUNNER = """
import json, sys, time
executor = sys.argv[1]
if executor == "ray":
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=2_000_000_000)
from kvscope.lint.measure.cli import main
t0 = time.perf_counter()
rc = main(sys.argv[2:])
import resource
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"rc": rc, "wall_s": time.perf_counter() - t0, "peak": peak}), file=sys.stderr)
"""


def run(log: Path, executor: str, folder: Path) -> dict:
    """One measure run in a fresh process: wall time, peak RSS (self + children), figures."""
    argv = [str(log), "--format", "json", "--capacity", "none", "--executor", executor]
    if executor == "duckdb":
        argv += ["--memory-limit", MEMORY_LIMIT, "--temp-dir", str(folder)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", RUNNER, executor, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{executor} failed: {err[-1500:]}")
    doc = json.loads(out)
    inner = json.loads(err.strip().splitlines()[-1])
    return {"doc": doc, "wall_s": wall, "measure_s": inner["wall_s"], "peak": inner["peak"]}


def main() -> None:
    sizes = [int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "100000,1000000").split(",")]
    rows, checks = [], []
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        folder = Path(tmp)
        for n in sizes:
            log = folder / f"log-{n}.parquet"
            t0 = time.perf_counter()
            size = write_log(log, n)
            gen_s = time.perf_counter() - t0
            docs = {}
            for executor in ("duckdb", "ray", "inprocess"):
                if executor == "ray" and n > RAY_MAX:
                    continue
                if executor == "inprocess" and n > INPROCESS_MAX:
                    continue
                r = run(log, executor, folder)
                doc = r["doc"]
                docs[executor] = doc
                rows.append(
                    {
                        "executor": executor,
                        "requests": n,
                        "prompt_tokens": doc["prompt_tokens"],
                        "unique_blocks": doc["unique_blocks"],
                        "wall_s": round(r["measure_s"], 2),
                        "process_s": round(r["wall_s"], 2),
                        "requests_per_s": round(n / r["measure_s"]),
                        "us_per_request": round(1e6 * r["measure_s"] / n, 1),
                        # the measuring process (DuckDB runs inside it; Ray's workers do not)
                        "peak_rss_bytes": r["peak"],
                        "log_bytes": size,
                        "log_generate_s": round(gen_s, 1),
                    }
                )
                print(json.dumps(rows[-1]), file=sys.stderr)
            keys = (
                "requests",
                "prompt_tokens",
                "repeated_prefix_tokens",
                "engine_hit_tokens",
                "unique_blocks",
                "by_tenant",
                "top_prefixes",
            )
            first = next(iter(docs.values()))
            checks.append(
                {
                    "requests": n,
                    "executors": sorted(docs),
                    "identical": all(
                        {k: d[k] for k in keys} == {k: first[k] for k in keys}
                        for d in docs.values()
                    ),
                    "repeated_prefix_fraction": round(first["repeated_prefix_fraction"], 4),
                }
            )
            log.unlink()
            shutil.rmtree(folder / "spill", ignore_errors=True)
    duck = [r for r in rows if r["executor"] == "duckdb"]
    growth = None
    if len(duck) >= 2:
        a, b = duck[0], duck[-1]
        growth = round((b["us_per_request"] / a["us_per_request"]), 3)
    biggest = duck[-1] if duck else None
    extrapolated = None
    if biggest and biggest["requests"] < 10_000_000:
        extrapolated = {
            "wall_s_10m_linear": round(biggest["wall_s"] * 10_000_000 / biggest["requests"]),
            "note": "10 M requests not run here; linear in requests from the largest run "
            "(DuckDB memory is capped by --memory-limit; the front's bounded sets are fixed)",
        }
    inproc = {r["requests"]: r for r in rows if r["executor"] == "inprocess"}
    ratio = {
        str(r["requests"]): round(r["wall_s"] / inproc[r["requests"]]["wall_s"], 2)
        for r in duck
        if r["requests"] in inproc
    }
    print(
        json.dumps(
            {
                "bench": "measure_scale",
                "runs": rows,
                "agreement": checks,
                "duckdb_memory_limit": MEMORY_LIMIT,
                "duckdb_cost_per_request_growth_first_to_last": growth,
                "duckdb_vs_inprocess_wall_ratio": ratio,
                "extrapolation": extrapolated,
                "target_peak_rss_bytes_10m_duckdb": TARGET_RSS_10M,
                "cores": os.cpu_count(),
            }
        )
    )


if __name__ == "__main__":
    main()
