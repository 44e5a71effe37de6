"""The front of the measure pipeline: logs -> records -> tokens -> block-hash chains.

``hashed_stream`` is the one place where a log becomes ``Hashed`` items (a ``ChainedRequest``
plus what only an in-memory consumer needs: the tokens, for SGLang's token radix and the text
heads, and the request, for near misses). Every executor (``executors``) consumes this stream,
so every executor sees exactly the same requests, keys and skipped lines.

The block-hash chain is ``kvscope.backend.prefix_keys.hash_blocks`` (the only implementation);
pre-tokenized lines go through ``keymemo.IdsMemo``, which reuses the keys of byte chunks it
has hashed before and hashes the rest with that same function.

Logged responses (``output_token_ids``, OpenAI response bodies, ShareGPT replies) become
``output_keys``: the blocks the engine caches while generating the reply (prompt + output
less its last token, whose KV is never computed; full blocks only), which a later turn
that re-sends the reply can hit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from kvscope.backend.prefix_keys import DEFAULT_ALGO, ExtraKeys, hash_blocks
from kvscope.lint.measure.chains import ChainedRequest
from kvscope.lint.measure.keymemo import IdsMemo
from kvscope.lint.measure.readers import ReadError, Skipped, read_logs
from kvscope.lint.measure.tokenids import RawIds
from kvscope.lint.measure.tokenize import Prepared, prepare_all


@dataclass(slots=True)
class MeasureOptions:
    """What decides the keys: tokenizer, chat template, block size, key algorithm, salting."""

    tokenizer: str = "cl100k"
    template: str | None = None
    block_size: int = 16
    algo: str = DEFAULT_ALGO
    jobs: int = 1
    salt_by_tenant: bool = False
    responses: bool = True  # cache the blocks of logged responses, as the engine does
    memo_entries: int | None = None  # bound the pre-tokenized memo (out-of-core executors)


class Hashed(NamedTuple):
    """A ``ChainedRequest`` and what in-memory consumers need besides it."""

    chain: ChainedRequest
    tokens: Sequence[int] | Callable[[], Sequence[int]]
    known: int  # leading keys already returned for an earlier request (a hint)
    extra: ExtraKeys
    request: dict | None
    text: str | None
    response: str | Sequence[int] | None  # the logged reply, when there was one
    generated: list[int] | None  # its tokens, when known exactly (blocks: chain.output_keys)


BAD_IDS = "token ids must be unsigned 32-bit integers"


def _output_tokens(prompt: Sequence[int], text: str | None, response, tokenizer) -> list | None:
    """The generated tokens of a logged response, or ``None`` when they cannot be known
    exactly (the reply's text does not tokenize as a continuation of the prompt)."""
    if not isinstance(response, str):
        return list(response)
    if text is None or tokenizer is None:
        return None
    whole = tokenizer.encode(text + response)
    n = len(prompt)
    if len(whole) < n or list(whole[:n]) != list(prompt):
        return None
    return list(whole[n:])


class Hasher:
    """Hashes one prepared record at a time: the per-record step of ``hashed_stream``.

    It holds only caches that never change a key (the pre-tokenized memo, the ``ExtraKeys``
    of each model and salt, the reply tokenizer), so any number of hashers (one per Ray
    worker, say) give the same keys as one.
    """

    def __init__(self, opts: MeasureOptions) -> None:
        self.opts = opts
        self.memo = IdsMemo(opts.block_size, opts.algo, max_entries=opts.memo_entries)
        self.extras: dict[tuple, ExtraKeys] = {}
        self.tokenizer = None

    def __call__(self, item: Prepared, index: int) -> Hashed | Skipped:
        opts, rec = self.opts, item.record
        bs, algo = opts.block_size, opts.algo
        salt = rec.salt or (rec.tenant if opts.salt_by_tenant else None)
        extra = self.extras.get((rec.model, salt))
        if extra is None:
            extra = self.extras[rec.model, salt] = ExtraKeys(model=rec.model, salt=salt)
        tokens = item.tokens
        known = 0
        if isinstance(tokens, RawIds):
            try:
                keys = self.memo.keys(tokens, extra)
            except (ValueError, TypeError, OverflowError):
                return Skipped(rec.source, rec.line, BAD_IDS)
            known, n, tokens = tokens.known, len(tokens), tokens.tokens
        else:
            keys = hash_blocks(tokens, bs, extra, algo)
            n = len(tokens)
        out_keys = generated = None
        if opts.responses and rec.response is not None:
            if self.tokenizer is None and isinstance(rec.response, str):
                from kvscope.backend.tokenizers import get_tokenizer
                from kvscope.lint.measure.segments import SegmentTokenizer

                self.tokenizer = SegmentTokenizer(get_tokenizer(opts.tokenizer))
            prompt = tokens() if callable(tokens) else tokens
            try:
                generated = _output_tokens(prompt, item.text, rec.response, self.tokenizer)
            except (ValueError, TypeError, OverflowError):
                generated = None
            if generated is not None:
                k = len(keys)
                # The last sampled token is never fed back, so its KV is never computed:
                # the engine caches prompt + reply minus that token (seen on a live vLLM).
                rest = list(prompt[k * bs :]) + generated[:-1]
                parent = keys[-1] if keys else None
                out_keys = hash_blocks(rest, bs, extra, algo, None, parent, k)
        meta = (rec.id, rec.tenant, rec.route, rec.model, rec.session, rec.user)
        chain = ChainedRequest(index, *meta, keys, n, out_keys)
        return Hashed(chain, tokens, known, extra, rec.request, item.text, rec.response, generated)


def hashed_stream(logs: list[str], opts: MeasureOptions) -> Iterator[Hashed | Skipped | ReadError]:
    """``Hashed`` items in log order, with ``Skipped`` lines and ``ReadError``s where they are."""
    hasher = Hasher(opts)
    index = 0
    for item in prepare_all(read_logs(logs), opts.tokenizer, opts.template, opts.jobs):
        if isinstance(item, (Skipped, ReadError)):
            yield item
            continue
        out = hasher(item, index)
        index += type(out) is Hashed
        yield out
