"""What a finding says: a quoted expression is cut at a boundary, never mid-name, and a value is
named once, without nested parentheses."""

from __future__ import annotations

from kvscope.lint.cli import main

LONG_CONDITION = """
class Builder:
    def build_system_prompt(self, request) -> str:
        prompt_parts = ["You are a careful agent."]
        if request.workspace_agents_md_content and request.workspace_agents_md_content.strip():
            prompt_parts.append(request.workspace_agents_md_content)
        prompt_parts.append("Answer briefly and cite the files you read.")
        return "\\n".join(prompt_parts)
"""

INTERPOLATED = """
from datetime import datetime
SYSTEM_PROMPT = f"You are a planner. Today is {datetime.now():%A %d %B %Y, %H:%M}. Plan the steps."
"""


def _run(tmp_path, name: str, text: str, capsys) -> str:
    path = tmp_path / "app" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    assert main(["check", "--tokenizer", "bytes", "--min-blocks-at-stake", "0", str(path)]) == 1
    return capsys.readouterr().out


def test_a_long_condition_is_quoted_up_to_a_boundary_with_an_ellipsis(tmp_path, capsys):
    out = _run(tmp_path, "system_prompt.py", LONG_CONDITION, capsys)
    quoted = out.split("gets text only when `", 1)[1].split("`", 1)[0]
    assert quoted.endswith("…") and len(quoted) <= 61
    assert quoted.startswith("request.workspace_agents_md_content")
    assert not quoted[:-1].endswith(("_", ".", "("))  # cut between words, not inside one


def test_a_value_is_named_once_without_nested_parentheses(tmp_path, capsys):
    out = _run(tmp_path, "prompts.py", INTERPOLATED, capsys)
    assert "is a clock value, interpolated into the system prompt" in out
    assert ") (`" not in out


AT_IMPORT = """
from datetime import datetime
TODAY = datetime.now().strftime("%Y-%m-%d")
AGENT_SYSTEM_PROMPT = f"You are an agent. Time: {datetime.now()}. Follow the rules carefully."
def build_system_prompt():
    return f"You are a helper. Today is {TODAY}. Follow the rules below carefully."
def build_prompt():
    return f"You are a helper. Now: {datetime.now()}. Follow the rules below carefully."
"""


def test_a_clock_read_at_import_is_called_stale_not_new_per_request(tmp_path, capsys):
    out = _run(tmp_path, "prompts.py", AT_IMPORT, capsys)
    lines = [line for line in out.splitlines() if "PL001" in line]
    assert len(lines) == 3
    at_import = [line for line in lines if "computed once when the module is imported" in line]
    assert [line.split(":")[1] for line in at_import] == ["4", "6"]  # the module level, TODAY
    assert "every request gets a new prefix" in lines[2] and "stale" not in lines[2]
