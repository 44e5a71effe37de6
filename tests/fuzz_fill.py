"""Filling code templates for the Python linter's fuzz tests (hypothesis).

A statement template names its holes (`"{N} = {M}.strip()"`); each hole is drawn from its own
pool, one occurrence at a time, so one template yields self-references (`a = a.strip()`) as
well as chains between different names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import strategies as st


def fill(template: str, draw, pools: Mapping[str, Sequence[str]]) -> str:
    """`template` with every `{KEY}` of `pools` replaced by a draw from that key's pool."""
    holes = {f"{{{key}}}": values for key, values in pools.items()}
    while any(hole in template for hole in holes):
        for hole, values in holes.items():
            template = template.replace(hole, draw(st.sampled_from(values)), 1)
    return template
