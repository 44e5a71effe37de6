"""PL002 volatile-identifier: a UUID, request/trace/session id or random nonce in the prefix.

An id that is new on every request shares no tokens with the last request from that point on.

Bad (OpenAI request JSON)::

    {"messages": [{"role": "system",
                   "content": "request 9b2f0c1e-4a7d-4e43-9a0e-2f7c1d3b5a66. You are ..."}]}

Good: put ids in request metadata (`metadata`, `user`, headers), never in prompt text::

    {"metadata": {"request_id": "9b2f0c1e-..."},
     "messages": [{"role": "system", "content": "You are ..."}]}

Detects: UUIDs, prefixed ids (`req_…`, `trace-…`, `session_…`, `chatcmpl-…`), long hex ids;
placeholders such as `{{ request_id }}`, `{session_id}`, `{{ nonce }}`, `{{ uuid }}`; in Python,
`uuid4()`, `secrets.token_hex()`, `random.*`, `os.urandom()` flowing into a prompt.
"""

from __future__ import annotations

from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem
from kvscope.lint.rules.common import RuleContext, volatile_for

CODE = "PL002"
NAME = "volatile-identifier"
SEVERITY = "error"
FIXABLE = False
SUMMARY = "UUID, request/trace/session id or random nonce in the cacheable prefix"


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    yield from volatile_for(doc, CODE)
