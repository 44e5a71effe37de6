"""Agent-framework switches that write a clock into the system message (PL001).

    agent = Agent(model=model, instructions=INSTRUCTIONS, add_datetime_to_context=True)

No text of the module holds the date: the framework adds it when it builds the system message,
on every run. agno writes "The current time is ..." into the system message for
`add_datetime_to_context=True` (`add_datetime_to_instructions=True` in its older releases and
in phidata). What follows the date is the framework's, not the module's: no floor applies.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem

# keyword -> the framework that reads it
CLOCK_SWITCHES = {
    "add_datetime_to_context": "agno",
    "add_datetime_to_instructions": "agno (phidata)",
}


def check_switches(scan, node: ast.Call) -> Iterator[Problem]:
    for kw in node.keywords:
        framework = CLOCK_SWITCHES.get(kw.arg or "")
        if framework is None:
            continue
        if not (isinstance(kw.value, ast.Constant) and kw.value.value is True):
            continue  # off, or set from a setting: judged where the setting is
        start, end = scan.span(kw)  # `add_datetime_to_context=True`, as written
        msg = (
            f"`{kw.arg}=True` makes {framework} write the current date and time into the "
            "system message on every run; every request gets a new prefix from there on. "
            "Turn it off and put the date in the last user turn, rounded to the day"
        )
        yield Problem("PL001", start, end, msg, None, None, None, None, True)
