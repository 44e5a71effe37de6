"""Traffic for the live-vLLM tests: chat sessions that share system prompts, a bad deploy, a
reuse pattern that overflows a bounded cache, and a burst of long requests.

Text is made of a fixed, seeded vocabulary of pseudo-words (the tiny tokenizer is trained on text
drawn from it, so prompts tokenize to about two tokens a word). Nothing depends on files that
change: the same seed gives the same prompts, token counts and cache behaviour on every machine.
"""

from __future__ import annotations

import random

_ONSETS = ("b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "st",
           "pr", "tr", "ch", "sh", "bl", "gr")  # fmt: skip
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ou", "ea")
_CODAS = ("", "", "n", "r", "s", "t", "l", "nd", "ck")


def _vocabulary(n: int = 1500, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < n:
        syllables = rng.choice((1, 2, 2, 3))
        words.add("".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)
                          for _ in range(syllables)))  # fmt: skip
    return sorted(words)


WORDS = _vocabulary()


def corpus(paragraphs: int = 3000, seed: int = 11) -> list[str]:
    """Training text for the tiny tokenizer: prose over the same vocabulary."""
    rng = random.Random(seed)
    return [prose(rng, rng.randint(20, 80)) for _ in range(paragraphs)]


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


def reuse_requests(seed: int = 2, docs: int = 48, requests: int = 110, doc_words: int = 320,
                   skew: float = 0.4) -> list[list[dict]]:  # fmt: skip
    """Questions about a set of documents picked with a skewed (Zipf-like) popularity, each
    with its own question: the documents together overflow a bounded cache."""
    rng = random.Random(seed)
    bodies = [f"Document {d}. " + prose(rng, doc_words) for d in range(docs)]
    weights = [1.0 / (d + 1) ** skew for d in range(docs)]
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
