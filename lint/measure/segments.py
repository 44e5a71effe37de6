"""Tokenize rendered prompts piece by piece, caching the pieces that repeat.

A piece boundary is only ever placed where the tokenizer itself starts a new piece, so
``encode(text) == concat(encode(piece) for piece in pieces)`` exactly:

- at special tokens (``<|im_start|>``, ``<|im_end|>`` ...): tiktoken (``cl100k``) and the
  ``bytes`` tokenizer encode the text between them independently; Hugging Face tokenizers
  split the input at every *added* token before normalizing and pre-tokenizing each split on
  its own, so for ``hf:`` the cut set is every added token, and only when none of them has
  ``lstrip``/``rstrip``/``single_word`` set (those reach into the neighbouring text);
- inside a piece, at the start of a blank line (``"...end.|\\n\\nNext"``), only for tokenizers
  whose pre-tokenizer splits there anyway: a byte-level GPT-2 regex (``ByteLevel`` with
  ``use_regex``, no prefix space, no normalizer) always splits between a non-space and a
  space, because none of its patterns crosses from one to the other. This cuts plain text
  prompts (logs without chat messages) into paragraphs.

A chat log re-sends the same system prompts and histories turn after turn, so most pieces were
tokenized before: the cache turns them into lookups. The cache is bounded (``max_chars``); when
full it is emptied, which costs speed, never correctness. A property test holds every mode to
whole-prompt tokenization.
"""

from __future__ import annotations

import json
import re
from array import array

SPLITTING = ("cl100k", "bytes")
_PARAGRAPH = re.compile(r"(?<=\S)(?=\n\n)")


def _hf_modes(tokenizer) -> tuple[list[str], bool] | None:
    """(added tokens to cut at, paragraph cuts safe) for an ``hf:`` tokenizer, or ``None``
    when its added tokens reach into their neighbours (then it is tokenized whole)."""
    rust = getattr(tokenizer, "_tok", None)
    if rust is None:
        return None
    added = list(rust.get_added_tokens_decoder().values())
    if any(t.lstrip or t.rstrip or t.single_word for t in added):
        return None
    try:
        spec = json.loads(rust.to_str())
    except ValueError:
        return None
    if spec.get("normalizer") is not None and any(t.normalized for t in added):
        return None  # matched against normalized text: raw cuts could differ
    pre = spec.get("pre_tokenizer") or {}
    paragraphs = (
        spec.get("normalizer") is None
        and pre.get("type") == "ByteLevel"
        and pre.get("use_regex", True)
        and not pre.get("add_prefix_space", False)
    )
    return [t.content for t in added], paragraphs


class SegmentTokenizer:
    """``encode(text)`` equal to ``tokenizer.encode(text, allow_special=True)``, but cached."""

    def __init__(self, tokenizer, max_chars: int = 256 << 20) -> None:
        self.tokenizer = tokenizer
        self.specials = dict(tokenizer.special_tokens)
        cuts = list(self.specials)
        self.paragraphs = False
        self.enabled = tokenizer.name in SPLITTING and bool(cuts)
        if tokenizer.name.startswith("hf:"):
            modes = _hf_modes(tokenizer)
            if modes is not None:
                cuts, self.paragraphs = modes
                self.enabled = bool(cuts) or self.paragraphs
        cuts.sort(key=len, reverse=True)
        self.split = re.compile("(" + "|".join(map(re.escape, cuts)) + ")") if cuts else None
        self.cache: dict[str, array] = {}
        self.cached_chars = 0
        self.max_chars = max_chars

    def pieces(self, text: str) -> list[str]:
        """The text cut where the tokenizer cuts it anyway (odd items: added tokens)."""
        parts = self.split.split(text) if self.split is not None else [text]
        if not self.paragraphs:
            return parts
        out: list[str] = []
        for i, part in enumerate(parts):
            if i % 2 or "\n\n" not in part:
                out.append(part)
                continue
            chunks = _PARAGRAPH.split(part)  # pieces joined by empty "added token" slots
            for j, chunk in enumerate(chunks):
                if j:
                    out.append("")
                out.append(chunk)
        return out

    def encode(self, text: str) -> array | list[int]:
        if not self.enabled:
            return self.tokenizer.encode(text, allow_special=True)
        out = array("I")
        cache, encode = self.cache, self.tokenizer.encode
        for i, piece in enumerate(self.pieces(text)):
            if not piece:
                continue
            ids = cache.get(piece)
            if ids is None:
                if i % 2:  # an added token: its id, as the tokenizer gives it
                    ids = array("I", encode(piece, allow_special=True))
                else:
                    ids = array("I", encode(piece, allow_special=False))
                if self.cached_chars + len(piece) > self.max_chars:
                    cache.clear()
                    self.cached_chars = 0
                cache[piece] = ids
                self.cached_chars += len(piece)
            out.extend(ids)
        return out
