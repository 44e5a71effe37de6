"""Prompt functions an agent framework calls on every run, and the values they get per run.

`Agent(instructions=build_instructions)` (agno, swarm, the OpenAI Agents SDK) and
`@agent.system_prompt` / `@agent.instructions` (pydantic-ai) hand the framework a function it
calls for each run with that run's context (`run_context`, `context_variables`, `ctx`). What
such a function reads from its parameters is per-run data, whatever its name says:
`run_context.session_state["game_genre"]` in the instructions is this session's genre. Tools
(`@agent.tool`) take the same context but are not prompt text, so only the two hand-overs above
count. A parameter named for the agent or the model (`agent.name`) is the same on every run.
"""

from __future__ import annotations

import ast

from kvscope.lint.names import NOT_THE_USER, SETTINGS_WORDS, classify_name, words

HANDOVER_KWARGS = {"instructions", "system_prompt", "system", "system_message", "preamble"}
DECORATORS = {"system_prompt", "instructions"}


def per_run_functions(tree: ast.Module) -> dict[ast.AST, set[str]]:
    """{function node: the names in it that hold per-run values (its context parameters and
    the locals assigned from them)} for every function handed to a framework as a prompt."""
    defs: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            defs.setdefault(node.name, []).append(node)
    chosen: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in HANDOVER_KWARGS:
            if isinstance(node.value, ast.Name):
                chosen += defs.get(node.value.id, [])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                if isinstance(target, ast.Attribute) and target.attr in DECORATORS:
                    chosen.append(node)
    return {fn: _derived(fn) for fn in chosen}


def _derived(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = {
        p for p in params(fn) if not words(p) & (NOT_THE_USER | SETTINGS_WORDS | {"self", "cls"})
    }
    return derived(fn, names)


def params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in _args(fn)]


def request_names(fn: ast.FunctionDef | ast.AsyncFunctionDef, handler: bool = False) -> set[str]:
    """The names in `fn` that hold this request's content: parameters named for it
    (`messages`, `query`, `user_input`), every parameter of a UI's event handler (`handler`,
    see ui_handlers) and the locals computed from them (`knowledge = retrieve(messages)[-1]`)."""
    seeds = {
        a.arg
        for a in _args(fn)
        if classify_name(a.arg) in {"request", "user"} and not _context_object(a.annotation)
    }
    if handler:
        seeds |= {a.arg for a in _args(fn) if a.arg not in {"self", "cls"}}
    seeds |= run_state(fn) | route_inputs(fn) | fetched_locals(fn)
    return derived(fn, seeds)


