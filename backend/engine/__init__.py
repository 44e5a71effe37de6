"""The serving engine: sequences, a continuous-batching scheduler with preemption, the step loop.

``Engine`` owns one ``KVCacheManager`` and one ``ModelRunner`` and runs the step loop on a
background thread; the HTTP server (``kvscope.backend.server``) only talks to ``Engine``.
"""

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.sequence import SamplingParams, SeqStatus, Sequence

__all__ = ["EngineConfig", "SamplingParams", "SeqStatus", "Sequence"]
