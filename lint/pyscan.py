"""Static analysis of Python source for prompt-cache hazards (PL001-PL007): the scan of one
module, with the facts every check reads.

A `Scan` holds the module's tree and source, each node's parent, the bindings and reads of
names, what values are (clocks, ids, per-user calls, across the project's imports:
kvscope.lint.pyflow) and the positions of nodes in the source; which part of a prompt a string
ends up in is kvscope.lint.pypart; the checks are kvscope.lint.pyrules, and their findings are
collected once, when the scan is made. Fills of templates are kvscope.lint.pyfill.
"""

from __future__ import annotations

import ast
from pathlib import Path

from kvscope.lint.findings import Problem
from kvscope.lint.names import name_parts
from kvscope.lint.patterns import classify_expr, words
from kvscope.lint.pyargs import per_call_args
from kvscope.lint.pyflow import LISTING_ORDER_CALLS, Facts, dotted
from kvscope.lint.pypart import PROMPT_WORDS, PromptPart, sent_as_prompt
from kvscope.lint.pyroles import user_side
from kvscope.lint.pyrun import per_run_functions, reads, ui_handlers
from kvscope.lint.pyshipped import TIDY_METHODS, reads_named_file, reads_shipped_file
from kvscope.lint.pysinks import Sinks
from kvscope.lint.pystrtemplate import template_names
from kvscope.lint.pytypes import typed_kind

# A module whose file or package name says it holds prompts (`prompts.py`, `system_prompts.py`,
# `prompts/chat_tools.py`): its module-level strings are prompt text even when their names do
# not say so (`SHELL`, `CODE`, `TOOL_FOLLOWUP`).
PROMPT_MODULE_WORDS = {"prompt", "prompts"}  # not `templates.py`: web apps have those
TOOL_WORDS = {"tools", "tool", "functions"}
SCHEMA_WORDS = {
    "tool",
    "tools",
    "schema",
    "function",
    "functions",
    "parameters",
    "params",
    "spec",
    "specs",
}
# An unsorted listing, or an MCP server's tools in the order it lists them.
LISTING_CALLS = LISTING_ORDER_CALLS | {"list_tools"}
KIND_CODES = {
    "time": "PL001",
    "id": "PL002",
    "user": "PL003",
    "request": "PL003",
    "argument": "PL003",
    "order": "PL004",
}
CACHEABLE = {"system", "template", "tools"}


# Calls that convert, measure or test a value: what they return is not data looked up for it.
NOT_LOOKUPS = frozenset(
    ["str", "int", "float", "bool", "len", "repr", "hash", "isinstance", "type", "print"]
)
TEXT_CALLS = frozenset(
    ["format", "join", "strip", "lower", "upper", "replace", "escape", "quote", "dumps"]
)


def keyed_by_user(node: ast.AST) -> bool:
    """A call handed the user's identity (`get_system_prompt(user_id)`,
    `load_memories(customer_id=cid)`, `fetch_profile(message.from_user.id)`): what it looks up
    for that user is per-user data, whatever the function is called. Conversions and text
    methods (`str(user_id)`, `", ".join(...)`) are judged by their value instead."""
    if not isinstance(node, ast.Call):
        return False
    name = dotted(node.func)[1]
    if not name or name in NOT_LOOKUPS or name in TEXT_CALLS:
        return False
    args = [*node.args, *(k.value for k in node.keywords)]
    # unparsed only for the few arguments whose last name is an id
    return any(_id_name(a) and classify_expr(ast.unparse(a)) == "user" for a in args)


def _id_name(node: ast.AST) -> bool:
    """`user_id`, `customerId`, `message.from_user.id`: a name or attribute ending in an id."""
    if isinstance(node, ast.Name):
        return node.id.endswith(("_id", "Id"))
    return isinstance(node, ast.Attribute) and (
        node.attr == "id" or node.attr.endswith(("_id", "Id"))
    )


