"""Where a value of a Python module is sent: the roles of the messages it lands in.

A template rarely goes straight into a message. It is a module constant or a parameter default
bound to an attribute (`self.prompt = prompt or DEFAULT_PROMPT`), a builder object is built with
it (`self._builder = PromptBuilder(template=self.prompt)`: any class, a `template=`/`prompt=`
keyword or the first positional argument), and what the builder's `.run()` / `.render()` /
`.format()` / `.invoke()` returns, or a subscript of it (`out = self._builder.run(q=q)["prompt"]`),
is what a message is built from; a value handed to a function of the project's own (`gpt(p)`
of a `def gpt(prompt)` in this module or imported from another, `self._ask(p)`) goes where
that parameter goes (kvscope.lint.pycallees). Sinks follows those bindings, each in its own
scope (a local of one function is not a local of another; `self.x` is the attribute of one
class), to the message constructors, recognised by shape (kvscope.lint.pyroles.call_role).

The roles found: "system", "user" (and every later turn), and "template": a `prompt=` or
`template=` argument that says nothing of the role. Beside a `system_prompt=`/`system=` keyword,
a call's first argument or `prompt=` is the user turn; a whole prompt handed to a model as one
text (`llm.complete(prompt)`, `self.llm(prompt)`, `llm.ainvoke(prompt, config)`) is too, as
are Gemini's `generate_content(contents=prompt)`; its `system_instruction` is the system's.
Every resolver keeps the bindings it is already resolving: a name met again while it is being
resolved is "nowhere" (`a = b; b = a`).
"""

from __future__ import annotations

import ast
from pathlib import Path

from kvscope.lint import pycallees
from kvscope.lint.pyadk import INSTRUCTION_KWARGS, imports_adk
from kvscope.lint.pychains import chain_kwargs, chain_kwargs_key, document_chain_prompt
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyroles import (
    MODEL_DERIVED,
    agent_input,
    call_role,
    dict_role,
    last_message,
    lone_message,
    on_self,
    prompt_wrapper,
    single_prompt_call,
    user_side,
)

# How an agent object is run on a prompt (pydantic-ai's `run`, `run_sync`, `run_stream`, `iter`).
AGENT_RUNS = frozenset(["run", "run_sync", "run_stream", "iter"])
SYSTEM_KWARGS = {
    "system",
    "instructions",
    "system_prompt",
    "system_message",
    "preamble",
    "system_instruction",  # Gemini: `GenerateContentConfig(system_instruction=...)`
    "sys_prompt",  # AgentScope: `ReActAgent(sys_prompt=...)`
}
# `template_str=`: LlamaIndex's `PromptTemplate` / `RichPromptTemplate` text.
TEMPLATE_KWARGS = {"prompt", "template", "template_str"}
# What a builder object's methods return is the text built from its template.
# LlamaIndex's response synthesizers and query engines render these prompt objects into the
# one user message of each model call (`get_response_synthesizer(text_qa_template=qa_prompt)`,
# `index.as_query_engine(refine_template=...)`).
SYNTHESIS_TEMPLATES = {"text_qa_template", "refine_template", "summary_template", "simple_template"}
RENDER_METHODS = {
    "run",
    "run_async",
    "arun",
    "render",
    "render_async",
    "format",
    "format_map",
    "format_prompt",
    "invoke",
    "ainvoke",
}
MAX_HOPS = 8  # bindings followed from one value; a longer chain is "nowhere"
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)

Key = tuple[str, ast.AST | None, str, bool]


