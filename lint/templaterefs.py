"""The role a template file is sent under, read where the project's Python loads it by name.

A template file says nothing of its role: `workflow-copilot-user.j2` is rendered by
`prompt_engine.load_prompt(template="workflow-copilot-user", ...)` into `user_prompt`, and a
`review.md` by `env.get_template("review.md").render(...)` into `{"role": "user", ...}`. Among
the Python modules of the project folder (kvscope.lint.projectsrc) this finds
every call that names the file (its name, its name without the suffix, or a path ending in it)
as a string argument, and follows what the call returns to the messages it lands in
(kvscope.lint.pysinks; a result assigned to a user-side name such as `user_prompt` or returned
by `def build_user_message()` is the user turn, as in a prompt module). A template every such
load sends as the user turn is the user turn: what varies in it costs no shared prefix. One
load that is system text, or that cannot be followed, keeps it a cacheable template. Where
the code binds the file's name to a name that says the side (`user_prompt_path=
"context_for_question.txt"` as a parameter's default, a keyword or an assignment), the name
says the role.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from pathlib import Path

from kvscope.lint.names import name_parts
from kvscope.lint.patterns import words
from kvscope.lint.projectsrc import (
    function_callers,
    mentioning,
    parsed,
    project_folder,
    test_module,
)
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyroles import KEY_LOOKUPS, user_side, user_turn
from kvscope.lint.templatefolders import folder_loads

TEMPLATE_SUFFIXES = (
    ".j2",
    ".jinja",
    ".jinja2",
    ".njk",
    ".md",
    ".markdown",
    ".mdx",
    ".txt",
    ".prompt",
    ".prompty",
    ".poml",
    ".hbs",
    ".handlebars",
    ".mustache",
)
_REF_RE = re.compile(r"[\w.-]+(?:/[\w.-]+)*")


def sent_as_user(template: Path) -> bool:
    """Every load of `template` the project's code shows is sent as the user turn."""
    folder = project_folder(template)
    if folder is None:
        return False
    file = Path(os.path.abspath(template)).as_posix()
    refs = [r for r in _loads(folder, _key(Path(file).name)) if _names(file, r[2])]
    # loads by a name built at run time from a folder a Jinja loader reads (templatefolders):
    # a literal that names the file but is not itself followed (`Task(template="ner")`) is
    # then taken for the name handed on to that loader
    dynamic = [(m, call, "", None) for m, call in folder_loads(folder, Path(file).parent)]
    roles: set[str] = set()
    for i, (module, node, _, name) in enumerate(refs + dynamic):
        if name and user_side(name):
            roles.add("user")  # `user_prompt_path="context_for_question.txt"`
        elif name and "system" in words(name):
            roles.add("system")
        elif isinstance(node, ast.Call | ast.Assign | ast.Dict):
            if isinstance(node, ast.Call):
                loads = [node]
            elif isinstance(node, ast.Dict):
                loads = _mapped_loads(module, node)
            else:
                loads = _bound_loads(module, node, name)
            for load in loads:
                found = _roles(module, load)
                if not found and not (dynamic and i < len(refs)):
                    return False  # a load followed nowhere: the role is not known
                roles |= found
    return user_turn(roles)


def _bound_loads(module: Path, stmt: ast.Assign, name: str | None) -> list[ast.Call]:
    """The calls a file name bound to a local is handed to, in the same function
    (`template_path = "agents/reporter.j2"`, then `get_jinja_template(template_path)`)."""
    got = parsed(module)
    if got is None or name is None:
        return []
    parents = got[1]
    fn = parents.get(stmt)
    while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        fn = parents.get(fn)
    if fn is None:
        return []
    return [
        use
        for n in ast.walk(fn)
        if isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Load)
        and isinstance(use := parents.get(n), ast.Call)
        and n in use.args
        and dotted(use.func)[1] not in PATH_OPS  # `Path(template_path).exists()`: a check
    ]


