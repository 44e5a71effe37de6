"""Records -> token ids, through the shared chat renderer and tokenizer; ``jobs`` processes.

Order is preserved (the analyzer is order-sensitive: "an earlier request"). A record that
cannot be rendered becomes a ``Skipped`` with its line number.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import NamedTuple

from kvscope.lint.measure.readers import ReadError, Record, Skipped

CHUNK = 64


class Prepared(NamedTuple):
    """A record with its prompt tokens (and rendered text when it was rendered here)."""

    record: Record
    tokens: list[int]
    text: str | None


_STATE: dict = {}


def _init(tokenizer_name: str, template: str | None) -> None:
    from kvscope.backend.tokenizers import get_tokenizer
    from kvscope.lint.measure.chatpieces import PieceRenderer
    from kvscope.lint.measure.segments import SegmentTokenizer

    tok = SegmentTokenizer(get_tokenizer(tokenizer_name))
    _STATE["tok"] = tok
    _STATE["template"] = template
    _STATE["pieces"] = PieceRenderer(template, tok)


def prepare(item: Record | Skipped, tokenizer, template: str | None) -> Prepared | Skipped:
    """Render and tokenize one record (pre-tokenized records pass through).

    ``tokenizer`` is a ``SegmentTokenizer`` (anything with ``encode(text)`` that treats
    special-token text as special).
    """
    if isinstance(item, (Skipped, ReadError)):
        return item
    if item.token_ids is not None:
        return Prepared(item, item.token_ids, None)
    pieces = _STATE.get("pieces")
    if pieces is not None and pieces.tok is tokenizer and isinstance(item.request, dict):
        fast = pieces.prepare(item.request)
        if fast is not None:
            return Prepared(item, fast[1], fast[0])
    from kvscope.backend.chat import render_request

    try:
        text = render_request(item.request, template)
        tokens = tokenizer.encode(text)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        msg = str(exc).splitlines()[0][:120] if str(exc) else exc.__class__.__name__
        return Skipped(item.source, item.line, f"cannot render: {msg}")
    return Prepared(item, tokens, text)


def _prepare_chunk(chunk: list) -> list:
    tok, template = _STATE["tok"], _STATE["template"]
    return [None if item is None else prepare(item, tok, template) for item in chunk]


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def _local(item: Record | Skipped) -> bool:
    """Nothing for a worker to do: a skipped line or pre-tokenized ids."""
    return type(item) is not Record or (type(item) is Record and item.token_ids is not None)


def _merge(chunk: list, job) -> Iterator[Prepared | Skipped]:
    done = job.get() if job is not None else [None] * len(chunk)
    for item, out in zip(chunk, done, strict=True):
        if out is not None:
            yield out
        elif type(item) is not Record:
            yield item
        else:
            yield Prepared(item, item.token_ids, None)


def prepare_all(
    items: Iterable[Record | Skipped], tokenizer_name: str, template: str | None, jobs: int = 1
) -> Iterator[Prepared | Skipped]:
    """Prepared records in input order; ``jobs > 1`` tokenizes in that many processes.

    Only records that need rendering travel to the workers (pre-tokenized ids stay here), and
    at most ``2 * jobs`` chunks are in flight, so memory stays bounded on any log size.
    """
    if jobs <= 1:
        _init(tokenizer_name, template)
        tok = _STATE["tok"]
        for item in items:
            if type(item) is Record and item.token_ids is not None:
                yield Prepared(item, item.token_ids, None)  # pre-tokenized: nothing to do
            else:
                yield prepare(item, tok, template)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    pool = None  # started by the first chunk with something to render
    window: deque = deque()
    try:
        for chunk in _chunks(items, CHUNK):
            work = [None if _local(item) else item for item in chunk]
            job = None
            if any(item is not None for item in work):
                if pool is None:
                    pool = ctx.Pool(jobs, initializer=_init, initargs=(tokenizer_name, template))
                job = pool.apply_async(_prepare_chunk, (work,))
            window.append((chunk, job))
            while len(window) > 2 * jobs:
                yield from _merge(*window.popleft())
        while window:
            yield from _merge(*window.popleft())
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
