"""The request stream: sessions of a chat product and a code assistant, one dict per request.

Each request is ``{"timestamp", "request_id", "tenant", "route", "session", "model", "messages",
"tools" (only when present), "max_tokens"}``. A pool of ``concurrency`` live sessions is kept;
each request either opens a session or continues a random live one, and every turn re-sends the
session's history, as chat clients do:

- chat: the tenant's ~900-token system prompt (tools in the system turn for some tenants), the
  history, then the new user message. Retrieval sessions put fresh knowledge-base excerpts in
  the newest user message and keep only the question in the history, so their excerpts are
  never a repeated prefix.
- code: the code system prompt and tools, then the first user turn holding the repository files
  (the same files across the session's 10-30 turns; sessions of a repo start from the same few
  files), then the history. On most turns (``code_edit_share``) the last patch has changed one of
  the files, so the context is re-sent with that file edited: the prefix holds up to that file.

Memory is bounded by the live sessions, so a million requests stream in constant space.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

from kvscope.backend.workload import corpus
from kvscope.backend.workload.config import WorkloadConfig
from kvscope.backend.workload.prompts import (
    HEADERS,
    TenantAssets,
    render_template,
    tenant_assets,
)


class _Session:
    __slots__ = ("ask", "files", "history", "id", "rag", "route", "tenant", "turns_left")

    def __init__(self, sid: str, tenant: TenantAssets, route: str, turns: int, rag: bool) -> None:
        self.id = sid
        self.tenant = tenant
        self.route = route
        self.turns_left = turns
        self.rag = rag
        self.history: list[dict] = []
        self.files: list[tuple[str, str]] = []
        self.ask = ""


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _context(files: list[tuple[str, str]]) -> str:
    blocks = [f'<file path="{path}">\n{text}\n</file>' for path, text in files]
    return "Here are the repository files I have open:\n\n" + "\n\n".join(blocks)


class _Generator:
    def __init__(self, config: WorkloadConfig) -> None:
        self.c = config
        self.rng = random.Random(f"workload:{config.seed}")
        self.tenants = [tenant_assets(config, t) for t in config.tenant_names]
        self.live: list[_Session] = []
        self.sessions = 0
        self.deploy = config.deploy_time()

    def _open(self) -> _Session:
        rng, c = self.rng, self.c
        self.sessions += 1
        tenant = rng.choice(self.tenants)
        sid = f"s-{self.sessions:06d}"
        if rng.random() < c.code_session_share:
            s = _Session(sid, tenant, "code", rng.randint(*c.code_turns), False)
            repo = rng.choice(tenant.repos)
            budget = corpus.lognormal(rng, c.scale * c.code_context_tokens, 0.7, c.scale * 26000)
            i = min(rng.choice((0, 0, 0, 1, 2, 4)), len(repo) - 1)
            while i < len(repo) and (budget > 0 or not s.files):
                s.files.append(repo[i])
                budget -= len(repo[i][1]) / 3.6
                i += 1
            return s
        turns = 1 + min(int(rng.expovariate(1 / (c.chat_turns_mean - 1))), 40)
        return _Session(sid, tenant, "chat", turns, rng.random() < c.rag_share)

    def _system(self, s: _Session, ts: float, rid: str) -> str:
        text = s.tenant.code_system if s.route == "code" else s.tenant.chat_system
        bad = self.c.bad_deploy if self.deploy is not None and ts >= self.deploy else None
        if bad in HEADERS:
            text = render_template(HEADERS[bad], _iso(ts), rid) + text
        return text

    def _tools(self, s: _Session, ts: float) -> list[dict] | None:
        tools = s.tenant.code_tools if s.route == "code" else s.tenant.chat_tools
        if tools and self.c.bad_deploy == "tools_reordered" and ts >= (self.deploy or 0):
            tools = list(tools)
            self.rng.shuffle(tools)
        return tools

    def _turn(self, s: _Session) -> tuple[dict, dict]:
        """(message sent now, message kept in the history)."""
        rng, c = self.rng, self.c
        ask = corpus.user_message(rng, corpus.lognormal(rng, c.scale * c.user_tokens, 0.8, 2000))
        if s.route == "code":
            if not s.history:
                s.ask = ask
                msg = {"role": "user", "content": _context(s.files) + "\n\n" + ask}
                return msg, msg
            if rng.random() < c.code_edit_share:
                k = rng.randrange(len(s.files))
                path, text = s.files[k]
                s.files[k] = (path, text + f"\n# edited: {corpus.question(rng)}\n")
                s.history[0] = {"role": "user", "content": _context(s.files) + "\n\n" + s.ask}
            msg = {"role": "user", "content": ask}
            return msg, msg
        if s.rag:
            excerpts = corpus.prose(rng, corpus.lognormal(rng, c.scale * c.rag_tokens, 0.5, 6000))
            sent = f"Knowledge-base excerpts:\n<context>\n{excerpts}\n</context>\n\n{ask}"
            return {"role": "user", "content": sent}, {"role": "user", "content": ask}
        msg = {"role": "user", "content": ask}
        return msg, msg

    def _reply(self, s: _Session) -> dict:
        rng, c = self.rng, self.c
        n = corpus.lognormal(rng, c.scale * c.reply_tokens, 0.6, 3000)
        text = corpus.prose(rng, n * (0.5 if s.route == "code" else 1), bullets=rng.random() < 0.3)
        if s.route == "code":
            path = rng.choice(s.files)[0]
            text += f"\n\n```python\n{corpus.python_file(rng, path, n * 0.5)}\n```"
        return {"role": "assistant", "content": text}

    def request(self, index: int, ts: float) -> dict:
        rng, c = self.rng, self.c
        while len(self.live) < c.concurrency:
            self.live.append(self._open())
        s = rng.choice(self.live)
        rid = f"req-{index:06d}"
        sent, kept = self._turn(s)
        messages = [{"role": "system", "content": self._system(s, ts, rid)}, *s.history, sent]
        body: dict = {
            "timestamp": ts,
            "request_id": rid,
            "tenant": s.tenant.name,
            "route": s.route,
            "session": s.id,
            "model": c.model,
            "messages": messages,
        }
        tools = self._tools(s, ts)
        if tools:
            body["tools"] = tools
        body["max_tokens"] = 2048 if s.route == "code" else rng.choice((256, 512, 1024))
        s.history += [kept, self._reply(s)]
        s.turns_left -= 1
        if s.turns_left <= 0:
            self.live.remove(s)
        return body


def generate(config: WorkloadConfig | None = None, **options: object) -> Iterator[dict]:
    """Stream the requests of ``config`` (or ``WorkloadConfig(**options)``), oldest first."""
    config = config or WorkloadConfig(**options)  # type: ignore[arg-type]
    gen = _Generator(config)
    ts = config.start
    for i in range(1, config.requests + 1):
        ts += gen.rng.expovariate(config.rate)
        yield gen.request(i, round(ts, 3))  # decisions use the timestamp the log shows
