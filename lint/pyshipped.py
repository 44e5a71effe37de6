"""Text the code ships with: files it names literally or reads from its own module's folder.

    task_description = read_prompt_md("tools/task/description.md")
    persona = (Path(__file__).parent / "gm_persona.md").read_text()

Text read from a file the code names (kvscope.lint.pyscan's `file_text`) is part of the deploy:
the same on every request, whatever the local holding it is called (`persona`, `profile`). The
path may be written out (`open("rules.txt")`) or built from the module's own place
(`Path(__file__).parent / "x.md"`, `os.path.join(os.path.dirname(__file__), "x.md")`, also
through locals); a path built from anything else (a parameter, a setting) says nothing.
"""

from __future__ import annotations

import ast
import re

from kvscope.lint.pyflow import dotted

# String methods that tidy a value (`.strip()`, `.replace("\n", " ")`): the same value after.
TIDY_METHODS = {"strip", "rstrip", "lstrip", "replace", "lower", "upper", "casefold", "title"}

FILE_RE = re.compile(r"[\w./-]*\.(?:md|txt|j2|jinja2?|ya?ml|prompt|tmpl|toml|hbs|mustache|xml)")


def reads_named_file(value: ast.AST) -> bool:
    """A call chain whose arguments are all literals, one of them a file's name with its
    suffix (`load("prompts/x.md")`, `open("x.txt").read().strip()`)."""
    named = False
    while isinstance(value, ast.Call):
        args = [*value.args, *(k.value for k in value.keywords)]
        if not all(isinstance(a, ast.Constant) for a in args):
            return False
        named = named or any(isinstance(a.value, str) and FILE_RE.fullmatch(a.value) for a in args)
        func = value.func
        value = func.value if isinstance(func, ast.Attribute) else None
    return named and (value is None or isinstance(value, ast.Name | ast.Attribute))


def reads_shipped_file(assigns: dict, value: ast.AST) -> bool:
    """`persona_path.read_text().strip()`, `open(path).read()`, where the path is the
    module's own folder and a file name it writes (`Path(__file__).parent / "gm.md"`, also
    through a local): a file shipped with the code."""
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in TIDY_METHODS
    ):
        value = value.func.value
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr in {"read_text", "read"}:
        target = func.value
        if isinstance(target, ast.Call) and dotted(target.func)[1] == "open":
            target = target.args[0] if target.args else None
        return target is not None and _module_path(assigns, target) == "named"
    return False


def _module_path(assigns: dict, node: ast.AST, depth: int = 0) -> str | None:
    """ "named" for a path of the module's folder (`__file__`, its `.parent`,
    `os.path.dirname`) joined with a literal file name, "folder" for the folder alone,
    else None."""
    if depth > 8:
        return None
    if isinstance(node, ast.Name):
        if node.id == "__file__":
            return "folder"
        values = assigns.get(node.id, ())
        found = {_module_path(assigns, v, depth + 1) for v in values}
        return found.pop() if len(found) == 1 else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "named" if FILE_RE.fullmatch(node.value.rsplit("/", 1)[-1]) else "folder"
    if isinstance(node, ast.Attribute) and node.attr in {"parent", "parents"}:
        return _module_path(assigns, node.value, depth + 1)
    if isinstance(node, ast.Subscript):  # `Path(__file__).parents[1]`
        return _module_path(assigns, node.value, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        parts = [_module_path(assigns, n, depth + 1) for n in (node.left, node.right)]
        if None in parts or parts[0] != "folder":
            return None
        return parts[1]
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    name = dotted(node.func)[1]
    if isinstance(node.func, ast.Attribute) and name in {"resolve", "absolute"}:
        return None if node.args else _module_path(assigns, node.func.value, depth + 1)
    parts = [_module_path(assigns, a, depth + 1) for a in node.args]
    if not parts or None in parts:
        return None
    if name in {"Path", "PurePath", "abspath", "dirname", "realpath"}:
        return "folder" if name == "dirname" else parts[0]
    if name == "join" and parts[0] == "folder":
        return parts[-1]  # `os.path.join(os.path.dirname(__file__), "gm.md")`
    return None
