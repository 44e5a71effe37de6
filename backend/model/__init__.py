"""Model + paged attention: `ModelRunner(RunnerConfig(...)).forward([SeqInput, ...])`.

Importing this package imports torch; torch-free code must not import it.
"""

from kvscope.backend.model.config import ModelConfig, ModelLoadError, RunnerConfig
from kvscope.backend.model.kv_pool import KVPool
from kvscope.backend.model.runner import ModelRunner, SeqInput

__all__ = ["KVPool", "ModelConfig", "ModelLoadError", "ModelRunner", "RunnerConfig", "SeqInput"]
