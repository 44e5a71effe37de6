"""The bench's own blocks-at-stake of labelled lines (bench/lint_real_stake.py) and the `at_stake`
figures of bench/lint_real_score.py built on them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from textwrap import dedent

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.config import Config
from kvscope.lint.engine import Linter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
spec = importlib.util.spec_from_file_location(
    "lint_real_stake", ROOT / "bench" / "lint_real_stake.py"
)
stake = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stake)
score_mod = importlib.import_module("lint_real_score")

FILLER = "Answer in short paragraphs and cite the policy section you rely on."  # 13 tokens


def stakes_of(tmp_path: Path, name: str, text: str, lines: list[int]) -> dict:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return stake.file_stakes(path, name, lines, stake.StakeCounter())


def promptlint_blocks(tmp_path: Path, name: str) -> dict[int, int]:
    conf = Config(min_blocks_at_stake=0)
    found = Linter(conf).lint_file(tmp_path / name, name) or []
    return {f.line: f.blocks_at_stake for f in found if f.token_offset is not None}


def test_text_template_last_line_is_below_the_floor_and_matches_promptlint(tmp_path):
    text = "\n".join(["{{ current_date }} is today.", *[FILLER] * 6, "{{ current_date }}", ""])
    got = stakes_of(tmp_path, "system_prompt.md", text, [1, 8])
    assert got[8] == 0  # the last line: nothing after it in a full block
    assert got[1] >= 4  # 6 filler lines of 13 tokens follow: at least 4 full blocks
    assert promptlint_blocks(tmp_path, "system_prompt.md") == got  # promptlint's cost model


def _blocks_at(tmp_path: Path, name: str, line: int, col: int = 0) -> int:
    """What a value at column `col` of the line (0: its first character, the rule for lines
    without a placeholder) would cost, on the same prompt the bench reads."""
    doc = stake.named_file_documents(tmp_path / name, name)[0]
    start = stake.line_spans(doc.source)[line - 1][0] + col
    return stake.StakeCounter().blocks(doc.prefix, start - doc.segments[0].src_start)


def test_a_placeholder_right_of_a_block_boundary_costs_what_promptlint_says(tmp_path):
    # The last line's first character lies in the last full block, its placeholder in the
    # partial block after it: promptlint (rightly) reports 0 blocks, and so must the bench.
    last = "The user's question is {{ question }}"
    for pad in range(40):
        text = " ".join(["word"] * pad) + "\n" + last + "\n"
        (tmp_path / "qa.jinja2").write_text(text, encoding="utf-8")
        at_value = _blocks_at(tmp_path, "qa.jinja2", 2, last.index("{{"))
        if _blocks_at(tmp_path, "qa.jinja2", 2) == 1 and at_value == 0:
            break
    else:
        raise AssertionError("no padding puts the line's start and its value in two blocks")
    got = stakes_of(tmp_path, "qa.jinja2", text, [2])
    assert got == {2: 0}
    assert promptlint_blocks(tmp_path, "qa.jinja2") == {2: 0}


def test_a_template_tag_or_anonymous_slot_is_the_value_a_branch_end_is_not(tmp_path):
    text = "\n".join(
        [
            f"{FILLER} {FILLER} {{% if premium %}}Offer the premium plan.{{% endif %}}",
            f"{FILLER} {FILLER} Today is {{}}.",
            f"{FILLER} {FILLER} Mention the discount.{{% endif %}}",
            *[FILLER] * 4,
        ]
    )
    got = stakes_of(tmp_path, "offer.md", text, [1, 2, 3])
    starts = {n: _blocks_at(tmp_path, "offer.md", n) for n in (1, 2, 3)}
    assert got[1] < starts[1] and got[2] < starts[2]  # 26 tokens right of the line start
    assert got[3] == starts[3]  # the branch began earlier: its text is on the whole line


def test_lines_in_no_segment_are_unknown_and_count_at_stake(tmp_path):
    text = (
        "messages:\n  - role: system\n    content: |\n"
        + "".join(f"      {FILLER}\n" for _ in range(4))
        + "      {{user_name}} is the user.\n"
        + '  - role: user\n    content: "{{question}}"\n'
    )
    got = stakes_of(tmp_path, "chat.prompt.yml", text, [2, 4, 8, 9])
    assert got[2] is None and got[9] is None  # `- role: ...` lines hold no prompt text
    assert got[4] > got[8] >= 1  # the rendered user turn and chat markers follow line 8
    assert promptlint_blocks(tmp_path, "chat.prompt.yml")[8] == got[8]


def test_a_data_file_without_a_request_shape_is_read_as_promptlint_reads_it(tmp_path):
    text = "{\n" + "".join(f'  "rule_{i}": "{FILLER}",\n' for i in range(6))
    text += '  "story": "{{char}} meets {{user}}."\n}\n'
    got = stakes_of(tmp_path, "preset.json", text, [2, 8])
    assert got[2] >= 3 and got[8] in (0, 1)  # split at its keys, as `check preset.json` does


def test_unreadable_file_counts_every_line_at_stake(tmp_path):
    path = tmp_path / "broken_prompt.json"
    path.write_text('{"messages": [', encoding="utf-8")
    assert stake.file_stakes(path, path.name, [1], stake.StakeCounter()) == {1: None}


PY = '''import datetime

SYSTEM = f"""You are Acme's assistant for billing and refund questions from our customers.
Today is {datetime.date.today()}.
{FILLER}
{FILLER}
{FILLER}
The user's name is {{name}}."""

