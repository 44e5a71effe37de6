"""A run-state key the project only ever writes constants into is fixed, whatever it is named.

LangGraph apps keep what a run knows in a state dict and fill prompts from it
(`prompt.invoke({"risk_reports": state.get("risk_reports")})`): a state read is per-run
evidence. But a key the project's code writes only as a literal (`"risk_reports": "No risk
reports available now."` in the node that builds the first state) holds the same text on
every run, so the placeholder it fills is fixed. Every write is looked for in the project's
modules (kvscope.lint.projectsrc): a dict literal with the key, `state["key"] = value`, or
`state.update(key=value)`; one write that is not a literal keeps the read per-run, and so
does a key no module writes.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from kvscope.lint.projectsrc import mentioning, parsed, project_folder


def state_read_key(node: ast.AST) -> str | None:
    """`k` of `state.get("k")` / `state["k"]` (a name holding `state`), else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        base, key = node.func.value, node.args[0] if node.func.attr == "get" and node.args else None
    elif isinstance(node, ast.Subscript):
        base, key = node.value, node.slice
    else:
        return None
    if not (isinstance(base, ast.Name) and "state" in base.id.lower()):
        return None
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def constant_state(path: Path | None, node: ast.AST) -> bool:
    """`node` reads a state key that every write in the project sets to a literal."""
    key = state_read_key(node)
    if key is None or path is None:
        return False
    folder = project_folder(path)
    return folder is not None and _only_constants(folder, key)


@functools.lru_cache(maxsize=256)
def _only_constants(folder: Path, key: str) -> bool:
    writes: list[ast.AST] = []
    for module in mentioning(folder, key):
        found = parsed(module)
        if found is None:
            continue
        sinks, _ = found
        for node in ast.walk(sinks.tree):
            if isinstance(node, ast.Dict):
                writes += [
                    v
                    for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == key and state_read_key(v) != key
                ]  # not `{"k": state.get("k")}`, the prompt's inputs handed on
            elif isinstance(node, ast.Assign):
                writes += [node.value for t in node.targets if state_read_key(t) == key]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "update":
                writes += [kw.value for kw in node.keywords if kw.arg == key]
    return bool(writes) and all(isinstance(v, ast.Constant) for v in writes)
