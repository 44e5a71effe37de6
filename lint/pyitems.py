"""Values built by looping (kvscope.lint.pyflow's Facts): what a loop's names hold, and what the
lists and strings grown in the loop hold.

A name bound by a loop over a value of a kind holds that kind (`for u in active_users()`). A
listing is different: one file name has no order of its own, but a list it is appended to, or
a string it is added to, comes in the file system's order:

    for root, _, files in os.walk(base):      # root, files: items of a listing
        for name in files:                    # name: an item too
            path = os.path.join(root, name)   # path: still one item
            parts.append(f"--- {path} ---")   # parts: in the listing's order

unless the list is sorted in place (`parts.sort()`) somewhere in the module.
"""

from __future__ import annotations

import ast

GROW_METHODS = {"append", "extend", "insert", "appendleft"}


class ListingItems:
    """The names of one module bound to single items of an unsorted listing."""

    def __init__(self, facts, tree: ast.Module) -> None:
        self.facts = facts  # kind() and the taint table each name resolves in
        self.names: set[tuple[int, str]] = set()
        self.sorted_in_place = {
            n.func.value.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "sort"
            and isinstance(n.func.value, ast.Name)
        }

    def key(self, name: ast.Name) -> tuple[int, str]:
        """`name` as the scope it resolves in sees it."""
        return id(self.facts.table_of(name)), name.id

    def read_by(self, node: ast.AST) -> bool:
        """`node` reads an item of a listing (`os.path.join(root, file)`)."""
        return any(isinstance(n, ast.Name) and self.key(n) in self.names for n in ast.walk(node))

    def loop(self, node: ast.For | ast.AsyncFor | ast.comprehension) -> None:
        """Bind the loop's names: to the kind of what it loops over, or as items of a listing."""
        kind = self.facts.kind(node.iter) or ("order" if self.read_by(node.iter) else None)
        for t in ast.walk(node.target) if kind else ():
            if isinstance(t, ast.Name) and kind == "order":
                self.names.add(self.key(t))
            elif isinstance(t, ast.Name):
                self.facts.table_of(t).setdefault(t.id, kind)

    def opened(self, node: ast.With | ast.AsyncWith) -> None:
        """`with open(path) as f`, `path` an item: `f` (and `f.read()`) is still that item."""
        for item in node.items:
            target = item.optional_vars
            if isinstance(target, ast.Name) and self.read_by(item.context_expr):
                self.names.add(self.key(target))

    def assigned(self, node: ast.AST, targets: list[ast.AST]) -> str | None:
        """The kind an assignment from an item gives its target: `text += item` grows text in
        the listing's order ("order"); `path = join(root, item)` is still one item (None)."""
        if not self.read_by(node.value):
            return None
        if isinstance(node, ast.AugAssign):
            return "order"
        self.names.update(self.key(t) for t in targets if isinstance(t, ast.Name))
        return None

    def appended(self, call: ast.Call) -> None:
        """`parts.append(value)`: the list holds the kind of what it is grown with; an order
        only when the list is never sorted in place."""
        func = call.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr in GROW_METHODS
            and isinstance(func.value, ast.Name)
        ):
            return
        kinds = [k for a in call.args if (k := self.facts.kind(a))]
        if any(self.read_by(a) for a in call.args):
            kinds.append("order")
        kind = next((k for k in kinds if k != "order"), kinds[0] if kinds else None)
        if kind == "order" and func.value.id in self.sorted_in_place:
            return
        if kind:
            self.facts.table_of(func.value).setdefault(func.value.id, kind)
