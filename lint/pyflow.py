"""What values in a Python module are: the data-flow facts behind kvscope.lint.pyscan.

A name or a function "is" a clock, an id, per-user data or an unsorted listing when what it is
assigned or returns is one: `text += f"Date: {datetime.now()}"` in a helper makes the helper a
clock, so `TEMPLATE.format(platform=helper())` puts a clock in the prompt even though
`platform` reads as nothing. Facts follow `from x import y` and `import x as m` into the
modules of the project being linted (relative imports, and absolute ones found above the file),
two levels deep; a module outside the project (site-packages) is never read.
"""

from __future__ import annotations

import ast
from pathlib import Path

from kvscope.lint.pyclasses import ClassAttrs
from kvscope.lint.pyitems import ListingItems

TIME_CALLS = {
    ("datetime", "now"),
    ("datetime", "utcnow"),
    ("datetime", "today"),
    ("date", "today"),
    ("time", "time"),
    ("time", "ctime"),
    ("time", "strftime"),
    ("time", "localtime"),
    ("time", "gmtime"),
    ("time", "asctime"),
    ("Timestamp", "now"),
    ("arrow", "now"),
    ("arrow", "utcnow"),
    ("pendulum", "now"),
    ("pendulum", "today"),
    ("timezone", "now"),
    ("", "now"),
    ("", "utcnow"),
    ("", "strftime_now"),
}
ID_CALLS = {
    ("uuid", "uuid1"),
    ("uuid", "uuid4"),
    ("", "uuid4"),
    ("", "uuid1"),
    ("secrets", "token_hex"),
    ("secrets", "token_urlsafe"),
    ("secrets", "token_bytes"),
    ("secrets", "randbits"),
    ("os", "urandom"),
    ("random", "random"),
    ("random", "randint"),
    ("random", "choice"),
    ("random", "choices"),  # examples drawn anew on each request: a different prompt each time
    ("random", "sample"),
    ("random", "getrandbits"),
    ("random", "randrange"),
    ("random", "uniform"),
    ("shortuuid", "uuid"),
    ("ulid", "new"),
    ("nanoid", "generate"),
    ("time", "time_ns"),
}
USER_CALLS = {
    ("getpass", "getuser"),
    ("", "getuser"),
    ("os", "getlogin"),
    ("locale", "getlocale"),
    ("locale", "getdefaultlocale"),
    ("pwd", "getpwuid"),
    # the machine the code runs on: for a local agent or CLI, the user's machine
    ("platform", "machine"),
    ("platform", "platform"),
    ("platform", "uname"),
    ("platform", "system"),
    ("platform", "node"),
    ("platform", "release"),
    ("platform", "version"),
    ("os", "uname"),
    ("socket", "gethostname"),
    # where it runs: the working directory and home of the user who started it
    ("os", "getcwd"),
    ("Path", "cwd"),
    ("Path", "home"),
    # what the user has in front of them: the desktop's active application or window
    ("", "activeApplication"),
    ("", "frontmostApplication"),
    ("", "getActiveWindow"),
    ("", "getActiveWindowTitle"),
    ("", "GetForegroundWindow"),
}
# What a user types or picks for this run: the terminal's `input()`, Streamlit's widgets
# (`st.text_input(...)`, `st.sidebar.selectbox(...)`), which return this session's entry.
INPUT_WIDGETS = [
    "text_input",
    "text_area",
    "chat_input",
    "selectbox",
    "multiselect",
    "radio",
    "slider",
    "select_slider",
    "number_input",
    "date_input",
    "time_input",
    "pills",
    "segmented_control",
]
INPUT_CALLS = {(recv, w) for recv in ("st", "sidebar", "streamlit") for w in INPUT_WIDGETS}
INPUT_CALLS.add(("", "input"))
# environment variables that describe the user's session, not the deploy's settings
USER_ENV = {"SHELL", "USER", "USERNAME", "LOGNAME", "HOME", "PWD", "LANG", "LC_ALL", "TZ"}
# Filesystem order: differs between machines and file systems; sorted() makes it stable.
# Installed plugins are found by listing the folders of sys.path (`entry_points(group=...)`).
LISTING_ORDER_CALLS = {"listdir", "glob", "iglob", "iterdir", "rglob", "scandir", "walk"}
LISTING_ORDER_CALLS |= {"entry_points", "iter_entry_points"}
# Calls whose result keeps nothing of their argument's order: `len(tools)`, `x in names`.
ORDERLESS_CALLS = {"len", "sorted", "sum", "min", "max", "any", "all", "bool", "isinstance", "hash"}
MAX_DEPTH = 2
# Parts of a clock value that stay the same for a year: `datetime.now().year` is not a clock.
COARSE_ATTRS = {"year"}


def _user_env(call: ast.Call, recv: str, attr: str) -> bool:
    """`os.getenv("SHELL")`, `os.environ.get("USER", ...)`: the session's user, not a setting."""
    if (recv, attr) not in {("os", "getenv"), ("", "getenv"), ("environ", "get")}:
        return False
    arg = call.args[0] if call.args else None
    return isinstance(arg, ast.Constant) and arg.value in USER_ENV


