"""Building the model runner for an ``EngineConfig`` (imports torch only when called)."""

from __future__ import annotations

from kvscope.backend.engine.config import EngineConfig

__all__ = ["make_runner", "model_max_len"]


def make_runner(config: EngineConfig):
    """A ``ModelRunner`` whose KV pool has ``config.num_blocks`` blocks."""
    from kvscope.backend.model import ModelRunner, RunnerConfig

    return ModelRunner(
        RunnerConfig(
            model=config.model,
            num_blocks=config.num_blocks,
            block_size=config.block_size,
            kv_dtype=config.kv_dtype,
            dtype=config.dtype,
            device=config.device,
            attention=config.attention,
            seed=config.seed,
        )
    )


def model_max_len(runner) -> int | None:
    """The model's position limit, if its config states one."""
    for cfg in (getattr(runner, "model_config", None), getattr(runner, "config", None)):
        value = getattr(cfg, "max_position_embeddings", None)
        if isinstance(value, int):
            return value
    return None