def _mapped_loads(module: Path, table: ast.Dict) -> list[ast.Call]:
    """The calls a module-level table of file names is looked up in (`TEMPLATES =
    {"recommend": "instructions/recommend.j2", ...}`, then `render(TEMPLATES[intent], v)` or
    `render(TEMPLATES.get(intent), v)`); none when the table is not bound to a name."""
    got = parsed(module)
    if got is None:
        return []
    sinks, parents = got
    stmt = parents.get(table)
    if not (
        isinstance(stmt, ast.Assign | ast.AnnAssign)
        and stmt.value is table
        and isinstance(parents.get(stmt), ast.Module)
    ):
        return []
    target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
    if not isinstance(target, ast.Name):
        return []
    loads = []
    for read in sinks.names.get(target.id, ()):
        lookup = parents.get(read)
        if isinstance(lookup, ast.Attribute) and lookup.attr == "get":
            lookup = parents.get(lookup)  # `TEMPLATES.get(intent)`
        use = parents.get(lookup)
        if (
            isinstance(lookup, ast.Subscript | ast.Call)
            and isinstance(use, ast.Call)
            and lookup in use.args
            and dotted(use.func)[1] not in PATH_OPS
        ):
            loads.append(use)
    return loads


PATH_OPS = frozenset(["Path", "PurePath", "exists", "isfile", "is_file", "basename", "dirname"])


# `human` is LangChain's name for the user's role (`plot_prompt_human.md` beside `..._system.md`).
_USER_TAILS = tuple(
    (who, *tail)
    for who in ("user", "human")
    for tail in ((), ("prompt",), ("message",), ("template",))
)


def named_user(template: Path) -> bool:
    """The file's name says it is the user turn: its last words are `user`, `user_prompt`,
    `user_message` or `user_template`, or the same with `human` (`agentic_user.txt`,
    `workflow-copilot-user.j2`, `plot_prompt_default_human.md`); not a
    name that is about the user (`user_profile.md`, `user_with_topic.prompt`). So is a file in
    a folder of user prompts (`user_prompts/RouteAction.xml` beside `system_prompts/`)."""
    ws = tuple(w.lower() for w in name_parts(re.sub(r"\W+", "_", _key(template.name))))
    if any(ws[-len(t) :] == t for t in _USER_TAILS):
        return True
    folder = tuple(w.lower() for w in name_parts(re.sub(r"\W+", "_", template.parent.name)))
    return folder in {("user", "prompts"), ("human", "prompts"), ("user", "templates")}


def sent_whole_as_user(template: Path, text: str) -> bool:
    """A Semantic Kernel semantic function (`skprompt.txt`) with no message markup: SK sends
    the whole rendered text as the one user message of the call (a prompt that marks its
    `<message role="system">` sections is sent as those messages instead, kvscope.lint
    .readers.messages)."""
    from kvscope.lint.readers.messages import OPEN_RE

    return template.name.lower() == "skprompt.txt" and OPEN_RE.search(text) is None


def _key(name: str) -> str:
    """`workflow-copilot-user` for `workflow-copilot-user.j2` and for itself."""
    for suffix in TEMPLATE_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def _names(file: str, ref: str) -> bool:
    """The string `ref` names `file`: `x`, `x.j2`, `prompts/x.j2`, `prompts/x`."""
    stem = file[: -len(Path(file).name)] + _key(Path(file).name)
    tail = ref.lstrip("./")
    return any(path.endswith("/" + tail) for path in (file, stem))


def _roles(module: Path, call: ast.Call) -> set[str]:
    got = parsed(module)
    if got is None:
        return set()
    sinks, parents = got
    roles = sinks.walk(call)
    if roles & {"system", "user"}:
        return roles
    return _named(sinks, parents, call) or _callers(module, parents, call) or roles


def _callers(module: Path, parents: dict, call: ast.Call) -> set[str]:
    """Where the project's other modules send what a method returns when it returns the
    template it loads (`def create_chat_condense_prompt(...): return self.templates.create(
    "chat/condense.j2", ...)`, then `llm.acomplete(builder.create_chat_condense_prompt(...)
    .format())` elsewhere). Only a name of two words or more is looked up (`build` or `get`
    would find unrelated calls); every call found must be followed somewhere."""
    stmt = parents.get(call)
    while isinstance(stmt, ast.Await):
        stmt = parents.get(stmt)
    fn = parents.get(stmt) if isinstance(stmt, ast.Return) else None
    while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        fn = parents.get(fn)
    if fn is None:
        return _getters_callers(module, parents, stmt, call)
    return function_callers(module, fn)