class Sinks:
    """The roles the values of one module are sent under, as far as the module shows."""

    def __init__(
        self, tree: ast.Module, parents: dict[ast.AST, ast.AST], path: Path | None = None
    ) -> None:
        self.parents = parents
        self.tree = tree
        self.path = path  # the module's file: a call to an imported function is followed
        self._names: dict[str, list[ast.Name]] | None = None  # built on the first question
        self._attrs: dict[str, list[ast.Attribute]] = {}
        self._bound: dict[ast.AST, set[str]] = {}
        self._global: dict[ast.AST, set[str]] = {}
        self._memo: dict[Key, tuple[int, frozenset[str]]] = {}
        self._active: set[Key] = set()
        self._adk: bool | None = None
        self._models: frozenset[str] | None = None
        self._agents: frozenset[str] | None = None

    @property
    def names(self) -> dict[str, list[ast.Name]]:
        """The module's reads of names (and, in `attrs`, of attributes), by name."""
        if self._names is None:
            self._names = {}
            for node in ast.walk(self.tree):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    self._names.setdefault(node.id, []).append(node)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                    self._attrs.setdefault(node.attr, []).append(node)
        return self._names

    @property
    def chat_models(self) -> frozenset[str]:
        """The names the module binds to a chat model: `llm = ChatAnthropic(...)`,
        `init_chat_model(...)`, and what `.with_structured_output(...)` / `.bind_tools(...)`
        of one returns."""
        if self._models is None:
            found: set[str] = set()
            binds = [
                (n.targets[0].id, n.value)
                for n in ast.walk(self.tree)
                if isinstance(n, ast.Assign)
                and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name)
                and isinstance(n.value, ast.Call)
            ]
            for _ in range(2):  # a model, then what is derived from it
                for name, value in binds:
                    if _builds_model(value.func, found):
                        found.add(name)
            self._models = frozenset(found)
        return self._models

    @property
    def agents(self) -> frozenset[str]:
        """What the module binds to an agent object (`agent = Agent(model, ...)`,
        `self.clarifier = Agent(...)`, pydantic-ai's and similar frameworks'), as written."""
        if self._agents is None:
            self._agents = frozenset(
                ast.unparse(n.targets[0])
                for n in ast.walk(self.tree)
                if isinstance(n, ast.Assign)
                and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name | ast.Attribute)
                and isinstance(n.value, ast.Call)
                and dotted(n.value.func)[1] == "Agent"
            )
        return self._agents

    def _agent_run(self, call: ast.Call, arg: ast.AST) -> bool:
        """`await agent.run(prompt)`: an agent object's run takes the user's prompt first (or
        as `user_prompt=`) and sends it after the agent's own instructions."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr in AGENT_RUNS):
            return False
        if ast.unparse(func.value) not in self.agents:
            return False
        return call.args[:1] == [arg] or any(
            k.arg == "user_prompt" and k.value is arg for k in call.keywords
        )

    @property
    def adk(self) -> bool:
        """The module imports Google's Agent Development Kit (kvscope.lint.pyadk)."""
        if self._adk is None:
            self._adk = imports_adk(self.tree)
        return self._adk

    @property
    def attrs(self) -> dict[str, list[ast.Attribute]]:
        _ = self.names
        return self._attrs

    # entry points
    def of_target(self, target: ast.AST, hops: int = 0, obj: bool = False) -> set[str]:
        """Where the value bound to `target` (a name or an attribute) is sent."""
        if isinstance(target, ast.Name):
            scope = self._scope(target)
            if isinstance(scope, ast.ClassDef):  # read as `self.NAME`, or by name in the class
                return self._follow(("class", scope, target.id, obj), hops)
            return self._follow(("name", scope, target.id, obj), hops)
        if isinstance(target, ast.Attribute):
            cls = self._class(target) if on_self(target) else None
            return self._follow(("attr", cls, target.attr, obj), hops)
        return set()

    def of_call(self, name: str, hops: int = 0, obj: bool = False) -> set[str]:
        """Where the results of calling the function (or method) `name` are sent (with `obj`,
        a builder object it returns: where what it renders is sent)."""
        return self._follow(("call", None, name, obj), hops)

    def of_name(self, name: str) -> set[str]:
        """Where any value read as `name` or `.name` anywhere in the module is sent."""
        return self._follow(("any", None, name, False), 0)

    # bindings
    def _follow(self, key: Key, hops: int) -> set[str]:
        """Where the reads of one binding go. A result is reused only where it was found with
        as many hops left as there are now: a chain cut short deep in one walk is followed
        again when it is met closer to its start."""
        known = self._memo.get(key)
        if known is not None and known[0] <= hops:
            return set(known[1])
        if key in self._active or hops > MAX_HOPS:
            return set()
        self._active.add(key)
        try:
            roles: set[str] = set()
            for use in self._uses(key):
                roles |= self.walk(use, hops + 1, key[3])
        finally:
            self._active.discard(key)
        self._memo[key] = (hops, frozenset(roles))
        return roles

    def _uses(self, key: Key) -> list[ast.AST]:
        kind, scope, name, _ = key
        if kind == "call":
            reads = (*self.names.get(name, ()), *self.attrs.get(name, ()))
            return [
                call
                for n in reads
                if isinstance(call := self.parents.get(n), ast.Call) and call.func is n
            ]
        if kind == "any":
            return [*self.names.get(name, ()), *self.attrs.get(name, ())]
        if kind == "class":
            body = [n for n in self.names.get(name, ()) if self._scope(n) is scope]
            return [*body, *self.attrs.get(name, ())]
        if kind == "attr":
            found = self.attrs.get(name, ())
            if scope is None:
                return list(found)
            return [a for a in found if on_self(a) and self._class(a) is scope]
        if scope is not None:  # a local (or parameter) of one function, read in it
            return [n for n in self.names.get(name, ()) if self._inside(n, scope)]
        return [n for n in self.names.get(name, ()) if not self._shadowed(n, name)]

    def walk(self, node: ast.AST, hops: int = 0, obj: bool = False) -> set[str]:
        """Where the value of expression `node` goes, from its place in the code up. With
        `obj`, the value is an object built from a template: only what its render methods
        return carries the text on."""
        child, cur = node, self.parents.get(node)
        if obj:
            return self._object(child, cur, hops)
        while cur is not None:
            if isinstance(cur, ast.arguments):
                return self._parameter(cur, child, hops)
            if isinstance(cur, ast.Dict) and child in cur.values:
                if role := dict_role(cur):
                    return {role}
                if _keyed(cur, child) in SYSTEM_KWARGS - {"system"}:
                    return {"system"}  # `config={"system_instruction": prompt}`
                if completion_body(cur, child):
                    return {"user"}  # `{"model": m, "prompt": p}`: a completion call's one prompt
            elif isinstance(cur, ast.Tuple) and (target := self._unpacked(cur, child)):
                return self.of_target(target, hops)  # `self.q, self.p = q, p`: `self.p`
            elif isinstance(cur, ast.Tuple) and len(cur.elts) == 2 and child is cur.elts[1]:
                role = cur.elts[0]
                if isinstance(role, ast.Constant) and isinstance(role.value, str):
                    if lone_message(self.parents, cur):
                        return {"user"}  # `from_messages([("system", T)])`: the one message
                    return {"system" if role.value in {"system", "developer"} else "user"}
            elif isinstance(cur, ast.keyword):
                if cur.arg in SYSTEM_KWARGS:
                    return {"system"}
                if cur.arg in TEMPLATE_KWARGS:
                    call = self.parents[cur]
                    if isinstance(call, ast.Call) and (role := call_role(call)):
                        return {role}
                    if isinstance(call, ast.Call) and (
                        (roles := self._callee(call, cur.value, hops)) & {"system", "user"}
                    ):
                        return roles  # `get_completion(prompt=p)` of the project's own helper
                    if isinstance(call, ast.Call) and _beside_system(call):
                        return {"user"}  # `complete(prompt=p, system=s)`: the user's side
                    if document_chain_prompt(cur, call, child) or (
                        cur.arg == "prompt" and self._llm_chain(call)
                    ):
                        return {"user"}  # `load_qa_chain(llm, prompt=QA)`: its one message
                    return self.walk(call, hops, obj=True) or {"template"}
                if cur.arg == "role":
                    return set()
                if cur.arg == "messages" and _beside_system(self.parents[cur]):
                    return {"user"}  # `generate(messages=m, system_prompt=s)`: the conversation
                if cur.arg == "contents" and _generates(self.parents[cur]):
                    return {"user"}  # Gemini: `generate_content(model=m, contents=prompt)`
                if cur.arg in INSTRUCTION_KWARGS and self.adk:
                    return {"system"}  # ADK: `Agent(instruction=prompt)`, the system's
            elif isinstance(cur, ast.Call) and child is not cur.func:
                if role := call_role(cur):
                    return {role}
                wrapper = dotted(cur.func)[1]
                if (
                    cur.args[:1] == [child]
                    and (wrapper == "from_template" or prompt_wrapper(wrapper))
                    and (rendered := self.walk(cur, hops, obj=True))
                ):
                    return rendered  # `PromptTemplate.from_template(T) | llm`: the object's text
                if (
                    single_prompt_call(cur, child, self.chat_models)
                    or agent_input(cur, child)
                    or self._agent_run(cur, child)
                ):
                    return {"user"}  # `llm.complete(prompt)`: sent as the one user message
                if cur.args[:1] == [child] and _beside_system(cur):
                    return {"user"}  # `adapter.prompt(prompt, system_prompt=s)`: the other side
                if (roles := self._callee(cur, child, hops)) & {"system", "user"}:
                    return roles  # `gpt(prompt)` of the project's `def gpt(prompt): ...`
            elif isinstance(cur, ast.Assign | ast.AnnAssign):
                return self._assigned(cur, hops, obj=False)
            elif isinstance(cur, ast.Return):
                return self._returned(cur, hops)
            elif isinstance(cur, ast.stmt):
                return set()
            child, cur = cur, self.parents.get(cur)
        return set()

    def _object(self, child: ast.AST, cur: ast.AST | None, hops: int) -> set[str]:
        while isinstance(cur, ast.BoolOp | ast.IfExp | ast.Await):
            child, cur = cur, self.parents.get(cur)  # `self.b = b or Builder(template=T)`
        if isinstance(cur, ast.Attribute) and cur.attr in RENDER_METHODS:
            call = self.parents.get(cur)
            if isinstance(call, ast.Call) and call.func is cur:
                return self.walk(call, hops)
            return set()
        if isinstance(cur, ast.Assign | ast.AnnAssign) and child is cur.value:
            return self._assigned(cur, hops, obj=True)
        if isinstance(cur, ast.Return):  # a factory's builder: where its callers render it
            fn = self._function(cur)
            if fn is None:
                return set()
            roles = self.of_call(fn.name, hops, obj=True)
            if not roles and self.path is not None and fn.name not in self.names:
                from kvscope.lint.projectsrc import function_callers

                roles = function_callers(self.path, fn, obj=True)  # called in other modules
            return roles
        outer = self.parents.get(cur) if isinstance(cur, ast.keyword) else cur
        if isinstance(outer, ast.Call) and child is not outer.func and _wraps_prompts(outer):
            # `KernelPromptTemplate(prompt_template_config=PromptTemplateConfig(template=T))`:
            # the outer prompt object renders the inner one's text
            return self.walk(outer, hops, obj=True)
        if isinstance(cur, ast.BinOp) and isinstance(cur.op, ast.BitOr) and child is cur.left:
            return {"user"}  # `prompt | llm`: the pipe renders it to the model's one message
        if isinstance(cur, ast.keyword) and cur.arg == "prompt" and self._llm_chain(outer):
            return {"user"}  # `LLMChain(llm=llm, prompt=p)`: the rendered text is the one message
        if isinstance(cur, ast.keyword) and cur.arg in SYNTHESIS_TEMPLATES:
            return {"user"}  # LlamaIndex: `get_response_synthesizer(text_qa_template=p)`
        if isinstance(cur, ast.Dict):  # `chain_type_kwargs={"prompt": p}`: the chain's prompt
            holder = self.parents.get(cur)
            if isinstance(holder, ast.keyword) and chain_kwargs(holder.arg):
                cur, outer = holder, self.parents.get(holder)
                child = chain_kwargs_key(cur.value, child)
        if document_chain_prompt(cur, outer, child):
            return {"user"}  # `load_qa_chain(llm, prompt=p)`: rendered to the one message
        if isinstance(cur, ast.Dict) and child in cur.values:
            return self._table_of_prompts(cur, hops)
        return set()  # passed on, read for its fields: not followed

    def _table_of_prompts(self, table: ast.Dict, hops: int) -> set[str]:
        """A prompt object held in a table bound to a name (`user_prompt_builders = {"en":
        PromptBuilder(template=T_EN), ...}`): where the table's objects are rendered, else the
        side the table's name says."""
        stmt = self.parents.get(table)
        if not isinstance(stmt, ast.Assign) or stmt.value is not table or len(stmt.targets) != 1:
            return set()
        target = stmt.targets[0]
        roles = self._assigned(stmt, hops, obj=True)
        if not roles and isinstance(target, ast.Name) and user_side(target.id):
            return {"user"}
        return roles

    def _callee(self, call: ast.Call, arg: ast.AST, hops: int) -> set[str]:
        """Where the project function `call` goes to sends the parameter receiving `arg`
        (kvscope.lint.pycallees), in the function's own module."""
        sinks, found = self, pycallees.local_function(self.tree, self.parents, call)
        fn, bound = found if found is not None else (None, False)
        if isinstance(call.func, ast.Name) and self._shadowed(call.func, call.func.id):
            fn = None  # a local of the caller's, not the module's function
        if fn is None and self.path is not None:
            from kvscope.lint.projectsrc import parsed

            where = pycallees.imported_function(self.path, call)
            bound = where is not None and "." in where[1]  # a module's instance: `llm.generate`
            if where is None and (
                typed := pycallees.typed_receiver(self.parents, call)
                or pycallees.inherited_method(self.tree, self.parents, call)
            ):
                where = pycallees.imported_function(self.path, call, typed)
                bound = where is not None  # a method: the instance is its first parameter
            got = parsed(where[0]) if where is not None else None
            if got is not None:
                sinks = got[0]
                fn = pycallees.function_named(sinks.tree, where[1])
        if fn is None:
            return set()
        param = pycallees.parameter(fn, call, arg, bound)
        return sinks._follow(("name", fn, param, False), hops) if param else set()

    def _llm_chain(self, call: ast.AST | None) -> bool:
        """`LLMChain(...)`, or `cls(...)` in a class derived from one (`class
        StageAnalyzerChain(LLMChain)`): a chain that renders its prompt to one text and calls
        the model with it, which a chat model receives as the one user message."""
        if not isinstance(call, ast.Call):
            return False
        recv, name = dotted(call.func)
        if name == "cls" and not recv:
            cls = self._class(call)
            return cls is not None and any(dotted(b)[1].endswith("LLMChain") for b in cls.bases)
        return name.endswith("LLMChain")

    def _unpacked(self, value: ast.Tuple, item: ast.AST) -> ast.AST | None:
        """The target `item` of a tuple assignment is bound to (`a, b = x, y`: `b` for `y`)."""
        stmt = self.parents.get(value)
        if not (isinstance(stmt, ast.Assign) and stmt.value is value and len(stmt.targets) == 1):
            return None
        target = stmt.targets[0]
        if not isinstance(target, ast.Tuple) or len(target.elts) != len(value.elts):
            return None
        return target.elts[value.elts.index(item)]

    def _assigned(self, stmt: ast.Assign | ast.AnnAssign, hops: int, obj: bool) -> set[str]:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if not obj and any(last_message(t) for t in targets):
            return {"user"}
        roles: set[str] = set()
        for t in targets:
            roles |= self.of_target(t, hops, obj)
        return roles

    def _returned(self, stmt: ast.Return, hops: int) -> set[str]:
        fn = self._function(stmt)
        if fn is None:
            return set()
        roles = self.of_call(fn.name, hops)
        if not roles and user_side(fn.name):
            return {"user"}  # returned by `def UserPrompt(...)`: the user turn
        if not roles:
            roles = self._base_calls(fn, hops)
        return roles

    def _base_calls(self, fn: ast.AST, hops: int) -> set[str]:
        """Where an imported base class sends what a method of this module's subclass returns,
        when the module never calls it: `class EmailDraftAgent(BaseAgent)` overrides
        `build_prompt`, and `BaseAgent.run` in another module sends `self.build_prompt(x)`
        (the template method of its framework)."""
        cls = self.parents.get(fn)
        if self.path is None or not isinstance(cls, ast.ClassDef):
            return set()
        from kvscope.lint.projectsrc import parsed

        roles: set[str] = set()
        for base in map(pycallees.base_name, cls.bases):
            if not base or pycallees.class_named(self.tree, base):
                continue
            where = pycallees.imported_function(self.path, None, (base, fn.name))
            got = parsed(where[0]) if where is not None else None
            if got is None:
                continue
            sinks = got[0]
            base_cls = pycallees.class_named(sinks.tree, where[1].split(".", 1)[0])
            for call in ast.walk(base_cls) if base_cls is not None else ():
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == fn.name
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == "self"
                ):
                    roles |= sinks.walk(call, hops + 1)
        return roles

    def _parameter(self, args: ast.arguments, default: ast.AST, hops: int) -> set[str]:
        """A parameter default (`def __init__(self, prompt=DEFAULT_PROMPT)`): where the
        parameter goes in its function."""
        positional = [*args.posonlyargs, *args.args]
        tail = positional[len(positional) - len(args.defaults) :]
        pairs = list(zip(tail, args.defaults, strict=True))
        kw = zip(args.kwonlyargs, args.kw_defaults, strict=True)
        pairs += [(a, d) for a, d in kw if d is not None]
        fn = self.parents.get(args)
        for arg, value in pairs:
            if value is default and fn is not None:
                return self._follow(("name", fn, arg.arg, False), hops)
        return set()

    # scopes
    def _function(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
            cur = self.parents.get(cur)
        return cur

    def _scope(self, node: ast.AST) -> ast.AST | None:
        """The function (or class body) a name is bound in; None at module level."""
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, (*SCOPES, ast.ClassDef)):
            cur = self.parents.get(cur)
        if isinstance(cur, SCOPES) and getattr(node, "id", None) in self._globals(cur):
            return None  # `global NAME`: the module's name
        return cur

    def _class(self, node: ast.AST) -> ast.AST | None:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, ast.ClassDef):
            cur = self.parents.get(cur)
        return cur

    def _inside(self, node: ast.AST, scope: ast.AST) -> bool:
        cur = self.parents.get(node)
        while cur is not None and cur is not scope:
            cur = self.parents.get(cur)
        return cur is scope

    def _shadowed(self, node: ast.Name, name: str) -> bool:
        """A read of a module-level name inside a function that binds the same name itself."""
        cur = self.parents.get(node)
        while cur is not None:
            if isinstance(cur, SCOPES) and name in self._binds(cur):
                return True
            cur = self.parents.get(cur)
        return False

    def _globals(self, fn: ast.AST) -> set[str]:
        if fn not in self._global:
            names = (s.names for s in ast.walk(fn) if isinstance(s, ast.Global))
            self._global[fn] = {n for group in names for n in group}
        return self._global[fn]

    def _binds(self, fn: ast.AST) -> set[str]:
        if fn not in self._bound:
            a = fn.args
            params = (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)
            bound = {x.arg for x in params if x is not None}
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    bound.add(sub.id)
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Global | ast.Nonlocal):
                    bound -= set(sub.names)
            self._bound[fn] = bound
        return self._bound[fn]


