"""Self- and mutually-referential assignments (`fields = {k: v for k, v in fields.items()}`,
`a = b; b = a`) are ordinary code: promptlint follows names through their assignments and must
stop at a name it is already resolving (it is "unknown"), never recurse until Python gives up and
the file is reported as "nested too deeply"."""

from __future__ import annotations

import sys
from pathlib import Path

from fuzz_fill import fill
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kvscope.lint.cli import main
from kvscope.lint.config import Config
from kvscope.lint.engine import Linter

LINTER = Linter(Config(tokenizer="bytes", min_blocks_at_stake=0))

REPRO = """\
def pick(fields, keep):
    fields = {k: v for k, v in fields.items() if k in keep}
    for k in fields.keys():
        print(k)
"""


def test_self_referential_dict_comprehension_lints_clean(tmp_path: Path, capsys) -> None:
    path = tmp_path / "pick.py"
    path.write_text(REPRO)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr()
    assert "nested too deeply" not in out.err
    assert "All clean" in out.out


def test_unordered_source_is_still_found_through_a_self_reference(tmp_path: Path) -> None:
    """The cycle guard stops only at the name met again: a dict first built from a set and then
    filtered into itself still serialises in set order (PL005)."""
    path = tmp_path / "prompts.py"
    path.write_text(
        "import json\n"
        "def system_prompt(names, keep):\n"
        "    fields = {n: 1 for n in set(names)}\n"
        "    fields = {k: v for k, v in fields.items() if k in keep}\n"
        '    return f"You are a helper. Fields: {json.dumps(fields)}"\n'
    )
    codes = {f.code for f in LINTER.lint_file(path, "prompts.py") or []}
    assert "PL005" in codes


NAMES = ["a", "b", "fields", "tools"]
STATEMENTS = [
    "{N} = {N}",
    "{N} = {M}",
    "{N} = {{k: v for k, v in {M}.items() if k}}",
    "{N} = {{k: v for k, v in {N}.items() if k in {M}}}",
    "{N} = {{k: {N}[k] for k in {M}.keys()}}",
    "{N} = dict({M})",
    "{N} = dict.fromkeys({M}.values())",
    "{N} = list({M})",
    "{N} = [t for t in {M}.values()]",
    "{N} = {{**{N}, **{M}}}",
    "{N} = {N} | {M}",
    "{N} = set({M})",
    "{N} = {M} + {N}",
    "{N} = {M}.replace('{{date}}', {N})",
    "{N} = f'You are a helper. {{{M}}}'",
    "{N} = '{{' + {M} + '}}'",
    "{N} = {M} if {N} else {M}",
    "{N}.update({M})",
    "for k in {N}.items():\n    print(k)",
    "for k in {N}.keys():\n    {M}.append(k)",
    "for t in {N}:\n    {M}.append(t)",
    "{N} = json.dumps({M})",
    "{N} = TEMPLATE.format(x={M}, **{N})",
    "messages = [{{'role': 'system', 'content': {N}}}]",
    # assembled text (kvscope.lint.pypieces): joins of lists grown in place, helpers' results
    "{N} = '\\n'.join({M})",
    "{N} = '\\n'.join([{M}, f'- {{{N}}}'])",
    "{N} = ', '.join(f'{{x}}: {{{M}}}' for x in {N})",
    "{N}.append(f'- {{{M}}}')",
    "{N}.extend({N})",
    "{N}.insert(0, {M})",
    "{N} += [{M}, {N}]",
    "{N} += f'{{{M}}}'",
    "{N} = helper() + {M}",
    "{N} = Gen.build({M}) + self.helper()",
    "{N} = TEMPLATE.replace('{{' + {M} + '}}', {N})",
    "{N} = TEMPLATE.replace({M}, '\\n'.join({N}))",
    "{N} = SYSTEM.format(x='\\n'.join({N}) + {M})",
    "system_prompt = f'You are a helper. {{helper()}} {{{N}}}'",
    "self.{N} = self.{M}",
    "return {N}",
    "return {N} if {M} else {M}",
    "return helper() if {N} else self.{M}",
]
HEADERS = [
    "def build_prompt({N}, {M}):",
    "def helper():",
    "def system_prompt(self, {N}):",
    "def helper({N}: datetime, {M}_id: str, count: int) -> str:",
    "class Gen:\n  @staticmethod\n  def build({N}: 'datetime | None'):",
]


POOLS = {"N": NAMES, "M": NAMES}


@st.composite
def modules(draw) -> str:
    lines = ["import json", "from datetime import datetime", "TEMPLATE = 'T {x}'"]
    lines.append("SYSTEM = 'You are a helper.\\n{x}\\nBe brief.'")
    for _ in range(draw(st.integers(0, 4))):
        stmt = fill(draw(st.sampled_from(STATEMENTS[:-4])), draw, POOLS)
        lines += stmt.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        header = fill(draw(st.sampled_from(HEADERS)), draw, POOLS)
        if len(set(header[header.index("(") :].split(","))) < header.count(",") + 1:
            header = header.split("(")[0] + "(a0, a1):"  # duplicate parameter names do not parse
        lines += header.split("\n")
        indent = "    " if header.startswith("def") else "      "
        for _ in range(draw(st.integers(1, 6))):
            stmt = fill(draw(st.sampled_from(STATEMENTS)), draw, POOLS)
            lines += [indent + part for part in stmt.split("\n")]
    return "\n".join(lines) + "\n"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules(), st.sampled_from(["prompts.py", "agent.py"]))
def test_referential_assignments_lint_without_error(tmp_path_factory, source, name) -> None:
    path = tmp_path_factory.mktemp("selfref") / name
    path.write_text(source)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)  # a cycle followed by recursion fails fast, not after 1000 frames
    try:
        findings = LINTER.lint_file(path, name, force=True) or []
    finally:
        sys.setrecursionlimit(limit)
    n_lines = source.count("\n") + 1
    for f in findings:
        assert 1 <= f.line <= f.end_line <= n_lines
        assert f.message and "\n" not in f.message


def test_chains_of_names_are_followed_without_recursion(tmp_path: Path) -> None:
    """A long chain `n0 = n1; n1 = n2; ...` that loops back to its start lints."""
    chain = "\n".join(f"n{i} = n{i + 1}" for i in range(300)) + "\nn300 = n0\n"
    path = tmp_path / "prompts.py"
    path.write_text(
        "import json\n"
        + chain
        + "def system_prompt():\n"
        + "    d = {k: 1 for k in n0.keys()}\n"
        + '    return f"You are a helper. {json.dumps(d)}"\n'
    )
    assert LINTER.lint_file(path, "prompts.py", force=True) is not None
