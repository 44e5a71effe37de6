"""FastAPI application: OpenAI-compatible completions, health, metrics and cache routes.

``create_app(engine, metrics)`` wires one started-on-startup ``Engine``. Every client mistake is
a 4xx with OpenAI's error body (``{"error": {"message", "type", "param", "code"}}``); a full queue
is a 429 with ``Retry-After``. A client that disconnects aborts its request, which frees its blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from kvscope.backend.engine.engine import Engine
from kvscope.backend.engine.outputs import RequestOutput
from kvscope.backend.server.auth import AuthConfig, AuthMiddleware, caller_of
from kvscope.backend.server.cache_routes import MAX_PINNED_FRACTION, cache_router
from kvscope.backend.server.limits import (
    DEFAULT_MAX_REQUEST_BYTES,
    BodyLimitMiddleware,
    TokenizerPool,
)
from kvscope.backend.server.metrics import ServerMetrics
from kvscope.backend.server.openapi_links import add_links
from kvscope.backend.server.protocol import (
    APIError,
    ChatCompletionRequest,
    CompletionRequest,
    error_body,
    usage,
)
from kvscope.backend.server.requests import Prepared, prepare, prompt_chars

POLL_S = 0.25


@dataclass(slots=True)
class ServerOptions:
    """Server behaviour beyond the engine's: credentials, bounds, tokenization of content."""

    auth: AuthConfig = field(default_factory=AuthConfig)
    max_request_bytes: int = DEFAULT_MAX_REQUEST_BYTES
    max_pinned_fraction: float = MAX_PINNED_FRACTION
    special_in_content: bool = False  # special-token text in messages stays plain text
    tokenizer_threads: int = 2


def create_app(
    engine: Engine, metrics: ServerMetrics | None = None, options: ServerOptions | None = None
) -> FastAPI:
    opts = options or ServerOptions()
    pool = TokenizerPool(opts.tokenizer_threads)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        engine.start()
        try:
            yield
        finally:
            pool.close()
            engine.stop()

    app = FastAPI(title="kvscope", version="0.1.0", lifespan=lifespan)
    app.state.engine = engine
    app.state.metrics = metrics
    app.state.options = opts
    _install_error_handlers(app, metrics)
    app.include_router(
        cache_router(engine, opts.auth, opts.max_pinned_fraction, opts.special_in_content)
    )

    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            app.openapi_schema = add_links(schema)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    # the last added runs first: who is calling (a 401 reads no body), then the size bound
    # (a 413 before anything parses the body), then the routes
    app.add_middleware(BodyLimitMiddleware, max_bytes=opts.max_request_bytes)
    app.add_middleware(AuthMiddleware, config=opts.auth)

    @app.get("/health")
    async def health() -> dict:
        return {"status": "ok", "model": engine.model_name}

    @app.get("/v1/models")
    async def models() -> dict:
        card = {
            "id": engine.model_name,
            "object": "model",
            "created": int(engine.started_at),
            "owned_by": "kvscope",
            "max_model_len": engine.max_model_len,
        }
        return {"object": "list", "data": [card]}

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        if metrics is None:
            return Response("", media_type="text/plain")
        body = await asyncio.to_thread(metrics.render, engine)
        return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")

    async def run(body, request: Request, operation: str):
        caller = caller_of(request)
        special = opts.special_in_content
        chars = prompt_chars(body)
        prepared = await pool.run(prepare, engine, body, operation, caller, special, chars=chars)
        return await _respond(engine, prepared, body, request)

    errors: dict = {400: {}, 401: {}, 404: {}, 413: {}, 429: {}}

    @app.post("/v1/chat/completions", responses=errors)
    async def chat(body: ChatCompletionRequest, request: Request):
        return await run(body, request, "chat")

    @app.post("/v1/completions", responses=errors)
    async def completions(body: CompletionRequest, request: Request):
        return await run(body, request, "text_completion")

    return app


