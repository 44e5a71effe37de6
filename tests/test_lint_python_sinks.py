"""A Python template's role is followed through its bindings (kvscope.lint.pysinks): a module
constant or a parameter default, copied through attributes and locals, built into a builder
object, rendered by the builder's `.run()` / `.render()` / `.format()` / `.invoke()`, maybe
subscripted, renamed again, and finally put in a message. Whatever the chain, the message's role
decides: a user turn keeps the template's `{{ query }}` out of the system prompt, a system
message or no message at all leaves it flagged (PL003), and no variable name changes that."""

from __future__ import annotations

import sys
from pathlib import Path

from fuzz_fill import fill
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kvscope.lint.config import Config
from kvscope.lint.engine import Linter

LINTER = Linter(Config(tokenizer="bytes", min_blocks_at_stake=0))

HEAD = '''\
from app.messages import ChatMessage, HumanMessage, Role, SystemMessage
TEMPLATE = """Rank the passages for the question below.
Question: {{ query }}
Return the passage numbers, best first, one per line, and nothing else at all."""
'''
QUERY_LINE = 3
USER_SINKS = [
    "ChatMessage.from_user({v})",
    "ChatMessage.from_assistant({v})",
    '{{"role": "user", "content": {v}}}',
    "HumanMessage(content={v})",
    "ChatMessage(role=Role.USER, content={v})",
]
SYSTEM_SINKS = [
    "ChatMessage.from_system({v})",
    '{{"role": "system", "content": {v}}}',
    "SystemMessage(content={v})",
    "ChatMessage(role=Role.SYSTEM, content={v})",
]
# Names chosen to say the opposite of the sink: a name never decides the role.
NAMES = ["text", "user_message", "system_prompt", "query_text", "body"]
BUILDS = ["builder_cls(template={v})", "builder_cls({v})", "builder_cls(template={v}, strict=True)"]
RENDERS = ["run", "render", "format", "invoke"]


@st.composite
def chains(draw) -> tuple[str, str]:
    """A class that carries TEMPLATE through a drawn chain of bindings to one message, and
    whether the message is a user turn ("user"), a system message ("system") or none ("none")."""
    init, value = [], "TEMPLATE"
    params = "self, builder_cls"
    if draw(st.booleans()):
        params += ", prompt: str = TEMPLATE"
        value = "prompt"
        if draw(st.booleans()):
            value = "prompt or TEMPLATE"
    for i in range(draw(st.integers(0, 2))):
        name = draw(st.sampled_from(NAMES))
        if draw(st.booleans()):
            init.append(f"self.{name}_{i} = {value}")
            value = f"self.{name}_{i}"
        else:
            init.append(f"{name}_{i} = {value}")
            value = f"{name}_{i}"
    init.append(f"self.builder = {draw(st.sampled_from(BUILDS)).format(v=value)}")
    call = f"self.builder.{draw(st.sampled_from(RENDERS))}(query=query)"
    if draw(st.booleans()):
        call += '["prompt"]'
    run = [f"out = {call}"]
    value = "out"
    for i in range(draw(st.integers(0, 2))):
        name = draw(st.sampled_from(NAMES))
        run.append(f"{name}_r{i} = {value}")
        value = f"{name}_r{i}"
    role = draw(st.sampled_from(["user", "system", "none"]))
    if role == "none":
        run.append(f"return llm.generate({value})")
    else:
        sink = draw(st.sampled_from(USER_SINKS if role == "user" else SYSTEM_SINKS))
        run.append(f"return llm.chat([{sink.format(v=value)}])")
    body = [f"    def __init__({params}):", *("        " + s for s in init)]
    body += ["    def run(self, query, llm):", *("        " + s for s in run)]
    return HEAD + "class Ranker:\n" + "\n".join(body) + "\n", role


def _query_flagged(tmp_path: Path, source: str) -> bool:
    path = tmp_path / "ranker.py"
    path.write_text(source)
    findings = LINTER.lint_file(path, "app/ranker.py", force=True) or []
    return any(f.code == "PL003" and f.line == QUERY_LINE for f in findings)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains())
def test_the_message_a_chain_of_bindings_ends_in_decides(tmp_path_factory, chain) -> None:
    source, role = chain
    flagged = _query_flagged(tmp_path_factory.mktemp("chain"), source)
    assert flagged == (role != "user"), source