def _beside_system(call: ast.Call) -> bool:
    """The call is handed its system prompt by keyword (`system_prompt=`, `system=`) or as a
    later positional argument named so (`driver.prompt(prompt, system_prompt, images)`): the
    text it takes first or as `prompt=` is the other side, the user turn."""
    if any(k.arg in SYSTEM_KWARGS for k in call.keywords):
        return True
    return any(_system_named(a) for a in call.args[1:])


def _system_named(node: ast.AST) -> bool:
    """`system_prompt`, `self.system_message`: a value named as the system prompt."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in SYSTEM_KWARGS - {"instructions"}


def _wraps_prompts(call: ast.Call) -> bool:
    """A prompt class built around another prompt object (`KernelPromptTemplate(...)`,
    `ChatPromptTemplate(...)`; not a runner such as `ResearchRunner(prompt=p)`, whose run
    returns the model's answer, not the text; an LLMChain is read apart, see `_llm_chain`)."""
    return prompt_wrapper(dotted(call.func)[1])


def completion_body(node: ast.Dict, value: ast.AST) -> bool:
    """`value` is the `"prompt"` of a request body that names its `"model"` (`{"model": m,
    "prompt": p}` posted to Ollama's /api/generate or a /v1/completions endpoint): the one
    prompt of a completion call, the user's side even beside a `"system"` key."""
    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
    return "model" in keys and _keyed(node, value) == "prompt"


def _keyed(node: ast.Dict, value: ast.AST) -> str | None:
    """The literal key `value` is stored under in the dict literal `node`."""
    key = node.keys[node.values.index(value)]
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def _generates(call: ast.AST) -> bool:
    """`client.models.generate_content(...)`, `generate_content_stream`,
    `model.generate_content_async`: the Gemini calls whose `contents` are the request's turns."""
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr.startswith("generate_content")
    )


def _builds_model(func: ast.AST, models: set[str]) -> bool:
    """`ChatAnthropic`, `langchain_openai.ChatOpenAI`, `init_chat_model`, or a method of a
    model that returns one (`llm.with_structured_output`)."""
    recv, name = dotted(func)
    if name in MODEL_DERIVED:
        return recv in models
    return name == "init_chat_model" or (
        name.startswith("Chat") and name[4:5].isupper() and not name.endswith("Template")
    )
