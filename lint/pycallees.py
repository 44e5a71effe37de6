"""The project function a call hands a value to, and the parameter that receives it.

Real code seldom builds its message next to its prompt: it calls a helper of its own
(`gpt(prompt)`, `self._ask(question=q)`, `call_llm(TEMPLATE.format(...))`) whose body puts the
parameter in a message (`messages = [{"role": "user", "content": prompt}]`). Where the call
goes to a function the project defines, the value is sent where that parameter is sent
(kvscope.lint.pysinks follows it in the callee's module). Resolved, by the call's shape:

- `name(...)`: a function defined at the top level of the same module, or imported from one of
  the project's modules (`from tot.models import gpt`, `from .llm import ask as a`);
- `self.name(...)`, `super().name(...)`: a method defined in the enclosing class or in a base
  class the module defines;
- `Cls.name(...)`: a method of a class the module defines (a classmethod takes `cls` first);
- `mod.name(...)`: a function of a project module imported as `mod` (`from app import llm`,
  `import app.llm as llm`);
- `self.name(...)` in a class whose base is a class of another project module the module
  imports (`class OnboardingAgent(BaseAgent)`): that base's method;
- `obj.name(...)` where `obj` is a parameter annotated with a class the project defines and
  the module imports (`llm: LLM` after `from gened.llm import LLM`, then
  `llm.get_completion(prompt=p)`): that class's method;
- `task.remote(...)`, `task.delay(...)`: a decorated top-level function of the module, run by
  a task framework (Modal, Ray, Celery) with the call's arguments.

Anything else (a library's function, a method of another object, a `*args` splat) resolves to
nothing: what the call does with the value is not known.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
# How a task framework runs a decorated function with the call's own arguments: Modal's
# `f.remote(...)` / `.local(...)` / `.spawn(...)` / `.call(...)`, Ray's `f.remote(...)`,
# Celery's `f.delay(...)`.
RUNNERS = frozenset(["remote", "local", "spawn", "call", "delay"])


def parameter(fn: FunctionNode, call: ast.Call, arg: ast.AST, bound: bool) -> str | None:
    """The parameter of `fn` that receives `arg` of `call`; with `bound`, the call passes the
    instance (or class) itself first (`self.m(x)`, `super().__init__(x)`, `Cls.make(x)` of a
    classmethod), so its first parameter takes none of the call's arguments."""
    a = fn.args
    positional = [*a.posonlyargs, *a.args]
    if bound and positional:
        positional = positional[1:]
    if arg in call.args:
        i = call.args.index(arg)
        if any(isinstance(x, ast.Starred) for x in call.args[: i + 1]):
            return None
        return positional[i].arg if i < len(positional) else None
    for kw in call.keywords:
        if arg in (kw, kw.value) and kw.arg is not None:  # climbed from the keyword
            names = {p.arg for p in (*positional, *a.kwonlyargs)}
            return kw.arg if kw.arg in names else None
    return None


def local_function(
    tree: ast.Module, parents: dict, call: ast.Call
) -> tuple[FunctionNode, bool] | None:
    """The function of this module a call goes to, and whether the call binds its first
    parameter: `f(...)` of a top-level `def f`; `self.m(...)`, `cls.m(...)` or `super().m(...)`
    of a `def m`
    in the enclosing class or a base class the module defines; `Cls.m(...)` of a method of a
    class the module defines (bound when it is a classmethod)."""
    func = call.func
    if isinstance(func, ast.Name):
        fn = _defined(tree.body, func.id)
        return (fn, False) if fn is not None else None
    if not isinstance(func, ast.Attribute):
        return None
    recv = func.value
    if func.attr in RUNNERS and isinstance(recv, ast.Name):
        fn = _defined(tree.body, recv.id)  # `generate_response.remote(system, prompt)`
        if fn is not None and fn.decorator_list:
            return fn, False
    if (isinstance(recv, ast.Name) and recv.id in {"self", "cls"}) or _super(recv):
        cls = _enclosing(parents, call, ast.ClassDef)
        if cls is None:
            return None
        classes = _bases(tree, cls) if _super(recv) else [cls, *_bases(tree, cls)]
        fn = next((f for c in classes if (f := _defined(c.body, func.attr))), None)
        if fn is None:
            return None
        on_cls = isinstance(recv, ast.Name) and recv.id == "cls"  # `cls.m()`: binds a classmethod
        return fn, _decorated(fn, "classmethod") if on_cls else not _static(fn)
    if isinstance(recv, ast.Name) and (cls := class_named(tree, recv.id)) is not None:
        fn = next(
            (f for c in [cls, *_bases(tree, cls)] if (f := _defined(c.body, func.attr))), None
        )
        return (fn, _decorated(fn, "classmethod")) if fn is not None else None
    return None