def test_a_builder_read_for_its_fields_is_not_a_message(tmp_path: Path) -> None:
    """Only what a builder renders carries the template on: a builder whose fields are read
    (`self.builder.variables`) and never rendered into a user turn sends nothing known."""
    source = HEAD + (
        "class Ranker:\n"
        "    def __init__(self, builder_cls):\n"
        "        self.builder = builder_cls(template=TEMPLATE)\n"
        "    def run(self, query, llm):\n"
        "        names = self.builder.variables\n"
        "        return llm.chat([ChatMessage.from_user(names)])\n"
    )
    assert _query_flagged(tmp_path, source)


def test_a_local_of_another_function_is_another_binding(tmp_path: Path) -> None:
    """`text` rendered and sent as a system message in one method is not the `text` that
    another method sends from_user: the template's own chain decides."""
    source = HEAD + (
        "class Ranker:\n"
        "    def __init__(self, builder_cls):\n"
        "        self.builder = builder_cls(template=TEMPLATE)\n"
        "    def run(self, query, llm):\n"
        "        text = self.builder.run(query=query)\n"
        "        return llm.chat([ChatMessage.from_user(text)])\n"
        "    def other(self, llm, text):\n"
        "        return llm.chat([ChatMessage.from_system(text)])\n"
    )
    assert not _query_flagged(tmp_path, source)


def test_a_chain_longer_than_the_followed_bindings_reads_as_system(tmp_path: Path) -> None:
    """Past the bindings followed from one value (kvscope.lint.pysinks.MAX_HOPS) nothing is
    known, and an unknown sink is read as system, as before."""
    renames = "\n".join(f"        v{i + 1} = v{i}" for i in range(12))
    source = HEAD + (
        "class Ranker:\n"
        "    def __init__(self, builder_cls):\n"
        "        self.builder = builder_cls(template=TEMPLATE)\n"
        "    def run(self, query, llm):\n"
        "        v0 = self.builder.run(query=query)\n" + renames + "\n"
        "        return llm.chat([ChatMessage.from_user(v12)])\n"
    )
    assert _query_flagged(tmp_path, source)


NAMES_CYCLE = ["a", "b", "builder", "prompt"]
STATEMENTS = [
    "self.{N} = builder_cls(template=self.{M})",
    "self.{N} = builder_cls(self.{N})",
    "{N} = self.{M}.run(x={N})['prompt']",
    "{N} = self.{N}.render() or {M}",
    "self.{N} = {M} or self.{N}",
    "self.{N} = self.{M}",
    "{N} = {M}",
    "return [ChatMessage.from_user({N})]",
    "return [{{'role': 'system', 'content': self.{M}}}]",
    "return self.{N}.invoke({M})",
]
HEADERS = [
    "def __init__(self, builder_cls, {N}=TEMPLATE):",
    "def run(self, {N}):",
    "def {N}(self, builder_cls, {M}=None):",
]


POOLS = {"N": NAMES_CYCLE, "M": NAMES_CYCLE}


@st.composite
def classes(draw) -> str:
    lines = [HEAD.rstrip("\n"), "class Ranker:"]
    for _ in range(draw(st.integers(1, 3))):
        header = fill(draw(st.sampled_from(HEADERS)), draw, POOLS)
        params = header[header.index("(") + 1 : header.index(")")].split(", ")
        if len({p.split("=")[0] for p in params}) < len(params):
            header = header.split("(")[0] + "(self, a0, a1=TEMPLATE):"
        lines.append("    " + header)
        for _ in range(draw(st.integers(1, 5))):
            lines.append("        " + fill(draw(st.sampled_from(STATEMENTS)), draw, POOLS))
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(classes())
def test_cyclic_builder_and_attribute_bindings_lint_without_error(tmp_path_factory, source):
    """`self.b = builder_cls(template=self.b)`, `a = self.a.run(x=a)`, attributes copied into
    each other: every resolver stops at a binding it is already resolving."""
    path = tmp_path_factory.mktemp("cycle") / "ranker.py"
    path.write_text(source)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)  # a cycle followed by recursion fails fast
    try:
        findings = LINTER.lint_file(path, "app/ranker.py", force=True)
    finally:
        sys.setrecursionlimit(limit)
    assert findings is not None
    for f in findings:
        assert 1 <= f.line <= f.end_line <= source.count("\n") + 1
        assert f.message and "\n" not in f.message
