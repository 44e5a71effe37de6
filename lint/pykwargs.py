"""A value handed to a call as its system prompt (kvscope.lint.pyrules): `Agent(template=date)`.

    date = datetime.now().strftime("The current date is %Y-%m-%d.")
    agent = SearchAgent(llm=llm, template=date, max_turns=10)

The keyword (`system=`, `instructions=`, `system_prompt=`, `template=`, ...) says the value is
the prompt, whatever the class; a name or call the module shows to be a clock, an id or
per-user data is reported there. Only evidence counts (a value's name alone does not), and
what the callee puts after the value is not known here: no floor applies. A prompt the module
writes itself (`prompt = f"... Today's date is {current_date}. ..."`, then
`create_agent(system_prompt=prompt)`) is judged at its own fields, where the text after the
value is known: it is not reported again at the keyword. A prompt object whose text the module
sends only as the user turn (`PromptTemplate(template=t)` handed to a document chain that
renders it to its one message) carries no system text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem
from kvscope.lint.pycallees import local_function
from kvscope.lint.pyroles import user_turn


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
        if _written_here(scan, kw.value) or _enters_here(scan, kw.value, kind):
            continue
        if part == "template" and user_turn(scan.sinks.walk(node, obj=True)):
            continue  # `PromptTemplate(template=t)` rendered to the one user message
        found = problem(scan, kind, kw.value, "system" if part == "template" else part, "{}", 0)
        yield found._replace(fragment=True)


def _written_here(scan, value: ast.AST) -> bool:
    """`value` names prompt text the module writes itself: every binding of the name is an
    f-string read as prompt text, whose fields are reported where they stand."""
    from kvscope.lint.pyscan import CACHEABLE

    if not isinstance(value, ast.Name):
        return False
    built = scan.assigns.get(value.id, ())
    return bool(built) and all(
        isinstance(v, ast.JoinedStr) and scan.prompt_part(v) in CACHEABLE for v in built
    )


def _enters_here(scan, value: ast.AST, kind: str, depth: int = 0) -> bool:
    """`value` names text some binding of which writes the value in, in this module:
    `system_message = system_message + "\n" + f"Today's date is {datetime.now():%d %B %Y}"`
    is judged at its field, with its cost (a date closing the text is below the floor), not
    again at the keyword. An attribute set from a method or function of the module
    (`self.system_prompt = self.__modify_system_prompt(ltm)`), and a call of one, are followed
    to what that function returns (`system_prompt += f"\nToday's date is: {today_date}"`)."""
    if depth > 3:
        return False
    if isinstance(value, ast.Call):
        found = local_function(scan.tree, scan.parents, value)  # `self._with_date()`, `build()`
        return found is not None and any(
            isinstance(sub, ast.Return)
            and sub.value is not None
            and _enters_here(scan, sub.value, kind, depth + 1)
            for sub in ast.walk(found[0])
        )
    if isinstance(value, ast.Attribute) and ast.unparse(value.value) == "self":
        return any(
            _enters_here(scan, bound, kind, depth + 1)
            for bound in scan.attr_assigns.get(value.attr, ())
        )
    if not isinstance(value, ast.Name):
        return _writes(scan, value, kind)
    bound = list(scan.assigns.get(value.id, ()))
    bound += [
        node.value
        for node in ast.walk(scan.tree)
        if isinstance(node, ast.AugAssign) and ast.unparse(node.target) == value.id
    ]
    return any(_writes(scan, b, kind) for b in bound)


def _writes(scan, node: ast.AST, kind: str) -> bool:
    """`node` holds an f-string field that writes a value of `kind` into the text."""
    return any(
        isinstance(sub, ast.FormattedValue) and scan.call_kind(sub.value) == kind
        for sub in ast.walk(node)
    )
