"""Which part of a prompt a string of a Python module ends up in: the role-finding half of
kvscope.lint.pyscan.Scan (a mixin, as every check asks `scan.prompt_part(node)`).

A string is "in a prompt" when it flows (through f-strings, `.format`, `%`, `+`) into a
prompt-named variable, a `system=`/`instructions=` argument, a message dict's `content`, a
LangChain `("system", ...)` tuple, a prompt class (`TextPrompt(...)`), a prompt-named class or
module, or a function named like a prompt builder or handed to an agent as its instructions; the
role it is sent under is followed to the messages it lands in (kvscope.lint.pysinks).
"""

from __future__ import annotations

import ast
import re

from kvscope.lint.patterns import words
from kvscope.lint.pyadk import INSTRUCTION_KWARGS
from kvscope.lint.pyflow import dotted
from kvscope.lint.pyimporters import importer_use
from kvscope.lint.pyprint import printed_run
from kvscope.lint.pyroles import (
    call_role,
    dict_role,
    last_message,
    lone_message,
    prompt_wrapper,
    system_partner,
    user_side,
    user_turn,
)
from kvscope.lint.pysinks import SYSTEM_KWARGS, TEMPLATE_KWARGS, completion_body

PROMPT_WORDS = {
    "prompt",
    "system",
    "instruction",
    "instructions",
    "template",
    "preamble",
    "persona",
    "messages",
    "sys",
    "sysprompt",  # `get_sysprompt()`: one word
    "systemprompt",
}
# A keyword argument's name says which part of a prompt it takes (kvscope.lint.pysinks).
KWARG_PARTS = {k: "system" for k in SYSTEM_KWARGS} | {k: "template" for k in TEMPLATE_KWARGS}
# Calls whose arguments name a file or a template to load: what they load is the text.
PATH_CALLS = {
    "get_template",
    "select_template",
    "open",
    "Path",
    "PurePath",
    "read_text",
    "exists",
    "is_file",
    "load_prompt",
    "load_template",
    "import_module",
    "getenv",
}
# Names of format strings that code, not a model, reads (`LOG_FORMAT`, `DATE_FMT`).
CODE_FORMAT_TAILS = ("_format", "_fmt", "_pattern", "_regex", "_re")
# A string that is only a placeholder: the marker some prompt text is filled at.
MARKER_RE = re.compile(r"^\s*(?:\{\{?\s*[\w.]+\s*\}\}?|<[\w.]+>|\$\{?\w+\}?|%\w+%)\s*$")


def sent_as_prompt(roles: set[str]) -> bool:
    """A function's result is system text, or a prompt argument not also a user message."""
    return "system" in roles or ("template" in roles and not user_turn(roles))


