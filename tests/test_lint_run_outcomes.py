"""What a run tells the user about its inputs: skipped files, nothing linted, info findings."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.cli import main

POLICY = "Answer briefly, cite the policy section and escalate billing disputes. " * 4
BAD = f"Today is {{{{ current_date }}}}.\n{POLICY}\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "bad.md").write_text(BAD)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "assistant.md").write_text(BAD)  # no prompt word in its path
    (tmp_path / "docs" / "notes.txt").write_text("plain\n")
    return tmp_path


def test_directory_run_says_how_many_text_files_it_skipped(tree, capsys):
    code, out, err = run(capsys, "check", ".", "--format", "json")
    assert code == 1 and {f["path"] for f in json.loads(out)} == {"prompts/bad.md"}
    assert "skipped 2 .md/.txt file(s)" in err and "--include" in err
    code, out, err = run(capsys, "check", ".", "--format", "json", "--include", "docs/*.md")
    paths = {f["path"] for f in json.loads(out)}
    assert paths == {"prompts/bad.md", "docs/assistant.md"} and "skipped 1 " in err
    (tree / "promptlint.toml").write_text('include = ["docs/*"]\n')
    code, out, err = run(capsys, "check", ".", "--format", "json")
    assert len({f["path"] for f in json.loads(out)}) == 2 and "skipped" not in err


def test_a_file_named_on_the_command_line_is_always_linted(tree, capsys):
    code, out, err = run(capsys, "check", "docs/assistant.md", "--no-color")
    assert code == 1 and "docs/assistant.md:1:10: PL001" in out and "skipped" not in err
    code, out, _ = run(capsys, "check", "docs/notes.txt")
    assert code == 0 and "All clean: 1 prompt file(s) checked." in out
    # a named JSON/YAML file without a request shape is read as text, not dropped
    (tree / "agent.yaml").write_text(
        f"instructions: |\n  Today is {{{{ current_date }}}}.\n  {POLICY}\n"
    )
    code, out, err = run(capsys, "check", "agent.yaml", "--no-color")
    assert code == 1 and "agent.yaml:2:" in out and err == ""
    # pre-commit names every staged file: --skip-non-prompts judges them by name again
    code, out, err = run(capsys, "check", "--skip-non-prompts", "docs/assistant.md")
    assert code == 0 and "nothing could be linted" not in err


@pytest.mark.parametrize(
    ("name", "data", "why"),
    [
        ("missing.md", None, "no such file"),
        ("blob.bin", b"\x00\x01\x02binary", "binary file"),
        ("broken.json", b'{"rows": [1, 2', "JSON"),
    ],
)
def test_nothing_linted_says_so_and_exits_2(tree, capsys, name, data, why):
    if data is not None:
        (tree / name).write_bytes(data)
    code, out, err = run(capsys, "check", name)
    assert code == 2 and out == "" and "All clean" not in out
    first, last = err.strip().splitlines()
    assert first.startswith(f"promptlint: {name}: ") and why in first
    assert last == "promptlint: error: nothing could be linted: 1 path(s) could not be read"


def test_empty_directory_is_nothing_to_lint(tree, capsys):
    (tree / "empty").mkdir()
    code, out, err = run(capsys, "check", "empty")
    assert code == 2 and out == ""
    assert "nothing could be linted: no prompt files found" in err


def test_prefix_below_minimum_is_information_with_its_own_cost(tree, capsys):
    req = {
        "model": "gpt-4o",
        "messages": [
            {"role": "system", "content": "You are brief."},
            {"role": "user", "content": "hi"},
        ],
    }
    (tree / "req.json").write_text(json.dumps(req))
    code, out, _ = run(capsys, "check", "req.json", "--no-color")
    assert code == 0  # information: does not fail the run (pre-commit, CI)
    assert "PL008" in out and "never cached by `gpt-4o` (OpenAI)" in out
    assert "below its 1,024-token minimum" in out
    assert "can never be shared" not in out and "0 tokens at stake" in out
    item = json.loads(run(capsys, "check", "req.json", "--format", "json")[1])[0]
    assert item["severity"] == "info" and item["tokens_at_stake"] == 0
    assert item["token_offset"] is None
    # a self-hosted model has no minimum: nothing to say unless the user opts in
    req["model"] = "meta-llama/Llama-3.1-8B-Instruct"
    (tree / "req.json").write_text(json.dumps(req))
    assert run(capsys, "check", "req.json")[0] == 0
    out = run(capsys, "check", "req.json", "--min-prefix-tokens", "512", "--no-color")[1]
    assert "below the 512-token minimum set in your config" in out


TOOLS_MODULE = """
from datetime import datetime
SYSTEM = f"Now: {datetime.now():%H:%M}. You are a support agent."
TOOLS = [
    {"type": "function", "function": {"name": "lookup_order", "description": "DESCRIPTION",
     "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}}}},
]
def answer(client, question):
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": question}]
    return client.chat.completions.create(model="m", messages=messages, tools=TOOLS)
""".replace("DESCRIPTION", "Find an order by id and return its status and history. " * 6)


def test_a_clock_before_the_tools_costs_the_tools_tokens(tree, capsys):
    (tree / "agent.py").write_text(TOOLS_MODULE)
    item = json.loads(run(capsys, "check", "agent.py", "--format", "json")[1])[0]
    assert item["code"] == "PL001" and item["line"] == 3
    assert item["tokens_at_stake"] >= 100  # the system text alone is one block at most
    # without tools nothing of the prompt follows it, but a time of day changes between the
    # turns of one conversation, so each turn re-reads the history; a date does not
    (tree / "agent.py").write_text(TOOLS_MODULE.replace(", tools=TOOLS", ""))
    items = json.loads(run(capsys, "check", "agent.py", "--format", "json")[1])
    assert [i["line"] for i in items] == [3] and "re-reads the whole history" in items[0]["message"]
    (tree / "agent.py").write_text(
        TOOLS_MODULE.replace(", tools=TOOLS", "").replace("%H:%M", "%Y-%m-%d")
    )
    code, out, _ = run(capsys, "check", "agent.py", "--format", "json")
    assert code == 0 and json.loads(out) == []


def test_a_named_prompt_library_keeps_user_sections_out(tree, capsys):
    library = (
        "hypothesis_gen:\n"
        "  system_prompt: |-\n"
        "    You propose hypotheses.\n"
        f"    {POLICY}\n"
        "  user_prompt: |-\n"
        "    Feedback so far: {{ hypothesis_and_feedback }}\n"
        f"    {POLICY}\n"
        "review:\n"
        "  system_prompt: |-\n"
        "    Today is {{ current_date }}.\n"
        f"    {POLICY}\n"
    )
    (tree / "library.yaml").write_text(library)
    out = run(capsys, "check", "library.yaml", "--format", "json")[1]
    assert [(f["code"], f["line"]) for f in json.loads(out)] == [("PL001", 10)]


KEYISH = st.sampled_from(
    [
        *(
            "user_prompt: |-\n",
            "system_prompt: |\n",
            "  ",
            "human:",
            "x: 1\n",
            "\n",
            "é",
            "{{ q }}",
        ),
        *(
            'text: "a\\nb \\u00e9\\"c"\n',
            "  - target: c9e1\n",
            "  name: user_prompt\n",
            "- role: x\n",
        ),
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(KEYISH, st.text(max_size=8)), max_size=20))
def test_fuzz_loose_reader_segments_tile_the_text(parts):
    from kvscope.lint.loose import split_at_keys

    text = "".join(parts)
    (doc,) = split_at_keys(text, "x.yaml")
    pos = 0
    for seg in doc.segments:  # a decoded value (`text: "a\nb"`) covers its escaped source
        source = seg.raw if seg.mapping == "json" else seg.text
        assert seg.src_start == pos and text[pos : pos + len(source)] == source
        assert seg.part in {"template", "user", "name"}
        assert seg.to_source(len(seg.text)) == pos + len(source)
        pos += len(source)
    assert pos == len(text)


def test_cost_line_counts_in_words_and_says_when_nothing_follows(tree, capsys):
    date = "Today is {{ today }}.\n"
    rules = "You answer billing questions for the support team, briefly, and cite the policy.\n"
    (tree / "prompts" / "one.md").write_text(date + rules)  # 1 full block holds the date
    (tree / "prompts" / "last.md").write_text(date)  # the prompt's only, partial block
    code, out, _ = run(
        capsys,
        "check",
        "prompts/one.md",
        "prompts/last.md",
        "--no-color",
        "--min-blocks-at-stake",
        "0",
    )
    assert code == 1 and "1 block (16 tokens) after it can never be shared" in out
    assert "1 blocks" not in out
    assert "nothing cacheable follows it" in out and "0 blocks" not in out


def test_cost_line_of_text_put_together_elsewhere_is_not_the_last_block(tree, capsys):
    """A module-level piece the file never uses is put together with other text elsewhere:
    what follows its value is not known here, and the cost line says so instead of claiming
    the value sits in the prompt's last block."""
    (tree / "app").mkdir()
    (tree / "app" / "prompts.py").write_text(
        'from datetime import datetime\nDATE_PROMPT = f"Today is {datetime.now():%Y-%m-%d}."\n'
    )
    code, out, _ = run(capsys, "check", "app/prompts.py", "--no-color")
    assert code == 1 and "put together elsewhere, so its cost is not known here" in out
    assert "last, partial block" not in out
