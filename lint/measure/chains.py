"""The seam of the measure pipeline: a request after hashing, and the stage that makes them.

``read -> render/tokenize -> hash chains -> analyze -> report``: everything after this stage
(the in-process analyzer, the DuckDB and Ray executors, capacity curves, sampling, routing)
consumes ``ChainedRequest`` rows in log order and nothing else of the log.

A ``ChainedRequest`` is plain data (picklable, one row of a table): its block keys are the
prefix keys of ``kvscope.backend.prefix_keys`` (a key covers the whole prefix up to its block,
so two requests share a block iff they share everything before it), and its metadata is what
a breakdown, a sample or a router needs. ``output_keys`` are the keys of the blocks the engine
would cache while generating the logged response (prompt + output), when the log holds one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class ChainedRequest(NamedTuple):
    """One request of a log after hashing (``index``: its 0-based position in log order)."""

    index: int
    id: str | None
    tenant: str | None
    route: str | None
    model: str | None
    session: str | None
    user: str | None
    keys: list[bytes]
    num_tokens: int
    output_keys: list[bytes] | None = None


def iter_chains(logs: list[str], options=None) -> Iterator[ChainedRequest]:
    """The hashed requests of ``logs`` in log order (skipped lines are left out).

    ``options`` is a ``MeasureOptions`` (``kvscope.lint.measure.pipeline``); ``None`` means
    the defaults of ``promptlint measure`` (cl100k, block size 16, xxh3-128 keys).
    """
    from kvscope.lint.measure.pipeline import Hashed, MeasureOptions, hashed_stream

    for item in hashed_stream(logs, options or MeasureOptions()):
        if type(item) is Hashed:
            yield item.chain
