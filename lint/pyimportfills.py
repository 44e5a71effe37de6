"""The values a prompt constant's placeholders get in the modules that import it.

    # prompts.py                                  # graph.py
    EXTRACTION_PROMPT = \"\"\"... {notes} ...\"\"\"   system = EXTRACTION_PROMPT.format(
                                                      notes=format_all_notes(state.completed_notes))

A prompt module holds only the template; the module that imports it fills it, and there the
value shows what it is: a clock, an id, this run's state (`state.completed_notes` of a LangGraph
node), or a setting (`configurable.max_search_queries`, a constant). Each `NAME.format(k=v)` /
`module.NAME.format(k=v)` of the importing modules (kvscope.lint.pyimporters.importer_reads) is
read with that module's own scan (kvscope.lint.pyscan), so the evidence is judged where it is:
kvscope.lint.pyfill.placeholder_kind takes these fills beside the file's own.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

FORMAT_METHODS = frozenset(["format", "format_map", "format_messages", "format_prompt"])


def imported_fills(scan, node: ast.AST) -> list[tuple[str, ast.AST, ast.Call, object]]:
    """(placeholder, value, call, scan of its module) of every keyword of a `.format(...)` of
    the top-level constant `node` is the value of, in the modules importing it."""
    stmt = scan.parents.get(node)
    if scan.path is None or not isinstance(stmt, ast.Assign) or stmt.value is not node:
        return []
    if scan.parents.get(stmt) is not scan.tree:
        return []
    from kvscope.lint.pyimporters import importer_reads

    out = []
    names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    for name in [*names, *holders(scan, names)]:
        for read in importer_reads(scan.path, name):
            call = _format_call(read.parents, read.node)
            where = module_scan(read.module, read.sinks.tree) if call is not None else None
            if where is None:
                continue
            out += [(kw.arg, kw.value, call, where) for kw in call.keywords if kw.arg]
    return out


def holders(scan, names: list[str]) -> list[str]:
    """The module's top-level prompt objects built from the constants `names` (two steps:
    `message_templates = [ChatMessage(content=INSTRUCTION, role=MessageRole.SYSTEM)]`, then
    `chat_template = ChatPromptTemplate(message_templates=message_templates)`): rendering one
    of them (`chat_template.format_messages(code_name=...)`) fills the constant too."""
    found: list[str] = []
    wanted = set(names)
    for _ in range(2):
        for stmt in scan.tree.body:
            if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
                continue
            target = stmt.targets[0]
            if not isinstance(target, ast.Name) or target.id in wanted:
                continue
            if any(isinstance(n, ast.Name) and n.id in wanted for n in ast.walk(stmt.value)):
                wanted.add(target.id)
                found.append(target.id)
    return found


def _format_call(parents: dict, node: ast.AST) -> ast.Call | None:
    attr = parents.get(node)
    if not (isinstance(attr, ast.Attribute) and attr.attr in FORMAT_METHODS):
        return None
    call = parents.get(attr)
    return call if isinstance(call, ast.Call) and call.func is attr else None


@functools.lru_cache(maxsize=256)
def module_scan(path: Path, tree: ast.Module):
    """The scan of another module of the project, over its already parsed tree."""
    from kvscope.lint.pyscan import Scan

    try:
        return Scan(tree, path.read_text(encoding="utf-8"), path)
    except (OSError, UnicodeDecodeError, RecursionError, ValueError):
        return None
