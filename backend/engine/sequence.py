"""A request inside the engine: its tokens, sampling parameters, progress and timestamps.

The scheduler owns ``status``, ``num_computed_tokens`` and ``num_cache_tokens``; the engine owns
the output side (``token_ids`` beyond the prompt, ``text``, ``finish_reason``). Invariant:
``num_computed_tokens <= num_cache_tokens <= num_tokens`` while the sequence holds blocks.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field

from kvscope.backend.prefix_keys import NO_EXTRA, ExtraKeys


class SeqStatus(enum.Enum):
    WAITING = "waiting"
    RUNNING = "running"
    SWAPPED = "swapped"
    FINISHED = "finished"


@dataclass(slots=True)
class SamplingParams:
    """OpenAI-style sampling. ``temperature == 0`` is greedy and deterministic."""

    temperature: float = 1.0
    top_p: float = 1.0
    max_tokens: int = 16
    stop: tuple[str, ...] = ()
    stop_token_ids: tuple[int, ...] = ()
    seed: int | None = None
    ignore_eos: bool = False


@dataclass(slots=True)
class SeqStats:
    """Per-request cache accounting, reported in usage, spans and metrics."""

    queried: bool = False
    prefix_hit_tokens: int = 0
    blocks_matched: int = 0
    blocks_allocated: int = 0
    blocks_promoted: int = 0
    tier_hit_tokens: dict[str, int] = field(default_factory=dict)


class Sequence:
    """One request. ``token_ids`` holds the prompt followed by the generated tokens."""

    def __init__(
        self,
        seq_id: str,
        request_id: str,
        prompt_token_ids: list[int],
        params: SamplingParams,
        extra: ExtraKeys = NO_EXTRA,
        sharing: bool = True,
        tenant: str | None = None,
        arrival_time: float | None = None,
    ) -> None:
        self.seq_id = seq_id
        self.request_id = request_id
        self.token_ids: list[int] = list(prompt_token_ids)
        self.num_prompt_tokens = len(prompt_token_ids)
        self.params = params
        self.extra = extra
        self.sharing = sharing
        self.tenant = tenant
        self.status = SeqStatus.WAITING
        self.num_computed_tokens = 0
        self.num_cache_tokens = 0
        self.num_preemptions = 0
        self.admitted_once = False
        self.finish_reason: str | None = None
        self.text = ""
        self.stats = SeqStats()
        self.arrival_time = time.time() if arrival_time is None else arrival_time
        self.admitted_time: float | None = None
        self.first_token_time: float | None = None
        self.last_token_time: float | None = None
        self.finished_time: float | None = None
        self.generator = None
        self.operation = "text_completion"

    @property
    def num_tokens(self) -> int:
        return len(self.token_ids)

    @property
    def num_output_tokens(self) -> int:
        return len(self.token_ids) - self.num_prompt_tokens

    @property
    def output_token_ids(self) -> list[int]:
        return self.token_ids[self.num_prompt_tokens :]

    @property
    def is_finished(self) -> bool:
        return self.status is SeqStatus.FINISHED

    def __repr__(self) -> str:
        return (
            f"Sequence({self.request_id!r}, {self.status.value}, tokens={self.num_tokens}, "
            f"computed={self.num_computed_tokens})"
        )
