"""Traffic for the live-vLLM tests: chat sessions that share system prompts, a bad deploy, a
reuse pattern that overflows a bounded cache, and a burst of long requests.

Text is drawn from the words of this repository's own docs (the tiny tokenizer was trained on
them, so prompts tokenize to a realistic ~1-2 tokens a word). Everything is seeded.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _words() -> list[str]:
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md")))
    words = sorted(set(re.findall(r"[A-Za-z][a-z]{2,11}", text)))
    return words or ["cache", "prefix", "block"]


WORDS = _words()


def prose(rng: random.Random, n_words: int) -> str:
    """``n_words`` words in sentences of 8-16 words."""
    out, left = [], n_words
    while left > 0:
        k = min(left, rng.randint(8, 16))
        sentence = " ".join(rng.choice(WORDS) for _ in range(k))
        out.append(sentence[0].upper() + sentence[1:] + ".")
        left -= k
    return " ".join(out)


def chat_sessions(seed: int = 1, systems: int = 3, sessions: int = 12, turns: int = 4,
                  system_words: int = 260) -> list[list[dict]]:  # fmt: skip
    """One list of request bodies' ``messages`` per session, turn by turn (assistant turns are
    text of our own, as a client that edits or summarises replies would send)."""
    rng = random.Random(seed)
    prompts = [f"You are assistant {i} of the support desk. " + prose(rng, system_words)
               for i in range(systems)]  # fmt: skip
    out = []
    for s in range(sessions):
        history = [{"role": "system", "content": prompts[s % systems]}]
        requests = []
        for _ in range(turns):
            history = [*history, {"role": "user", "content": prose(rng, rng.randint(20, 45))}]
            requests.append(list(history))
            history = [*history, {"role": "assistant", "content": prose(rng, rng.randint(15, 30))}]
        out.append(requests)
    return out


def interleave(sessions: list[list[list[dict]]]) -> list[list[dict]]:
    """Turn 1 of every session, then turn 2 of every session, ... (concurrent users)."""
    width = max(len(s) for s in sessions)
    return [s[t] for t in range(width) for s in sessions if t < len(s)]


def with_timestamp(messages: list[dict], stamp: str) -> list[dict]:
    """The classic bad deploy: the current time at the top of the system prompt."""
    first = dict(messages[0])
    first["content"] = f"Current time: {stamp}.\n" + first["content"]
    return [first, *messages[1:]]


def reuse_requests(seed: int = 2, docs: int = 40, requests: int = 100,
                   doc_words: int = 320) -> list[list[dict]]:  # fmt: skip
    """Questions about a set of documents picked with a skewed (Zipf-like) popularity, each
    with its own question: the documents together overflow a bounded cache."""
    rng = random.Random(seed)
    bodies = [f"Document {d}. " + prose(rng, doc_words) for d in range(docs)]
    weights = [1.0 / (d + 1) ** 0.8 for d in range(docs)]
    out = []
    for _ in range(requests):
        d = rng.choices(range(docs), weights)[0]
        question = prose(rng, rng.randint(10, 20))
        out.append([{"role": "system", "content": bodies[d]},
                    {"role": "user", "content": question}])  # fmt: skip
    return out


def long_prompts(seed: int = 3, n: int = 16, words: int = 500) -> list[str]:
    """Unrelated long prompts for the overload burst."""
    rng = random.Random(seed)
    return [f"Report {i}. " + prose(rng, words) for i in range(n)]
