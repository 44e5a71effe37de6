"""The values a prompt constant's placeholders get in the modules that import it.

    # prompts.py                                  # graph.py
    EXTRACTION_PROMPT = \"\"\"... {notes} ...\"\"\"   system = EXTRACTION_PROMPT.format(
                                                      notes=format_all_notes(state.completed_notes))

A prompt module holds only the template; the module that imports it fills it, and there the
value shows what it is: a clock, an id, this run's state (`state.completed_notes` of a LangGraph
node), or a setting (`configurable.max_search_queries`, a constant). Each `NAME.format(k=v)` /
`module.NAME.format(k=v)` of the importing modules (kvscope.lint.pyimporters.importer_reads) is
read with that module's own scan (kvscope.lint.pyscan), so the evidence is judged where it is:
kvscope.lint.pyfill.placeholder_kind takes these fills beside the file's own. A constant that
is the default of a configuration field (`system_prompt: str = field(default=prompts.
SYSTEM_PROMPT)`, LangGraph's templates) is filled where that field is formatted
(`configuration.system_prompt.format(system_time=...)`, in any module of the project).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

FORMAT_METHODS = frozenset(["format", "format_map", "format_messages", "format_prompt"])


def imported_fills(scan, node: ast.AST) -> list[tuple[str, ast.AST, ast.Call, object]]:
    """(placeholder, value, call, scan of its module) of every keyword of a `.format(...)` of
    the top-level constant `node` is the value of, in the modules importing it."""
    from kvscope.lint.pyimporters import importer_reads

    out = []
    names = constant_names(scan, node)
    for name in [*names, *holders(scan, names)] if names else ():
        for read in importer_reads(scan.path, name):
            if attr := field_named(read.parents, read.node):
                out += field_fills(read.module, attr)
            else:  # `PROMPT.format(...)`, or `from_messages([("system", PROMPT), ...])` invoked
                out += _fills_at(read.module, read.sinks.tree, read.parents, read.node)
    return out


def _fills_at(path: Path, tree: ast.Module, parents: dict, node: ast.AST) -> list:
    """(placeholder, value, call, scan) of the read `node` of a template in the module at
    `path`: the keywords of a `.format(...)` on it, or the input dicts of the prompt object
    it is one message of, where that object is invoked (`ChatPromptTemplate.from_messages(
    [("system", PROMPT), ...])`, then `prompt.invoke({"current_time": ...})`)."""
    from kvscope.lint.pyfill import invoked_fills, keyword_fills

    call = _format_call(parents, node)
    prompt = None if call is not None else _prompt_of(parents, node)
    if call is None and prompt is None:
        return []
    where = module_scan(path, tree)
    if where is None:
        return []
    if call is not None:
        return [(key, value, call, where) for key, value in keyword_fills(where, call)]
    return [(key, value, invoke, where) for key, value, invoke in invoked_fills(where, prompt)]


def constant_names(scan, node: ast.AST) -> list[str]:
    """The names of the top-level `NAME = <node>` of the module, or [] (no path, not at the
    top level, not bound whole)."""
    stmt = scan.parents.get(node)
    if scan.path is None or not isinstance(stmt, ast.Assign) or stmt.value is not node:
        return []
    if scan.parents.get(stmt) is not scan.tree:
        return []
    return [t.id for t in stmt.targets if isinstance(t, ast.Name)]


def field_reads(module: Path, attr: str) -> list[tuple[Path, object, dict]]:
    """(path, sinks, parents) of the project's modules (not tests) that read the attribute
    `attr` of a configuration field declared in `module`; none for a short name, which would
    find unrelated attributes."""
    from kvscope.lint.projectsrc import mentioning, parsed, project_folder, test_module

    folder = project_folder(module)
    if folder is None or len(attr) < 6:
        return []
    out = []
    for path in mentioning(folder, attr):
        got = None if test_module(path) else parsed(path)
        if got is not None and got[0].attrs.get(attr):
            out.append((path, *got))
    return out


def field_named(parents: dict, node: ast.AST) -> str | None:
    """The attribute a class declares with `node` as its default: `general_system_prompt` of
    `general_system_prompt: str = field(default=prompts.GENERAL_SYSTEM_PROMPT)` (a dataclass
    or pydantic field, or a plain `NAME: str = prompts.X`) in a configuration class."""
    cur = parents.get(node)
    if isinstance(cur, ast.keyword) and cur.arg == "default":
        cur = parents.get(parents.get(cur))  # `field(default=...)` / `Field(default=...)`
    if not isinstance(cur, ast.AnnAssign | ast.Assign):
        return None
    targets = cur.targets if isinstance(cur, ast.Assign) else [cur.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return None
    return targets[0].id if isinstance(parents.get(cur), ast.ClassDef) else None


def field_fills(module: Path, attr: str) -> list[tuple[str, ast.AST, ast.Call, object]]:
    """The fills the attribute `attr` gets in the project's modules: the keywords of a
    `.format(...)` on it (`configuration.general_system_prompt.format(logic=...)`), or the
    input dict of a prompt built from it and invoked (`prompt = ChatPromptTemplate
    .from_messages([("system", configuration.response_system_prompt), ...])`, then
    `prompt.ainvoke({"retrieved_docs": docs})`): how the field's default, the prompt, is
    filled."""
    out = []
    for path, sinks, parents in field_reads(module, attr):
        for node in sinks.attrs.get(attr, ()):
            out += _fills_at(path, sinks.tree, parents, node)
    return out


def _prompt_of(parents: dict, node: ast.AST) -> ast.Call | None:
    """The prompt object a value is one message of: `ChatPromptTemplate.from_messages([
    ("system", node), ...])` (three levels up at most)."""
    from kvscope.lint.pyfill import prompt_call

    cur = parents.get(node)
    for _ in range(3):
        if isinstance(cur, ast.Call) and prompt_call(cur):
            return cur
        if not isinstance(cur, ast.Tuple | ast.List):
            return None
        cur = parents.get(cur)
    return cur if isinstance(cur, ast.Call) and prompt_call(cur) else None


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
