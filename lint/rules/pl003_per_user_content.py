"""PL003 per-user-content: names, emails, user ids, locale or timezone early in the prompt.

Per-user values in the system prompt or tools split the cache per user: nobody shares the
prefix after them, so a 900-token system prompt is recomputed for every user.

Bad (Prompty)::

    system:
    You are helping {{user_name}} ({{user_email}}), locale {{locale}}.
    <long instructions>

Good: instructions first and fixed; user details in the user turn::

    system:
    <long instructions>
    user:
    (user: {{user_name}}, locale {{locale}}) {{question}}

Detects: placeholders whose names read as user/customer/tenant details (`user_name`, `email`,
`customer_id`, `locale`, `timezone`, `name`), "user's name is ..." phrases, and literal email
addresses in captured requests; in Python, such names interpolated into a system prompt.
"""

from __future__ import annotations

from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem
from kvscope.lint.rules.common import RuleContext, volatile_for

CODE = "PL003"
NAME = "per-user-content"
SEVERITY = "warning"
FIXABLE = False
SUMMARY = "Per-user or per-tenant content in the system prompt or tools"


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    yield from volatile_for(doc, CODE)