def _getters_callers(module: Path, parents: dict, stmt: ast.AST, call: ast.Call) -> set[str]:
    """A template loaded once at the module's top (`_intent_prompt =
    env.get_template("intent.jinja2")`) and handed out by a getter (`def
    get_intent_prompt(): return _intent_prompt`): where the project sends what the getter's
    callers render (`get_intent_prompt().render(...)`, then `model.ainvoke(prompt)`)."""
    if not (
        isinstance(stmt, ast.Assign)
        and stmt.value is call
        and isinstance(parents.get(stmt), ast.Module)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        return set()
    name = stmt.targets[0].id
    getters = [
        fn
        for fn in parents.get(stmt).body
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(
            isinstance(r, ast.Return) and isinstance(r.value, ast.Name) and r.value.id == name
            for r in ast.walk(fn)
        )
    ]
    roles: set[str] = set()
    for fn in getters:
        found = function_callers(module, fn, obj=True)
        if not found:
            return set()  # a getter followed nowhere: the role is not known
        roles |= found
    return roles


def _named(sinks, parents: dict, call: ast.AST, depth: int = 0) -> set[str]:
    """The role the name a rendered text is given says: `user_prompt = load(...)`, or
    `user_message = build()` of a `def build(): return load(...)` in the same module."""
    cur, stmt = call, parents.get(call)
    while isinstance(stmt, ast.Attribute | ast.Call | ast.Await):  # `.render(...)`, `await`
        cur, stmt = stmt, parents.get(stmt)
    if isinstance(stmt, ast.Assign) and cur is stmt.value and len(stmt.targets) == 1:
        name = ast.unparse(stmt.targets[0]).replace(".", "_")
        if user_side(name):
            return {"user"}
        return {"system"} if "system" in words(name) else set()
    if isinstance(stmt, ast.Return) and depth < 2:
        fn = parents.get(stmt)
        while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            fn = parents.get(fn)
        if fn is None:
            return set()
        roles: set[str] = set()
        for read in sinks.names.get(fn.name, ()):
            use = parents.get(read)
            if isinstance(use, ast.Call) and use.func is read:
                roles |= _named(sinks, parents, use, depth + 1)
        return roles
    return set()


@functools.lru_cache(maxsize=256)
def _loads(folder: Path, key: str) -> tuple[tuple[Path, ast.AST, str, str | None], ...]:
    """The strings of the project's modules that name `key` (a template's name without its
    suffix), with where each stands: an argument of a call (the call, and its keyword), a
    parameter's default or a value assigned to a name (that node, and the name it binds)."""
    out: list[tuple[Path, ast.AST, str, str | None]] = []
    for path in mentioning(folder, key):
        if test_module(path):
            continue  # a test renders the template to check it, and sends it nowhere
        got = parsed(path)
        if got is None:
            continue
        for node in ast.walk(got[0].tree):
            lookup = isinstance(node, ast.Call) and _key_lookup(node)
            if isinstance(node, ast.Call):
                bound = [(a, None) for a in node.args] + [(k.value, k.arg) for k in node.keywords]
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = [*node.args.posonlyargs, *node.args.args]
                pairs = zip(reversed(args), reversed(node.args.defaults), strict=False)
                bound = [(d, a.arg) for a, d in pairs]
                bound += [
                    (d, a.arg)
                    for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
                    if d is not None
                ]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                bound = [(node.value, target.id)] if isinstance(target, ast.Name) else []
            elif isinstance(node, ast.Dict):  # `TEMPLATES = {"recommend": "x/recommend.j2"}`
                bound = [(v, None) for v in node.values]
            else:
                continue
            for value, name in bound:
                if (
                    isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and len(value.value) <= 200
                    and _REF_RE.fullmatch(value.value)
                    and _key(value.value.rsplit("/", 1)[-1]) == key
                    and not (lookup and _key(value.value) == value.value)
                ):  # `self.data.get("attachments", [])` looks up a key; `.get("x.j2")` a file
                    out.append((path, node, value.value, name))
    return tuple(out)


def _key_lookup(call: ast.Call) -> bool:
    """A lookup by key (`data.get("attachments")`, `os.getenv("PROMPT")`,
    `getattr(obj, "summary")`): a string without a template suffix there names a key, even
    one spelt as a template's stem."""
    return dotted(call.func)[1] in KEY_LOOKUPS