def _super(node: ast.AST) -> bool:
    """`super()` (or `super(Cls, self)`)."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def class_named(tree: ast.Module, name: str) -> ast.ClassDef | None:
    return next((c for c in tree.body if isinstance(c, ast.ClassDef) and c.name == name), None)


def base_name(node: ast.AST) -> str | None:
    """The class a base names: `BaseAgent`, or a generic one's `BaseAgent[In, Out]`."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _bases(tree: ast.Module, cls: ast.ClassDef, depth: int = 0) -> list[ast.ClassDef]:
    """The base classes of `cls` that the module defines, nearest first (depth-first, as
    far as four levels up)."""
    out: list[ast.ClassDef] = []
    for b in cls.bases if depth < 4 else ():
        name = base_name(b)
        base = class_named(tree, name) if name else None
        if base is not None and base is not cls and base not in out:
            out += [base, *_bases(tree, base, depth + 1)]
    return out


def imported_function(
    module: Path, call: ast.Call | None, typed: tuple[str, str] | None = None
) -> tuple[Path, str] | None:
    """The project module and function name an imported call goes to (`gpt(...)` after
    `from tot.models import gpt`; `llm.ask(...)` after `from app import llm`; with `typed`, the
    class and method of an annotated receiver, `Cls.method` of the module `Cls` is imported
    from; no call is needed then), or None."""
    from kvscope.lint.projectsrc import project_folder
    from kvscope.lint.pyimporters import MODULE, STAR, module_imports

    func = call.func if call is not None else None
    if typed is not None:
        alias, want = typed
    elif isinstance(func, ast.Name):
        alias, want = func.id, func.id
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name | ast.Attribute):
        alias, want = ast.unparse(func.value), func.attr
    else:
        return None
    folder = project_folder(module)
    if folder is None:
        return None
    for imp in module_imports(Path(os.path.abspath(module))):
        if imp.alias != alias or imp.name == STAR:
            continue
        if typed is not None and imp.name not in {MODULE, STAR}:
            name, ref = f"{imp.name}.{want}", imp.ref  # `from x import Cls`: `Cls.method`
        elif isinstance(func, ast.Name) and imp.name != MODULE:
            name, ref = imp.name, imp.ref  # `from x import f as alias`: `f` of module x
        elif isinstance(func, ast.Attribute) and imp.name == MODULE:
            name, ref = want, imp.ref  # `import x.mod as alias`, then `alias.f(...)`
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            name, ref = f"{imp.name}.{want}", imp.ref  # `from x import llm`, then `llm.f(...)`
        else:
            continue
        path = _module_file(folder, ref, imp.relative)
        if path is not None and path != module and "." in name and typed is None:
            name = _instance_method(path, name)  # `llm = WatsonxLLM(...)` in module x
        if path is not None and path != module and name:
            return path, name
    return None


