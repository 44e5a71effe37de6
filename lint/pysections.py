"""Sections of Python prompt code added under a condition (PL006): `if` statements and
conditional expressions that give the system text a part only some requests get.

    if user.is_admin:
        system_prompt += ADMIN_RULES        # PL006: requests on either side share no prefix

A condition fixed for the deploy (kvscope.lint.pyconds.fixed_per_deploy), text built for the
user turn, or text added after a hand-written user turn is not the cached system prefix.
Python prompt code gives no rendered prompt to count, so the finding says what follows the
condition, not what it costs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem, clip
from kvscope.lint.patterns import words
from kvscope.lint.pyconds import fixed_per_deploy, yields_text
from kvscope.lint.pyflow import dotted
from kvscope.lint.pypart import PROMPT_WORDS
from kvscope.lint.pyroles import user_side, user_turn
from kvscope.lint.pyscan import TIDY_METHODS, Scan
from kvscope.lint.pyturns import ends_in_turn

# Python prompt code gives no rendered prompt to count: say what follows, not a cost.
UNKNOWN_COST = (
    "if it reaches the system prompt, requests on either side of the condition share "
    "no prefix after it (how many tokens follow is not known from this file)."
)


def _system_item(node: ast.AST) -> bool:
    """A system message being appended: `{"role": "system", ...}` or `SystemMessage(...)`."""
    if isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values, strict=True):
            if isinstance(k, ast.Constant) and k.value == "role" and isinstance(v, ast.Constant):
                return v.value in {"system", "developer"}
    if isinstance(node, ast.Call):
        return (dotted(node.func)[1] or "").startswith("System")
    return False


def _in_user_side_function(scan: Scan, node: ast.AST) -> bool:
    """Inside `def user_prompt(...)` / `def UserMessage(...)`: text built there is the user turn."""
    cur = scan.parents.get(node)
    while cur is not None:
        if isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
            return user_side(cur.name)
        cur = scan.parents.get(cur)
    return False


def _after_user_turn(scan: Scan, node: ast.If, target: ast.AST) -> bool:
    """The target already holds a hand-written user turn (`prompt += f"{im_start}user..."`)
    before this `if`: what the `if` adds comes after the user's message."""
    fn = scan.function_of(node)
    name = ast.unparse(target)
    for stmt in ast.walk(fn) if fn is not None else ():
        if not isinstance(stmt, ast.Assign | ast.AugAssign) or stmt.lineno >= node.lineno:
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if any(ast.unparse(t) == name for t in targets) and ends_in_turn(
            stmt.value, scan.assigns
        ) in {"user", "assistant"}:
            return True
    return False


def _sent_as_user(scan: Scan, target: ast.AST) -> bool:
    """The module sends what the target holds only in the user turn (`prompt_parts` joined into
    the text of a `{"role": "user", ...}` message): its sections are not the system prompt's."""
    return isinstance(target, ast.Name | ast.Attribute) and user_turn(scan.sinks.of_target(target))


def conditional(scan: Scan, node: ast.If) -> Iterator[Problem]:
    """An `if` whose body adds to a prompt-named value (`+=`, `.append`, `.extend`, `.insert`).
    The `elif` branches of a reported `if` are the same split: one finding, at the `if`."""
    cur = node
    while isinstance(parent := scan.parents.get(cur), ast.If) and parent.orelse == [cur]:
        if next(_conditional(scan, parent), None) is not None:
            return
        cur = parent
    yield from _conditional(scan, node)


def _conditional(scan: Scan, node: ast.If) -> Iterator[Problem]:
    if fixed_per_deploy(scan, node) or _in_user_side_function(scan, node):
        return
    for stmt in node.body + node.orelse:
        target = None
        if isinstance(stmt, ast.AugAssign):
            target = stmt.target
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            if isinstance(func, ast.Attribute) and func.attr in {"append", "extend", "insert"}:
                target = func.value
        if target is None:
            continue
        ws = words(ast.unparse(target).replace(".", "_"))
        if ws & {"messages", "msgs"} and not any(
            _system_item(a) for a in getattr(stmt.value, "args", ())
        ):
            continue  # building the message list, not the system text
        if ws & PROMPT_WORDS and not user_side(ast.unparse(target).replace(".", "_")):
            if _after_user_turn(scan, node, target) or _sent_as_user(scan, target):
                continue
            if _adds_what_it_tests(scan, node.test, stmt):
                continue  # `if memories: system += f"...{memories}"`: judged as the value
            start, end = scan.span(node.test)
            cond, name = clip(ast.unparse(node.test), 60), clip(ast.unparse(target), 30)
            msg = (
                f"`{name}` gets text only when `{cond}`: "
                f"{UNKNOWN_COST} Keep the system prompt fixed and put the variable part in the "
                "last user turn"
            )
            yield Problem("PL006", start, end, msg, None, None, None)
            return


