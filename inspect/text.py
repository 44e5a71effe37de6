"""Token ids to short printable text for the views, with the tokenizer loaded lazily.

The tokenizer (``kvscope.backend.tokenizers.get_tokenizer``, ``cl100k`` by default) is loaded on
first use, never at start-up; if it cannot be loaded or an id is out of its range, the text is
shown as ``<ids ...>`` instead of failing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence


class TextDecoder:
    """Decodes token ids with a small LRU cache (token tuples -> text)."""

    def __init__(self, tokenizer: str = "cl100k", cache_size: int = 4096) -> None:
        self.name = tokenizer
        self._tok = None
        self.error: str | None = None
        self._cache: OrderedDict[tuple[int, ...], str] = OrderedDict()
        self._size = cache_size

    def _load(self):
        if self._tok is None and self.error is None:
            try:
                from kvscope.backend.tokenizers import get_tokenizer

                self._tok = get_tokenizer(self.name)
            except Exception as exc:  # any failure: show ids instead of text
                self.error = f"tokenizer {self.name!r} unavailable: {exc}"
        return self._tok

    def decode(self, ids: Sequence[int]) -> str:
        key = tuple(ids)
        text = self._cache.get(key)
        if text is not None:
            self._cache.move_to_end(key)
            return text
        tok = self._load()
        try:
            text = tok.decode(list(key)) if tok is not None else None
        except Exception:
            text = None
        if text is None:
            text = "<ids " + " ".join(map(str, key[:8])) + (" ...>" if len(key) > 8 else ">")
        self._cache[key] = text
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return text


def one_line(text: str, width: int) -> str:
    """``text`` on one line (newlines and tabs made visible), cut to ``width`` with an ellipsis."""
    flat = text.replace("\r", "").replace("\n", "⏎").replace("\t", "→")
    return flat if len(flat) <= width else flat[: max(0, width - 1)] + "…"
