"""What a name says about the role its text is sent under (kvscope.lint.pyscan).

A name says "the user turn" only when the user's side owns its message word: `USER_PROMPT`,
`HUMAN_TEMPLATE`, `user_query_prompt`, `user_prompt_review_questions` and `user_msg` are what the
user sends, and so is `summarize_prompt` in a module that also defines `summarize_system_prompt`
(the pair splits the roles), while
`USER_PREFERENCES_PROMPT` or `USER_ROLE_PROMPT` are sections ABOUT the user, substituted into
the system prompt. Where the module shows the messages a string lands in, that wins over the
name (kvscope.lint.pysinks).

The messages themselves are recognised by shape, not by library: `*.from_user(...)` /
`*.from_system(...)`, a `role=` keyword, a `{"role": ...}` dict, a `*Message(` class whose name
starts with the role (`SystemMessage`, `HumanMessage`, `AIMessage`). Every role but the system's
("user", and assistant or tool turns, which come after it too) is reported as "user".
"""

from __future__ import annotations

import ast
import itertools

from kvscope.lint.names import name_parts
from kvscope.lint.pyflow import dotted

USER_SIDE = {"user", "human", "query", "question", "input"}
OWNERS = {"user", "human"}
# Words naming a message: the word before them says whose it is (`user_prompt_template`).
MESSAGE_WORDS = {
    "prompt",
    "prompts",
    "template",
    "templates",
    "message",
    "messages",
    "msg",
    "msgs",
    "instruction",
    "instructions",
    "preamble",
    "turn",
}
# What the user sends, as the last word of an owner's name: `user_input`, `human_query`.
SENT_WORDS = {"input", "query", "question", "request", "content", "text"}


def user_side(name: str) -> bool:
    """True for names of text sent as the user turn: the user's side owns the message word
    (`user_prompt`, `HUMAN_TEMPLATE`, `user_query_prompt`, `question_prompt`, `get_user_message`)
    or the name is just that owner and what it sends (`user_msg`, `USER_INPUT`). Not a prompt
    ABOUT the user (`USER_PREFERENCES_PROMPT`, `MEMORY_USER_BASIC_INFORMATION_PROMPT`: sections
    substituted into the system prompt), nor `query_writer_instructions` (instructions for
    writing queries)."""
    ws = [w.lower() for w in name_parts(name)]
    end = len(ws)
    while end > 1 and ws[end - 1] in MESSAGE_WORDS:
        end -= 1  # `user_prompt_template`: the owner is the word before the message words
    if end < len(ws):
        return ws[end - 1] in USER_SIDE
    if len(ws) >= 3 and ws[0] in OWNERS and ws[1] in {"prompt", "prompts"}:
        return True  # `user_prompt_review_questions`: a family of user prompts
    return len(ws) >= 2 and ws[-1] in SENT_WORDS and ws[-2] in OWNERS


def system_partner(name: str, names) -> bool:
    """True when the module pairs `name` with a system text of the same stem:
    `fix_files_prompt` beside `fix_files_system_prompt`, `modify_file_prompt_3` beside
    `modify_file_system_message`, `tutor_task_prompt` beside `tutor_system_prompt`. The pair
    splits the roles, so `name` is the user turn."""
    stem = _stem(name)
    if stem is None or not stem or stem[-1] == "system":
        return False
    if stem[-1] == "task" and any(_stem(other) == [*stem[:-1], "system"] for other in names):
        return True  # `tutor_task_prompt` beside `tutor_system_prompt`: the task is the turn's
    return any(_stem(other) == [*stem, "system"] for other in names)


def _stem(name: str) -> list[str] | None:
    """The words before the message word (`fix_files` of `FIX_FILES_PROMPT_2`), or None."""
    ws = [w.lower() for w in name_parts(name)]
    while ws and ws[-1].isdigit():
        ws.pop()  # a numbered variant
    return ws[:-1] if len(ws) >= 2 and ws[-1] in MESSAGE_WORDS else None


