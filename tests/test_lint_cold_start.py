"""`promptlint check ONE_FILE` as pre-commit runs it starts lean: nothing heavy is imported for an
ASCII prompt with a finding, and what is skipped changes no output (bench_lint_speed.py has the
timings)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROMPT = "You are Acme's support assistant.\nToday is {{ current_date }}.\n" + (
    "Answer in short paragraphs and cite the policy section you rely on.\n" * 8
)
HEAVY = ("regex", "rich", "tiktoken", "tiktoken_ext", "yaml", "jinja2", "tomllib", "difflib")
HEAVY += ("torch", "fastapi", "textual")
PROBE = f"""import sys
from kvscope.lint.cli import main
code = main(sys.argv[1:])
print("LOADED", sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r})), file=sys.stderr)
raise SystemExit(code)
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "system_prompt.md").write_text(PROMPT, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    return tmp_path


def run(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "TTY_COMPATIBLE"}}
    return subprocess.run(
        [sys.executable, "-c", PROBE, "check", *args],
        cwd=cwd,
        env={**full, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def loaded(proc: subprocess.CompletedProcess) -> str:
    return next(line for line in proc.stderr.splitlines() if line.startswith("LOADED"))


def test_a_finding_on_an_ascii_prompt_imports_nothing_heavy(project):
    proc = run(project, "system_prompt.md")
    assert proc.returncode == 1, proc.stderr
    assert "system_prompt.md:2:10: PL001" in proc.stdout
    assert "blocks" in proc.stdout and "tokens at stake" in proc.stdout
    assert loaded(proc) == "LOADED []"


def test_non_ascii_text_and_a_promptlint_config_load_what_they_need(project):
    (project / "system_prompt.md").write_text(PROMPT.replace("Acme's", "Acme’s"), "utf-8")
    (project / "pyproject.toml").write_text('[tool.promptlint]\nignore = ["PL003"]\n', "utf-8")
    proc = run(project, "system_prompt.md")
    assert proc.returncode == 1 and "PL001" in proc.stdout
    assert "'regex'" in loaded(proc) and "'tomllib'" in loaded(proc)


def test_a_config_table_spelled_with_escapes_is_still_found(project):
    (project / "pyproject.toml").write_text('[tool."\\u0070romptlint"]\nignore = ["PL001"]\n')
    proc = run(project, "system_prompt.md")
    assert proc.returncode == 0, proc.stdout
    assert "All clean" in proc.stdout


def test_plain_output_is_the_coloured_output_without_its_colour(project):
    plain = run(project, "system_prompt.md").stdout
    coloured = run(project, "system_prompt.md", FORCE_COLOR="1")
    assert "\x1b[" in coloured.stdout and "'rich'" in loaded(coloured)
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout) == plain
    assert run(project, "system_prompt.md", "--no-color", FORCE_COLOR="1").stdout == plain
    assert "\x1b[" in run(project, "system_prompt.md", TTY_COMPATIBLE="1").stdout
