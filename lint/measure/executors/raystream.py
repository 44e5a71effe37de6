"""The front of the pipeline on Ray Data: render, tokenize and hash as ``map_batches``.

The driver reads the logs (the same ``read_logs`` as every executor, so skipped lines and read
errors are the same, in the same places) and sends each chunk of ``CHUNK_RECORDS`` records to
the cluster as rows ``{"i": position in the chunk, "rec": the pickled record}``. On the
workers, ``map_batches`` renders and tokenizes each record (``tokenize.prepare``) and hashes
it (``pipeline.Hasher``, the same per-record step as ``hashed_stream``), so every key is the
one the in-process run computes. The driver puts the results back in log order (by ``i``)
and numbers the requests, which keeps "an earlier request" exact.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from itertools import islice

from kvscope.lint.measure.pipeline import Hashed, Hasher, MeasureOptions
from kvscope.lint.measure.readers import ReadError, Record, Skipped, read_logs

CHUNK_RECORDS = 16_384  # records per dataset: bounds what the driver holds at once
BATCH_RECORDS = 1_024  # records per map_batches call

_WORKER: dict[tuple, tuple] = {}  # per worker process: (tokenizer, template, Hasher) by options


def _options_key(opts: MeasureOptions) -> tuple:
    return (
        opts.tokenizer,
        opts.template,
        opts.block_size,
        opts.algo,
        opts.salt_by_tenant,
        opts.responses,
        opts.memo_entries,
    )


def _tokenize_and_hash(t, opts: MeasureOptions):
    """One batch on a worker: pickled records in, pickled ``Hashed`` / ``Skipped`` out."""
    import pyarrow as pa

    from kvscope.lint.measure.tokenize import Prepared, prepare

    key = _options_key(opts)
    state = _WORKER.get(key)
    if state is None:
        from kvscope.backend.tokenizers import get_tokenizer
        from kvscope.lint.measure.segments import SegmentTokenizer

        state = _WORKER[key] = (SegmentTokenizer(get_tokenizer(opts.tokenizer)), Hasher(opts))
    tokenizer, hasher = state
    out = []
    for blob in t["rec"].to_pylist():
        rec = pickle.loads(blob)
        if rec.token_ids is not None:
            item = Prepared(rec, rec.token_ids, None)
        else:
            item = prepare(rec, tokenizer, opts.template)
        if type(item) is Prepared:
            item = hasher(item, 0)  # numbered on the driver, in log order
        out.append(pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL))
    return pa.table({"i": t["i"], "out": pa.array(out, pa.binary())})


def _run_chunk(ray, chunk: list, opts: MeasureOptions) -> list:
    """The chunk with every ``Record`` replaced by its ``Hashed`` (or ``Skipped``) result."""
    rows = [
        {"i": i, "rec": pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)}
        for i, item in enumerate(chunk)
        if type(item) is Record
    ]
    if not rows:
        return chunk
    done = (
        ray.data.from_items(rows)
        .map_batches(
            _tokenize_and_hash,
            batch_format="pyarrow",
            batch_size=BATCH_RECORDS,
            fn_kwargs={"opts": opts},
        )
        .take_all()
    )
    out = list(chunk)
    for row in done:
        out[row["i"]] = pickle.loads(row["out"])
    return out


def ray_hashed_stream(
    ray, logs: list[str], opts: MeasureOptions
) -> Iterator[Hashed | Skipped | ReadError]:
    """``pipeline.hashed_stream``'s items, in log order, tokenized and hashed on the cluster."""
    items = read_logs(logs)
    index = 0
    while chunk := list(islice(items, CHUNK_RECORDS)):
        for item in _run_chunk(ray, chunk, opts):
            if type(item) is Hashed:
                yield item._replace(chain=item.chain._replace(index=index))
                index += 1
            else:
                yield item
