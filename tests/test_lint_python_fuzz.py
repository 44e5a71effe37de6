"""The Python prompt analysis on generated modules: any mix of the constructs it follows (prompt
wrappers, hand-filled markers, agent instructions functions, prompt builders with text parameters
and their calls, dicts of template values, raw chat strings, nested scopes) lints without an
error, and every finding points into the file."""

from __future__ import annotations

from fuzz_fill import fill
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kvscope.lint.config import Config
from kvscope.lint.engine import Linter
from kvscope.lint.readers import ReadError, read_text

NAMES = ["prompt", "system_prompt", "SHELL", "user_prompt", "variables", "ctx", "now", "x"]
VALUES = [
    "datetime.now()",
    "date.today().year",
    "uuid4()",
    "platform.uname()",
    "ctx.deps",
    "context_variables.get('k')",
    "'fixed'",
    "{NAME}",
    "im_start",
]
STATEMENTS = [
    "{NAME} = TextPrompt('''List {{user_role}} tasks\\n{{task}}''')",
    "{NAME} = {NAME}.replace('<date>', {VALUE})",
    "{NAME} = f'<|im_start|>system\\nHi {{{VALUE}}}<|im_end|>'",
    "{NAME} += f'<|im_start|>user\\n{{{VALUE}}}<|im_end|>'",
    "{NAME} = {{'date': {VALUE}, 'n': 1}}",
    "{NAME} = fill(TEMPLATE, {NAME})",
    "{NAME} = TEMPLATE.format(**{NAME})",
    "agent = Agent(instructions={NAME}, functions=[helper, {NAME}])",
    "global {NAME}",
    "im_start = '<|im_start|>'",
    "{NAME} = {VALUE} if {VALUE} else {VALUE}",
    "messages = [{{'role': 'system', 'content': {NAME}}}]",
    "if {VALUE}:\n    {NAME} += 'extra'",
    "return f'''Use {{{VALUE}}} now.'''",
    "{NAME} = build_prompt('step', z={VALUE})",
    "{NAME} = build_prompt(*{NAME}, **{NAME})",
    "for {NAME}, _, {NAME} in os.walk({VALUE}):\n    {NAME}.append(f'- {{{NAME}}}')",
    "{NAME} += {NAME}\n{NAME}.sort()",
    "print('You are a helper.', {VALUE}, sep='')\nprint({NAME}, end='')",
]
HEADERS = [
    "def {NAME}({NAME}, run_context):",
    "@agent.system_prompt\ndef {NAME}(ctx):",
    "class {NAME}PromptSet:",
    "def helper():",
    "def UserPrompt(question):",
    "def build_prompt({NAME}: str, y: str = 'k', /, *, z: str | None = None, w: 'str' = {VALUE}):",
    "def {NAME}(cls, step: Optional[str], *args: str):",
]


POOLS = {"NAME": NAMES, "VALUE": VALUES}


@st.composite
def modules(draw) -> str:
    lines = ["from datetime import datetime, date", "import platform", "TEMPLATE = 'T {date}'"]
    for _ in range(draw(st.integers(1, 4))):
        lines.append(fill(draw(st.sampled_from(HEADERS)), draw, POOLS))
        body = [
            fill(draw(st.sampled_from(STATEMENTS)), draw, POOLS)
            for _ in range(draw(st.integers(1, 5)))
        ]
        for stmt in body:
            lines += ["    " + part for part in stmt.split("\n")]
    for _ in range(draw(st.integers(0, 3))):
        stmt = fill(draw(st.sampled_from(STATEMENTS)), draw, POOLS)
        if not stmt.startswith(("return", "global")):
            lines += stmt.split("\n")
    return "\n".join(lines) + "\n"


LINTER = Linter(Config(tokenizer="bytes", min_blocks_at_stake=0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules(), st.sampled_from(["app/prompts.py", "app/agent.py"]))
def test_generated_prompt_modules_lint_cleanly(source, path):
    try:
        docs = read_text(source, path, "python")
    except ReadError as exc:
        assert "\n" not in str(exc)  # a mix that does not parse gets a one-line error
        return
    n_lines = source.count("\n") + 1
    for f in LINTER.lint_documents(docs, LINTER.codes):
        assert 1 <= f.line <= f.end_line <= n_lines
        assert f.blocks_at_stake >= 0 and f.tokens_at_stake >= 0
        assert f.message and "\n" not in f.message
