"""Instance attributes (kvscope.lint.pyflow's Facts): what `obj.attr` holds when `obj` is an
instance of one of the project's classes.

    class SkillLoader:                          # skills.py
        def __init__(self, folder):
            self.skills = self.load_skills()    # load_skills() returns a listing's order
        def load_skills(self): ...

    loader = SkillLoader(path)                  # base.py: from .skills import SkillLoader
    found.extend(loader.skills)                 # found: in the listing's order

A class's attributes are the `self.x = value` assignments of its methods and the
`default_factory` of its dataclass or pydantic fields (`id: str = field(default_factory=...)`),
read as `obj.x` or as `self.x` in its methods; `self.method()` is what that method of the class
returns. An instance is a name assigned a call of the class,
defined in the module or imported from a module of the project.
"""

from __future__ import annotations

import ast


class ClassAttrs:
    """The kinds of the attributes of one module's classes, and the names bound to instances."""

    def __init__(self, facts, tree: ast.Module) -> None:
        self.facts = facts  # kind(), funcs and the taint table each name resolves in
        self.classes: dict[str, dict[str, str]] = {}  # class name -> attribute -> kind
        self.instances: dict[tuple[int, str], str] = {}  # (scope table, name) -> class name
        self._owner: dict[ast.AST, str] = {}  # a method's assignments, calls, reads -> its class
        self._methods: dict[str, set[str]] = {}
        self._fields: dict[ast.AST, tuple[str, ast.AST]] = {}  # a dataclass field -> factory
        for cls in ast.walk(tree):
            if not isinstance(cls, ast.ClassDef):
                continue
            self.classes.setdefault(cls.name, {})
            methods = self._methods.setdefault(cls.name, set())
            for fn in cls.body:
                factory = _default_factory(fn)
                if factory is not None:  # `id: str = field(default_factory=new_id)`
                    self._fields[fn] = (cls.name, factory)
                if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                    methods.add(fn.name)
                    for sub in ast.walk(fn):
                        if isinstance(sub, ast.Assign | ast.AnnAssign | ast.Call | ast.Attribute):
                            self._owner[sub] = cls.name

    def imported(self, name: str, other: ClassAttrs, original: str) -> None:
        """`from module import Original as name`: the class is the other module's."""
        if original in other.classes:
            self.classes[name] = other.classes[original]

    def assigned(self, node: ast.Assign | ast.AnnAssign | ast.AugAssign) -> None:
        """`self.x = value` in a method: the class's attribute `x` holds the value's kind;
        `obj = Class(...)`: `obj` is an instance of the class."""
        if node.value is None or isinstance(node, ast.AugAssign):
            return
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if node in self._fields and isinstance(targets[0], ast.Name):
            cls, factory = self._fields[node]
            call = ast.Call(func=factory, args=[], keywords=[])
            kind = self.facts.kind(factory.body if isinstance(factory, ast.Lambda) else call)
            if kind:
                self.classes[cls].setdefault(targets[0].id, kind)
        owner = self._owner.get(node)
        if owner is not None:
            kind = None
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    kind = kind or self.facts.kind(node.value)
                    if kind:
                        self.classes[owner].setdefault(t.attr, kind)
        call = node.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in self.classes
        ):
            for t in targets:
                if isinstance(t, ast.Name):
                    self.instances[(id(self.facts.table_of(t)), t.id)] = call.func.id

    def attribute(self, node: ast.Attribute) -> str | None:
        """The kind `obj.attr` holds, where `obj` names an instance of a known class, or is
        `self` in one of the class's methods (`self.conv = str(uuid4())` in `__init__`)."""
        if not isinstance(node.value, ast.Name):
            return None
        if node.value.id == "self":
            cls = self._owner.get(node)
            return self.classes[cls].get(node.attr) if cls in self.classes else None
        key = (id(self.facts.table_of(node.value)), node.value.id)
        cls = self.instances.get(key)
        return self.classes[cls].get(node.attr) if cls in self.classes else None

    def self_call(self, call: ast.Call) -> str | None:
        """`self.method()` in a method of a class that defines `method`: what it returns."""
        func = call.func
        owner = self._owner.get(call)
        if (
            owner is None
            or not isinstance(func, ast.Attribute)
            or not isinstance(func.value, ast.Name)
            or func.value.id != "self"
            or func.attr not in self._methods.get(owner, ())
        ):
            return None
        return self.facts.funcs.get(func.attr)


def _default_factory(stmt: ast.AST) -> ast.AST | None:
    """The `default_factory` of a dataclass or pydantic field declared by `stmt`."""
    value = getattr(stmt, "value", None) if isinstance(stmt, ast.AnnAssign | ast.Assign) else None
    func = value.func if isinstance(value, ast.Call) else None
    if getattr(func, "id", getattr(func, "attr", None)) not in {"field", "Field"}:
        return None
    return next((k.value for k in value.keywords if k.arg == "default_factory"), None)