def dotted(node: ast.AST) -> tuple[str, str]:
    """(receiver name, attribute) of a call target: `datetime.now` -> ("datetime", "now")."""
    if isinstance(node, ast.Attribute):
        base = node.value
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        return name, node.attr
    return "", getattr(node, "id", "")


# Calls that turn a collection into a sequence in its iteration order.
SEQUENCE_CALLS = {"join", "list", "tuple", "str", "enumerate", "dumps"}


class Facts:
    """Kinds ("time", "id", "user", "request", "order") of the module's names and functions."""

    def __init__(self, tree: ast.Module, path: Path | None, depth: int = 0) -> None:
        self.tree = tree
        self.tainted: dict[str, str] = {}  # module-level names
        self.funcs: dict[str, str] = {}
        self.modules: dict[str, Facts] = {}
        self._scopes(tree)
        self.items = ListingItems(self, tree)
        self.klass = ClassAttrs(self, tree)
        if path is not None and depth < MAX_DEPTH:
            self._imports(tree, path, depth)
        for _ in range(3):  # a fixpoint: helpers calling helpers
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    kind = self.kind(node.value) if node.value is not None else None
                    if node.value is not None and not kind:
                        kind = self.items.assigned(node, targets)
                    for t in targets:
                        if isinstance(t, ast.Name) and kind:
                            table = self.table_of(t)
                            table.setdefault(t.id, kind)
                    self.klass.assigned(node)
                elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
                    self.items.loop(node)
                elif isinstance(node, ast.With | ast.AsyncWith):
                    self.items.opened(node)
                elif isinstance(node, ast.Call):
                    self.items.appended(node)
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    if node.name in self.funcs:
                        continue
                    for sub in ast.walk(node):
                        if isinstance(sub, ast.Return) and sub.value is not None:
                            kind = self.kind(sub.value)
                            if kind:
                                self.funcs[node.name] = kind
                                break

    def kind(self, node: ast.AST) -> str | None:
        """The kind of value `node` evaluates to: a clock/id/user call or a name or helper
        that returns one ("order" only when nothing more volatile is there)."""
        order = None
        stack = [node]
        orderless: set[ast.AST] = set()  # a count, a test or a sum of a collection has no order
        while stack:
            sub = stack.pop()
            if isinstance(sub, ast.Attribute) and sub.attr in COARSE_ATTRS:
                continue
            if (
                sub in orderless
                or isinstance(sub, ast.Compare)
                or (isinstance(sub, ast.Call) and dotted(sub.func)[1] in ORDERLESS_CALLS)
            ):
                orderless.update(ast.iter_child_nodes(sub))
            elif isinstance(sub, ast.Set | ast.SetComp) or (
                isinstance(sub, ast.Call) and dotted(sub.func)[1] in {"set", "frozenset"}
            ):
                order = "order"  # string hashing orders a set anew in every process
            if isinstance(sub, ast.IfExp) and _coarse(sub.body) and _coarse(sub.orelse):
                stack.extend((sub.body, sub.orelse))  # `now.year if now.month > 8 else ...`
                continue  # both branches are a year: the test picks which, still a year
            if isinstance(sub, ast.Call):
                recv, attr = dotted(sub.func)
                if attr == "sorted":
                    inner = [k for a in sub.args if (k := self.kind(a)) and k != "order"]
                    if inner:
                        return inner[0]
                    continue
                key = (recv, attr)
                if key in TIME_CALLS or ("", attr) in TIME_CALLS:
                    return "time"
                if key in ID_CALLS or ("", attr) in ID_CALLS:
                    return "id"
                if key in USER_CALLS or ("", attr) in USER_CALLS or _user_env(sub, recv, attr):
                    return "user"
                if key in INPUT_CALLS:
                    return "request"  # `topic = input("Topic: ")`: what the user entered
                found = self._call_fact(sub.func) or self.klass.self_call(sub)
                if found and found != "order":
                    return found
                if (found or attr in LISTING_ORDER_CALLS) and sub not in orderless:
                    order = "order"
            elif (
                isinstance(sub, ast.Subscript)
                and dotted(sub.value)[1] == "environ"
                and isinstance(sub.slice, ast.Constant)
                and sub.slice.value in USER_ENV
            ):
                return "user"  # `os.environ["SHELL"]`
            elif (found := self._held(sub)) is not None:
                if found != "order":
                    return found
                order = order or (None if sub in orderless else "order")
            stack.extend(ast.iter_child_nodes(sub))
        return order

    def _held(self, node: ast.AST) -> str | None:
        """The kind a name, or an attribute of an instance of a known class, holds."""
        if isinstance(node, ast.Name):
            return self.table_of(node).get(node.id)
        return self.klass.attribute(node) if isinstance(node, ast.Attribute) else None

    def _scopes(self, tree: ast.Module) -> None:
        """Which function each name is read or bound in, and the names each function binds
        (its parameters and assignments): `variables` in one function is not the
        `variables` of another."""
        self._scope_of: dict[ast.AST, ast.AST] = {}
        self._outer: dict[ast.AST, ast.AST | None] = {}
        self._bound: dict[ast.AST, set[str]] = {}
        self._local: dict[ast.AST, dict[str, str]] = {}
        for fn in ast.walk(tree):  # outer functions first: an inner one overwrites
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            self._outer[fn] = self._scope_of.get(fn)
            args = fn.args
            bound = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
            bound |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
            for sub in ast.walk(fn):
                if sub is not fn:
                    self._scope_of[sub] = fn
            self._bound[fn] = bound
            self._local[fn] = _set_params(fn)
        for node, fn in self._scope_of.items():
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self._bound[fn].add(node.id)
        for fn in self._bound:  # `global x` binds nothing locally
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Global | ast.Nonlocal):
                    self._bound[fn] -= set(sub.names)

    def table_of(self, name: ast.Name) -> dict[str, str]:
        """The taint table `name` resolves in: the innermost function that binds it, else
        the module."""
        fn = self._scope_of.get(name)
        while fn is not None:
            if name.id in self._bound[fn]:
                return self._local[fn]
            fn = self._outer.get(fn)
        return self.tainted

    def _call_fact(self, func: ast.AST) -> str | None:
        if isinstance(func, ast.Name):
            return self.funcs.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            mod = self.modules.get(func.value.id)
            if mod is not None:
                return mod.funcs.get(func.attr) or mod.tainted.get(func.attr)
        return None

    def _imports(self, tree: ast.Module, path: Path, depth: int) -> None:
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                facts = module_facts(resolve(path, node.module, node.level), depth + 1)
                for alias in node.names:
                    name = alias.asname or alias.name
                    if facts is None:
                        sub = resolve(
                            path, f"{node.module or ''}.{alias.name}".strip("."), node.level
                        )
                        sub_facts = module_facts(sub, depth + 1)
                        if sub_facts is not None:
                            self.modules[name] = sub_facts
                        continue
                    self.klass.imported(name, facts.klass, alias.name)
                    if alias.name in facts.funcs:
                        self.funcs[name] = facts.funcs[alias.name]
                    if alias.name in facts.tainted:
                        self.tainted[name] = facts.tainted[alias.name]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    facts = module_facts(resolve(path, alias.name, 0), depth + 1)
                    if facts is not None:
                        self.modules[alias.asname or alias.name.rsplit(".", 1)[-1]] = facts


