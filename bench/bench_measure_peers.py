"""promptlint measure vs kvlint and kvcache-simulator on the same real-text log and tokenizer.

Creates a venv under /tmp (``KVSCOPE_PEERS_VENV``) and pip-installs ``kvlint`` there (and
``kvcache-simulator`` if it installs; never into kvscope's own environment). kvlint and
measure get the same local Hugging Face tokenizer (a byte-level BPE trained here on the log's
own text with the ``tokenizers`` library, saved with a ChatML chat template in
tokenizer_config.json), so both render and tokenize the same prompts.

The log is real text: multi-turn sessions built from the public prompting book vendored in
bench/data (CC0; see its README): a tutor system prompt holding a section of the book, user
turns and replies made of its paragraphs, every turn re-sending the history. It is measured
twice, as OpenAI chat bodies and as plain prompts (``{"prompt": ...}``, the rendered text
without a template); the default size (4,000 requests, ~10 M tokens) is the issue's.
kvcache-simulator (``PEERS_KVCACHE=1``) reads block-hash traces, so it gets a trace built from
our prefix keys. Prints one JSON object: each tool's hit tokens (vLLM and SGLang simulations,
unbounded) and wall times, side by side (median of REPEATS runs), for both log shapes. Like
kvlint, measure does both engines in one process: ``--engine sglang --per-request`` rows carry
each request's vLLM hit too (a separate vLLM run, timed apart, checks that sum).
kvlint's SGLang figure counts a prompt that repeats an earlier one whole as fully cached;
SGLang (and measure) always prefill its last token, so the two differ by one token per such
request (``sglang_cached_tokens_kvlint_minus_ours``).

Usage: python bench/bench_measure_peers.py [N]   (default 4000 requests; REPEATS env, default 1)
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
REPEATS = int(os.environ.get("REPEATS", 1))
BOOK = Path(__file__).resolve().parent / "data" / "prompting-book.jsonl.gz"
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


def sessions(n: int, seed: int = 7) -> list[dict]:
    """``n`` chat requests: sessions of 1-18 turns, each re-sending its history."""
    import gzip
    import random

    with gzip.open(BOOK, "rt", encoding="utf-8") as f:
        chapters = [json.loads(line)["text"] for line in f]
    paras = [p.strip() for c in chapters for p in c.split("\n\n") if len(p.strip()) > 40]
    sections = [s for c in chapters for s in c.split("\n## ") if len(s) > 800]
    rng = random.Random(seed)
    systems = [
        f"You are a prompt-engineering tutor (desk {t}). Teach from this material and cite "
        "it.\n\n" + rng.choice(sections)
        for t in range(12)
    ]
    out: list[dict] = []
    while len(out) < n:
        desk = rng.randrange(len(systems))
        msgs = [{"role": "system", "content": systems[desk]}]
        for _ in range(rng.randint(1, 18)):
            user = "\n\n".join(rng.sample(paras, rng.randint(1, 2)))
            msgs.append({"role": "user", "content": user})
            out.append({"tenant": f"t{desk % 6}", "model": "tiny", "messages": list(msgs)})
            reply = "\n\n".join(rng.sample(paras, rng.randint(2, 5)))
            msgs.append({"role": "assistant", "content": reply})
    return out[:n]


def write_log(path: Path, plain_path: Path, n: int) -> list[str]:
    """The chat log and the same prompts as plain text; returns the texts to train on."""
    rows = sessions(n)
    with path.open("w") as f, plain_path.open("w") as g:
        for row in rows:
            f.write(json.dumps(row) + "\n")
            plain = "\n\n".join(m["content"] for m in row["messages"])
            g.write(json.dumps({"tenant": row["tenant"], "prompt": plain}) + "\n")
    seen, texts = set(), []
    for row in rows:
        for m in row["messages"]:
            if m["content"] not in seen:
                seen.add(m["content"])
                texts.append(m["content"])
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
    tok.train_from_iterator(texts, trainer)
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
        measure_cmd(log, tokdir, "--capacity", "10%,50%", "--policies", "lru",
                    "--chat-template", template)
    )  # fmt: skip
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


def measure_cmd(log: Path, tokdir: Path, *args: str) -> list[str]:
    """`promptlint measure` on `log` with JSON output and the local tokenizer, plus `args`."""
    return [sys.executable, "-m", "kvscope.lint.measure.cli", str(log), "--format", "json",
            "--tokenizer", f"hf:{tokdir}", *args]  # fmt: skip


def timed(cmd: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {out.stderr[-800:]}")
    return time.perf_counter() - t0, out.stdout


def compare(log: Path, tokdir: Path, folder: Path, kvlint: Path, plain: bool) -> dict:
    """measure (both engines in one process) and kvlint (both engines) on one log."""
    ours_cmd = measure_cmd(log, tokdir, "--capacity", "none")
    if not plain:
        ours_cmd += ["--chat-template", str(tokdir / "tokenizer_config.json")]
    ours: dict[str, dict] = {}
    ours_times, vllm_times = [], []
    rows = folder / "ours-rows.jsonl"
    for _ in range(REPEATS):
        # one pass for both engines: the sglang run's per-request rows carry vLLM's figure
        t_s, out_s = timed([*ours_cmd, "--engine", "sglang", "--per-request", str(rows)])
        with rows.open() as f:
            vllm_one_pass = sum(json.loads(line)["vllm_hit_tokens"] for line in f)
        ours_times.append(t_s)
        t_v, out_v = timed(ours_cmd)  # the vLLM-only run, to check that figure (not added)
        vllm_times.append(t_v)
        ours = {"vllm": json.loads(out_v), "sglang": json.loads(out_s)}
    theirs_times, report = [], {}
    for i in range(REPEATS):
        report_path = folder / f"kvlint-{i}.json"
        cmd = [str(kvlint), "analyze", str(log), "--model", str(tokdir)]
        cmd += ["--engine", "vllm", "--engine", "sglang", "--json", str(report_path)]
        if plain:
            cmd += ["--format", "plain"]
        t, _ = timed(cmd)
        theirs_times.append(t)
        report = json.loads(report_path.read_text())
    result = {
        "ours": {
            "prompt_tokens": ours["vllm"]["prompt_tokens"],
            "vllm_cached_tokens": ours["vllm"]["engine_hit_tokens"],
            "sglang_cached_tokens": ours["sglang"]["engine_hit_tokens"],
            "vllm_hit_rate": ours["vllm"]["engine_hit_fraction"],
            "sglang_hit_rate": ours["sglang"]["engine_hit_fraction"],
            "repeated_prefix_fraction": ours["vllm"]["repeated_prefix_fraction"],
            "wall_s_both_engines": round(statistics.median(ours_times), 3),
            "wall_s_vllm_only": round(statistics.median(vllm_times), 3),
            "vllm_one_pass_identical": vllm_one_pass == ours["vllm"]["engine_hit_tokens"],
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
    }
    for engine in ("vllm", "sglang"):
        theirs = result["kvlint"].get(f"{engine}_cached_tokens")
        mine = result["ours"][f"{engine}_cached_tokens"]
        result[f"{engine}_cached_tokens_identical"] = theirs == mine
        if theirs is not None and theirs != mine:  # sglang: see the module docstring
            result[f"{engine}_cached_tokens_kvlint_minus_ours"] = theirs - mine
    result["prompt_tokens_identical"] = (
        result["kvlint"].get("vllm_prompt_tokens") == result["ours"]["prompt_tokens"]
    )
    result["speedup_vs_kvlint"] = round(
        result["kvlint"]["wall_s_both_engines"] / result["ours"]["wall_s_both_engines"], 2
    )
    return result


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    kvlint = ensure_venv()
    with tempfile.TemporaryDirectory(prefix="bench-peers-") as tmp:
        folder = Path(tmp)
        log, plain, tokdir = folder / "log.jsonl", folder / "plain.jsonl", folder / "tok"
        write_tokenizer(tokdir, write_log(log, plain, n))
        chat = compare(log, tokdir, folder, kvlint, plain=False)
        text = compare(plain, tokdir, folder, kvlint, plain=True)
        kvcache = (
            kvcache_simulator(log, tokdir, folder)
            if os.environ.get("PEERS_KVCACHE")
            else {"skipped": "set PEERS_KVCACHE=1 to compare with kvcache-simulator"}
        )
    result = {
        "bench": "measure_peers",
        "requests": n,
        "messages": chat,
        "plain_prompts": text,
        "kvcache_simulator": kvcache,
        "target_speedup_vs_kvlint": 10,
        "repeats": REPEATS,
        "cores": os.cpu_count(),
    }
    print(json.dumps(result, default=str))


if __name__ == "__main__":
    main()
