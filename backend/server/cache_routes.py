"""Cache routes for tools (the inspector, the demo): stats, hot prefixes, reset, pin.

All of them take the engine's lock, so they see a consistent cache between two steps. Reset and
pin are operator (admin) endpoints; ``prefixes`` shows every prefix's text to an admin and only
its own prefixes to a tenant (``tenants`` narrowed to the caller); anyone else gets a 403 that
names the flag to set. ``stats`` holds counts only, no prompt text.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from fastapi import APIRouter, Depends, Query, Request

from kvscope.backend.chat import ChatRequestError, request_tokens
from kvscope.backend.prefix_keys import ExtraKeys
from kvscope.backend.server.auth import ADMIN_FLAGS, AuthConfig, Caller, caller_of, require_admin
from kvscope.backend.server.protocol import APIError, PinRequest
from kvscope.backend.server.requests import tenant_salt
from kvscope.backend.server.validate import check_id

MAX_TOP = 1000
MAX_PINNED_FRACTION = 0.5  # default share of the device tier that pins may hold


def jsonable(value: Any) -> Any:
    """Plain JSON data from the cache's NamedTuples, dataclasses and bytes hashes."""
    if isinstance(value, bytes):
        return value.hex()
    if hasattr(value, "_asdict"):
        return {k: jsonable(v) for k, v in value._asdict().items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if isinstance(value, float | int | str | bool) or value is None:
        return value
    return str(value)


def cache_router(
    engine,
    auth: AuthConfig | None = None,
    max_pinned_fraction: float = MAX_PINNED_FRACTION,
    special_in_content: bool = False,
) -> APIRouter:
    auth = auth or AuthConfig()
    router = APIRouter(prefix="/v1/cache", tags=["cache"])
    pins: dict[tuple, int] = {}  # (tokens, extra) -> blocks, guarded by engine.lock

    def _stats(check: bool) -> dict:
        with engine.lock:
            out = {
                "model": engine.model_name,
                "block_size": engine.config.block_size,
                "scheduler": engine.snapshot(),
                "blocks": engine.cache_tiers().get("GPU", {}),
                "tiers": engine.cache_tiers(),
                "cache": jsonable(engine.cache.stats()),
            }
            if check:
                try:
                    engine.cache.check_integrity()
                    out["integrity"] = "ok"
                except AssertionError as exc:
                    out["integrity"] = f"broken: {exc}"
        return out

    def _prefixes(top: int, tenant: str | None) -> dict:
        with engine.lock:
            # a tenant's view filters the whole cache, so its top N are its own top N
            rows = engine.cache.top_prefixes(top if tenant is None else 1 << 30)
        out = []
        for row in rows:
            item = jsonable(row)
            if tenant is not None:
                if tenant not in (item.get("tenants") or ()):
                    continue
                item["tenants"] = [tenant]
            item["text"] = engine.tokenizer.decode(list(row.first_token_ids))
            out.append(item)
            if len(out) >= top:
                break
        return {"model": engine.model_name, "prefixes": out}

    def _pin(body: PinRequest) -> dict:
        if body.cache_salt == "":
            raise APIError(400, "Parameter 'cache_salt' must be a non-empty string if provided.")
        given = [x is not None for x in (body.text, body.token_ids, body.messages)]
        if sum(given) != 1:
            raise APIError(400, "give exactly one of 'text', 'token_ids' or 'messages'")
        try:
            if body.messages is not None:
                raw = {"messages": [m.model_dump(exclude_none=True) for m in body.messages]}
                tokens = request_tokens(
                    raw, engine.tokenizer, special_in_content=special_in_content
                )
            elif body.text is not None:
                tokens = engine.tokenizer.encode(body.text, allow_special=True)
            else:
                tokens = list(body.token_ids or [])
        except ChatRequestError as exc:
            raise APIError(400, str(exc)) from None
        vocab = int(getattr(engine.tokenizer, "vocab_size", 0) or 0)
        if any(t < 0 or (vocab and t >= vocab) for t in tokens):
            raise APIError(400, f"token ids must be in [0, {vocab})", param="token_ids")
        if len(tokens) < engine.config.block_size:
            raise APIError(
                400,
                f"a pinned prefix needs at least one full block ({engine.config.block_size} "
                f"tokens); this one has {len(tokens)}",
            )
        owner = Caller(False, body.tenant, False)
        extra = ExtraKeys(
            model=engine.model_name, lora=body.lora, salt=tenant_salt(owner, body.cache_salt)
        )
        key, blocks = (tuple(tokens), extra), len(tokens) // engine.config.block_size
        limit = int(engine.config.num_blocks * max_pinned_fraction)
        with engine.lock:
            if body.unpin:
                if key not in pins:
                    raise APIError(404, "that prefix is not pinned", "not_found_error")
                engine.cache.unpin(tokens, extra)
                pins[key] -= 1
                if not pins[key]:
                    del pins[key]
                return {"pinned": False, "num_tokens": len(tokens)}
            held = sum(len(toks) for toks, _ in pins) // engine.config.block_size
            if key not in pins and held + blocks > limit:
                raise APIError(
                    409,
                    f"pinning {blocks} more blocks would exceed {limit} pinned blocks "
                    f"({max_pinned_fraction:g} of the device tier, --max-pinned-fraction); "
                    "unpin a prefix first",
                    code="pin_limit",
                )
            cached = engine.cache.pin(tokens, extra)
            pins[key] = pins.get(key, 0) + 1
        return {"pinned": True, "num_tokens": len(tokens), "cached_blocks": jsonable(cached)}

    @router.get("/stats")
    async def stats(check: bool = Query(default=False, description="run check_integrity()")):
        return await asyncio.to_thread(_stats, check)

    @router.get("/prefixes", responses={403: {}})
    async def prefixes(
        request: Request,
        top: int = Query(default=10, ge=1, le=MAX_TOP),
        user: str | None = Query(default=None, max_length=256, description="tenant (gateways)"),
    ) -> dict:
        caller = caller_of(request)
        tenant = None
        if not caller.admin:
            tenant = caller.tenant
            if tenant is None and caller.trusted_user and user is not None:
                try:
                    tenant = check_id(user, "user")
                except ValueError as exc:
                    raise APIError(400, str(exc), param="user") from None
            if tenant is None:
                raise APIError(
                    403,
                    "prefixes show prompt text: send the admin key, a tenant key (--tenant-keys), "
                    f"or 'user' with an --api-key; or start the server with {ADMIN_FLAGS}",
                    "permission_error",
                    code="admin_required",
                )
        return await asyncio.to_thread(_prefixes, top, tenant)

    def admin(request: Request) -> None:
        require_admin(request, auth)

    @router.post("/reset", responses={403: {}}, dependencies=[Depends(admin)])
    async def reset() -> dict:

        def run() -> dict:
            with engine.lock:
                result = engine.cache.reset()
            return {"reset": bool(result) if isinstance(result, bool) else True}

        return await asyncio.to_thread(run)

    @router.post("/pin", responses={400: {}, 403: {}, 409: {}}, dependencies=[Depends(admin)])
    async def pin(body: PinRequest) -> dict:
        return await asyncio.to_thread(_pin, body)

    return router
