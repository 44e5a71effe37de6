"""Instance attributes (kvscope.lint.pyflow's Facts): what `obj.attr` holds when `obj` is an
instance of one of the project's classes.

    class SkillLoader:                          # skills.py
        def __init__(self, folder):
            self.skills = self.load_skills()    # load_skills() returns a listing's order
        def load_skills(self): ...

    loader = SkillLoader(path)                  # base.py: from .skills import SkillLoader
    found.extend(loader.skills)                 # found: in the listing's order

A class's attributes are the `self.x = value` assignments of its methods, and `self.method()`
is what that method of the class returns. An instance is a name assigned a call of the class,
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
        self._owner: dict[ast.AST, str] = {}  # a method's assignments and calls -> its class
        self._methods: dict[str, set[str]] = {}
        for cls in ast.walk(tree):
            if not isinstance(cls, ast.ClassDef):
                continue
            self.classes.setdefault(cls.name, {})
            methods = self._methods.setdefault(cls.name, set())
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                    methods.add(fn.name)
                    for sub in ast.walk(fn):
                        if isinstance(sub, ast.Assign | ast.AnnAssign | ast.Call):
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
        """The kind `obj.attr` holds, where `obj` names an instance of a known class."""
        if not isinstance(node.value, ast.Name):
            return None
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
