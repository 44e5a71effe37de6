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

FORMAT_METHODS = frozenset(["format", "format_map"])


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
    for target in stmt.targets:
        if not isinstance(target, ast.Name):
            continue
        for read in importer_reads(scan.path, target.id):
            call = _format_call(read.parents, read.node)
            where = module_scan(read.module, read.sinks.tree) if call is not None else None
            if where is None:
                continue
            out += [(kw.arg, kw.value, call, where) for kw in call.keywords if kw.arg]
    return out


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
