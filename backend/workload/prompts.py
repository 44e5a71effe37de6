"""Per-tenant assets: system-prompt templates, tools and repositories, derived from the seed.

A tenant's assets depend only on ``(seed, scale, tenant)`` and the length settings, never on the
order requests are generated in, so ``system_prompt_template`` gives the demo exactly the text
the generator used. Tenants whose index is a multiple of ``public_prompt_every`` (after the first)
share one public chat prompt; the others each have their own.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from kvscope.backend.workload import corpus
from kvscope.backend.workload.config import BAD_DEPLOYS, WorkloadConfig, WorkloadError

HEADERS = {
    "timestamp": "Current time: {{ current_time }}\n\n",
    "request_id": "Request ID: {{ request_id }}\n\n",
}
CODE_TOOL_NAMES = (
    "read_file",
    "search_repository",
    "run_tests",
    "apply_patch",
    "list_directory",
    "open_pull_request",
)


class TenantAssets(NamedTuple):
    name: str
    public_prompt: bool
    chat_system: str
    code_system: str
    chat_tools: list[dict] | None
    code_tools: list[dict]
    repos: list[list[tuple[str, str]]]


def _rng(config: WorkloadConfig, *parts: object) -> random.Random:
    return random.Random(":".join(str(p) for p in (config.seed, config.scale, *parts)))


def uses_public_prompt(config: WorkloadConfig, tenant: str) -> bool:
    index = config.tenant_names.index(tenant)
    return index > 0 and index % config.public_prompt_every == 0


def _chat_body(config: WorkloadConfig, tenant: str) -> str:
    public = uses_public_prompt(config, tenant)
    rng = _rng(config, "public" if public else tenant, "chat-system")
    who = "a customer" if public else f"{tenant.capitalize()}'s customer"
    n = config.system_tokens
    return (
        f"You are {who} support assistant. Answer questions about accounts, billing, "
        "orders and the product. Be accurate, friendly and brief.\n\n"
        f"## Guidelines\n{corpus.prose(rng, config.scale * n * 0.35, bullets=True)}\n\n"
        f"## Product knowledge\n{corpus.prose(rng, config.scale * n * 0.55)}\n\n"
        "If you are unsure, say so and offer to open a support ticket."
    )


def _code_body(config: WorkloadConfig, tenant: str) -> str:
    rng = _rng(config, tenant, "code-system")
    return (
        f"You are {tenant.capitalize()}'s coding assistant. You read the repository files the "
        "user shares, explain them and propose minimal, tested patches.\n\n"
        f"## Conventions\n{corpus.prose(rng, config.scale * config.code_system_tokens * 0.8)}"
    )


def system_prompt_template(
    tenant: str,
    bad: bool | str = False,
    config: WorkloadConfig | None = None,
    route: str = "chat",
) -> str:
    """The system-prompt template a tenant's route used before (``bad=False``) or after a bad
    deploy (``bad=True`` or ``"timestamp"``: ``{{ current_time }}`` at the top; ``"request_id"``:
    ``{{ request_id }}`` at the top; ``"tools_reordered"`` leaves the text unchanged).
    """
    config = config or WorkloadConfig()
    if tenant not in config.tenant_names:
        raise WorkloadError(f"unknown tenant {tenant!r}; this workload has {config.tenant_names}")
    kind = "timestamp" if bad is True else (bad or None)
    if kind is not None and kind not in BAD_DEPLOYS:
        raise WorkloadError(f"unknown bad deploy {kind!r}; choose one of {', '.join(BAD_DEPLOYS)}")
    body = _code_body(config, tenant) if route == "code" else _chat_body(config, tenant)
    return HEADERS.get(kind or "", "") + body


def render_template(template: str, current_time: str = "", request_id: str = "") -> str:
    """Fill the volatile variables of a system-prompt template."""
    return template.replace("{{ current_time }}", current_time).replace(
        "{{ request_id }}", request_id
    )


def tenant_tools(tenant: str, route: str, config: WorkloadConfig) -> list[dict] | None:
    """The tools a tenant's route sends, in their canonical order (None: no tools)."""
    index = config.tenant_names.index(tenant)
    if route == "code":
        rng = _rng(config, tenant, "code-tools")
        tools = []
        for name in CODE_TOOL_NAMES:
            tool = corpus.tool_schema(rng)
            tool["function"]["name"] = name
            tools.append(tool)
        return tools
    if index % 2:
        return None
    rng = _rng(config, tenant, "chat-tools")
    return [corpus.tool_schema(rng) for _ in range(rng.randint(3, 5))]


def _repos(config: WorkloadConfig, tenant: str) -> list[list[tuple[str, str]]]:
    repos = []
    for r in range(2):
        rng = _rng(config, tenant, "repo", r)
        files = []
        for _ in range(rng.randint(14, 26)):
            size = corpus.lognormal(rng, config.scale * 1300, 0.6, config.scale * 5000)
            path = corpus.file_path(rng)
            files.append((path, corpus.python_file(rng, path, size)))
        repos.append(files)
    return repos


def tenant_assets(config: WorkloadConfig, tenant: str) -> TenantAssets:
    """Everything a tenant's requests reuse. Deterministic in (config, tenant)."""
    return TenantAssets(
        name=tenant,
        public_prompt=uses_public_prompt(config, tenant),
        chat_system=system_prompt_template(tenant, False, config, "chat"),
        code_system=system_prompt_template(tenant, False, config, "code"),
        chat_tools=tenant_tools(tenant, "chat", config),
        code_tools=tenant_tools(tenant, "code", config) or [],
        repos=_repos(config, tenant),
    )