def conditional_expr(scan: Scan, node: ast.IfExp) -> Iterator[Problem]:
    """`a if cond else b` in system or template text, when a branch is text."""
    if scan.prompt_part(node) not in {"system", "template"} or fixed_per_deploy(scan, node):
        return
    if not (yields_text(scan, node.body) or yields_text(scan, node.orelse)):
        return  # `[last] if last.tool_calls else []`, `Builder(...) if x else None`: no text
    if _fallback(node):
        return  # `template if template else DEFAULT`: a value or its default, judged as a value
    cond = clip(ast.unparse(node.test), 60)
    read = _first_read_in_text(scan, node)
    if read is None:
        start, end = scan.span(node)
        msg = f"this text depends on `{cond}`: "
    else:  # `label = "company" if kind == "stock" else "asset"`, then f"...{label}-specific..."
        start, end = scan.span(read)
        msg = f"`{read.id}` (line {node.lineno}) is one text or another depending on `{cond}`: "
    msg += f"{UNKNOWN_COST} Keep the system prompt fixed and put the variable part in the last "
    yield Problem("PL006", start, end, msg + "user turn", None, None, None)


def _first_read_in_text(scan: Scan, node: ast.IfExp) -> ast.Name | None:
    """Where the text a conditional expression picks enters the prompt, when it is bound to a
    local first (`label = "company" if kind == "stock" else "asset"`): the first read of that
    local in system or template text of the same function. The prompt changes there, not where
    the local is bound, which may be lines above the prompt."""
    stmt = scan.parents.get(node)
    if not (
        isinstance(stmt, ast.Assign)
        and stmt.value is node
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        return None
    name, scope = stmt.targets[0].id, scan.function_of(stmt) or scan.tree
    reads = sorted(
        (
            n
            for n in ast.walk(scope)
            if isinstance(n, ast.Name)
            and n.id == name
            and isinstance(n.ctx, ast.Load)
            and (n.lineno, n.col_offset) > (stmt.lineno, stmt.col_offset)
        ),
        key=lambda n: (n.lineno, n.col_offset),
    )
    return next((n for n in reads if scan.prompt_part(n) in {"system", "template"}), None)


def _adds_what_it_tests(scan: Scan, test: ast.AST, stmt: ast.stmt) -> bool:
    """`test` only asks whether a value is there (`memories`, `not memories`, `memories is
    None`, `len(memories) > 0`), the value is one its own rule reports (PL001-PL003:
    `memories` is per-request content), and the text `stmt` adds holds it (`system +=
    f"...{json.dumps(memories)}"`): the section comes with the value, which is reported, and the
    condition tells nothing more. A value nothing says varies (`design_system_block`) keeps the
    condition reported: whether the section is there is all that is known."""
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        other = test.comparators[0]
        if not (isinstance(other, ast.Constant) and other.value in (None, 0)):
            return False
        test = test.left
    if isinstance(test, ast.Call) and getattr(test.func, "id", "") == "len" and test.args:
        test = test.args[0]
    if not isinstance(test, ast.Name | ast.Attribute) or scan.value_kind(test) is None:
        return False
    added = [stmt.value] if isinstance(stmt, ast.AugAssign) else list(stmt.value.args)
    wanted = ast.dump(test)
    return any(ast.dump(n) == wanted for value in added for n in ast.walk(value))


def _fallback(node: ast.IfExp) -> bool:
    """`x if x else DEFAULT`, `DEFAULT if not x else x`, `x if x is not None else DEFAULT`,
    `x.strip() if x else None`: the expression picks a value (maybe tidied) or stands in for it
    when it is missing. No section comes and goes; whether the value varies per request is a
    question for its own rule (PL002, PL003)."""
    return fallback_default(node) is not None


def fallback_default(node: ast.AST) -> ast.AST | None:
    """The default of a value or its default (`x if x else DEFAULT`, `DEFAULT if not x else x`,
    `x if x is not None else DEFAULT`, `x or DEFAULT`): what stands in when the value is
    missing; None for any other expression."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and len(node.values) == 2:
        return node.values[1]
    if not isinstance(node, ast.IfExp):
        return None
    test, chosen, default = node.test, node.body, node.orelse
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, chosen, default = test.operand, node.orelse, node.body
    elif (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
        and isinstance(test.ops[0], ast.Is | ast.IsNot)
    ):
        chosen = node.body if isinstance(test.ops[0], ast.IsNot) else node.orelse
        default = node.orelse if chosen is node.body else node.body
        test = test.left
    while _cleaned(chosen):  # `x.rstrip().replace("\n", " ") if x else None`: x, tidied
        chosen = chosen.func.value
    return default if ast.dump(test) == ast.dump(chosen) else None


def _cleaned(node: ast.AST) -> bool:
    """A string method that tidies a value (`.strip()`, `.replace("\n", " ")`), with only
    literal arguments: the same value, not a section of text around it."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in TIDY_METHODS
        and all(isinstance(a, ast.Constant) for a in node.args)
        and not node.keywords
    )