def _instance_method(path: Path, name: str) -> str:
    """`Cls.method` for `instance.method` when the module binds `instance = Cls(...)` at its
    top with a class it defines, else ""."""
    from kvscope.lint.projectsrc import parsed

    got = parsed(path)
    if got is None:
        return ""
    tree = got[0].tree
    instance, method = name.split(".", 1)
    for stmt in tree.body:
        if (
            isinstance(stmt, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == instance for t in stmt.targets)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
            and class_named(tree, stmt.value.func.id) is not None
        ):
            return f"{stmt.value.func.id}.{method}"
    return ""


def _module_file(folder: Path, ref: str, relative: bool) -> Path | None:
    """The file of a module: `ref` is a path without suffix (relative import) or a dotted
    name, found under the project folder (or one of its parents: `src/tot/models.py` for
    `tot.models`)."""
    if relative:
        stems = [Path(ref)]
    else:
        tail = Path(*ref.split("."))
        stems = [folder / tail, folder.parent / tail, folder / "src" / tail]
    for stem in stems:
        for path in (stem.with_suffix(".py"), stem / "__init__.py"):
            if path.is_file():
                return Path(os.path.abspath(path))
    if relative:
        return None
    from kvscope.lint.projectsrc import sources

    want = os.sep + os.path.join(*ref.split(".")) + ".py"
    for path, _ in sources(folder):
        if str(path).endswith(want):
            return path
    return None


def function_named(tree: ast.Module, name: str) -> FunctionNode | None:
    """A top-level `def name` of a module, or with `Cls.name` a method of its class `Cls`."""
    if "." in name:
        cls_name, method = name.split(".", 1)
        cls = class_named(tree, cls_name)
        return _defined(cls.body, method) if cls is not None else None
    return _defined(tree.body, name)


def inherited_method(tree: ast.Module, parents: dict, call: ast.Call) -> tuple[str, str] | None:
    """(base class name, method) of `self.method(...)` or `super().method(...)` in a class
    whose base the module does not define but imports (`class OnboardingAgent(BaseAgent)`
    after `from ..base_agent import BaseAgent`), when no class of the module in its line
    defines the method (local_function finds those)."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    recv = func.value
    if not ((isinstance(recv, ast.Name) and recv.id == "self") or _super(recv)):
        return None
    cls = _enclosing(parents, call, ast.ClassDef)
    if cls is None:
        return None
    classes = [cls, *_bases(tree, cls)]
    if any(_defined(c.body, func.attr) for c in classes):
        return None
    for c in classes:
        for base in c.bases:
            name = base_name(base)
            if name and class_named(tree, name) is None:
                return name, func.attr
    return None


def _enclosing(parents: dict, node: ast.AST, kind: type | tuple) -> ast.AST | None:
    """The nearest node of `kind` (a class, a function) around `node`."""
    cur = parents.get(node)
    while cur is not None and not isinstance(cur, kind):
        cur = parents.get(cur)
    return cur


def typed_receiver(parents: dict, call: ast.Call) -> tuple[str, str] | None:
    """(class name, method) of `obj.method(...)` where `obj` is a parameter of the enclosing
    function annotated with a class name (`llm: LLM`, `llm: "LLM"`)."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
        return None
    fn = _enclosing(parents, call, FunctionNode)
    if fn is None:
        return None
    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
        if a.arg != func.value.id or a.annotation is None:
            continue
        ann = a.annotation
        if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
            name = ann.value
        else:
            name = ann.id if isinstance(ann, ast.Name) else ""
        return (name, func.attr) if name.isidentifier() else None
    return None


def _defined(body: list[ast.stmt], name: str) -> FunctionNode | None:
    found = None
    for stmt in body:
        if isinstance(stmt, FunctionNode) and stmt.name == name:
            found = stmt  # the last definition wins, as at run time
    return found


def _static(fn: FunctionNode) -> bool:
    return _decorated(fn, "staticmethod")


def _decorated(fn: FunctionNode, name: str) -> bool:
    return any(isinstance(d, ast.Name) and d.id == name for d in fn.decorator_list)
