"""Prompt text assembled in Python and spliced into a system template: where the findings land
and what they cost (the cases themselves are data: tests/data/lint/python_splice.yml)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.cli import main
from kvscope.lint.config import Config
from kvscope.lint.engine import Linter
from kvscope.lint.pytypes import annotation_types, param_kind

ANNOTATION_PARTS = ["datetime", "int", "str", " | ", "None", "Optional[", "Union[", "]", ", ", "("]

FIXED = "Answer from the notes, cite the note you used and say when the notes do not cover it. " * 4
SYSTEM = f"You are a memory agent. Keep the notes below up to date.\n{{MEMORY}}\n{FIXED}"
REPRO = f'''\
from datetime import datetime
SYSTEM = """{SYSTEM}"""
def metadata(edited: datetime, agent_id: str, count: int) -> str:
    lines = [f"- AGENT_ID: {{agent_id}}", f"- Last edited: {{edited:%Y-%m-%d %H:%M}}",
             f"- {{count}} earlier messages are stored"]
    return "\\n".join(lines)
def system_message(memory: str, edited: datetime, agent_id: str, count: int) -> str:
    return SYSTEM.replace("{{MEMORY}}", memory + "\\n\\n" + metadata(edited, agent_id, count))
'''

LINES = next(i for i, line in enumerate(REPRO.splitlines(), 1) if "lines = [" in line)
ROWS = {LINES, LINES + 1}  # the two source lines of the joined list


def _lint(tmp_path: Path, source: str, floor: int = 1) -> list:
    path = tmp_path / "memory.py"
    path.write_text(source)
    linter = Linter(Config(tokenizer="bytes", min_blocks_at_stake=floor))
    return linter.lint_file(path, "memory.py") or []


def test_each_volatile_line_of_the_joined_block_is_found(tmp_path: Path) -> None:
    found = {(f.code, f.line, f.column) for f in _lint(tmp_path, REPRO)}
    assert ("PL001", LINES, 59) in found  # `edited`, typed datetime
    assert ("PL002", LINES, 29) in found  # `agent_id: str`
    assert ("PL003", LINES + 1, 19) in found  # "{count} earlier messages"


def test_findings_are_costed_from_the_marker_in_the_system_template(tmp_path: Path) -> None:
    """The bytes tokenizer counts bytes: the value enters SYSTEM where `{MEMORY}` stands, and
    every full block of SYSTEM from there on can never be shared."""
    at = SYSTEM.index("{MEMORY}")
    block = 16
    expected_blocks = len(SYSTEM.encode()) // block - at // block
    by_code = {f.code: f for f in _lint(tmp_path, REPRO) if f.line in ROWS}
    for code in ("PL001", "PL002", "PL003"):
        assert by_code[code].token_offset == at
        assert by_code[code].blocks_at_stake == expected_blocks > 1


def test_a_short_tail_after_the_marker_is_below_the_default_floor(tmp_path: Path) -> None:
    short = REPRO.replace(FIXED, "").replace("Keep the notes below up to date.", "Keep notes.")
    assert not [f for f in _lint(tmp_path, short) if f.line in ROWS]
    assert {f.line for f in _lint(tmp_path, short, floor=0)} >= ROWS


def test_an_unknown_template_is_reported_at_any_floor(tmp_path: Path) -> None:
    """`system_prompt.replace(marker, block)` with the template a parameter and the marker built
    from an imported constant: the cost is unknown, so no floor hides it."""
    source = (
        "from datetime import datetime\n"
        "from app.constants import KEYWORD\n"
        "def block(edited: datetime) -> str:\n"
        '    return "\\n".join(["<meta>", f"- edited {edited:%H:%M}", "</meta>"])\n'
        "def compile_system(system_prompt: str, edited: datetime) -> str:\n"
        '    marker = "{" + KEYWORD + "}"\n'
        "    formatted_prompt = system_prompt.replace(marker, block(edited))\n"
        "    return formatted_prompt\n"
    )
    found = [f for f in _lint(tmp_path, source) if f.code == "PL001"]
    assert [(f.line, f.token_offset) for f in found] == [(4, None)]


def test_the_cli_no_longer_says_all_clean(tmp_path: Path, capsys) -> None:
    path = tmp_path / "memory.py"
    path.write_text(REPRO)
    assert main(["check", "--tokenizer", "bytes", str(path)]) == 1
    out = capsys.readouterr().out
    assert "All clean" not in out
    assert "`edited: datetime` is a clock value" in out


def test_a_marker_built_from_a_module_constant_is_found_in_the_template(tmp_path: Path) -> None:
    """`"{" + KEYWORD + "}"` with KEYWORD a constant of this module: the marker's text is known,
    so the finding is costed where it stands in SYSTEM."""
    source = REPRO.replace(
        'SYSTEM.replace("{MEMORY}",', 'SYSTEM.replace("{" + KEYWORD + "}",'
    ).replace(
        "from datetime import datetime\n", 'from datetime import datetime\nKEYWORD = "MEMORY"\n'
    )
    found = {f.code: f for f in _lint(tmp_path, source) if f.line in {r + 1 for r in ROWS}}
    assert found["PL001"].token_offset == SYSTEM.index("{MEMORY}")


def test_a_whole_value_fill_is_costed_from_its_marker(tmp_path: Path) -> None:
    source = (
        "from datetime import date\n"
        f'SYSTEM = """{SYSTEM}"""\n'
        "def system_message() -> str:\n"
        '    return SYSTEM.replace("{MEMORY}", date.today().isoformat())\n'
    )
    found = [f for f in _lint(tmp_path, source) if f.code == "PL001"]
    assert [f.token_offset for f in found] == [SYSTEM.index("{MEMORY}")]


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(ANNOTATION_PARTS), min_size=1, max_size=6).map("".join),
    ),
    st.sampled_from(["edited", "agent_id", "count", "max_results", "model_id", "n"]),
)
def test_any_string_annotation_is_read_without_error(text: str, name: str) -> None:
    """String annotations are parsed: any text is an annotation or "not understood" (None)."""
    node = ast.Constant(text)
    types = annotation_types(node)
    assert types is None or isinstance(types, set)
    assert param_kind(name, node) in {None, "time", "id", "count"}


@pytest.mark.parametrize(
    "annotation",
    ["datetime", "datetime | None", "Optional[datetime]", "'datetime'", "dt.datetime", "date"],
)
def test_every_spelling_of_a_clock_annotation_is_evidence(tmp_path: Path, annotation) -> None:
    source = (
        "import datetime as dt\n"
        "from datetime import date, datetime\n"
        "from typing import Optional\n"
        f"def system_prompt(edited: {annotation}) -> str:\n"
        '    lines = [f"Notes last edited {edited}.", "Answer from the notes."]\n'
        '    return "You are a notes assistant.\\n" + "\\n".join(lines)\n'
    )
    assert [(f.code, f.line) for f in _lint(tmp_path, source, floor=0)] == [("PL001", 5)]