class PromptPart:
    """The role-finding methods of kvscope.lint.pyscan.Scan; they read the scan's `parents`,
    `assigns`, `uses`, `sinks`, `per_run`, `prompt_module` and `function_of`."""

    def prompt_part(self, node: ast.AST, depth: int = 0) -> str | None:
        """Which part of a prompt `node` (a string expression) ends up in, if any. With
        `depth` (a read of a local variable, `local_part`) only a message that names its role
        counts: a name or a function's name says nothing of a local's text, unless the function
        returns the local whole (`header = f"..."`, then `return header` in `get_prompt_header`):
        then the local is the function's text."""
        child, cur = node, self.parents.get(node)
        while cur is not None:
            if isinstance(cur, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = cur.targets if isinstance(cur, ast.Assign) else [cur.target]
                for t in targets:
                    if last_message(t):
                        return "user"
                    ws = words(ast.unparse(t).replace(".", "_"))
                    if depth and not isinstance(t, ast.Name):
                        return None
                    if not depth and (
                        ws & PROMPT_WORDS or self.prompt_scope(cur) or self._sent_to_prompt(cur, t)
                    ):
                        roles = (
                            self.target_roles(cur, t)
                            if isinstance(t, ast.Name | ast.Attribute)
                            else set()
                        )
                        if user_turn(roles):
                            return "user"
                        if "system" in roles:
                            return "system"  # sent as the system message: its name says less
                        name = ast.unparse(t).replace(".", "_")
                        if user_side(name) or system_partner(name, self.assigns):
                            return "user"
                        return "system"
                if (
                    len(targets) == 1
                    and isinstance(targets[0], ast.Name)
                    and not isinstance(cur.value, ast.Call)  # a fill is judged at its template
                ):
                    return self.local_part(targets[0].id, cur, depth)
                return None
            if isinstance(cur, ast.keyword):
                if cur.arg in INSTRUCTION_KWARGS and self.sinks.adk:
                    return "system"  # ADK: `LlmAgent(instruction="""...""")`, its system text
                if cur.arg in KWARG_PARTS:
                    part = KWARG_PARTS[cur.arg]
                    if part == "template" and not depth and self._wrapped_for_user(cur):
                        return "user"
                    return part
                if cur.arg not in {"content", "text"}:
                    return None
            elif isinstance(cur, ast.Dict) and child in cur.values:
                keys = {
                    k.value: v
                    for k, v in zip(cur.keys, cur.values, strict=True)
                    if isinstance(k, ast.Constant)
                }
                key = next((k for k, v in keys.items() if v is child), None)
                if "role" in keys and (role := dict_role(cur)):
                    return role
                if key in SYSTEM_KWARGS:  # `{"system_prompt": f"..."}` of an agent's config
                    return "system"
                if key == "description":
                    return "tools"
                if completion_body(cur, child):
                    return "user"  # `{"model": m, "prompt": p}`: a completion call's one prompt
                if key in {"prompt", "template"}:
                    return "template"
                if key not in {"content", "text"}:
                    return None
            elif isinstance(cur, ast.Tuple) and len(cur.elts) == 2 and child is cur.elts[1]:
                role = cur.elts[0]
                if isinstance(role, ast.Constant) and isinstance(role.value, str):
                    if lone_message(self.parents, cur):
                        return "user"  # `from_messages([("system", T)])`: the one message
                    return "system" if role.value in {"system", "developer"} else "user"
            elif isinstance(cur, ast.Call) and child is not cur.func:
                name = dotted(cur.func)[1] or dotted(cur.func)[0]
                if name in PATH_CALLS or dotted(cur.func) == ("path", "join"):
                    return None  # `get_template(f"{name}.{locale}.md")`: a file's name, not text
                if role := call_role(cur):
                    return role
                if name in {"append", "extend", "insert"} and isinstance(
                    getattr(cur.func, "value", None), ast.Name
                ):
                    return self.local_part(cur.func.value.id, cur, depth)  # `parts.append(...)`
                if name in {"from_template"} or prompt_wrapper(name):
                    if not depth and self._wrapped_for_user(child):
                        return "user"
                    if prompt_wrapper(name) and user_turn(self.sinks.walk(cur)):
                        return "user"  # `[TextPrompt(text=t)]` handed on as the conversation
                    if not depth and user_turn(self.sinks.walk(child)):
                        return "user"  # `self.t = PromptTemplate.from_template(T)`, `self.t | llm`
                    return "template"
                if printed_run(self.parents, cur) is not None:
                    return "system"  # printed among the lines of a prompt, to be pasted
            elif isinstance(cur, ast.Return):
                fn = self.parents.get(cur)
                while fn is not None and not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                    fn = self.parents.get(fn)
                if fn is not None and fn in self.per_run and not depth:
                    return "system"  # handed to the framework as the instructions
                whole = not depth or cur.value is node  # `header = f"..."`, then `return header`
                if fn is not None and whole and words(fn.name) & PROMPT_WORDS:
                    if user_turn(self.sent_as(fn.name, call=True) or self._importers_send(fn)):
                        return "user"
                    return "user" if user_side(fn.name) else "system"
                if fn is not None and self._whole_system_text(fn):
                    return "system"  # `def build()`, sent as `{"role": "system", ...}`
                return None
            elif isinstance(cur, ast.stmt):
                return None
            child, cur = cur, self.parents.get(cur)
        return None

    def _whole_system_text(self, fn: ast.AST) -> bool:
        """A function of any name (`def build()`) whose results the module sends only as the
        system message, each call being the message's whole text. A call spliced into a larger
        text (`f"...{header(t)}"`) is reported where it is spliced (kvscope.lint.pysplice)."""
        calls = [
            use
            for use in self.uses.get(fn.name, ())
            if isinstance(parent := self.parents.get(use), ast.Call) and parent.func is use
        ]
        if not calls or any(
            isinstance(self.parents.get(self.parents.get(c)), ast.FormattedValue | ast.BinOp)
            for c in calls
        ):
            return False
        return self.sent_as(fn.name, call=True) == {"system"}

    def local_part(self, name: str, at: ast.AST, depth: int) -> str | None:
        """The part the local variable `name` of a function, bound at `at`, ends up in: the
        first role sink one of its later reads reaches (`content = f"..."` then
        `Message("system", content)`; `parts.append(f"...")` then `"\\n".join(parts)` returned
        as system text). None outside a function, or beyond a few bindings."""
        fn = self.function_of(at)
        if fn is None or depth >= 4:
            return None
        parts = {
            self.prompt_part(use, depth + 1)
            for use in ast.walk(fn)
            if isinstance(use, ast.Name)
            and use.id == name
            and isinstance(use.ctx, ast.Load)
            and use.lineno >= getattr(at, "lineno", 0)
            and self.function_of(use) is fn
        }
        return next((p for p in ("system", "template", "tools", "user") if p in parts), None)

    def _wrapped_for_user(self, arg: ast.AST) -> bool:
        """`arg` (a `template=` keyword or a first argument) makes the prompt object a module
        binds at its top level (`solver_prompt = PromptTemplate(template="...")`), and every
        use of that name, here or in the project's modules that import it, sends what it
        renders as the user turn (`self.llm(prompt.populate(...))`): the role is seen where the
        object is used, not where it is built."""
        bound = self._module_binding(self.parents.get(arg))
        return bound is not None and user_turn(self.target_roles(*bound))

    def _module_binding(self, call: ast.AST | None) -> tuple[ast.Assign, ast.Name] | None:
        """(statement, name) when `call` is the whole value of a module-level `NAME = call`."""
        stmt = self.parents.get(call)
        if not isinstance(call, ast.Call) or not isinstance(stmt, ast.Assign):
            return None
        if stmt.value is not call or not isinstance(self.parents.get(stmt), ast.Module):
            return None
        if len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name):
            return None
        return stmt, stmt.targets[0]

    def _sent_to_prompt(self, stmt: ast.AST, target: ast.AST) -> bool:
        """A module-level name the module hands over as a prompt (`Generator(template=X)`,
        `system=X`), whatever it is called (`DEFAULT_G_EVAL_RPROMPT`)."""
        if not isinstance(self.parents.get(stmt), ast.Module):
            return False
        if not isinstance(target, ast.Name) or target.id not in self.uses:
            return False
        return sent_as_prompt(self.sent_as(target.id))

    def prompt_scope(self, stmt: ast.AST) -> bool:
        """An assignment whose place says it is prompt text: in the body of a class named
        like prompts (`class CodePromptTemplateDict`), or at the top of a prompt module."""
        value = getattr(stmt, "value", None)
        if isinstance(value, ast.Constant) and MARKER_RE.match(str(value.value)):
            return False  # `DATE_PAT = "{{CURRENT_DATE}}"`: the marker a prompt uses, not text
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        if any(
            isinstance(t, ast.Name) and t.id.lower().endswith(CODE_FORMAT_TAILS) for t in targets
        ):
            return False  # `LOG_FORMAT = "%(asctime)s %(name)s"`: a format string for code
        scope = self.parents.get(stmt)
        if isinstance(scope, ast.ClassDef):
            return bool(words(scope.name) & PROMPT_WORDS)
        return isinstance(scope, ast.Module) and self.prompt_module

    # roles: where a template is sent (kvscope.lint.pysinks)
    def sent_as(self, name: str, call: bool = False) -> set[str]:
        """The roles ("system", "user", "template": a prompt argument that says none) the
        value of `name` (a variable, or with `call` the result of calling the function
        `name`) is sent under, as far as this module shows."""
        return self.sinks.of_call(name) if call else self.sinks.of_name(name)

    def target_roles(self, stmt: ast.AST, target: ast.AST) -> set[str]:
        """Where the value bound to `target` by `stmt` is sent; a module-level name the
        module never reads is followed into the project's modules that import it
        (kvscope.lint.pyimporters)."""
        roles = self.sinks.of_target(target)
        if roles == {"template"} and self._wrappers_sent_as_user(stmt, target):
            return {"user"}
        if roles or not isinstance(target, ast.Name) or target.id in self.uses:
            return roles
        if self.path is None or not isinstance(self.parents.get(stmt), ast.Module):
            return roles
        use = importer_use(self.path, target.id)
        return set(use.roles) if use is not None else roles

    def _importers_send(self, fn: ast.AST) -> set[str]:
        """How the project's modules that import a top-level function of this one send its
        result (`llm.get_completion(prompt=prompts.make_main_prompt(a, t))`), when this module
        never calls it itself."""
        if self.path is None or not isinstance(self.parents.get(fn), ast.Module):
            return set()
        if fn.name in self.uses:
            return set()
        use = importer_use(self.path, fn.name)
        return set(use.roles) if use is not None else set()

    def _wrappers_sent_as_user(self, stmt: ast.AST, target: ast.AST) -> bool:
        """A module-level text whose only reads build the module's prompt objects
        (`COT_INSTRUCTION = "..."`, then `cot_prompt = PromptTemplate(template=COT_INSTRUCTION)`),
        each of which the importing modules send only as the user turn."""
        if self.path is None or not isinstance(target, ast.Name):
            return False
        if not isinstance(self.parents.get(stmt), ast.Module):
            return False
        objects = []
        for read in self.sinks.names.get(target.id, ()):
            holder = self.parents.get(read)
            bound = self._module_binding(
                self.parents.get(holder) if isinstance(holder, ast.keyword) else holder
            )
            if bound is None or bound[1].id in self.uses:
                return False  # read some other way: the module's own sinks decide
            objects.append(bound[1].id)
        uses = [importer_use(self.path, name) for name in objects]
        return bool(uses) and all(u is not None and user_turn(set(u.roles)) for u in uses)
