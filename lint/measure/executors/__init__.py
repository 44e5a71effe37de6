"""The analysis stage of measure, three ways: in-process, out-of-core on DuckDB, on Ray Data.

Every executor is fed the same ``Hashed`` stream (``pipeline.hashed_stream``) with ``feed``
and returns an ``Analysis`` from ``finish``; a test runs all three on the same logs and
compares every figure. The algorithm they share (see docs/diff-and-measure.md):

- a block's key covers its whole prefix, so a request's repeated blocks are exactly its blocks
  whose first occurrence (over prompts and logged outputs) is an earlier request, and they are
  a prefix of its chain: ``hit`` = the count of such blocks;
- vLLM serves ``min(hit, (n - 1) // block_size)`` blocks (never the last prompt token);
- SGLang's token-granular tail is the longest common prefix, inside the first unshared block,
  with the runs stored earlier under the same parent key;
- a prefix's reuse is the number of later requests whose prompt holds its block; the top
  prefixes are the blocks reused more than any child (where requests stop sharing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from kvscope.lint.measure.analyzer import Summary
from kvscope.lint.measure.pipeline import Hashed

EXECUTORS = ("auto", "inprocess", "duckdb", "ray")
AUTO_DUCKDB_BYTES = 2 << 30  # logs above this size (on disk) go to DuckDB under ``auto``


class Analysis(NamedTuple):
    """The figures of an executor: totals and breakdowns, and the top prefixes (with their
    ``head_tokens``)."""

    summary: Summary
    top_prefixes: list[dict]


class Executor(Protocol):
    def feed(self, item: Hashed) -> None: ...

    def finish(self, top: int) -> Analysis: ...

    def close(self) -> None: ...


def pick(name: str, log_bytes: int) -> str:
    """The executor ``auto`` means for logs of ``log_bytes``: DuckDB when it is installed and
    the logs are big, else in-process."""
    if name != "auto":
        return name
    if log_bytes < AUTO_DUCKDB_BYTES:
        return "inprocess"
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return "inprocess"
    return "duckdb"


PerRequest = Callable[[dict], None] | None


def per_request_row(index: int, rid: str | None, n: int, repeated: int, vllm: int) -> dict:
    """One line of ``--per-request`` (``sglang_hit_tokens`` is added for that engine)."""
    return {
        "index": index,
        "id": rid,
        "prompt_tokens": n,
        "repeated_prefix_tokens": repeated,
        "vllm_hit_tokens": vllm,
    }


def make(
    name: str, block_size: int, engine: str, algo: str, per_request: PerRequest = None, **kw
) -> Executor:
    """A fresh executor; ``per_request`` receives one row per request in log order (at the
    latest by ``finish``); ``kw``: ``memory_limit``, ``temp_dir``, ``ray_address``."""
    if name == "inprocess":
        from kvscope.lint.measure.executors.inprocess import InProcess

        return InProcess(block_size, engine, algo, per_request)
    if name == "duckdb":
        from kvscope.lint.measure.executors.duck import DuckDB

        return DuckDB(block_size, engine, algo, per_request, **kw)
    if name == "ray":
        from kvscope.lint.measure.executors.raydata import RayData

        return RayData(block_size, engine, algo, per_request, **kw)
    raise ValueError(f"unknown executor {name!r}; choose one of {', '.join(EXECUTORS)}")