class Scan(PromptPart):
    """All problems of one module; `problems(code)` filters them."""

    def __init__(self, tree: ast.Module, source: str, path: Path | None = None) -> None:
        self.source = source
        self.tree = tree
        self.string_templates = template_names(tree)  # what `string.Template` is called here
        self._call_args: dict[ast.AST, set[str]] | None = None
        self.lines = source.split("\n")
        self.line_starts = [0]
        for line in self.lines:
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.path = path
        self.facts = Facts(tree, path)
        self.per_run = per_run_functions(tree)
        self._ui_handlers: frozenset[str] | None = None  # found when a request is first asked
        self._request_names: dict[ast.AST, set[str]] = {}
        self._fills: dict[str, list] | None = None
        self._format_calls = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "format"
        ]
        self.prompt_module = path is not None and any(
            words(part) & PROMPT_MODULE_WORDS for part in (Path(path).stem, Path(path).parent.name)
        )
        self.sinks = Sinks(tree, self.parents, Path(path) if path is not None else None)
        self.uses: dict[str, list[ast.AST]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.uses.setdefault(node.id, []).append(node)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                self.uses.setdefault(node.attr, []).append(node)
        self.tainted = self.facts.tainted
        self.assigns: dict[str, list[ast.AST]] = {}
        self.attr_assigns: dict[str, list[ast.AST]] = {}  # `self.template = ...`, by attribute
        self.updated: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.assigns.setdefault(t.id, []).append(node.value)
                    elif isinstance(t, ast.Attribute):
                        self.attr_assigns.setdefault(t.attr, []).append(node.value)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "update"
                and isinstance(node.func.value, ast.Name)
            ):
                self.updated.add(node.func.value.id)
        from kvscope.lint import pybreakpoints, pyrules

        found: dict[tuple[str, int, int], Problem] = {}
        for node in ast.walk(tree):
            for p in pyrules.visit(self, node):  # one finding per rule and place (a hole
                key = (p.code, p.src_start, p.src_end)  # judged by its name and by its value),
                if key not in found or found[key].prefix_text is None:  # the one with a cost
                    found[key] = p
        self.found: list[Problem] = _outermost(list(found.values()))
        self.found.extend(pybreakpoints.breakpoints(self, tree))

    def problems(self, code: str) -> list[Problem]:
        return [p for p in self.found if p.code == code]

    # positions
    def offset(self, lineno: int, col: int) -> int:
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return self.line_starts[lineno - 1] + len(line.encode()[:col].decode(errors="ignore"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)
        end = self.offset(node.end_lineno or node.lineno, node.end_col_offset or 0)
        return start, max(end, start)

    # classification
    def call_kind(self, node: ast.AST) -> str | None:
        """What the value is, on evidence: a clock, id or user call (or a name or helper that
        returns one), a parameter's type (kvscope.lint.pytypes), or what a per-run prompt
        function reads from its run's context."""
        kind = self.facts.kind(node)
        if kind is not None:
            return kind
        if keyed_by_user(node):
            return "user"  # `get_system_prompt(user_id)`: what it returns is this user's
        fn = self.function_of(node)
        if fn is None:
            return None
        kind = typed_kind(self, node)
        if kind is not None:
            return kind
        if fn in self.per_run and reads(node, self.per_run[fn]):
            return "request"
        if fn in self.call_args and reads(node, self.call_args[fn]):
            return "argument"  # a text parameter of a prompt builder: new on every call
        return None

    @property
    def call_args(self) -> dict[ast.AST, set[str]]:
        """The text parameters of the module's prompt-building functions (kvscope.lint.pyargs)."""
        if self._call_args is None:
            self._call_args = {}  # recursion guard: sent_as reads no values
            builders = [
                fn
                for fn in ast.walk(self.tree)
                if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
                and (
                    (words(fn.name) & PROMPT_WORDS and not user_side(fn.name))
                    or sent_as_prompt(self.sent_as(fn.name, call=True))
                )
            ]
            self._call_args = per_call_args(self.tree, builders)
        return self._call_args

    def function_of(self, node: ast.AST) -> ast.AST | None:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
            cur = self.parents.get(cur)
        return cur

    def reads_request(self, node: ast.AST) -> bool:
        """`node` reads a name its function holds this request's content in (a parameter
        named for it, a local fetched for it, what is derived from them: kvscope.lint.pyrun
        .request_names), worked out once per function."""
        from kvscope.lint.pyrun import reads, request_names

        fn = self.function_of(node)
        if fn is None:
            return False
        if fn not in self._request_names:
            if self._ui_handlers is None:
                self._ui_handlers = ui_handlers(self.tree)
            self._request_names[fn] = request_names(fn, fn.name in self._ui_handlers)
        return reads(node, self._request_names[fn])

    def value_kind(self, node: ast.AST) -> str | None:
        """What the value of an expression is, on evidence, else by its name. A constant's name
        (`NO_ANSWER`, `config.MAX_TURNS`) says what it means, not that it varies."""
        kind = self.call_kind(node)
        if kind is not None:
            return kind
        if isinstance(node, ast.Name | ast.Attribute) and constant_name(node):
            return None
        if isinstance(node, ast.IfExp) and _fixed_branches(node):
            return None  # `ADMIN_RULES if user.is_admin else ""`: which text is PL006's to say
        if self.file_text(node):
            return None  # `task_description = read_prompt_md("tools/task/description.md")`
        if self.literal_text(node) or self.table_value(node):
            return None  # `input = "{input}"`, `profile["name"]`: text written in code
        return self.named_kind(node)

    def table_value(self, node: ast.AST) -> bool:
        """A lookup in a literal table of the project (kvscope.lint.pytables)."""
        from kvscope.lint.pytables import constant_lookup

        return constant_lookup(self, node)

    def literal_text(self, node: ast.AST) -> bool:
        """`node` is a local every binding of which is a string literal (`input = "{input}"`,
        a placeholder handed on to a later formatting): its text is in the code."""
        from kvscope.lint.pysplice import resolver

        if not isinstance(node, ast.Name) or self.function_of(node) is None:
            return False
        found = resolver(self).pieces(node)
        return bool(found) and all(p.node is None for p in found)

    def named_kind(self, node: ast.AST) -> str | None:
        """What a value's name says it holds. A local that reads one field of an object is
        named by that field and its owner (`name = skill.get("name")`: the skill's name, not
        the user's); a call of a project helper that builds its text from settings alone is
        fixed whatever its name (kvscope.lint.pysettings)."""
        from kvscope.lint.pysettings import settings_text_call

        fields = self.field_reads(node) or self.loop_items(node)
        if fields:
            return next((k for k in map(classify_expr, fields) if k is not None), None)
        kind = classify_expr(ast.unparse(node))
        if kind is not None and settings_text_call(self, node):
            return None  # `get_language_instruction()` of a helper that reads the config
        return kind

    def field_reads(self, node: ast.AST) -> list[str]:
        """`owner.field` for each binding of a local that reads one field of an object
        (`name = skill.get("name")`, `description = (skill.get("description") or "").strip()`,
        `title = doc["title"]`, `n = item.name`): the value is the owner's field, and the owner
        says whose it is. Empty when any binding is something else."""
        values = self.assigns.get(node.id, ()) if isinstance(node, ast.Name) else ()
        fields = [_field_read(v) for v in values]
        return fields if fields and all(fields) else []

    def loop_items(self, node: ast.AST) -> list[str]:
        """`owner.name` for a local bound only as the variable of loops over a named
        collection (`for name in enabled`, `[f"- {name}" for name in tool_names]`): an item of
        the collection, which says whose it is, not the user's name. Empty otherwise."""
        if not isinstance(node, ast.Name) or node.id in self.assigns:
            return []
        fn = self.function_of(node)
        owners = []
        for loop in ast.walk(fn) if fn is not None else ():
            if isinstance(loop, ast.For | ast.AsyncFor | ast.comprehension):
                bound = [t.id for t in ast.walk(loop.target) if isinstance(t, ast.Name)]
                if node.id not in bound:
                    continue
                if not isinstance(loop.target, ast.Name):
                    return []  # `for name, user in pairs`: which item is which is not known
                if not isinstance(loop.iter, ast.Name | ast.Attribute):
                    return []
                owners.append(f"{ast.unparse(loop.iter)}.{node.id}")
        return owners

    def file_text(self, node: ast.AST) -> bool:
        """`node` is a name every binding of which is text read from a file the code names
        literally (`read_prompt_md("tools/task/description.md")`, `open("rules.txt").read()`,
        `Path("a/b.j2").read_text()`): part of the deploy, the same on every request, whatever
        the name says."""
        if isinstance(node, ast.Call):
            return reads_shipped_file(self.assigns, node)
        values = self.assigns.get(node.id, ()) if isinstance(node, ast.Name) else ()
        return bool(values) and all(
            reads_named_file(v) or reads_shipped_file(self.assigns, v) for v in values
        )


def _fixed_branches(node: ast.IfExp) -> bool:
    """Both branches of a conditional expression are fixed text (kvscope.lint.pysplice)."""
    from kvscope.lint.pysplice import fixed_value

    return fixed_value(node.body) and fixed_value(node.orelse)


def _outermost(problems: list[Problem]) -> list[Problem]:
    """One finding per value: a finding inside another of the same rule (`m.text` within
    `"\n".join(m.text for m in memories)`) says the same thing again, and is dropped; the
    outer one keeps what the inner knew of the cost (a fragment has no floor)."""
    kept = []
    for p in problems:
        if any(_within(p, q) for q in problems):
            continue
        if not p.fragment and any(q.fragment and _within(q, p) for q in problems):
            p = p._replace(fragment=True)
        kept.append(p)
    return kept


def _within(inner: Problem, outer: Problem) -> bool:
    """`inner` lies inside `outer`, a finding of the same rule over a longer span."""
    return (
        inner.code == outer.code
        and outer.src_start <= inner.src_start
        and inner.src_end <= outer.src_end
        and (inner.src_start, inner.src_end) != (outer.src_start, outer.src_end)
    )


def _field_read(value: ast.AST) -> str | None:
    """`skill.name` for `skill.get("name")`, `skill["name"]`, `skill.name` (an owner may be a
    chain, `update.effective_user.first_name`), also defaulted
    (`x.get("k") or ""`, `x.get("k", "")`) and tidied (`.strip()`, `.replace("\n", " ")`)."""
    while True:
        if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and value.values:
            if not all(isinstance(v, ast.Constant) for v in value.values[1:]):
                return None
            value = value.values[0]
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in TIDY_METHODS
            and all(isinstance(a, ast.Constant) for a in value.args)
        ):
            value = value.func.value
        else:
            break
    owner = key = None
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and value.args
        and all(isinstance(a, ast.Constant) for a in value.args)
    ):
        owner, key = value.func.value, value.args[0].value
    elif isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
        owner, key = value.value, value.slice.value
    elif isinstance(value, ast.Attribute):
        owner, key = value.value, value.attr
    if not _dotted_names(owner) or not isinstance(key, str) or not key.isidentifier():
        return None
    return f"{ast.unparse(owner)}.{key}"  # `update.effective_user.first_name`: whose it is


def _dotted_names(node: ast.AST | None) -> bool:
    """`skill`, `update.effective_user`: a name or a chain of attributes of one."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


MARKER_WORDS = {"pat", "pattern", "marker", "placeholder", "replacement", "tag", "token", "slot"}


def constant_name(node: ast.Name | ast.Attribute) -> bool:
    """`NO_ANSWER`, `config.MAX_TURNS`: a name written as a constant. Not a marker that a
    later `.replace()` fills (`DATETIME_REPLACEMENT_PAT`, `DATE_PLACEHOLDER`)."""
    name = node.id if isinstance(node, ast.Name) else node.attr
    parts = {p.lower() for p in name_parts(name)}
    return name.isupper() and any(c.isalpha() for c in name) and not parts & MARKER_WORDS


def run(doc) -> Scan:
    """The (cached) scan of a Python Document (`doc.cache["file"]`: its path on disk, which
    lets the scan follow imports into the project)."""
    if "scan" not in doc.cache:
        doc.cache["scan"] = Scan(doc.python, doc.source, doc.cache.get("file"))
    return doc.cache["scan"]
