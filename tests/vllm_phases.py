"""The live-vLLM module's phases: traffic driven against one vLLM, with what it observed.

``run_phases`` sends, in order: steady chat traffic that fits the cache, a bad deploy (a timestamp
at the top of the system prompt) until KVCachePrefixHitRateDrop fires, documents re-asked so they
overflow the cache, and bursts of concurrent long requests until KVCachePreemptions fires. It
records every response's ``cached_tokens`` and where each phase ends in the captured KV stream.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import openai
from test_e2e_prometheus import Prometheus, wait_for
from vllm_harness import EventCapture, VllmServer
from vllm_workload import chat_sessions, interleave, long_prompts, reuse_requests, with_timestamp

NUM_BLOCKS = 512  # --num-gpu-blocks-override; block 0 is vLLM's null block
BLOCK = 32
HIT_RATIO = "instance:kvcache_prefix_hits_per_queries:ratio_rate5m"


@dataclass
class Turn:
    messages: list[dict]
    prompt_tokens: int
    cached_tokens: int
    response: dict | None = None  # the response body, for turns whose reply is re-sent


@dataclass
class Live:
    server: VllmServer
    prom: Prometheus
    capture: EventCapture
    model_dir: Path
    work: Path
    started: float
    steady: list[Turn] = field(default_factory=list)
    replies: list[Turn] = field(default_factory=list)
    deploy: list[Turn] = field(default_factory=list)
    reuse: list[Turn] = field(default_factory=list)
    frames_after: dict[str, int] = field(default_factory=dict)  # captured messages per phase end
    t_deploy: float = 0.0
    t_burst: float = 0.0
    ratio_before: float | None = None
    ratio_after: float | None = None
    hit_drop_fired: bool = False
    preemptions_fired: bool = False
    burst_codes: list[int] = field(default_factory=list)

    @property
    def instance(self) -> str:
        return self.server.url.removeprefix("http://")

    def client(self) -> openai.OpenAI:
        return openai.OpenAI(base_url=self.server.url + "/v1", api_key="none", max_retries=0,
                             timeout=120)  # fmt: skip

    def alert(self, name: str) -> set[str]:
        return self.prom.alert_states(name, self.instance)


def chat(client: openai.OpenAI, model: str, messages: list[dict], max_tokens: int = 1,
         allowed: list[int] | None = None) -> Turn:  # fmt: skip
    """One chat completion; ``max_tokens=1`` keeps generated tokens out of the cache (vLLM caches
    a block once its KV is computed, and the single sampled token's never is). ``allowed``
    restricts the output to those token ids."""
    extra = {"allowed_token_ids": allowed} if allowed else None
    out = client.chat.completions.create(model=model, messages=messages, max_tokens=max_tokens,
                                         temperature=0.0, extra_body=extra)  # fmt: skip
    details = out.usage.prompt_tokens_details
    cached = details.cached_tokens if details is not None else None
    assert cached is not None, "vLLM did not report cached_tokens (--enable-prompt-tokens-details)"
    return Turn(messages, out.usage.prompt_tokens, cached, out.model_dump() if allowed else None)


def whole_word_tokens(model_dir: Path) -> list[int]:
    """Ids of tokens that are a space and a whole vocabulary word. Any sequence of them decodes
    to text that tokenizes back to the same ids, so a reply re-sent in the next turn is the token
    sequence vLLM generated (and cached), as it is with a trained model's replies."""
    from vllm_workload import WORDS

    from kvscope.backend.tokenizers import get_tokenizer

    tok = get_tokenizer(f"hf:{model_dir}")
    return sorted({ids[0] for w in WORDS if len(ids := tok.encode(" " + w)) == 1})


def converse(live: Live, sessions: list[list[list[dict]]], reply_tokens: int = 40) -> None:
    """Each session turn by turn, the model's own reply re-sent as the assistant turn."""
    client, model = live.client(), live.server.served_name
    allowed = whole_word_tokens(live.model_dir)
    for turns in sessions:
        history = turns[0][:-1]
        for asked in turns:
            history = [*history, asked[-1]]
            turn = chat(client, model, history, reply_tokens, allowed)
            live.replies.append(turn)
            reply = turn.response["choices"][0]["message"]["content"]
            history = [*history, {"role": "assistant", "content": reply}]


def run_phases(live: Live) -> None:
    client, model = live.client(), live.server.served_name
    ratio = lambda: live.prom.value(f'{HIT_RATIO}{{instance="{live.instance}"}}')  # noqa: E731
    # 1. Steady traffic: every session turn, then the same turns again (users re-asking), for at
    # least 20 s so the hit-ratio baseline has samples.
    steady = interleave(chat_sessions())
    t0 = time.monotonic()
    while time.monotonic() - t0 < 20 or len(live.steady) < 2 * len(steady):
        live.steady.append(chat(client, model, steady[len(live.steady) % len(steady)]))
    assert wait_for(lambda: (ratio() or 0) > 0.5, 15), f"hit ratio {ratio()} never settled high"
    live.ratio_before = ratio()
    live.frames_after["steady"] = len(live.capture.frames)
    # 1b. Conversations that re-send the model's replies (vLLM cached the generated blocks).
    converse(live, chat_sessions(seed=5, sessions=6, turns=3))
    live.frames_after["replies"] = len(live.capture.frames)
    # 2. Bad deploy: the time at the top of the system prompt.
    t0, live.t_deploy = time.monotonic(), time.time()
    while time.monotonic() - t0 < 45 and "firing" not in live.alert("KVCachePrefixHitRateDrop"):
        stamp = datetime.now(UTC).isoformat(timespec="milliseconds")
        messages = with_timestamp(steady[len(live.deploy) % len(steady)], stamp)
        live.deploy.append(chat(client, model, messages))
    live.hit_drop_fired = "firing" in live.alert("KVCachePrefixHitRateDrop")
    live.ratio_after = ratio()
    live.frames_after["deploy"] = len(live.capture.frames)
    # 3. Re-asked documents that together overflow the cache.
    live.reuse = [chat(client, model, m) for m in reuse_requests()]
    live.frames_after["reuse"] = len(live.capture.frames)

    # 4. Bursts of concurrent long requests that outgrow the cache while decoding.
    def long(prompt: str) -> int:
        try:
            client.completions.create(model=model, prompt=prompt, max_tokens=160,
                                      temperature=0.0, extra_body={"ignore_eos": True})  # fmt: skip
        except openai.APIStatusError as exc:
            return exc.status_code
        return 200

    t0, live.t_burst = time.monotonic(), time.time()
    round_ = 0
    while time.monotonic() - t0 < 60 and "firing" not in live.alert("KVCachePreemptions"):
        with ThreadPoolExecutor(16) as pool:
            live.burst_codes += pool.map(long, long_prompts(seed=10 + round_))
        round_ += 1
        wait_for(lambda: "firing" in live.alert("KVCachePreemptions"), 4)
    live.preemptions_fired = "firing" in live.alert("KVCachePreemptions")
    live.frames_after["burst"] = len(live.capture.frames)
