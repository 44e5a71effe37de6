"""``promptlint measure``: what fraction of the prompt tokens in a log is a reusable prefix.

Pipeline (streaming; memory bounded by the unique blocks of the log, not its size):
``readers`` (log lines -> ``Record``, bad lines counted with their line numbers) ->
``tokenize`` (render through ``kvscope.backend.chat``, tokenize, ``--jobs N`` processes) ->
``analyzer`` (prefix keys from ``kvscope.backend.prefix_keys``; unbounded vLLM-style block cache
and SGLang-style token radix; per-tenant/route/model breakdowns; top prefixes) + ``nearmiss``
(prefixes that differ only by a volatile value, linked to promptlint rules) + ``capacity``
(hit rate vs cache size through the backend's own eviction code) -> ``report`` / ``plot``.
"""

from kvscope.lint.measure.analyzer import Analyzer, Summary
from kvscope.lint.measure.readers import Record, Skipped, read_logs

__all__ = ["Analyzer", "Record", "Skipped", "Summary", "read_logs"]
