"""Tokenize rendered prompts piece by piece, caching the pieces that repeat.

tiktoken (``cl100k``) and the ``bytes`` tokenizer split the text at special tokens
(``<|im_start|>``, ``<|im_end|>`` ...) and encode the pieces between them independently, so
``encode(text) == concat(encode(piece) for piece in pieces)``. A chat log re-sends the same
system prompts and histories turn after turn, so most pieces were tokenized before: the cache
turns them into lookups. Other tokenizers (``hf:``) may merge across a special token's
neighbourhood, so they are tokenized whole. The cache is bounded (``max_chars``); when full it
is emptied, which costs speed, never correctness.
"""

from __future__ import annotations

import re
from array import array

SPLITTING = ("cl100k", "bytes")


class SegmentTokenizer:
    """``encode(text)`` equal to ``tokenizer.encode(text, allow_special=True)``, but cached."""

    def __init__(self, tokenizer, max_chars: int = 256 << 20) -> None:
        self.tokenizer = tokenizer
        self.enabled = tokenizer.name in SPLITTING and bool(tokenizer.special_tokens)
        specials = sorted(tokenizer.special_tokens, key=len, reverse=True)
        self.split = (
            re.compile("(" + "|".join(re.escape(s) for s in specials) + ")") if specials else None
        )
        self.specials = dict(tokenizer.special_tokens)
        self.cache: dict[str, array] = {}
        self.cached_chars = 0
        self.max_chars = max_chars

    def encode(self, text: str) -> array | list[int]:
        if not self.enabled:
            return self.tokenizer.encode(text, allow_special=True)
        out = array("I")
        cache, specials, encode = self.cache, self.specials, self.tokenizer.encode
        for i, piece in enumerate(self.split.split(text)):
            if i % 2:
                out.append(specials[piece])
                continue
            if not piece:
                continue
            ids = cache.get(piece)
            if ids is None:
                ids = array("I", encode(piece))
                if self.cached_chars + len(piece) > self.max_chars:
                    cache.clear()
                    self.cached_chars = 0
                cache[piece] = ids
                self.cached_chars += len(piece)
            out.extend(ids)
        return out