LEFTOVER = """Today is {date}.
{FILLER}"""

HELPER = """{FILLER}
The user's name is {name}."""

def system_prompt(name):
    prompt = "Be brief. " + HELPER.format(name=name)
    prompt += "\\nToday is {date}."
    return prompt

def messages(name):
    return [
        {"role": "system", "content": SYSTEM.format(name=name)},
        {"role": "system", "content": "Today is {date}".format(
            date=datetime.date.today())},
    ]
'''.replace("{FILLER}", FILLER)


def test_python_prompt_is_the_string_expression_holding_the_line(tmp_path):
    lines = PY.split("\n")
    at = {
        key: lines.index(next(x for x in lines if x.startswith(key))) + 1
        for key in (
            'SYSTEM = f"""',
            "The user's name is {{name}}",
            'LEFTOVER = """',
            'HELPER = """',
            '    prompt += "',
            "            date=",
            "import datetime",
        )
    }
    got = stakes_of(tmp_path, "prompts.py", PY, list(at.values()))
    assert got[at['SYSTEM = f"""']] >= 2  # first line of the system string: 3 fillers follow
    assert got[at["The user's name is {{name}}"]] == 0  # its last line
    assert got[at['LEFTOVER = """']] is None  # module-level, never used here: built elsewhere
    assert got[at['HELPER = """']] is None  # built into `prompt` with `+`
    assert got[at['    prompt += "']] is None  # appended to: more text may follow
    assert got[at["            date="]] is None  # code outside the string: lands elsewhere
    assert got[at["import datetime"]] is None  # no string on the line


def test_python_prompt_text_is_what_the_literals_hold_not_their_source(tmp_path):
    # A value in the prompt's last, partial block costs 0 blocks, though the quotes and
    # prefix (`f'''`) and the value's own source text would push the block count over.
    sc = stake.StakeCounter()
    for pad in range(60):
        body = " ".join(["word"] * pad)
        source = f"def planning(user_task_of_this_request):\n    return f'''{body}\n"
        source += "<task>\n{user_task_of_this_request}\n</task>\n'''\n"
        text = f"{body}\n<task>\n{{}}\n</task>\n"
        as_source = source[source.index("f'''") : source.rindex("'''") + 3]
        if sc.blocks(text, text.index("{}")) == 0 and sc.blocks(as_source, as_source.index("{u")):
            break
    else:
        raise AssertionError("no padding separates the literal's text from its source")
    assert stakes_of(tmp_path, "planning.py", source, [4]) == {4: 0}


PY_FLOW = """from textwrap import dedent

def instructions(genre):
    return dedent(f\"\"\"
        {FILLER}
        The team works on a {genre} game.
        {FILLER}\"\"\")

def summary(title):
    base = f"We are visiting {title}. {FILLER}"
    return f"{base} Summarize it."

GUIDE = \"\"\"{FILLER}
Today is {today}.\"\"\"
PLAIN = \"\"\"{FILLER}
Today is {today}.\"\"\"
agent = Agent(instructions=GUIDE.format(today=now), tools=[search])
other = Agent(instructions=PLAIN.format(today=now))
inline = Agent(instructions=\"\"\"{FILLER}
Today is {today}.\"\"\", functions=[search])
""".replace("{FILLER}", FILLER)


def test_python_dedent_pieces_and_tools_after_the_prompt(tmp_path):
    lines = PY_FLOW.split("\n")
    at = [i + 1 for i, x in enumerate(lines) if "{genre}" in x or "{base}" in x or "{today}" in x]
    got = stakes_of(tmp_path, "agents.py", PY_FLOW, at)
    dedented = dedent(
        f"\n        {FILLER}\n        The team works on a {{}} game.\n        {FILLER}"
    )
    assert got[at[0]] == stake.StakeCounter().blocks(dedented, dedented.index("{}"))
    assert got[at[1]] is None  # `{base}` stands for another string of the module: its length
    assert got[at[2]] is None  # GUIDE is sent with tools: their definitions follow it
    assert got[at[3]] is not None  # the same text sent without tools is known
    assert got[at[4]] is None  # a literal sent with `functions=`


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([FILLER, "Be brief.", "{{ user_name }} asks:", ""]), max_size=12))
def test_text_stakes_never_grow_further_down_a_prompt(tmp_path_factory, body):
    tmp = tmp_path_factory.mktemp("stake")
    text = "\n".join(["Hello.", *body, "Bye."])
    n = text.count("\n") + 1
    got = stakes_of(tmp, "agent_prompt.txt", text, list(range(1, n + 1)))
    values = [got[i] for i in range(1, n + 1)]
    assert all(v is not None for v in values)
    assert values == sorted(values, reverse=True)
    assert values[-1] <= 1  # "Bye." is shorter than a block: at most the block it starts in


def _row(name: str, volatile: list[int]) -> dict:
    return {
        "file": name,
        "kind": "template",
        "volatile": [{"line": n, "kind": "other", "note": ""} for n in volatile],
        "lookalikes": [],
    }


def test_at_stake_scores_only_lines_the_floor_does_not_hide():
    labels = {
        "a.md": _row("a.md", [3, 9]),  # line 3 below the floor, line 9 at stake
        "b.md": _row("b.md", [5]),  # every line below the floor: leaves the figures
        "c.py": _row("c.py", [2]),  # unknown: at stake
        "e.md": _row("e.md", [4, 7]),  # line 4 below the floor, line 7 at stake
        "d.md": _row("d.md", []),
    }
    stakes = {"a.md": {3: 0, 9: 2}, "b.md": {5: 0}, "c.py": {2: None}, "e.md": {4: 0, 7: 1}}
    flags = {
        "a.md": [(3, "PL003"), (9, "PL003")],
        "b.md": [(5, "PL003")],
        "c.py": [(1, "PL001")],
        "e.md": [(4, "PL001")],
    }
    s = score_mod.score(flags, labels, "template", stakes)
    assert s["outcomes"] == {"found": 3, "false_early_alarm": 1, "missed": 0}  # as today
    a = s["at_stake"]
    assert a["files"] == 3 and a["files_below_floor"] == 1 and a["lines_below_floor"] == 3
    assert a["outcomes"] == {"found": 1, "false_early_alarm": 1, "missed": 1}
    assert a["recall_per_kind"]["other"] == {"lines": 3, "flagged": 1, "recall": 0.3333}
    assert a["lines_stake_unknown"] == 1
    assert s["per_file"]["a.md"]["result_at_stake"] == "found"  # the flag on 3 is not early
    assert s["per_file"]["e.md"]["result_at_stake"] == "missed"
    assert s["per_file"]["b.md"]["result_at_stake"] is None
    assert s["line_precision"] == 0.8  # a flag on a hidden line is still right
