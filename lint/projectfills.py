"""Where the project fills a template file's variables, and whether with per-deploy values.

A template file (TOML, YAML, Jinja) names its variables but not their values; the Python code of
the project passes them (`{"require_score": get_settings().pr_reviewer.require_score_review}`,
`variables={"managed_agents": self.managed_agents}`). This module reads the Python modules that
sit in the template's top-level folder under the project root (kvscope.lint.projectsrc) and
collects every value each name is given: a dict literal's string key, a `dict(name=...)`
keyword, a `vars["name"] = ...` assignment, a keyword of a call that renders a template
(`.render(x=...)`, a call naming a template file: `create_prompt_template("chat/x.j2", ...)`),
where a `bool` parameter of the calling function handed on (`few_shots=str(few_shots)`) is a
switch of its caller, fixed as a setting is. A name is fixed per deploy when the project gives it
a value at least once and every value is a literal, a CONSTANT, a read of settings or config
(`get_settings().x.y`, `self.config.x`; not a key the project also writes at run time with
`.set("name", ...)`). An attribute of the object that renders the template says nothing: such
objects are often built per request (pr-agent builds its reviewer per pull request). Bounded
as kvscope.lint.projectsrc is; each folder is read once.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from kvscope.lint.names import SETTINGS_WORDS, words
from kvscope.lint.projectsrc import project_folder, python_modules


def deploy_fixed_names(template: Path) -> frozenset[str]:
    """Names the project fills, everywhere, with values fixed per deploy."""
    folder = project_folder(template)
    return _fixed_names(folder) if folder is not None else frozenset()


@functools.lru_cache(maxsize=64)
def _trees(folder: Path) -> tuple[ast.Module, ...]:
    """The parsed Python modules of the folder, read once for every question asked of it."""
    out = []
    for path in python_modules(folder):
        try:
            out.append(ast.parse(path.read_text(encoding="utf-8")))
        except (OSError, SyntaxError, ValueError, RecursionError, UnicodeDecodeError):
            continue
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _fixed_names(folder: Path) -> frozenset[str]:
    values: dict[str, list[bool]] = {}
    runtime: set[str] = set()
    for tree in _trees(folder):
        _collect(tree, values, runtime)
        _collect_renders(tree, values)
    return frozenset(n for n, v in values.items() if v and all(v) and n not in runtime)


def request_filled(template: Path) -> dict[str, tuple[str, str]]:
    """{name: (kind, shown)} for the names the project fills, everywhere, with a value that
    reads as per-user or per-request (kvscope.lint.names.classify_expr:
    `"age_group": user_profile.get("age_group", "-")` is the user's), `shown` being one such
    value. A literal given as a fallback in another branch (`"age_group": "-"` when there is
    no profile) does not count; a name also given any other value anywhere is not here. The
    mapping is cached per folder and shared: read it, do not change it."""
    folder = project_folder(template)
    return _request_filled(folder) if folder is not None else {}


@functools.lru_cache(maxsize=64)
def _request_filled(folder: Path) -> dict[str, tuple[str, str]]:
    from kvscope.lint.names import classify_expr

    found: dict[str, list[tuple[str | None, str]]] = {}
    for tree in _trees(folder):
        for key, value in _fills(tree):
            if isinstance(value, ast.Constant):
                continue  # a fallback (`"age_group": "-"` when there is no profile)
            shown = ast.unparse(value)
            kind = classify_expr(shown) if len(shown) <= 120 else None
            found.setdefault(key, []).append((kind, shown))
    out = {}
    for key, fills in found.items():
        kinds = {k for k, _ in fills}
        if len(kinds) == 1 and (kind := next(iter(kinds))) in {"user", "request"}:
            out[key] = (kind, fills[0][1])
    return out


def _fills(tree: ast.Module):
    """(key, value) of the values a module's dict literals give string keys."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and isinstance(k.value, str):
                    yield k.value, v


def _collect(tree: ast.Module, values: dict[str, list[bool]], runtime: set[str]) -> None:
    for key, value in _fills(tree):
        values.setdefault(key, []).append(_fixed(value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "dict":
                for kw in node.keywords:
                    if kw.arg:
                        values.setdefault(kw.arg, []).append(_fixed(kw.value))
            elif isinstance(func, ast.Attribute) and func.attr == "set" and node.args:
                key = node.args[0]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    runtime.add(key.value.rsplit(".", 1)[-1])  # `settings.set("k", ...)`
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                key = t.slice if isinstance(t, ast.Subscript) else None
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    values.setdefault(key.value, []).append(_fixed(node.value))


_TEMPLATE_NAME_SUFFIXES = (".j2", ".jinja", ".jinja2", ".njk", ".prompt", ".tmpl", ".txt", ".md")


def _collect_renders(tree: ast.Module, values: dict[str, list[bool]]) -> None:
    """Keywords of the calls that render a template: `env.get_template(...).render(x=...)`,
    `create_prompt_template("chat/condense.j2", few_shots=few_shots)` (a call naming a template
    file). A `bool` parameter of the calling function handed on as a keyword is a switch of
    its caller (`few_shots: bool = True`), fixed as the caller's other settings are."""
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        switches = {a.arg for a in _bool_params(fn)}
        for call in ast.walk(fn):
            if not isinstance(call, ast.Call) or not _renders(call):
                continue
            for kw in call.keywords:
                if kw.arg:
                    value = kw.value
                    while _conversion(value):  # `few_shots=str(few_shots)`
                        value = value.args[0]
                    switch = isinstance(value, ast.Name) and value.id in switches
                    values.setdefault(kw.arg, []).append(switch or _fixed(value))


def _conversion(value: ast.AST) -> bool:
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in {"str", "int", "bool", "float"}
        and len(value.args) == 1
        and not value.keywords
    )


def _renders(call: ast.Call) -> bool:
    if isinstance(call.func, ast.Attribute) and call.func.attr in {"render", "render_async"}:
        return True
    return any(
        isinstance(a, ast.Constant)
        and isinstance(a.value, str)
        and a.value.endswith(_TEMPLATE_NAME_SUFFIXES)
        for a in call.args
    )


def _bool_params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    """Parameters annotated `bool` or defaulting to `True`/`False`."""
    args = [*fn.args.posonlyargs, *fn.args.args]
    defaults = dict(zip(reversed(args), reversed(fn.args.defaults), strict=False))
    defaults.update(
        (a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults, strict=True) if d
    )
    out = []
    for a in [*args, *fn.args.kwonlyargs]:
        d = defaults.get(a)
        typed = isinstance(a.annotation, ast.Name) and a.annotation.id == "bool"
        if typed or (isinstance(d, ast.Constant) and isinstance(d.value, bool)):
            out.append(a)
    return out


def _fixed(value: ast.AST) -> bool:
    """A value the same on every request of a deploy (see the module docstring)."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.Name):
        return value.id.isupper()
    chain = value
    while isinstance(chain, ast.Attribute | ast.Call | ast.Subscript):
        if isinstance(chain, ast.Attribute) and words(chain.attr) & SETTINGS_WORDS:
            return True
        if isinstance(chain, ast.Call):
            head = chain.func
            name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", "")
            if words(name) & SETTINGS_WORDS:
                return True  # `get_settings()`, `load_config()`
            chain = head
        else:
            chain = chain.value
    return isinstance(chain, ast.Name) and bool(words(chain.id) & SETTINGS_WORDS)


def user_turn_paths(template: Path, paths: frozenset[tuple]) -> frozenset[tuple]:
    """The key paths of a data-file template (`("planning", "initial_plan")`) that the
    project's code only ever sends as the user turn: every `x["planning"]["initial_plan"]` of
    the modules in the template's folder lands, by kvscope.lint.pyscan's reading, in a user
    message (`ChatMessage(role=MessageRole.USER, content=populate_template(...))`). A path the
    code never reads, or also sends as system text, keeps its part."""
    folder = project_folder(template)
    if folder is None or not paths:
        return frozenset()
    return _user_paths(folder, paths)


@functools.lru_cache(maxsize=64)
def _user_paths(folder: Path, paths: frozenset[tuple]) -> frozenset[tuple]:
    from kvscope.lint.pyscan import Scan

    lasts = {str(p[-1]) for p in paths if p}
    roles: dict[tuple, set[str]] = {}
    for path in python_modules(folder):
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not any(f"['{k}']" in source or f'["{k}"]' in source for k in lasts):
            continue  # cheap: only modules that subscript one of the keys are scanned
        try:
            tree = ast.parse(source)
            scan = Scan(tree, source, path)
        except (SyntaxError, ValueError, RecursionError):
            continue
        for node in ast.walk(tree):
            keys = _key_chain(node, scan.parents)
            if keys is not None and keys in paths:
                part = scan.prompt_part(node)
                if part is None and (sent := scan.sinks.walk(node)) & {"system", "user"}:
                    part = "user" if sent == {"user"} else "system"  # rendered, then sent
                roles.setdefault(keys, set()).add(part or "unknown")
    return frozenset(k for k, r in roles.items() if r == {"user"})


def _key_chain(node: ast.AST, parents: dict) -> tuple | None:
    """`("planning", "initial_plan")` of the outermost `x["planning"]["initial_plan"]`."""
    if not isinstance(node, ast.Subscript) or isinstance(parents.get(node), ast.Subscript):
        return None
    keys: list[str] = []
    cur: ast.AST = node
    while isinstance(cur, ast.Subscript):
        if not (isinstance(cur.slice, ast.Constant) and isinstance(cur.slice.value, str)):
            return None
        keys.append(cur.slice.value)
        cur = cur.value
    return tuple(reversed(keys))
