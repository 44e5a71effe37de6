"""The conversation sent after a system message: what a per-request value at its end costs.

    return [SystemMessage(content=TEMPLATE.format(context=retrieved))] + chat_history

Retrieved context at the very end of the system text leaves nothing of the prompt after it, so
on its own it costs less than a block and the floor (`min-blocks-at-stake`) would hide it. But
the messages after it are the conversation so far: a value that changes on every turn makes
each later turn re-read that whole history after a changed prefix. This module finds, for the
text of a module, a system message built from it whose list goes on with messages the code does
not write out: `[system] + history`, `[system, *history]`, or a list bound to a name that is
then `.extend(history)`-ed or `+= history`-ed; the text may be bound to a local first and handed
to a helper of the module that builds the message (`get_llm_response(history, system_text)`).
A list literal of further messages (`[system,
HumanMessage(q)]`) is the request's own turn, not a history.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

from kvscope.lint import pycallees
from kvscope.lint.findings import Problem
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyreport import advice
from kvscope.lint.pyroles import call_role, dict_role

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Findings on content that changes with every request, and so between the turns of one
# conversation (a user's name or a setting stays the same through it): they end in its advice.
PER_REQUEST = advice("request")


def past_history(scan, node: ast.AST, problems: Iterable[Problem]) -> Iterator[Problem]:
    """`problems` of the text `node`, where a per-request value whose system message the
    conversation follows gets no floor, and says so."""
    found: tuple[str, str] | tuple[()] | None = None  # looked up on the first that needs it
    for p in problems:
        if not p.fragment and p.message.endswith(PER_REQUEST):
            if found is None:
                found = history_after(scan, node) or ()
            if found:
                what, where = found
                note = (
                    f". The conversation (`{what}`, {where}) is sent after this system "
                    "message: every later turn re-reads it after a changed prefix"
                )
                p = p._replace(fragment=True, message=p.message + note)
        yield p


def history_after(scan, node: ast.AST) -> tuple[str, str] | None:
    """(what, where) of the messages sent after the system message built from the string
    expression `node` (or from the module constant it is bound to), or None."""
    found = _in_module(scan, _passed_on(scan, reads_of(scan, node)))
    if found is None:
        for other, reads in _elsewhere(scan, node):
            found = _in_module(other, reads)
            if found is not None:
                return (found[0], f"{Path(other.path).name} {found[1]}")
    return found


def _in_module(scan, reads: list[ast.AST]) -> tuple[str, str] | None:
    for use in reads:
        message = _message(scan.parents, use)
        if message is None:
            continue
        for msg in _bound_copies(scan, message):
            found = _followed(scan, msg)
            if found is not None:
                return found
    return None


def _elsewhere(scan, node: ast.AST) -> list[tuple[object, list[ast.AST]]]:
    """(scan of another module, its reads) of the top-level constant `node` is bound to, in
    the project's modules that import it, or that read the configuration field it is the
    default of (`("system", configuration.response_system_prompt)`)."""
    from kvscope.lint.pyimporters import importer_reads
    from kvscope.lint.pyimportfills import constant_names, field_named, field_reads, module_scan

    out = []
    for name in constant_names(scan, node):
        for read in importer_reads(scan.path, name):
            attr = field_named(read.parents, read.node)
            if attr is None:
                other = module_scan(read.module, read.sinks.tree)
                out += [(other, [read.node])] if other is not None else []
                continue
            for path, sinks, _ in field_reads(read.module, attr):
                other = module_scan(path, sinks.tree)
                out += [(other, list(sinks.attrs[attr]))] if other is not None else []
    return out


def reads_of(scan, node: ast.AST) -> list[ast.AST]:
    """`node` itself and, for `NAME = "..."` at module level, every read of NAME."""
    cur = scan.parents.get(node)
    while isinstance(cur, ast.Attribute | ast.Call):  # `"""...""".strip()`
        cur = scan.parents.get(cur)
    reads = [node]
    if isinstance(cur, ast.Assign) and isinstance(scan.parents.get(cur), ast.Module):
        for t in cur.targets:
            if isinstance(t, ast.Name):
                reads += [u for u in scan.uses.get(t.id, []) if isinstance(u, ast.Name)]
    for read in reads[1:]:  # `TEMPLATE = TEMPLATE_EN if LANGUAGE == "en" else TEMPLATE_ZH`
        alias = _alias_of(scan, read)
        if alias is not None:
            reads += [u for u in scan.uses.get(alias, []) if isinstance(u, ast.Name)]
    return reads


def _alias_of(scan, read: ast.Name) -> str | None:
    """The module-level name a read is bound to as one of its alternatives (`T = A if c
    else B`, `T = A or B`), or None."""
    child, cur = read, scan.parents.get(read)
    while isinstance(cur, ast.IfExp | ast.BoolOp) and child is not getattr(cur, "test", None):
        child, cur = cur, scan.parents.get(cur)
    if child is read or not isinstance(cur, ast.Assign) or len(cur.targets) != 1:
        return None
    target = cur.targets[0]
    if isinstance(target, ast.Name) and isinstance(scan.parents.get(cur), ast.Module):
        return target.id
    return None


def _passed_on(scan, reads: list[ast.AST]) -> list[ast.AST]:
    """`reads`, the reads of the local name the text is bound to (`content = (f"..." f"...")`),
    and, where one is an argument of a function of this module (`get_llm_response(history,
    content)`), the reads of the parameter that receives it there (one call deep)."""
    out = list(reads)
    for read in reads:
        stmt = scan.parents.get(read)
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and stmt.value is read:
            target = stmt.targets[0]
            if isinstance(target, ast.Name) and _scope(scan.parents, stmt) is not None:
                out += [n for n in _local_reads(scan, stmt, target.id) if n not in out]
    for read in list(out):
        call = scan.parents.get(read)
        if not isinstance(call, ast.Call) or read not in call.args:
            continue
        found = pycallees.local_function(scan.tree, scan.parents, call)
        param = pycallees.parameter(found[0], call, read, found[1]) if found else None
        if param is not None:
            out += [
                n
                for n in ast.walk(found[0])
                if isinstance(n, ast.Name) and n.id == param and isinstance(n.ctx, ast.Load)
            ]
    return out


def _message(parents: dict, node: ast.AST) -> ast.AST | None:
    """The system message the value read at `node` is the content of: through method calls
    on it (`.format(...)`, `.strip()`) and a `content=` keyword."""
    cur = node
    for _ in range(8):
        parent = parents.get(cur)
        if isinstance(parent, ast.Attribute):
            call = parents.get(parent)
            if not (isinstance(call, ast.Call) and call.func is parent):
                return None
            cur = call  # `T.format(context=c)`
        elif isinstance(parent, ast.keyword):
            call = parents.get(parent)
            if parent.arg != "content" or not isinstance(call, ast.Call):
                return None
            return call if call_role(call) == "system" else None
        elif isinstance(parent, ast.Call) and cur in parent.args:
            return parent if call_role(parent) == "system" else None
        elif isinstance(parent, ast.Dict) and cur in parent.values:
            return parent if dict_role(parent) == "system" else None
        elif isinstance(parent, ast.Tuple) and parent.elts[1:2] == [cur]:
            return parent if _role_tuple(parent) == "system" else None  # `("system", text)`
        else:
            return None
    return None


def _role_tuple(node: ast.Tuple) -> str | None:
    """The role of a LangChain message tuple: `("system", text)`, `("placeholder", "{x}")`."""
    first = node.elts[0] if len(node.elts) == 2 else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def _history_item(node: ast.AST) -> bool:
    """A list item that stands for the conversation so far: LangChain's `("placeholder",
    "{messages}")` or `MessagesPlaceholder("history")`."""
    if isinstance(node, ast.Tuple):
        return _role_tuple(node) == "placeholder"
    return isinstance(node, ast.Call) and dotted(node.func)[1] == "MessagesPlaceholder"


def _bound_copies(scan, message: ast.AST) -> list[ast.AST]:
    """The message, and each read of the one local name it is bound to (`system = ...`)."""
    stmt = scan.parents.get(message)
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return [message]
    target = stmt.targets[0]
    if not isinstance(target, ast.Name):
        return [message]
    return [message, *_local_reads(scan, stmt, target.id)]


def _local_reads(scan, stmt: ast.stmt, name: str) -> list[ast.Name]:
    scope = _scope(scan.parents, stmt)
    if scope is None:
        return []
    return [
        n
        for n in ast.walk(scope)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]


def _scope(parents: dict, node: ast.AST) -> ast.AST | None:
    cur = parents.get(node)
    while cur is not None and not isinstance(cur, SCOPES):
        cur = parents.get(cur)
    return cur


def _followed(scan, msg: ast.AST) -> tuple[str, str] | None:
    seq = scan.parents.get(msg)
    if not isinstance(seq, ast.List | ast.Tuple) or msg not in seq.elts:
        return None
    for later in seq.elts[seq.elts.index(msg) + 1 :]:
        if isinstance(later, ast.Starred):
            return _what(later.value)  # `[system, *history]`
        if _history_item(later):
            return _what(later)  # `[("system", text), ("placeholder", "{messages}")]`
    outer = scan.parents.get(seq)
    if isinstance(outer, ast.BinOp) and isinstance(outer.op, ast.Add) and outer.left is seq:
        if not isinstance(outer.right, ast.List | ast.Tuple):
            return _what(outer.right)  # `[system] + chat_history`
        return None
    if isinstance(outer, ast.Assign) and len(outer.targets) == 1:
        target = outer.targets[0]
        if isinstance(target, ast.Name):
            return _grown(scan, outer, target.id)
    return None


def _grown(scan, stmt: ast.stmt, name: str) -> tuple[str, str] | None:
    """`messages = [system]` then `messages.extend(history)` or `messages += history`."""
    scope = _scope(scan.parents, stmt)
    if scope is None:
        return None
    for n in ast.walk(scope):
        more = None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.args:
            owner = n.func.value
            if n.func.attr == "extend" and _named(owner, name):
                more = n.args[0]
        elif isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and _named(n.target, name):
            more = n.value
        if more is not None and not isinstance(more, ast.List | ast.Tuple | ast.ListComp):
            return _what(more)
    return None


def _named(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _what(node: ast.AST) -> tuple[str, str]:
    return ast.unparse(node)[:40], f"line {node.lineno}"
