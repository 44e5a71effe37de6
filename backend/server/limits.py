"""Request-size bounds applied before any parsing, and the pool that tokenizes prompts.

``BodyLimitMiddleware`` refuses a body over ``max_bytes`` with 413: at once from its
``Content-Length``, or as soon as the bytes actually received pass the bound (chunked uploads),
so no handler ever parses an oversized body. ``prompt_char_limit`` turns the context length into
a character bound that rejects an over-long prompt before tokenizing it; ``TokenizerPool`` runs
tokenization on its own few threads, so big prompts never starve the threads that serve
``/v1/cache/stats``, ``/metrics`` or the event loop.
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor

from starlette.responses import JSONResponse

from kvscope.backend.server.protocol import error_body

DEFAULT_MAX_REQUEST_BYTES = 8 << 20
FALLBACK_TOKEN_CHARS = 64


def _too_large(limit: int, got: int | None) -> JSONResponse:
    size = f"{got} bytes" if got is not None else "more"
    message = (
        f"the request body is {size} but this server accepts at most {limit} bytes "
        "(--max-request-bytes); send a shorter prompt"
    )
    return JSONResponse(
        error_body(message, "invalid_request_error", None, "request_too_large"), 413
    )


class BodyLimitMiddleware:
    """Buffers at most ``max_bytes`` of a request body, then replays it to the app."""

    def __init__(self, app, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
                if declared is not None and declared > self.max_bytes:
                    await _too_large(self.max_bytes, declared)(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([], message, receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _too_large(self.max_bytes, None)(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], None, receive), send)


def _replay(messages: list[dict], last: dict | None, receive):
    queue = list(messages) + ([last] if last is not None else [])

    async def replay() -> dict:
        if queue:
            return queue.pop(0)
        return await receive()  # after the body: the disconnect, for is_disconnected()

    return replay


def prompt_char_limit(tokenizer, max_model_len: int) -> int:
    """Characters beyond which a prompt surely exceeds ``max_model_len`` tokens."""
    return max_model_len * max_token_chars(tokenizer)


@functools.cache
def _vocab_chars(tokenizer) -> int:
    enc = getattr(tokenizer, "_enc", None)
    if enc is not None and hasattr(enc, "token_byte_values"):
        return max((len(b) for b in enc.token_byte_values()), default=FALLBACK_TOKEN_CHARS)
    tok = getattr(tokenizer, "_tok", None)
    if tok is not None and hasattr(tok, "get_vocab"):
        return max((len(t) for t in tok.get_vocab()), default=FALLBACK_TOKEN_CHARS)
    if getattr(tokenizer, "name", None) == "bytes":
        return 1  # one token per UTF-8 byte, and a character is at least one byte
    return FALLBACK_TOKEN_CHARS


def max_token_chars(tokenizer) -> int:
    """The most characters one token of ``tokenizer`` can stand for (special tokens aside)."""
    try:
        return max(1, _vocab_chars(tokenizer))
    except TypeError:  # unhashable tokenizer object
        return FALLBACK_TOKEN_CHARS


class TokenizerPool:
    """Dedicated threads for request preparation (rendering + tokenizing), in two lanes: prompts
    over ``LARGE_CHARS`` characters queue among themselves, so a burst of huge prompts never
    delays an ordinary one."""

    LARGE_CHARS = 64 * 1024

    def __init__(self, workers: int = 2) -> None:
        self._small = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kvscope-tok")
        self._large = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kvscope-tok-big")

    async def run(self, fn, *args, chars: int = 0):
        pool = self._large if chars > self.LARGE_CHARS else self._small
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, functools.partial(fn, *args))

    def close(self) -> None:
        for pool in (self._small, self._large):
            pool.shutdown(wait=False, cancel_futures=True)