def _install_error_handlers(app: FastAPI, metrics: ServerMetrics | None) -> None:
    def reject(reason: str) -> None:
        if metrics is not None:
            metrics.on_rejected(reason)

    @app.exception_handler(APIError)
    async def api_error(_request: Request, exc: APIError) -> JSONResponse:
        if exc.status != 429:
            reject("invalid")
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        reject("invalid")
        errors = exc.errors()
        first = errors[0] if errors else {}
        if first.get("type") == "json_invalid":
            detail = first.get("ctx", {}).get("error", "")
            message = f"the request body is not valid JSON ({detail}); send a JSON object"
            return JSONResponse(error_body(message, "invalid_request_error"), 400)
        loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        msg = str(first.get("msg", "invalid request")).removeprefix("Value error, ")
        message = f"{loc}: {msg}" if loc else msg
        return JSONResponse(error_body(message, "invalid_request_error", loc or None), 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        type_ = "not_found_error" if exc.status_code == 404 else "invalid_request_error"
        return JSONResponse(error_body(str(exc.detail), type_), exc.status_code)


async def _respond(engine: Engine, prepared: Prepared, body, request: Request):
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[RequestOutput] = asyncio.Queue()

    def deliver(out: RequestOutput) -> None:
        with contextlib.suppress(RuntimeError):  # the event loop is gone: server shutting down
            loop.call_soon_threadsafe(queue.put_nowait, out)

    seq = prepared.submit(engine, deliver)
    meta = {
        "id": ("chatcmpl-" if prepared.operation == "chat" else "cmpl-") + seq.request_id,
        "created": int(time.time()),
        "model": prepared.model_name,
    }
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        stream = _sse(engine, seq.request_id, queue, prepared.operation, meta, include_usage)
        return StreamingResponse(stream, media_type="text/event-stream")
    parts: list[str] = []
    checked = time.monotonic()
    try:
        while True:
            try:
                out = await asyncio.wait_for(queue.get(), POLL_S)
            except TimeoutError:
                out = None
            if out is not None:
                parts.append(out.text)
                if out.finished:
                    break
            # checked on a clock, not only when idle: a busy decode never lets the queue idle
            if out is None or time.monotonic() - checked >= POLL_S:
                checked = time.monotonic()
                if await request.is_disconnected():
                    engine.abort(seq.request_id)
                    return Response(status_code=499)
    except asyncio.CancelledError:
        engine.abort(seq.request_id)
        raise
    if out.error:
        status = out.error_status or 500
        raise APIError(
            status, out.error, "server_error" if status >= 500 else "invalid_request_error"
        )
    text, reason = "".join(parts), out.finish_reason
    u = usage(out.prompt_tokens, out.completion_tokens, out.cached_tokens)
    if prepared.operation == "chat":
        message = {"role": "assistant", "content": text}
        choice = {"index": 0, "message": message, "finish_reason": reason, "logprobs": None}
        return {**meta, "object": "chat.completion", "choices": [choice], "usage": u}
    choice = {"index": 0, "text": text, "finish_reason": reason, "logprobs": None}
    return {**meta, "object": "text_completion", "choices": [choice], "usage": u}


def _chunk(operation: str, meta: dict, text: str | None, reason: str | None, first: bool) -> dict:
    if operation == "chat":
        delta: dict = {"role": "assistant", "content": text or ""} if first else {}
        if not first and text:
            delta["content"] = text
        choice = {"index": 0, "delta": delta, "finish_reason": reason, "logprobs": None}
        return {**meta, "object": "chat.completion.chunk", "choices": [choice]}
    choice = {"index": 0, "text": text or "", "finish_reason": reason, "logprobs": None}
    return {**meta, "object": "text_completion", "choices": [choice]}


def _event(obj: dict) -> str:
    return f"data: {json.dumps(obj, ensure_ascii=False)}\n\n"


async def _sse(
    engine: Engine,
    request_id: str,
    queue: asyncio.Queue[RequestOutput],
    operation: str,
    meta: dict,
    include_usage: bool,
) -> AsyncIterator[str]:
    finished = False
    try:
        if operation == "chat":
            yield _event(_chunk(operation, meta, "", None, True))
        while not finished:
            out = await queue.get()
            finished = out.finished
            if out.error:
                yield _event(error_body(out.error, "server_error"))
                break
            if out.text:
                yield _event(_chunk(operation, meta, out.text, None, False))
            if finished:
                yield _event(_chunk(operation, meta, None, out.finish_reason, False))
                if include_usage:
                    u = usage(out.prompt_tokens, out.completion_tokens, out.cached_tokens)
                    yield _event({**meta, "object": _obj(operation), "choices": [], "usage": u})
        yield "data: [DONE]\n\n"
    finally:
        if not finished:
            engine.abort(request_id)


def _obj(operation: str) -> str:
    return "chat.completion.chunk" if operation == "chat" else "text_completion"