def _coarse(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr in COARSE_ATTRS for n in ast.walk(node))


def resolve(importer: Path, module: str | None, level: int) -> Path | None:
    """The project file a `from ... import` names, or None (stdlib, site-packages, missing)."""
    parts = [p for p in (module or "").split(".") if p]
    if level:
        base = importer.parent
        for _ in range(level - 1):
            base = base.parent
        return _module_file(base, parts)
    if not parts:
        return None
    folder = importer.parent
    for _ in range(8):  # the project root is at most a few folders up
        found = _module_file(folder, parts)
        if found is not None:
            return found
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def _module_file(base: Path, parts: list[str]) -> Path | None:
    target = base.joinpath(*parts) if parts else base
    for candidate in (target.with_suffix(".py"), target / "__init__.py"):
        if parts and candidate.is_file() and "site-packages" not in candidate.parts:
            return candidate
    return None


_CACHE: dict[tuple[Path, int, int], Facts | None] = {}


def module_facts(path: Path | None, depth: int) -> Facts | None:
    """Facts of another module of the project (parsed once per run and depth)."""
    if path is None:
        return None
    try:
        key = (path.resolve(), path.stat().st_mtime_ns, depth)
    except OSError:
        return None
    if key not in _CACHE:
        _CACHE[key] = None  # an import cycle sees "nothing known"
        try:
            text = path.read_text(encoding="utf-8")
            if len(text) > 2_000_000:
                return None
            tree = ast.parse(text)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
            return None
        if len(_CACHE) > 512:
            _CACHE.clear()
        _CACHE[key] = Facts(tree, path, depth)
    return _CACHE[key]


def _set_params(fn: ast.AST) -> dict[str, str]:
    """Parameters annotated as sets (`enabled: set[str]`) that the function itself turns into a
    sequence (loops over, joins, lists, formats): what it reads from them comes in an order
    that string hashing changes between processes ("order"). A set only tested with `in` or
    handed on has no order here."""
    from kvscope.lint.pytypes import SET_TYPES, annotation_types

    args = fn.args
    sets = set()
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        types = annotation_types(a.annotation)
        if types and types <= SET_TYPES:
            sets.add(a.arg)
    if not sets:
        return {}
    found = {}
    for sub in ast.walk(fn):
        if isinstance(sub, ast.For | ast.AsyncFor | ast.comprehension):
            seq = [sub.iter]
        elif isinstance(sub, ast.Call) and dotted(sub.func)[1] in SEQUENCE_CALLS:
            seq = list(sub.args)
        elif isinstance(sub, ast.FormattedValue):
            seq = [sub.value]
        else:
            continue
        found.update((n.id, "order") for n in seq if isinstance(n, ast.Name) and n.id in sets)
    return found
