"""Sampled capacity curve vs the exact replay, and what the router costs (one JSON object).

Two logs, each rendered (ChatML) and tokenized (cl100k) once:
- ``reference``: the workload generator's reference traffic (``WorkloadConfig`` defaults,
  5,000 requests unless N is given);
- ``real_prompts`` (as many requests): chat sessions over real public system prompts: each
  session opens with a prompt file of ``--prompts DIR`` (popularity Zipf-like, so a few
  products dominate, as in a shared gateway) and re-sends its history every turn; user turns
  and replies are paragraphs of other files of the same corpus. DIR defaults to
  ``bench/data/real_prompts/files`` when it exists, else the prompts this repository ships
  (examples/, tests/data/lint, docs/).

For each log: the exact curve (``capacity.capacity_curve``, the backend's replay) and the
sampled one (``sampledcurve.SampledCurve``, what ``--sample-rate`` runs) at ``--rate`` (default
0.1) at 1 % to 100 % of the unique blocks for lru and gdsf; a point whose miniature cache
would hold under ``MIN_MINIATURE`` blocks is sampled at its own higher rate, printed per
point. Then: the error in points of hit rate per point for seed 0, the worst error at every
point over ``--seeds`` samples for the stratified sampler and for independent per-block draws
(SHARDS's plain rule), the share of the exact curve's block reads the sampled replays read,
and the replay times. Then a fleet of ``--replicas`` (default 4) under the four routers at
two capacities per replica. Target: <= 1 point at every capacity point at a 10 % rate.

Usage: python bench/bench_measure_sampling.py [N] [--prompts DIR] [--rate 0.1] [--seeds 4]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BS = 16
POINTS = "1%,2%,5%,10%,25%,50%,100%"
POLICIES = ["lru", "gdsf"]


def corpus_texts(folder: Path | None) -> tuple[list[str], str]:
    if folder is None:
        default = ROOT / "bench" / "data" / "real_prompts" / "files"
        folder = default if default.is_dir() else None
    if folder is not None:
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        source = str(folder)
    else:
        files = sorted((ROOT / "examples").rglob("*.*")) + sorted((ROOT / "docs").glob("*.md"))
        files += sorted((ROOT / "tests" / "data" / "lint").glob("*.yml"))
        source = "examples/, docs/, tests/data/lint (this repository)"
    texts = []
    for p in files:
        try:
            text = p.read_text(encoding="utf-8").strip()
        except (UnicodeDecodeError, OSError):
            continue
        if len(text) >= 200:
            texts.append(text)
    return texts, f"{source}: {len(texts)} files"


def real_prompt_rows(n: int, texts: list[str], seed: int = 0) -> list[dict]:
    rng = random.Random(f"real-prompts:{seed}")
    paragraphs = [p for t in texts for p in re.split(r"\n\s*\n", t) if 40 <= len(p) <= 3000]
    weights = [1 / (i + 1) ** 1.1 for i in range(len(texts))]
    order = list(range(len(texts)))
    rng.shuffle(order)
    live: list[dict] = []
    rows = []
    for i in range(n):
        while len(live) < 32:
            system = texts[rng.choices(order, weights)[0]]
            turns = 1 + min(int(rng.expovariate(1 / 3)), 15)
            live.append({"id": f"s{i}-{len(live)}", "messages": [system], "left": turns})
        s = rng.choice(live)
        ask = rng.choice(paragraphs)
        msgs = [{"role": "system", "content": s["messages"][0]}]
        roles = ("user", "assistant")
        msgs += [{"role": roles[k % 2], "content": m} for k, m in enumerate(s["messages"][1:])]
        msgs.append({"role": "user", "content": ask})
        rows.append({"session": s["id"], "messages": msgs})
        s["messages"] += [ask, "\n\n".join(rng.sample(paragraphs, rng.randint(1, 3)))]
        s["left"] -= 1
        if s["left"] == 0:
            live.remove(s)
    return rows


def tokenized(rows: list[dict]) -> list[tuple[str | None, list[bytes], int]]:
    from kvscope.backend.chat import render_request
    from kvscope.backend.prefix_keys import block_hashes
    from kvscope.backend.tokenizers import get_tokenizer

    tok = get_tokenizer("cl100k")
    out = []
    for row in rows:
        ids = tok.encode(render_request(row), True)
        out.append((row.get("session"), block_hashes(ids, BS), len(ids)))
    return out


def errors(exact: list[dict], sampled: list[dict]) -> list[float]:
    return [
        round(100 * (s["hit_rate"] - e["hit_rate"]), 3) for e, s in zip(exact, sampled, strict=True)
    ]


def measure(reqs: list[tuple[str | None, list[bytes], int]], rate: float, seeds: int) -> dict:
    from kvscope.lint.measure.capacity import Spool, capacity_curve, parse_points
    from kvscope.lint.measure.sampledcurve import SampledCurve

    points = parse_points(POINTS)
    seen: set[bytes] = set()
    prompt = unbounded = 0
    spool = Spool(16)
    for _, keys, n in reqs:
        hit = 0
        while hit < len(keys) and keys[hit] in seen:
            hit += 1
        unbounded += min(hit, (n - 1) // BS) * BS
        seen.update(keys)
        prompt += n
        spool.add(keys, n)
    unique = len(seen)
    del seen
    t0 = time.perf_counter()
    exact = capacity_curve(spool, unique, points, POLICIES, BS, prompt, None)
    exact_s = time.perf_counter() - t0
    spool.close()
    worst: dict[str, list[float]] = {"stratified": [], "bernoulli": []}
    by_point = [0.0] * len(exact)  # the stratified sampler's worst over seeds, per point
    first = first_s = sampling = None
    for mode in worst:
        for seed in range(seeds):
            t0 = time.perf_counter()
            sampled = SampledCurve(rate, BS, 16, points, None, seed, mode)
            for _, keys, n in reqs:
                sampled.add(keys, n)
            curve, info = sampled.curve(unique, POLICIES, prompt, unbounded)
            took = time.perf_counter() - t0
            sampled.close()
            errs = errors(exact, curve)
            worst[mode].append(max(abs(e) for e in errs))
            if mode == "stratified":
                by_point = [max(w, abs(e)) for w, e in zip(by_point, errs, strict=True)]
            if first is None:
                first, first_s, sampling = curve, took, info
    rows = [
        {
            "policy": e["policy"],
            "capacity": e["capacity"],
            "capacity_blocks": e["capacity_blocks"],
            "sample_rate": round(s["sample_rate"], 4),
            "sampled_capacity_blocks": s["sampled_capacity_blocks"],
            "exact_hit_rate": round(e["hit_rate"], 5),
            "sampled_hit_rate": round(s["hit_rate"], 5),
            "error_points": err,
            "max_error_points_over_seeds": w,
        }
        for e, s, err, w in zip(exact, first, errors(exact, first), by_point, strict=True)
    ]
    return {
        "requests": len(reqs),
        "prompt_tokens": prompt,
        "unique_blocks": unique,
        "points": rows,
        "max_error_points": max(abs(r["error_points"]) for r in rows),
        "max_error_points_over_seeds": {m: max(v) for m, v in worst.items()},
        "error_points_per_seed": worst,
        "replayed_block_share": round(sampling["replayed_block_share"], 4),
        "exact_replay_s": round(exact_s, 2),
        "sampled_s": round(first_s, 2),
        "target_met": max(worst["stratified"]) <= 1.0,
    }


def fleet(reqs: list[tuple[str | None, list[bytes], int]], replicas: int) -> list[dict]:
    from kvscope.lint.measure.replica import SimRequest
    from kvscope.lint.measure.routing import ROUTINGS, simulate_fleet

    unique = len({k for _, keys, _ in reqs for k in keys})
    sims = [SimRequest(keys, n, s) for s, keys, n in reqs]
    out = []
    for share in (0.05, 0.25):
        blocks = max(1, round(unique * share))
        for name in ROUTINGS:
            r = simulate_fleet(sims, replicas, blocks, name, "lru", BS)
            out.append(
                {
                    "policy": name,
                    "capacity_per_replica": f"{share:.0%}",
                    "capacity_blocks": blocks,
                    "hit_rate": round(r.hit_rate, 4),
                    "load_imbalance": round(r.load_imbalance, 3),
                }
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=5000)
    ap.add_argument("--prompts", type=Path, default=None)
    ap.add_argument("--rate", type=float, default=0.1)
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--replicas", type=int, default=4)
    args = ap.parse_args()
    from kvscope.backend.workload import WorkloadConfig, generate

    texts, source = corpus_texts(args.prompts)
    logs = {
        "reference": list(generate(WorkloadConfig(requests=args.n))),
        "real_prompts": real_prompt_rows(args.n, texts),
    }
    doc: dict = {"rate": args.rate, "capacity_points": POINTS, "real_prompts_source": source}
    for name, rows in logs.items():
        reqs = tokenized(rows)
        doc[name] = measure(reqs, args.rate, args.seeds)
        doc[name]["routing"] = fleet(reqs, args.replicas)
    doc["target_met"] = all(doc[name]["target_met"] for name in logs)
    print(json.dumps(doc))


if __name__ == "__main__":
    main()
