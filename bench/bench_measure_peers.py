"""promptlint measure vs kvlint and kvcache-simulator on the same generated log and tokenizer.

Creates a venv under /tmp (``KVSCOPE_PEERS_VENV``) and pip-installs ``kvlint`` there (and
``kvcache-simulator`` if it installs; never into kvscope's own environment). kvlint and
measure get the same local Hugging Face tokenizer (a BPE trained here on the log's own text
with the ``tokenizers`` library, saved with a ChatML chat template in tokenizer_config.json),
so both render and tokenize the same prompts. kvcache-simulator reads block-hash traces, so
it gets a trace built from our prefix keys. Prints one JSON object: each tool's hit rates
(vLLM and SGLang simulations, unbounded; lru at the same block capacities) and wall times,
side by side (median of REPEATS runs for kvlint and measure).

Usage: python bench/bench_measure_peers.py [N]   (default 300 requests, workload scale 0.1)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VENV = Path(os.environ.get("KVSCOPE_PEERS_VENV", "/tmp/kvscope-peers-venv"))
REPEATS = 3
CHATML = (
    "{% for m in messages %}{% if loop.first and tools %}"
    "{% if m.role != 'system' %}<|im_start|>system\n# Tools\n"
    "{% for t in tools %}{{ t | tojson }}\n{% endfor %}<|im_end|>\n{% endif %}{% endif %}"
    "<|im_start|>{{ m.role }}\n{{ m.content }}"
    "{% if loop.first and tools and m.role == 'system' %}\n# Tools\n"
    "{% for t in tools %}{{ t | tojson }}\n{% endfor %}{% endif %}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def ensure_venv() -> Path:
    kvlint = VENV / "bin" / "kvlint"
    if not kvlint.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", "kvlint"], check=True)
    return kvlint


def write_log(path: Path, n: int) -> list[str]:
    from kvscope.backend.workload import WorkloadConfig, generate

    texts = []
    with path.open("w") as f:
        for row in generate(WorkloadConfig(requests=n, scale=0.1, seed=11)):
            f.write(json.dumps(row) + "\n")
            texts += [m["content"] for m in row["messages"] if isinstance(m.get("content"), str)]
    return texts


def write_tokenizer(folder: Path, texts: list[str]) -> None:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=4000,
        special_tokens=["<|im_start|>", "<|im_end|>", "<|endoftext|>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(texts[:4000], trainer)
    folder.mkdir(parents=True, exist_ok=True)
    tok.save(str(folder / "tokenizer.json"))
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "chat_template": CHATML,
        "eos_token": "<|endoftext|>",
        "bos_token": None,
        "model_max_length": 1_000_000,
    }
    (folder / "tokenizer_config.json").write_text(json.dumps(config))


def kvcache_simulator(log: Path, tokdir: Path, folder: Path) -> dict:
    """kvcache-simulator (Mooncake-style hash_id traces) vs measure's lru curve, same blocks.

    The trace is built from our own prefix keys (full blocks, plus one id for a partial tail),
    so both sides see the same blocks; kvcache-simulator's budget is in GiB, converted from
    blocks with its own bytes per block for llama-3.1-8b (2 MiB for 16 tokens of bf16 KV).
    """
    sim = VENV / "bin" / "kvcache-simulator"
    if not sim.exists():
        subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", "kvcache-simulator"])
    if not sim.exists():
        return {"installed": False}
    import xxhash

    from kvscope.backend.chat import render_request
    from kvscope.backend.prefix_keys import ExtraKeys, hash_blocks, to_wire_int
    from kvscope.backend.tokenizers import get_tokenizer

    tok, template = get_tokenizer(f"hf:{tokdir}"), str(tokdir / "tokenizer_config.json")
    trace = folder / "trace.jsonl"
    with trace.open("w") as out:
        for line in log.open():
            row = json.loads(line)
            ids = tok.encode(render_request(row, template), allow_special=True)
            keys = hash_blocks(ids, 16, ExtraKeys(model=row.get("model")))
            hash_ids = [to_wire_int(k) for k in keys]
            if len(ids) % 16:
                hash_ids.append(xxhash.xxh3_64_intdigest(repr(ids).encode()))
            out.write(
                json.dumps({"hash_ids": hash_ids, "input_length": len(ids), "block_size": 16})
                + "\n"
            )
    _, ours_out = timed(
        [
            sys.executable,
            "-m",
            "kvscope.lint.measure.cli",
            str(log),
            "--format",
            "json",
            "--capacity",
            "10%,50%",
            "--policies",
            "lru",
            "--tokenizer",
            f"hf:{tokdir}",
            "--chat-template",
            template,
        ]
    )
    ours = json.loads(ours_out)
    blocks = [r["capacity_blocks"] for r in ours["capacity_curve"]]
    budgets = ",".join(f"{b * 2 * 2**20 / 2**30:.9f}" for b in blocks)
    t, theirs_out = timed(
        [
            str(sim),
            "run",
            "--trace",
            str(trace),
            "--model",
            "llama-3.1-8b",
            "--budgets-gib",
            budgets,
            "--policies",
            "lru",
            "--format",
            "json",
            "--no-progress",
            "--backend",
            "python",
        ]
    )
    theirs = json.loads(theirs_out)
    return {
        "installed": True,
        "wall_s": round(t, 3),
        "ours_lru": {str(r["capacity_blocks"]): r["hit_rate"] for r in ours["capacity_curve"]},
        "ours_unbounded_vllm": ours["engine_hit_fraction"],
        "theirs_lru": {
            str(p["cacheBlocks"]): p["results"]["lru"]["hitRate"] for p in theirs["points"]
        },
        "theirs_ceiling": theirs.get("hitRateCeiling"),
        "theirs_window": theirs["metadata"].get("measurementWindow"),
    }


def timed(cmd: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {out.stderr[-800:]}")
    return time.perf_counter() - t0, out.stdout


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    kvlint = ensure_venv()
    with tempfile.TemporaryDirectory(prefix="bench-peers-") as tmp:
        folder = Path(tmp)
        log, tokdir = folder / "log.jsonl", folder / "tok"
        write_tokenizer(tokdir, write_log(log, n))
        ours_cmd = [
            sys.executable,
            "-m",
            "kvscope.lint.measure.cli",
            str(log),
            "--format",
            "json",
            "--capacity",
            "none",
            "--tokenizer",
            f"hf:{tokdir}",
            "--chat-template",
            str(tokdir / "tokenizer_config.json"),
        ]
        ours: dict[str, dict] = {}
        ours_times = []
        for _ in range(REPEATS):
            t_v, out_v = timed(ours_cmd)
            t_s, out_s = timed([*ours_cmd, "--engine", "sglang"])
            ours_times.append(t_v + t_s)
            ours = {"vllm": json.loads(out_v), "sglang": json.loads(out_s)}
        theirs_times, report = [], {}
        for i in range(REPEATS):
            report_path = folder / f"kvlint-{i}.json"
            t, _ = timed(
                [
                    str(kvlint),
                    "analyze",
                    str(log),
                    "--model",
                    str(tokdir),
                    "--engine",
                    "vllm",
                    "--engine",
                    "sglang",
                    "--json",
                    str(report_path),
                ]
            )
            theirs_times.append(t)
            report = json.loads(report_path.read_text())
        kvcache = kvcache_simulator(log, tokdir, folder)
    result = {
        "bench": "measure_peers",
        "requests": n,
        "ours": {
            "prompt_tokens": ours["vllm"]["prompt_tokens"],
            "vllm_cached_tokens": ours["vllm"]["engine_hit_tokens"],
            "sglang_cached_tokens": ours["sglang"]["engine_hit_tokens"],
            "vllm_hit_rate": ours["vllm"]["engine_hit_fraction"],
            "sglang_hit_rate": ours["sglang"]["engine_hit_fraction"],
            "repeated_prefix_fraction": ours["vllm"]["repeated_prefix_fraction"],
            "wall_s_both_engines": round(statistics.median(ours_times), 3),
        },
        "kvlint": {
            "version": report.get("version"),
            **{
                f"{sim['engine']}_{key}": value
                for sim in report.get("sims", [])
                for key, value in (
                    ("hit_rate", sim.get("hit_rate")),
                    ("cached_tokens", sum(r["cached_tokens"] for r in sim["per_request"])),
                    ("prompt_tokens", sum(r["prompt_tokens"] for r in sim["per_request"])),
                )
            },
            "wall_s_both_engines": round(statistics.median(theirs_times), 3),
        },
        "kvcache_simulator": kvcache,
        "repeats": REPEATS,
    }
    for engine in ("vllm", "sglang"):
        theirs = result["kvlint"].get(f"{engine}_hit_rate")
        mine = result["ours"][f"{engine}_hit_rate"]
        result[f"{engine}_hit_rate_difference"] = None if theirs is None else mine - theirs
    result["speedup_vs_kvlint"] = round(
        result["kvlint"]["wall_s_both_engines"] / result["ours"]["wall_s_both_engines"], 2
    )
    print(json.dumps(result, default=str))


if __name__ == "__main__":
    main()
