"""The rule table. Each rule is a module with CODE, NAME, SEVERITY, FIXABLE, a docstring that
is its documentation page (with bad and good examples), and `check(doc, ctx)` yielding Problems.

Codes and names are a cross-team contract (measure links near-misses to them): never renumber.
"""

from __future__ import annotations

from kvscope.lint.rules import (
    pl001_volatile_timestamp,
    pl002_volatile_identifier,
    pl003_per_user_content,
    pl004_unstable_tool_order,
    pl005_unsorted_json_keys,
    pl006_conditional_system_section,
    pl007_cache_breakpoint_misuse,
    pl008_prefix_below_minimum,
)

RULES = (
    pl001_volatile_timestamp,
    pl002_volatile_identifier,
    pl003_per_user_content,
    pl004_unstable_tool_order,
    pl005_unsorted_json_keys,
    pl006_conditional_system_section,
    pl007_cache_breakpoint_misuse,
    pl008_prefix_below_minimum,
)
BY_CODE = {rule.CODE: rule for rule in RULES}
BY_NAME = {rule.NAME: rule for rule in RULES}


def resolve_selectors(selectors: tuple[str, ...] | list[str]) -> set[str]:
    """Codes matched by selectors: a code, a code prefix ("PL00"), a rule name, or "ALL"."""
    out: set[str] = set()
    for sel in selectors:
        sel = sel.strip()
        if sel.upper() == "ALL":
            out |= set(BY_CODE)
        elif sel in BY_NAME:
            out.add(BY_NAME[sel].CODE)
        elif sel:
            out |= {code for code in BY_CODE if code.startswith(sel.upper())}
    return out
