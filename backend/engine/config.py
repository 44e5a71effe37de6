"""Engine configuration: one slotted dataclass, validated once at start-up."""

from __future__ import annotations

from dataclasses import dataclass

from kvscope.backend.prefix_keys import ALGOS, DEFAULT_ALGO

PREEMPTION_MODES = ("auto", "recompute", "swap")
EVICTION_POLICIES = ("gdsf", "lru")


@dataclass(slots=True)
class EngineConfig:
    """What ``kvscope serve`` configures. ``num_blocks`` counts device-tier blocks.

    ``max_num_batched_tokens`` is the per-step token budget shared by decode tokens and prefill
    chunks; ``max_queue`` bounds the waiting queue (beyond it the server answers 429).
    ``cross_request_sharing=False`` makes every request private: it neither hits nor leaves
    reusable blocks (the timing side-channel switch).
    """

    model: str = "kvscope-tiny"
    block_size: int = 16
    num_blocks: int = 512
    kv_dtype: str = "auto"
    dtype: str = "float32"
    device: str = "cpu"
    attention: str = "torch"
    seed: int = 0
    eviction: str = "gdsf"
    enable_prefix_caching: bool = True
    cross_request_sharing: bool = True
    prefix_algo: str = DEFAULT_ALGO
    host_blocks: int = 0
    disk_dir: str | None = None
    disk_blocks: int = 0
    max_num_seqs: int = 64
    max_num_batched_tokens: int = 512
    max_queue: int = 256
    max_model_len: int | None = None
    preemption_mode: str = "auto"
    watermark: float = 0.01

    def validate(self) -> None:
        """Raise ``ValueError`` with a one-line, actionable message on a bad setting."""
        checks = (
            (self.block_size > 0, "--block-size must be a positive number of tokens"),
            (self.num_blocks >= 2, "--num-blocks must be at least 2"),
            (self.max_num_seqs >= 1, "--max-num-seqs must be at least 1"),
            (self.max_num_batched_tokens >= 1, "--max-num-batched-tokens must be at least 1"),
            (self.max_queue >= 0, "--max-queue must be 0 or more"),
            (self.host_blocks >= 0, "--host-tier-gb must be 0 or more"),
            (self.disk_blocks >= 0, "disk tier size must be 0 or more"),
            (0.0 <= self.watermark < 1.0, "watermark must be in [0, 1)"),
            (self.eviction in EVICTION_POLICIES, "--eviction must be lru or gdsf"),
            (self.prefix_algo in ALGOS, f"--prefix-algo must be one of {', '.join(ALGOS)}"),
            (
                self.preemption_mode in PREEMPTION_MODES,
                "--preemption-mode must be auto, recompute or swap",
            ),
        )
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
        if self.preemption_mode == "swap" and self.host_blocks == 0:
            raise ValueError("--preemption-mode swap needs a host tier: pass --host-tier-gb N")
