"""Text a project function builds from the deploy's settings alone, whatever its name says.

    def get_language_instruction() -> str:
        lang = get_config().get("output_language", "English")
        if lang.strip().lower() == "english":
            return ""
        return f" Write your entire response in {lang}."

    system_message = "You are a news researcher. ..." + get_language_instruction()

`language` reads as the user's setting, but this helper takes nothing from the request: no
parameter, and every text it returns is made of literals and values read from the configuration
(`get_config()`, `get_settings()`, `os.getenv(...)`, `settings.x`, `config["x"]`). Its text is
the same on every request of a deploy. A call to such a function (defined in the module or
imported from the project, kvscope.lint.pycallees) is judged fixed instead of by its name.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from kvscope.lint.names import SETTINGS_WORDS, words
from kvscope.lint.pycallees import function_named, imported_function, local_function
from kvscope.lint.pyconds import FIXED_CALLS
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyscan import TIDY_METHODS

# Methods that look a key up in, or tidy, what they are called on.
LOOKUP_METHODS = TIDY_METHODS | {"get", "capitalize"}


def settings_text_call(scan, call: ast.AST) -> bool:
    """`call` is `f()` of a project function whose text comes from settings alone."""
    if not isinstance(call, ast.Call) or call.args or call.keywords:
        return False
    local = local_function(scan.tree, scan.parents, call)
    if local is not None:
        return _settings_text(*local)
    if scan.path is None:
        return False
    target = imported_function(Path(scan.path), call)
    return target is not None and _imported_settings_text(*target)


@functools.lru_cache(maxsize=256)
def _imported_settings_text(path: Path, name: str) -> bool:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return False
    fn = function_named(tree, name)
    return fn is not None and _settings_text(fn, False)


def _settings_text(fn: ast.FunctionDef | ast.AsyncFunctionDef, bound: bool) -> bool:
    """No parameter (but the instance of a bound call, `self.m()`), and every return is text
    of literals and settings values."""
    a = fn.args
    positional = [*a.posonlyargs, *a.args][1 if bound else 0 :]
    if positional or a.kwonlyargs or a.vararg or a.kwarg:
        return False
    locals_: dict[str, list[ast.AST]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    locals_.setdefault(t.id, []).append(node.value)
        elif isinstance(node, ast.AugAssign | ast.For | ast.With | ast.NamedExpr):
            return False  # built in steps or from an iteration: not followed
    returns = [n.value for n in ast.walk(fn) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        r is not None and _from_settings(r, locals_, set()) for r in returns
    )


def _from_settings(node: ast.AST, bound: dict[str, list[ast.AST]], seen: set[str]) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.JoinedStr):
        return all(_from_settings(v, bound, seen) for v in node.values)
    if isinstance(node, ast.FormattedValue):
        return _from_settings(node.value, bound, seen)
    if isinstance(node, ast.BinOp | ast.BoolOp | ast.IfExp):
        return all(
            _from_settings(v, bound, seen)
            for v in ast.iter_child_nodes(node)
            if isinstance(v, ast.expr) and not _is_test(node, v)
        )
    if isinstance(node, ast.Name):
        if node.id in seen or node.id not in bound:
            return False
        return all(_from_settings(v, bound, seen | {node.id}) for v in bound[node.id])
    if isinstance(node, ast.Call):
        attr = dotted(node.func)[1]
        if attr in FIXED_CALLS:
            return all(isinstance(a, ast.Constant) for a in node.args)
        if attr in LOOKUP_METHODS and isinstance(node.func, ast.Attribute):
            args_fixed = all(isinstance(a, ast.Constant) for a in node.args)
            return args_fixed and _from_settings(node.func.value, bound, seen)
        return False
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return _from_settings(node.value, bound, seen) or _settings_name(node.value)
    if isinstance(node, ast.Attribute):
        return _settings_name(node.value) or _from_settings(node.value, bound, seen)
    return False


def _is_test(parent: ast.AST, child: ast.AST) -> bool:
    """The test of `a if test else b` picks a branch; it adds no text."""
    return isinstance(parent, ast.IfExp) and child is parent.test


def _settings_name(node: ast.AST) -> bool:
    """`settings`, `config`, `app_config.llm`: an object named as the configuration."""
    name = ast.unparse(node).replace(".", "_")
    return bool(words(name) & SETTINGS_WORDS)
