"""Who is calling: API keys for the OpenAI API, tenant keys, and the operator (admin) credential.

Three kinds of caller, decided once per request by ``AuthMiddleware`` (a pure ASGI middleware):

- **admin**: holds the admin key (``--admin-api-key``, ``--admin-api-key-file`` or
  ``KVSCOPE_ADMIN_API_KEY``) as ``Authorization: Bearer``, or arrives on the separate admin
  listener (``--admin-host``/``--admin-port``). Only admins reset, pin or see every prefix's text.
- **tenant**: holds a key from ``--tenant-keys`` (one ``<tenant> <key>`` a line); its requests
  are attributed to that tenant and salted under it, and it sees only its own prefixes.
- **client**: holds an ``--api-key`` (as vLLM: a shared key, e.g. a gateway's, which is then
  trusted to name the tenant in ``user``), or anyone when no key is configured.

With any key configured, every ``/v1/*`` request needs a valid one (401 otherwise); ``/health``
and ``/metrics`` stay open, as in vLLM. Keys are compared in constant time.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import NamedTuple

from starlette.requests import Request
from starlette.responses import JSONResponse

from kvscope.backend.safe_files import UnsafeFileError, read_text
from kvscope.backend.server.protocol import APIError, error_body
from kvscope.backend.server.validate import check_id

KEY_FILE_LIMIT = 1 << 20
ADMIN_FLAGS = "--admin-api-key (or --admin-api-key-file, KVSCOPE_ADMIN_API_KEY) or --admin-port"


class Caller(NamedTuple):
    admin: bool
    tenant: str | None  # from a tenant key: authoritative
    trusted_user: bool  # authenticated with a shared --api-key: its ``user`` names the tenant


ANONYMOUS = Caller(False, None, False)


@dataclass(slots=True)
class AuthConfig:
    api_keys: tuple[str, ...] = ()
    tenant_keys: dict[str, str] = field(default_factory=dict)  # key -> tenant
    admin_key: str | None = None
    admin_port: int | None = None  # requests arriving on this local port are admin

    @property
    def admin_configured(self) -> bool:
        return self.admin_key is not None or self.admin_port is not None

    @property
    def keys_required(self) -> bool:
        return bool(self.api_keys or self.tenant_keys)

    def identify(self, token: str | None, local_port: int | None) -> Caller | None:
        """The caller for a Bearer ``token`` on ``local_port``; None when a key is required
        and ``token`` is not one."""
        if self.admin_port is not None and local_port == self.admin_port:
            return Caller(True, None, True)
        if token is not None:
            if self.admin_key is not None and _same(token, self.admin_key):
                return Caller(True, None, True)
            for key, tenant in self.tenant_keys.items():
                if _same(token, key):
                    return Caller(False, tenant, False)
            if any(_same(token, key) for key in self.api_keys):
                return Caller(False, None, True)
        return None if self.keys_required else ANONYMOUS


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def read_key_file(path: str, what: str) -> str:
    """The first non-empty line of a key file; ValueError with a one-line message."""
    try:
        lines = read_text(path, KEY_FILE_LIMIT, "key file").splitlines()
    except UnsafeFileError as exc:
        raise ValueError(f"{what}: {exc}") from None
    key = next((line.strip() for line in lines if line.strip()), None)
    if not key:
        raise ValueError(f"{what} {path} is empty; put the key on its first line")
    return key


def read_tenant_keys(path: str) -> dict[str, str]:
    """``<tenant> <key>`` lines (``#`` comments) -> {key: tenant}; ValueError on a bad line."""
    try:
        text = read_text(path, KEY_FILE_LIMIT, "key file")
    except UnsafeFileError as exc:
        raise ValueError(f"--tenant-keys: {exc}") from None
    out: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"--tenant-keys {path}:{n}: write '<tenant> <key>' on each line")
        tenant, key = parts
        try:
            check_id(tenant, "a tenant name")
        except ValueError as exc:
            raise ValueError(f"--tenant-keys {path}:{n}: {exc}") from None
        if key in out:
            raise ValueError(f"--tenant-keys {path}:{n}: that key is already given to a tenant")
        out[key] = tenant
    if not out:
        raise ValueError(f"--tenant-keys {path} holds no '<tenant> <key>' line")
    return out


class AuthMiddleware:
    """Sets ``scope["state"]["caller"]``; refuses ``/v1/*`` without a valid key (401)."""

    def __init__(self, app, config: AuthConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = None
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                scheme, _, rest = value.decode("latin-1").partition(" ")
                if scheme.lower() == "bearer" and rest.strip():
                    token = rest.strip()
        server = scope.get("server") or (None, None)
        caller = self.config.identify(token, server[1])
        if caller is None:
            if scope["path"].startswith("/v1/"):
                message = (
                    "a valid API key is required: send 'Authorization: Bearer <key>'"
                    if token is None
                    else "the API key is not valid for this server"
                )
                body = error_body(message, "invalid_request_error", None, "invalid_api_key")
                await JSONResponse(body, 401)(scope, receive, send)
                return
            caller = ANONYMOUS
        scope.setdefault("state", {})["caller"] = caller
        await self.app(scope, receive, send)


def caller_of(request: Request) -> Caller:
    return request.scope.get("state", {}).get("caller", ANONYMOUS)


def require_admin(request: Request, config: AuthConfig) -> None:
    """403 unless the caller is an admin; the message names the flag that enables it."""
    if caller_of(request).admin:
        return
    if not config.admin_configured:
        message = (
            f"this is an operator endpoint and no admin credential is set; start with {ADMIN_FLAGS}"
        )
    elif config.admin_key is None:
        message = "this is an operator endpoint: call it on the admin listener (--admin-port)"
    else:
        message = "this is an operator endpoint: send the admin key as 'Authorization: Bearer'"
    raise APIError(403, message, "permission_error", code="admin_required")
