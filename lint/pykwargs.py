"""A value handed to a call as its system prompt (kvscope.lint.pyrules): `Agent(template=date)`.

    date = datetime.now().strftime("The current date is %Y-%m-%d.")
    agent = SearchAgent(llm=llm, template=date, max_turns=10)

The keyword (`system=`, `instructions=`, `system_prompt=`, `template=`, ...) says the value is
the prompt, whatever the class; a name or call the module shows to be a clock, an id or
per-user data is reported there. Only evidence counts (a value's name alone does not), and
what the callee puts after the value is not known here: no floor applies.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem


def check_prompt_kwargs(scan, node: ast.Call) -> Iterator[Problem]:
    from kvscope.lint.pypart import KWARG_PARTS
    from kvscope.lint.pyreport import problem
    from kvscope.lint.pyscan import CACHEABLE

    for kw in node.keywords:
        part = KWARG_PARTS.get(kw.arg or "")
        if part not in CACHEABLE or not isinstance(kw.value, ast.Name | ast.Attribute | ast.Call):
            continue
        kind = scan.call_kind(kw.value)
        if kind is None or kind == "argument":
            continue  # a prompt builder's own text parameter is judged where it is built
        found = problem(scan, kind, kw.value, "system" if part == "template" else part, "{}", 0)
        yield found._replace(fragment=True)
