"""Engine listeners: how metrics and tracing observe the engine without the engine knowing them.

Every method is called on the engine's step thread and must be cheap; the default does nothing.
"""

from __future__ import annotations

from kvscope.backend.engine.sequence import Sequence


class EngineListener:
    """Override what you need. ``now`` is ``time.time()`` at the event."""

    def on_rejected(self, reason: str) -> None:
        return None

    def on_admitted(self, seq: Sequence, first: bool, now: float) -> None:
        return None

    def on_preempted(self, seq: Sequence, mode: str, num_blocks: int) -> None:
        return None

    def on_token(self, seq: Sequence, now: float) -> None:
        return None

    def on_finished(self, seq: Sequence, now: float) -> None:
        return None

    def on_step(self, num_tokens: int, seconds: float) -> None:
        return None


class Listeners(EngineListener):
    """Fans each call out to several listeners."""

    def __init__(self, listeners: list[EngineListener] | None = None) -> None:
        self.items: list[EngineListener] = list(listeners or [])

    def on_rejected(self, reason: str) -> None:
        for x in self.items:
            x.on_rejected(reason)

    def on_admitted(self, seq: Sequence, first: bool, now: float) -> None:
        for x in self.items:
            x.on_admitted(seq, first, now)

    def on_preempted(self, seq: Sequence, mode: str, num_blocks: int) -> None:
        for x in self.items:
            x.on_preempted(seq, mode, num_blocks)

    def on_token(self, seq: Sequence, now: float) -> None:
        for x in self.items:
            x.on_token(seq, now)

    def on_finished(self, seq: Sequence, now: float) -> None:
        for x in self.items:
            x.on_finished(seq, now)

    def on_step(self, num_tokens: int, seconds: float) -> None:
        for x in self.items:
            x.on_step(num_tokens, seconds)
