"""OpenAPI links between the server's operations, for clients and stateful API testers.

A link says "after this call, that call makes sense, with these values": a completion is
followed by the cache's stats (with ``check=true``) and by the caller's own prefixes (``user``
from the request), a chat completion also by pinning its messages; a pin by its undo (the same
body with ``unpin: true``) and by the prefix list; a reset by the stats. Schemathesis' stateful
mode walks these links, so sequences such as chat -> pin -> unpin -> reset -> stats are
generated, not only single calls.
"""

from __future__ import annotations

from typing import Any


def _ref(path: str, method: str) -> str:
    return "#/paths/" + path.replace("~", "~0").replace("/", "~1") + "/" + method


STATS = {"operationRef": _ref("/v1/cache/stats", "get"), "parameters": {"check": True}}
PREFIXES = {"operationRef": _ref("/v1/cache/prefixes", "get")}
OWN_PREFIXES = {**PREFIXES, "parameters": {"user": "$request.body#/user"}}
UNPIN = {
    "operationRef": _ref("/v1/cache/pin", "post"),
    "requestBody": {
        "text": "$request.body#/text",
        "token_ids": "$request.body#/token_ids",
        "messages": "$request.body#/messages",
        "cache_salt": "$request.body#/cache_salt",
        "unpin": True,
    },
}
PIN_PROMPT = {
    "operationRef": _ref("/v1/cache/pin", "post"),
    "requestBody": {
        "messages": "$request.body#/messages",
        "cache_salt": "$request.body#/cache_salt",
    },
}

LINKS: dict[tuple[str, str], dict[str, dict]] = {
    ("/v1/completions", "post"): {"CacheStats": STATS, "OwnPrefixes": OWN_PREFIXES},
    ("/v1/chat/completions", "post"): {
        "CacheStats": STATS,
        "OwnPrefixes": OWN_PREFIXES,
        "PinPrompt": PIN_PROMPT,
    },
    ("/v1/cache/pin", "post"): {"Unpin": UNPIN, "Prefixes": PREFIXES, "CacheStats": STATS},
    ("/v1/cache/reset", "post"): {"CacheStats": STATS, "Prefixes": PREFIXES},
}


def add_links(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with ``links`` on each linked operation's 200 response (in place)."""
    paths = schema.get("paths", {})
    for (path, method), links in LINKS.items():
        operation = paths.get(path, {}).get(method)
        if operation is None:
            continue
        ok = operation.setdefault("responses", {}).setdefault("200", {"description": "OK"})
        ok["links"] = links
    return schema
