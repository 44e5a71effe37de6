"""Placeholders that Google's Agent Development Kit fills from the session's state.

    root_agent = Agent(model="gemini-2.0-flash", instruction=prompt.ROOT_AGENT_INSTR)

ADK renders an agent's `instruction` (and `global_instruction`) before every model call,
replacing each `{key}` with the session state's value for it, and sends the result as the
system instruction. Nothing in the project calls `.format()` on such a text, and the key's
name often says nothing (`{itinerary}`, set by a tool or a callback): the framework's own
convention is the evidence. A key is per session, so no two users share the prefix after it;
`{user:key}` is per user, `{temp:key}` lives for one invocation, and `{app:key}` is shared by
every user of the app (fixed per deploy). `static_instruction`, which ADK sends unrendered so
that it can be cached, is not read. The reads are the text itself or a module constant's,
here or in the modules importing it (kvscope.lint.pyimporters), in a module importing
`google.adk`.
"""

from __future__ import annotations

import ast
import re

INSTRUCTION_KWARGS = frozenset(["instruction", "global_instruction"])
_KEY_RE = re.compile(r"\{+\s*(?:(app|user|temp):)?([A-Za-z_][\w.]*)\??\s*\}+")


def state_filled(scan, node: ast.AST) -> bool:
    """The text `node` (or the module constant it is bound to) is an ADK agent's instruction."""
    from kvscope.lint.pyhistory import reads_of

    if any(instruction_read(scan.parents, r, scan.tree) for r in reads_of(scan, node)):
        return True
    stmt = scan.parents.get(node)
    if scan.path is None or not isinstance(stmt, ast.Assign) or stmt.value is not node:
        return False
    if scan.parents.get(stmt) is not scan.tree:
        return False
    from kvscope.lint.pyimporters import importer_use

    names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    return any((use := importer_use(scan.path, n)) is not None and use.state for n in names)


def instruction_read(parents: dict, read: ast.AST, tree: ast.Module) -> bool:
    """`read` is the `instruction=` of a call in a module that imports ADK."""
    kw = parents.get(read)
    return (
        isinstance(kw, ast.keyword)
        and kw.arg in INSTRUCTION_KWARGS
        and isinstance(parents.get(kw), ast.Call)
        and imports_adk(tree)
    )


def imports_adk(tree: ast.Module) -> bool:
    """`from google.adk.agents import Agent`, `import google.adk.agents` at the top."""
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").startswith("google.adk"):
            return True
        if isinstance(stmt, ast.Import) and any(
            a.name.startswith("google.adk") for a in stmt.names
        ):
            return True
    return False


def state_kind(shown: str) -> str | None:
    """What the state key `{itinerary}` / `{user:name}` / `{temp:x}` holds: per session or
    user ("user"), per invocation ("request"), or shared by the app (None)."""
    m = _KEY_RE.fullmatch(shown.strip())
    if m is None:
        return None
    scope = m.group(1)
    return {"app": None, "temp": "request"}.get(scope, "user") if scope else "user"


def state_message(shown: str) -> str:
    return (
        f"placeholder `{shown}` is filled by ADK from the session's state (the agent's "
        "`instruction` is rendered with it on every call)"
    )
