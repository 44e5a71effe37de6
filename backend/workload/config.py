"""Workload configuration: one seeded dataclass; every length is in cl100k tokens at ``scale=1``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

BAD_DEPLOYS = ("timestamp", "request_id", "tools_reordered")
TENANT_NAMES = (
    "acme",
    "globex",
    "initech",
    "umbrella",
    "hooli",
    "stark",
    "wayne",
    "wonka",
    "soylent",
    "tyrell",
    "cyberdyne",
    "aperture",
)
# 2026-01-05T09:00:00Z: a Monday morning, so the timestamps look like real traffic.
DEFAULT_START = 1767603600.0


class WorkloadError(ValueError):
    """A workload option a user gave cannot be used; the message says what to do."""


@dataclass(slots=True)
class WorkloadConfig:
    """What to generate. Defaults reproduce the reference traffic of design.md.

    Invariant: the same config gives the same requests, byte for byte.
    """

    seed: int = 0
    requests: int = 5000
    tenants: int = 8
    rate: float = 5.0
    duration: float | None = None
    start: float = DEFAULT_START
    scale: float = 1.0
    model: str = "kvscope-tiny"
    bad_deploy: str | None = None
    bad_deploy_at: float | str | None = None
    # Traffic shape (calibrated; see bench/bench_workload.py).
    code_session_share: float = 0.035
    concurrency: int = 48
    system_tokens: int = 900
    code_system_tokens: int = 650
    chat_turns_mean: float = 4.0
    code_turns: tuple[int, int] = (10, 30)
    user_tokens: int = 45
    reply_tokens: int = 120
    rag_share: float = 0.9
    rag_tokens: int = 600
    code_context_tokens: int = 12000
    code_edit_share: float = 0.7
    public_prompt_every: int = 3

    def __post_init__(self) -> None:
        if self.requests < 0:
            raise WorkloadError("requests must be >= 0")
        if not 1 <= self.tenants <= len(TENANT_NAMES):
            raise WorkloadError(f"tenants must be between 1 and {len(TENANT_NAMES)}")
        if not self.scale > 0:
            raise WorkloadError("scale must be > 0 (e.g. 0.05 for a small test log)")
        if self.duration is not None:
            if not self.duration > 0:
                raise WorkloadError("duration must be > 0 seconds")
            self.rate = max(self.requests, 1) / self.duration
        if not self.rate > 0:
            raise WorkloadError("rate must be > 0 requests per second")
        if self.bad_deploy is not None and self.bad_deploy not in BAD_DEPLOYS:
            raise WorkloadError(
                f"unknown bad deploy {self.bad_deploy!r}; choose one of {', '.join(BAD_DEPLOYS)}"
            )
        if self.bad_deploy_at is not None and self.bad_deploy is None:
            self.bad_deploy = "timestamp"
        if self.bad_deploy is not None and self.bad_deploy_at is None:
            self.bad_deploy_at = 0.5
        if self.bad_deploy_at is not None:
            self.deploy_time()  # validate early

    @property
    def tenant_names(self) -> tuple[str, ...]:
        return TENANT_NAMES[: self.tenants]

    def tokens(self, n: float) -> int:
        """A length at this scale (at least one token)."""
        return max(1, round(n * self.scale))

    def deploy_time(self) -> float | None:
        """Unix time of the bad deploy, or None.

        ``bad_deploy_at``: a number in [0, 1] is a fraction of the run; ``"300s"`` is seconds after
        the start; a larger number is a unix time; an ISO 8601 string is a wall-clock time (UTC
        unless it says otherwise).
        """
        at = self.bad_deploy_at
        if at is None:
            return None
        run = (self.duration if self.duration is not None else self.requests / self.rate) or 1.0
        if isinstance(at, str):
            text = at.strip()
            try:
                if text.endswith("s"):
                    return self.start + float(text[:-1])
                at = float(text)
            except ValueError:
                try:
                    when = datetime.fromisoformat(text.replace("Z", "+00:00"))
                except ValueError:
                    raise WorkloadError(
                        f"bad_deploy_at {at!r}: give a fraction (0.5), seconds ('300s'), "
                        "a unix time or an ISO time"
                    ) from None
                if when.tzinfo is None:
                    when = when.replace(tzinfo=UTC)
                return when.timestamp()
        if at < 0:
            raise WorkloadError("bad_deploy_at must not be negative")
        return self.start + at * run if at <= 1 else float(at)
