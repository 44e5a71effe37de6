"""A prompt constant sent exactly as written: its braces are text, not placeholders.

    SYSTEM_PROMPT = \"\"\"... Use Vue like so:
    <div id="app">{{ message }}</div> ...\"\"\"

    messages = [{"role": "system", "content": system_prompt.SYSTEM_PROMPT}, ...]

A `{{ message }}` or `{name}` in a Python string is a placeholder only if something renders the
string (`.format`, a template engine, a prompt class). When the module binds the string once,
at its top level, and every read of the name, here and in the project's modules that import it
(kvscope.lint.pyimporters), is a message's whole content as it is
(kvscope.lint.pyroles.verbatim_content), nothing renders it: the text is the same on every
request, whatever it shows. A name read nowhere, or read once in any other way, says nothing.
"""

from __future__ import annotations

import ast


def sent_verbatim(scan, node: ast.Constant) -> bool:
    """`node` is the whole value of a top-level `NAME = "..."` that is only ever sent as a
    message's content, unrendered."""
    from kvscope.lint.pyimporters import importer_use
    from kvscope.lint.pyroles import verbatim_content

    stmt = scan.parents.get(node)
    if not (
        isinstance(stmt, ast.Assign)
        and stmt.value is node
        and scan.parents.get(stmt) is scan.tree
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        return False
    name = stmt.targets[0].id
    if len(scan.assigns.get(name, ())) != 1:
        return False  # bound again: the other value may be rendered
    reads = [n for n in scan.uses.get(name, ()) if isinstance(n, ast.Name)]
    if not all(verbatim_content(scan.parents, r) for r in reads):
        return False
    if _templated(scan, name):
        return False  # its message is one of a prompt template's, which renders it
    use = importer_use(scan.path, name) if scan.path is not None else None
    if use is None:
        return bool(reads)
    return use.verbatim


def _templated(scan, name: str) -> bool:
    """A top-level prompt template object is built from the messages holding `name`
    (`ChatPromptTemplate(message_templates=[ChatMessage(content=NAME, ...)])`)."""
    from kvscope.lint.pyflow import dotted
    from kvscope.lint.pyimportfills import holders
    from kvscope.lint.pyroles import prompt_wrapper

    held = set(holders(scan, [name]))
    for stmt in scan.tree.body:
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
            targets = {t.id for t in stmt.targets if isinstance(t, ast.Name)}
            if targets & held and prompt_wrapper(dotted(stmt.value.func)[1]):
                return True
    return False