ROLE_WORDS = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "human": "user",
    "assistant": "user",
    "ai": "user",
    "model": "user",
    "tool": "user",
    "function": "user",
}
# `ChatMessage.from_user(...)`, `Message.from_system(...)`: a role constructor by its shape
# (not `Tool.from_function(...)`: a tool built from a function).
FROM_ROLE = {
    f"from_{word}": ROLE_WORDS[word]
    for word in ("system", "developer", "user", "human", "assistant", "ai", "tool")
}


def role_word(node: ast.AST | None) -> str | None:
    """The role a role value names: `"user"`, `ChatRole.SYSTEM`, `Role.assistant`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return ROLE_WORDS.get(node.value.lower())
    if isinstance(node, ast.Attribute):
        return ROLE_WORDS.get(node.attr.lower())
    return None


def call_role(call: ast.Call) -> str | None:
    """The role of the message a call builds from its arguments, by the call's shape:
    `*.from_user(...)`, `ChatMessage(role=Role.USER, ...)`, `Message("system", text)`,
    `SystemMessage(...)`, `HumanMessagePromptTemplate.from_template(...)`."""
    recv, attr = dotted(call.func)
    if attr in FROM_ROLE:
        return FROM_ROLE[attr]
    for kw in call.keywords:
        if kw.arg == "role" and (role := role_word(kw.value)):
            return role
    if "Message" in name_parts(attr) and len(call.args) >= 2 and (role := role_word(call.args[0])):
        return role  # `Message("system", content)`: the role passed first, by position
    if len(call.args) >= 2 and attr not in LOOKUPS and (role := _spoken_role(call.args[0])):
        return role  # `self.memory.push("user", prompt)`: a turn added with its role first
    if attr.startswith("System"):
        return "system"
    if attr.startswith(("Human", "User")):
        return "user"
    for name in (attr, recv) if isinstance(call.func, ast.Attribute) else (attr,):
        parts = name_parts(name)  # the class of `HumanMessagePromptTemplate.from_template`
        first = parts[0].lower() if parts else ""
        if "Message" in parts[1:] and first in ROLE_WORDS:
            return ROLE_WORDS[first]  # `AIMessage`, `ToolMessage`, `DeveloperMessage`
        if "Prompt" in parts[1:2] and first in SPEAKERS:
            return ROLE_WORDS[first]  # DB-GPT's `SystemPromptTemplate`, `HumanPromptTemplate`
    return _adds_message(attr)


# A lookup by key (`data.get("user", x)`, `os.getenv("PROMPT")`, `getattr(obj, "system")`): its
# first argument names a key, not a role (also kvscope.lint.templaterefs: not a file's name).
KEY_LOOKUPS = frozenset(["get", "pop", "setdefault", "getenv", "getattr", "hasattr"])
# ... nor does the first argument of a text's own method (`text.replace("user", name)`).
LOOKUPS = KEY_LOOKUPS | {m for m in dir(str) if not m.startswith("_")}


def _spoken_role(node: ast.AST) -> str | None:
    """The role a string literal names when it is one of the speakers' (`"user"`, `"system"`,
    `"assistant"`), not a word that names something else as well (`"tool"`, `"model"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        word = node.value.lower()
        return ROLE_WORDS[word] if word in SPEAKERS - {"ai"} else None
    return None


# The roles a class named `<Role>Prompt...` speaks for (not `ToolPrompt`, `ModelPromptConfig`).
SPEAKERS = frozenset(["system", "developer", "user", "human", "assistant", "ai"])


def _adds_message(name: str) -> str | None:
    """A function named for the message of a role it adds its text to: LangChain's
    `history.add_user_message(text)`, `thread.add_system_message_async(prompt)`,
    `appendUserMessage(text)` (a role word and `message` after the verb)."""
    parts = [p.lower() for p in name_parts(name)]
    for word, then in itertools.pairwise(parts[1:]):
        if word in ROLE_WORDS and then in {"message", "msg"}:
            return ROLE_WORDS[word]
    return None


# A chat model, LLM or agent called with one text (`llm.complete(prompt)`, `model.ainvoke(text)`,
# LangChain's `llm_math_chain.run(question)`, `self.executor_agent.run(task_prompt)`): the
# client sends the text as the conversation's latest user message.
PROMPT_METHODS = frozenset(
    [
        "run",
        "arun",
        "run_streamed",
        "complete",
        "acomplete",
        "stream_complete",
        "astream_complete",
        "stream",
        "astream",
        "invoke",
        "ainvoke",
        "predict",
        "apredict",
        "generate_content",
        "generate_content_async",
    ]
)
LLM_WORDS = frozenset(["llm", "llms", "lm", "model", "chat", "agent"])
MODEL_NOUNS = LLM_WORDS - {"chat"}  # `format_chat(x)` formats; `chat_model(x)` is the model


def single_prompt_call(call: ast.Call, arg: ast.AST, models: frozenset[str] = frozenset()) -> bool:
    """`arg` is the one text a chat model or LLM is called with (`self.llm.astream(prompt)`,
    `model.ainvoke(input_message)`, or the model object called itself: `llm(prompt)`,
    `self.llm(prompt, stop=["Observation:"])`), not a message list or a chain's input dict.
    `models`: the names the module binds to a chat model (kvscope.lint.pysinks.chat_models:
    `claude_3_5_sonnet = ChatAnthropic(...)`), whatever they say."""
    if call.args[:1] != [arg] or isinstance(arg, ast.List | ast.Tuple | ast.Dict | ast.ListComp):
        return False
    func = call.func
    if len(call.args) > 1 and not _run_config(call):
        return False
    if isinstance(func, ast.Attribute) and func.attr in PROMPT_METHODS:
        base = func.value
        while _derived_model(base):  # `llm.with_structured_output(Reflection).invoke(p)`
            base = base.func.value
        recv = ast.unparse(base) if isinstance(base, ast.Name | ast.Attribute) else ""
        if isinstance(base, ast.Call) and isinstance(base.func, ast.Name | ast.Attribute):
            recv = dotted(base.func)[1]  # `get_chat_model().ainvoke(prompt)`: a model's factory
        if recv in models:
            return True
        return bool({w.lower() for w in name_parts(recv.replace(".", "_"))} & LLM_WORDS)
    if isinstance(func, ast.Name) or (isinstance(func, ast.Attribute) and on_self(func)):
        # the model object itself (`self.llm(prompt)`, `chat_model(text)`; not `format_chat`)
        name = dotted(func)[1]
        parts = name_parts(name)
        return name == "chat" or (bool(parts) and parts[-1].lower() in MODEL_NOUNS)
    return False


def lone_message(parents: dict, message: ast.AST) -> bool:
    """`message` is the only message of a chat template (`ChatPromptTemplate.from_messages(
    [("system", T)])`): the whole request is that one text, a prompt handed over as one
    message, whatever role it is given."""
    seq = parents.get(message)
    call = parents.get(seq)
    return (
        isinstance(seq, ast.List | ast.Tuple)
        and len(seq.elts) == 1
        and isinstance(call, ast.Call)
        and call.args[:1] == [seq]
        and dotted(call.func)[1] == "from_messages"
    )


# The OpenAI Agents SDK runs an agent on one input: `Runner.run(agent, text)`.
RUNNER_METHODS = frozenset(["run", "run_sync", "run_streamed"])


def agent_input(call: ast.Call, arg: ast.AST) -> bool:
    """`arg` is the input an agent runner is run on (`await Runner.run(agent, prompt)`,
    `Runner.run_sync(agent, input=text)`): the SDK sends it as the user message, after the
    agent's instructions."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in RUNNER_METHODS):
        return False
    if not (isinstance(func.value, ast.Name) and func.value.id == "Runner"):
        return False
    return call.args[1:2] == [arg] or any(
        k.arg == "input" and k.value is arg for k in call.keywords
    )


# A model's methods that return the model, configured (`llm.with_structured_output(Schema)`).
MODEL_DERIVED = frozenset(["with_structured_output", "bind_tools", "with_retry", "with_config"])


def _derived_model(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in MODEL_DERIVED
    )


def _run_config(call: ast.Call) -> bool:
    """`llm.ainvoke(prompt, {"tags": ["nostream"]})`: a runnable's second argument is its run
    config (a dict, or a name saying `config`), not more text."""
    func, extra = call.func, call.args[1:]
    if not isinstance(func, ast.Attribute) or func.attr not in RUNNABLE_METHODS or len(extra) != 1:
        return False
    config = extra[0]
    return isinstance(config, ast.Dict) or "config" in ast.unparse(config).lower()


RUNNABLE_METHODS = frozenset(["invoke", "ainvoke", "stream", "astream"])


def on_self(node: ast.Attribute) -> bool:
    """`self.x`: an attribute of the instance a method runs on."""
    return isinstance(node.value, ast.Name) and node.value.id == "self"


# Wrappers that make a prompt of a string: `TextPrompt("...")`, `PromptTemplate("...")`.
WRAPPER_TAILS = {"prompt", "template"}


def prompt_wrapper(name: str) -> bool:
    """A class that wraps a string as a prompt: `TextPrompt`, `PromptTemplate`,
    `StringPromptTemplate` (not `PromptSession`, not a function such as `print_prompt`)."""
    parts = name_parts(name)
    return bool(parts) and name[:1].isupper() and parts[-1].lower() in WRAPPER_TAILS


def dict_role(node: ast.Dict) -> str | None:
    """The role of a message dict: `{"role": "user", "content": ...}`."""
    for k, v in zip(node.keys, node.values, strict=True):
        if isinstance(k, ast.Constant) and k.value == "role":
            if isinstance(v, ast.Constant):  # any string but system's is a later turn
                return "system" if v.value in {"system", "developer"} else "user"
            return role_word(v)
    return None


def verbatim_content(parents: dict, node: ast.AST) -> bool:
    """The value read at `node` is a message's whole content, as it is: `{"role": "system",
    "content": SYSTEM_PROMPT}`, `SystemMessage(content=P)`, `SystemMessage(P)`. No template
    engine touches it on the way, so its braces are text."""
    parent = parents.get(node)
    if isinstance(parent, ast.Dict) and node in parent.values:
        key = parent.keys[parent.values.index(node)]
        return (
            isinstance(key, ast.Constant)
            and key.value == "content"
            and dict_role(parent) is not None
        )
    if isinstance(parent, ast.keyword) and parent.arg == "content":
        call = parents.get(parent)
        return isinstance(call, ast.Call) and call_role(call) is not None
    if isinstance(parent, ast.Call) and parent.args[:1] == [node] and len(parent.args) == 1:
        return _message_class(parent)
    return False


def _message_class(call: ast.Call) -> bool:
    """`SystemMessage(...)`, `HumanMessage(...)`: a message class, not a prompt template class
    (`SystemMessagePromptTemplate` renders its text)."""
    name = dotted(call.func)[1]
    return name.endswith("Message") and call_role(call) is not None


def last_message(target: ast.AST) -> bool:
    """`messages[-1]["content"] = ...`: replacing the last (user) message."""
    while isinstance(target, ast.Subscript | ast.Attribute):
        if isinstance(target, ast.Subscript):
            idx = target.slice
            if (
                isinstance(idx, ast.UnaryOp)
                and isinstance(idx.op, ast.USub)
                and isinstance(idx.operand, ast.Constant)
                and idx.operand.value == 1
            ):
                return True
        target = target.value
    return False


def user_turn(roles: set[str]) -> bool:
    """Every message the value is sent in is a user (or later) turn: a `prompt=` argument that
    says no role does not outweigh a user message, a system one does."""
    return "user" in roles and "system" not in roles
