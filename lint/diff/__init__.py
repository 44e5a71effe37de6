"""``promptlint diff``: what a deploy breaks in the prompt cache.

Engines and providers cache the *rendered* request, so this package diffs renderings: two
prompt texts, two request JSON files (rendered through ``kvscope.backend.chat``), or two
snapshot directories written by ``promptlint snapshot``. Block keys come from
``kvscope.backend.prefix_keys`` so "shared" means what the prefix cache means by a hit.

Public API: ``diff_tokens`` (the divergence of two token lists), ``diff_prompts`` (one
``PromptDiff`` per prompt name), ``explain`` (structural reasons), ``cli.main(argv)``.
"""

from kvscope.lint.diff.core import Divergence, PromptDiff, diff_tokens
from kvscope.lint.diff.inputs import Rendering, load_side

__all__ = ["Divergence", "PromptDiff", "Rendering", "diff_tokens", "load_side"]
