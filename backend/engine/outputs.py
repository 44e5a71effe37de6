"""What the engine hands back per step: text deltas, stop-string handling, the final usage.

Detokenization is incremental in the simple, safe form: decode the whole output, emit what is new,
and hold back a possibly incomplete UTF-8 character (U+FFFD at the end) and the longest possible
partial stop string until the next token settles it.
"""

from __future__ import annotations

from typing import NamedTuple

from kvscope.backend.engine.sequence import Sequence


class RequestOutput(NamedTuple):
    request_id: str
    text: str
    token_ids: list[int]
    finished: bool
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    error: str | None = None
    error_status: int | None = None


class Detokenizer:
    """Per-sequence text state. ``sent`` counts characters already handed to the client."""

    __slots__ = ("holdback", "sent", "sent_tokens", "tokenizer")

    def __init__(self, tokenizer, stop: tuple[str, ...]) -> None:
        self.tokenizer = tokenizer
        self.sent = 0
        self.sent_tokens = 0
        self.holdback = max((len(s) for s in stop), default=1) - 1

    def update(self, seq: Sequence) -> bool:
        """Refresh ``seq.text``; True when a stop string ended the sequence (text truncated)."""
        seq.text = self.tokenizer.decode(seq.output_token_ids)
        for stop in seq.params.stop:
            start = max(0, self.sent - len(stop))
            idx = seq.text.find(stop, start)
            if idx >= 0:
                seq.text = seq.text[:idx]
                return True
        return False

    def delta(self, seq: Sequence, final: bool) -> tuple[str, list[int]]:
        text = seq.text
        end = len(text)
        if not final:
            while end > self.sent and text[end - 1] == "\ufffd":
                end -= 1  # an incomplete UTF-8 character may still become a stop string
            end -= self.holdback
        if end <= self.sent:
            return "", []
        out = text[self.sent : end]
        self.sent = end
        tokens = seq.output_token_ids[self.sent_tokens :]
        self.sent_tokens = seq.num_output_tokens
        return out, tokens


def stop_reason(
    seq: Sequence, token: int, eos_ids: set[int], max_model_len: int, detok: Detokenizer
) -> str | None:
    """Why ``seq`` stops after its newest ``token``, or None. A stop or EOS token is removed from
    the output (it is not text the client asked for); a stop string truncates ``seq.text``."""
    p = seq.params
    if token in p.stop_token_ids or (token in eos_ids and not p.ignore_eos):
        seq.token_ids.pop()
        detok.update(seq)
        return "stop"
    if detok.update(seq):
        return "stop"
    if seq.num_output_tokens >= p.max_tokens or seq.num_tokens >= max_model_len:
        return "length"
    return None


def make_output(
    seq: Sequence,
    text: str,
    tokens: list[int],
    error: str | None = None,
    error_status: int | None = None,
) -> RequestOutput:
    return RequestOutput(
        request_id=seq.request_id,
        text=text,
        token_ids=tokens,
        finished=seq.is_finished,
        finish_reason=seq.finish_reason,
        prompt_tokens=seq.num_prompt_tokens,
        completion_tokens=seq.num_output_tokens,
        cached_tokens=seq.stats.prefix_hit_tokens,
        error=error,
        error_status=error_status,
    )
