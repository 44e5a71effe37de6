"""PL003 per-user-content: per-user or per-request content early in the prompt.

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

Detects: placeholders whose names read as user/customer/tenant details, owned by the user
(`user_name`, `email`, `customer_id`, `locale`, `timezone`, `working_directory`; not
`notes_on_user_uploaded_files` or a tool's name), per-request content (`{question}`,
`{chat_history}`, `{retrieved_context}`, loops over `conversation` and the items they render),
values inside `{% include %}`d partials (reported on the include line), per-user settings written
out ("The user's name is ...", "User locale: es-ES", "write in this language: english"),
literal email addresses in captured requests; in Python, such values, per-user calls
(`getpass.getuser()`, `locale.getlocale()`, the machine's `platform.uname()`) and the `str`
parameters of prompt-building functions (`def action_prompt(current_action: str)`) reaching a
system prompt. Text only sent as the user message (`USER_PROMPT`, `HUMAN_TEMPLATE`; not a
`USER_PREFERENCES_PROMPT` section about the user) is not reported.
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
SUMMARY = "Per-user, per-tenant or per-request content in the system prompt or tools"


def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    yield from volatile_for(doc, CODE)