def _args(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    return [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]


def _context_object(annotation: ast.AST | None) -> bool:
    """`context: TenantContext`, `ctx: AppContext`: an object the code passes around (a
    tenant, an app, a run), not retrieved context text."""
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return isinstance(head, ast.Name | ast.Attribute) and dotted_tail(head).endswith("Context")


def fetched_locals(fn: ast.AST) -> set[str]:
    """Locals named for this request's content and fetched by a call (`context =
    self.conversations.latest()[0]["msg"]`, `query = await get_query(state)`): what they hold
    is read at run time, not written in code."""
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            while isinstance(value, ast.Subscript | ast.Attribute | ast.Await):
                value = value.value
            if (
                isinstance(target, ast.Name)
                and isinstance(value, ast.Call)
                and not formats_text(value)
                and classify_name(target.id) == "request"
            ):
                out.add(target.id)
    return out


# A text's own methods: `scenario = SCENARIO.format(scenario=scenario)` formats, fetches nothing
# (also kvscope.lint.pysplice: a local bound only by them is text assembled in code).
TEXT_METHODS = frozenset(
    ["format", "format_map", "replace", "join", "strip", "lstrip", "rstrip", "substitute"]
)


def formats_text(call: ast.AST) -> bool:
    """`call` is one of a text's own methods (`T.format(...)`, `T.replace("<X>", x)`)."""
    func = call.func if isinstance(call, ast.Call) else None
    return isinstance(func, ast.Attribute) and func.attr in TEXT_METHODS


ROUTE_METHODS = frozenset(["get", "post", "put", "patch", "delete", "websocket", "route"])
INJECTED = frozenset(["Depends", "Security", "Inject", "Provide"])


def route_inputs(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters of a web route's handler (`@router.post("")` / `@app.get("/x")` /
    `@bp.route(...)`: FastAPI, Flask, Starlette): the request's body, path and query, sent
    with each call (`request: SuggestExtractor`, then `request.jsonSchema`); not what the
    framework injects (`db = Depends(get_db)`) nor `self`."""
    routed = any(
        isinstance(d, ast.Call)
        and isinstance(d.func, ast.Attribute)
        and d.func.attr in ROUTE_METHODS
        and isinstance(d.func.value, ast.Name | ast.Attribute)
        for d in fn.decorator_list
    )
    if not routed:
        return set()
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(zip(reversed(positional), reversed(args.defaults), strict=False))
    defaults |= {a: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d}
    out = set()
    for a in (*positional, *args.kwonlyargs):
        d = defaults.get(a)
        injected = (
            isinstance(d, ast.Call)
            and isinstance(d.func, ast.Name | ast.Attribute)
            and dotted_tail(d.func) in INJECTED
        )
        if a.arg not in {"self", "cls"} and not injected:
            out.add(a.arg)
    return out


# A UI that calls a function with what the user entered: Gradio's `gr.Interface(fn=f,
# inputs=[...])`, `gr.ChatInterface(f)`, an event listener (`button.click(f, inputs=[...])`).
UI_APPS = frozenset(["Interface", "ChatInterface"])
UI_EVENTS = frozenset(["click", "submit", "change", "input", "select", "upload", "release"])


def ui_handlers(tree: ast.Module) -> frozenset[str]:
    """The functions the module hands to a UI as what runs on each user action: the `fn` of
    `gr.Interface(fn=answer, inputs=[gr.Radio(...)])` or `gr.ChatInterface(respond)`, and the
    first argument of an event listener given `inputs` (`btn.click(answer, inputs=[box])`).
    Each of their parameters is filled from the form the user just filled in."""
    out = set()
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute | ast.Name):
            continue
        name = dotted_tail(call.func)
        kws = {k.arg: k.value for k in call.keywords if k.arg}
        event = name in UI_EVENTS and isinstance(call.func, ast.Attribute) and "inputs" in kws
        if not (name in UI_APPS or event):
            continue
        handed = kws.get("fn", call.args[0] if call.args else None)
        if isinstance(handed, ast.Name):
            out.add(handed.id)
    return frozenset(out)


def run_state(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameter a graph node gets its run's state in: `state: OverallState` (LangGraph's
    nodes, `def generate_queries(state: OverallState, config)`), or a bare `state` beside a
    run's `config`. What it holds was put there by this run."""
    args = fn.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    names = {a.arg for a in every}
    out = set()
    for a in every:
        ann = a.annotation
        head = ann.value if isinstance(ann, ast.Subscript) else ann
        typed = isinstance(head, ast.Name | ast.Attribute) and dotted_tail(head).endswith("State")
        if typed or (a.arg == "state" and ann is None and "config" in names):
            out.add(a.arg)
    return out


def dotted_tail(node: ast.Name | ast.Attribute) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr


def derived(fn: ast.AST, names: set[str]) -> set[str]:
    """`names` and the locals of `fn` assigned (two steps deep) from them: by `=`, by `+=`
    (`agents += find_records(context)`), or as the items of a loop over one of them."""
    names = set(names)
    if not names:
        return names
    for _ in range(2):
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and node.value:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                source = node.value
            elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
                targets, source = [node.target], node.iter
            else:
                continue
            if reads(source, names):
                for t in targets:
                    names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def reads(node: ast.AST, names: set[str]) -> bool:
    """True when `node` reads one of `names` (not counting `len(x)`, `bool(x)`: a size or a
    truth value is not the data)."""
    stack = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.Name) and sub.id in names:
            return True
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Name)
            and sub.func.id in {"len", "bool", "isinstance", "type"}
        ):
            continue
        stack.extend(ast.iter_child_nodes(sub))
    return False
