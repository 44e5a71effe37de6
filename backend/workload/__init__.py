"""Synthetic OpenAI-format request logs shaped like design.md's reference traffic.

``generate(config)`` streams request dicts; ``main(argv)`` is ``kvscope workload``;
``system_prompt_template(tenant, bad)`` gives the template text before and after a bad deploy;
``measure(requests)`` gives a log's prompt lengths and repeated-prefix fraction.
"""

from __future__ import annotations

from kvscope.backend.workload.config import BAD_DEPLOYS, WorkloadConfig, WorkloadError
from kvscope.backend.workload.generator import generate
from kvscope.backend.workload.prompts import (
    render_template,
    system_prompt_template,
    tenant_tools,
)

__all__ = [
    "BAD_DEPLOYS",
    "WorkloadConfig",
    "WorkloadError",
    "generate",
    "main",
    "measure",
    "render_template",
    "system_prompt_template",
    "tenant_tools",
]


def main(argv: list[str] | None = None) -> int:
    """``kvscope workload``: see ``kvscope workload --help``."""
    from kvscope.backend.workload.cli import main as cli_main

    return cli_main(argv)


def measure(*args, **kwargs):
    """See ``kvscope.backend.workload.shape.measure`` (imported lazily: it tokenizes)."""
    from kvscope.backend.workload.shape import measure as shape_measure

    return shape_measure(*args, **kwargs)
