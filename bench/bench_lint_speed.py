"""promptlint speed: lint 1,000 generated ~2k-token prompt files on one core, and cold start.

Files: a mix of Markdown/Jinja templates and OpenAI request JSON, ~2,000 cl100k tokens each; one
in four carries a volatile value near the top (so token offsets and costs are computed), the
rest are clean. Reported side by side in one run: the whole corpus (median of 3 passes, one
process pinned to one core), the clean files alone, and the cold start of `promptlint check` on
one file next to a bare `python -c pass` (wall and CPU seconds: on a loaded machine the CPU time
is the steadier figure). Targets: <= 5 s for the 1,000 files; <= 0.3 s cold start for one file
with a finding (pre-commit runs on every commit), with the token-rank cache built (the first
run on a machine builds it: `cold_start_first_run_s`).
Prints one JSON object.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = tuple(
    "the assistant must answer clearly and cite the policy section when a customer asks "  # noqa: SIM905
    "about refunds shipping invoices accounts security passwords billing plans upgrades "
    "limits data retention exports integrations webhooks tokens regions latency".split()
)


def paragraph(rng: random.Random, n_words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n_words)).capitalize() + "."


def make_corpus(root: Path, n: int, seed: int = 0) -> tuple[list[Path], list[Path]]:
    rng = random.Random(seed)
    files, clean = [], []
    (root / "prompts").mkdir(parents=True)
    (root / "requests").mkdir()
    for i in range(n):
        body = "\n\n".join(paragraph(rng, 150) for _ in range(13))  # ~2,000 tokens
        dirty = i % 4 == 0
        head = "You are Acme's assistant." + (" Today is {{ current_date }}." if dirty else "")
        kind = i % 3
        if kind == 2:
            path = root / "requests" / f"r{i:04d}.json"
            system = head.replace("{{ current_date }}", "2025-03-04T10:11:12Z") + "\n" + body
            req = {
                "model": "kvscope-tiny",
                "messages": [
                    {"role": "system", "content": system},
                    {"role": "user", "content": "hi"},
                ],
            }
            path.write_text(json.dumps(req, indent=2))
        else:
            path = root / "prompts" / f"p{i:04d}.{'md' if kind == 0 else 'j2'}"
            path.write_text(head + "\n" + body + "\n")
        files.append(path)
        if not dirty:
            clean.append(path)
    return files, clean


def lint_all(paths: list[Path]) -> tuple[float, int]:
    from kvscope.lint.config import Config
    from kvscope.lint.engine import Linter

    linter = Linter(Config())
    start = time.perf_counter()
    findings = 0
    for path in paths:
        findings += len(linter.lint_file(path, path.name) or [])
    return time.perf_counter() - start, findings


def cold(cmd: list[str], repeats: int = 5, env: dict | None = None) -> tuple[float, float]:
    """Median (wall seconds, CPU seconds) of running `cmd` as a fresh process."""
    import resource

    times, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False, env=env)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times), statistics.median(cpus)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    with tempfile.TemporaryDirectory() as tmp:
        files, clean = make_corpus(Path(tmp), 1000)
        from kvscope.backend.tokenizers import get_tokenizer

        tok = get_tokenizer("cl100k")
        sizes = [len(tok.encode(files[i].read_text())) for i in range(0, len(files), 50)]
        runs = [lint_all(files) for _ in range(3)]
        all_s = statistics.median(r[0] for r in runs)
        clean_s = statistics.median(lint_all(clean)[0] for _ in range(3))
        one = str(clean[0])
        promptlint = [sys.executable, "-m", "kvscope.lint.cli", "check", one]
        dirty = [sys.executable, "-m", "kvscope.lint.cli", "check", str(files[0])]
        fresh_cache = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        first_s, _ = cold(dirty, repeats=1, env=fresh_cache)
        cold_s, cold_cpu = cold(promptlint)
        dirty_cold_s, dirty_cpu = cold(dirty, env=fresh_cache)
        python_s, python_cpu = cold([sys.executable, "-c", "pass"])
    print(
        json.dumps(
            {
                "bench": "lint_speed",
                "files": len(files),
                "clean_files": len(clean),
                "median_tokens_per_file": statistics.median(sizes),
                "findings": runs[0][1],
                "lint_1000_files_s": round(all_s, 3),
                "files_per_s": round(len(files) / all_s, 1),
                "target_s": 5.0,
                "target_met": all_s <= 5.0,
                "clean_files_s": round(clean_s, 3),
                "per_clean_file_ms": round(1000 * clean_s / len(clean), 3),
                "cold_start_clean_file_s": round(cold_s, 3),
                "cold_start_clean_file_cpu_s": round(cold_cpu, 3),
                "cold_start_file_with_finding_s": round(dirty_cold_s, 3),
                "cold_start_file_with_finding_cpu_s": round(dirty_cpu, 3),
                "cold_start_first_run_s": round(first_s, 3),
                "cold_start_target_s": 0.3,
                "cold_start_target_met_wall": dirty_cold_s <= 0.3,
                "cold_start_target_met_cpu": dirty_cpu <= 0.3,
                "python_bare_start_s": round(python_s, 3),
                "python_bare_start_cpu_s": round(python_cpu, 3),
                "cold_start_over_bare_python": round(cold_s / python_s, 2),
                "cores": 1,
            }
        )
    )


if __name__ == "__main__":
    main()
