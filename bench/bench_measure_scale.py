"""promptlint measure at fleet scale: DuckDB out of core, Ray on 2 workers, in-process for the
ratio, on synthetic pre-tokenized logs written to disk as Parquet. One JSON object.

The logs come from ``scale_log`` (the reference workload's shape: 12 tenants' system prompts,
sessions re-sending their growing histories; lengths scaled down, a mean of ~210 tokens at
block size 16, so that 10 M requests are ~1.1 GB of Parquet), generated vectorised with a
fixed seed in a few seconds per million requests. For every size in SIZES each executor runs
``promptlint measure`` in a fresh process; the bench reports wall time, requests/s, the cost
per request, the peak RSS of the whole process tree (sampled from /proc every 0.2 s, and the
measuring process's own exact peak), the peak size of the spill folder, the load the machine
was under, and whether the executors' figures agree where more than one ran.

Usage: python bench/bench_measure_scale.py [SIZES]   (default 100000,1000000; e.g.
"100000,1000000,3000000,10000000"). Ray runs up to RAY_MAX requests (default 100 k),
in-process up to INPROCESS_MAX (default 1 M); DuckDB always, with MEMORY_LIMIT (default 1GB).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale_log import write_log

MEMORY_LIMIT = os.environ.get("MEMORY_LIMIT", "1GB")
INPROCESS_MAX = int(os.environ.get("INPROCESS_MAX", 1_000_000))
RAY_MAX = int(os.environ.get("RAY_MAX", 100_000))
TARGET_RSS_10M = 2 << 30
PAGE = os.sysconf("SC_PAGE_SIZE")
AGREE = (
    "requests",
    "prompt_tokens",
    "repeated_prefix_tokens",
    "engine_hit_tokens",
    "unique_blocks",
    "by_tenant",
    "top_prefixes",
)

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
# VmHWM: this process's own peak (ru_maxrss would carry the bench's over the exec)
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0]
peak = int(hwm.split()[1]) * 1024
print(json.dumps({"rc": rc, "wall_s": time.perf_counter() - t0, "peak": peak}), file=sys.stderr)
"""


def _tree_rss(root: int) -> int:
    """Resident bytes of ``root`` and all its descendants (0 once it has exited)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        pid = int(name)
        children.setdefault(int(fields[1]), []).append(pid)
        rss[pid] = int(fields[21]) * PAGE
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo += children.get(pid, [])
    return total


def _folder_bytes(folder: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.path.getsize(os.path.join(dirpath, name))
    return total


class Sampler(threading.Thread):
    """Peak RSS of a process tree, and peak bytes of a folder, while the process runs."""

    def __init__(self, pid: int, folder: Path) -> None:
        super().__init__(daemon=True)
        self.pid, self.folder = pid, folder
        self.peak_rss = self.peak_disk = 0
        self.done = threading.Event()

    def run(self) -> None:
        tick = 0
        while not self.done.wait(0.2):
            self.peak_rss = max(self.peak_rss, _tree_rss(self.pid))
            if tick % 10 == 0:
                self.peak_disk = max(self.peak_disk, _folder_bytes(self.folder))
            tick += 1


def run(log: Path, executor: str, spill: Path) -> dict:
    """One measure run in a fresh process: wall time, peak RSS (tree and self), figures."""
    argv = [str(log), "--format", "json", "--capacity", "none", "--executor", executor]
    if executor == "duckdb":
        argv += ["--memory-limit", MEMORY_LIMIT, "--temp-dir", str(spill)]
    spill.mkdir(exist_ok=True)
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", RUNNER, executor, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sampler = Sampler(proc.pid, spill)
    sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    sampler.done.set()
    sampler.join()
    shutil.rmtree(spill, ignore_errors=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{executor} failed: {err[-1500:]}")
    inner = json.loads(err.strip().splitlines()[-1])
    return {
        "doc": json.loads(out),
        "process_s": wall,
        "measure_s": inner["wall_s"],
        "peak_self": inner["peak"],
        "peak_tree": max(sampler.peak_rss, inner["peak"]),
        "peak_disk": sampler.peak_disk,
        "load": (load, os.getloadavg()[0]),
    }


def _row(executor: str, n: int, r: dict, log: dict, gen_s: float) -> dict:
    doc = r["doc"]
    return {
        "executor": executor,
        "requests": n,
        "prompt_tokens": doc["prompt_tokens"],
        "unique_blocks": doc["unique_blocks"],
        "wall_s": round(r["measure_s"], 1),
        "process_s": round(r["process_s"], 1),
        "requests_per_s": round(n / r["measure_s"]),
        "us_per_request": round(1e6 * r["measure_s"] / n, 1),
        "peak_rss_tree_bytes": r["peak_tree"],
        "peak_rss_self_bytes": r["peak_self"],
        "peak_temp_bytes": r["peak_disk"],
        "load_1m_start_end": [round(x, 2) for x in r["load"]],
        "log_bytes": log["bytes"],
        "log_generate_s": round(gen_s, 1),
    }


def _summary(rows: list[dict]) -> dict:
    duck = [r for r in rows if r["executor"] == "duckdb"]
    inproc = {r["requests"]: r for r in rows if r["executor"] == "inprocess"}
    ten_m = [r for r in duck if r["requests"] >= 10_000_000]
    return {
        "duckdb_us_per_request": {str(r["requests"]): r["us_per_request"] for r in duck},
        "duckdb_cost_per_request_growth_first_to_last": (
            round(duck[-1]["us_per_request"] / duck[0]["us_per_request"], 2)
            if len(duck) >= 2
            else None
        ),
        "duckdb_peak_rss_tree_bytes": {str(r["requests"]): r["peak_rss_tree_bytes"] for r in duck},
        "duckdb_vs_inprocess_wall_ratio": {
            str(r["requests"]): round(r["wall_s"] / inproc[r["requests"]]["wall_s"], 2)
            for r in duck
            if r["requests"] in inproc
        },
        "target_peak_rss_bytes_10m_duckdb": TARGET_RSS_10M,
        "target_met": (ten_m[-1]["peak_rss_tree_bytes"] <= TARGET_RSS_10M) if ten_m else None,
    }


def main() -> None:
    sizes = [int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "100000,1000000").split(",")]
    rows, checks = [], []
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        folder = Path(tmp)
        for n in sizes:
            path = folder / f"log-{n}.parquet"
            t0 = time.perf_counter()
            log = write_log(path, n)
            gen_s = time.perf_counter() - t0
            docs = {}
            for executor in ("duckdb", "ray", "inprocess"):
                if executor == "ray" and n > RAY_MAX:
                    continue
                if executor == "inprocess" and n > INPROCESS_MAX:
                    continue
                r = run(path, executor, folder / "spill")
                docs[executor] = r["doc"]
                rows.append(_row(executor, n, r, log, gen_s))
                print(json.dumps(rows[-1]), file=sys.stderr)
            first = next(iter(docs.values()))
            checks.append(
                {
                    "requests": n,
                    "executors": sorted(docs),
                    "identical": all(
                        {k: d[k] for k in AGREE} == {k: first[k] for k in AGREE}
                        for d in docs.values()
                    ),
                    "repeated_prefix_fraction": round(first["repeated_prefix_fraction"], 4),
                }
            )
            path.unlink()
    print(
        json.dumps(
            {
                "bench": "measure_scale",
                "runs": rows,
                "agreement": checks,
                "duckdb_memory_limit": MEMORY_LIMIT,
                **_summary(rows),
                "cores": os.cpu_count(),
                "niceness": os.nice(0),
            }
        )
    )


if __name__ == "__main__":
    main()
