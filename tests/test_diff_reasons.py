"""promptlint diff on request JSON and snapshot directories: the reasons a user reads."""

from __future__ import annotations

import json

from kvscope.backend.chat import request_tokens
from kvscope.backend.tokenizers import get_tokenizer
from kvscope.lint.diff.cli import main as diff_main
from kvscope.lint.snapshot import main as snapshot_main

SYSTEM = "You are the assistant of Acme. Be brief, be kind, cite the policy page. " * 4
TOOLS = [
    {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "refund", "parameters": {"type": "object"}}},
]


def request(system: str = SYSTEM, tools: list | None = None, model: str = "m") -> dict:
    return {
        "model": model,
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": "hi"}],
        "tools": TOOLS if tools is None else tools,
    }


def diff(tmp_path, capsys, old: dict, new: dict) -> dict:
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    code = diff_main([str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--format", "json"])
    assert code == 0
    return json.loads(capsys.readouterr().out)["prompts"][0]


def rules(row: dict) -> set[str]:
    return {r["rule"] for r in row["reasons"] if r["rule"]}


def test_tools_reordered_is_pl004_and_counts_rendered_tokens(tmp_path, capsys):
    old, new = request(), request(tools=list(reversed(TOOLS)))
    row = diff(tmp_path, capsys, old, new)
    assert "PL004" in rules(row)
    tok = get_tokenizer("cl100k")
    a, b = request_tokens(old, tok), request_tokens(new, tok)
    first = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
    assert row["first_divergent_token"] == first
    assert row["blocks_shared"] == first // 16


def test_timestamp_in_system_prompt_is_pl001(tmp_path, capsys):
    old = request("Current time: 2026-11-28T10:00:00Z. " + SYSTEM)
    new = request("Current time: 2026-11-29T08:30:12Z. " + SYSTEM)
    row = diff(tmp_path, capsys, old, new)
    assert "PL001" in rules(row)
    assert row["first_divergent_block"] == 0 and row["blocks_shared"] == 0


def test_key_order_and_model_change(tmp_path, capsys):
    swapped = [{"function": t["function"], "type": t["type"]} for t in TOOLS]
    row = diff(tmp_path, capsys, request(), request(tools=swapped))
    assert "PL005" in rules(row)
    row = diff(tmp_path, capsys, request(), request(model="other"))
    assert row["first_divergent_token"] == 0 and row["blocks_shared"] == 0
    assert any(r["kind"] == "model-changed" for r in row["reasons"])


def test_snapshot_then_diff_the_deploys(tmp_path, capsys):
    templates = tmp_path / "prompts"
    templates.mkdir()
    (templates / "support.json").write_text(
        json.dumps(
            {
                "model": "m",
                "messages": [
                    {"role": "system", "content": "{{ preamble }}" + SYSTEM},
                    {"role": "user", "content": "{{ question }}"},
                ],
            }
        )
    )
    (templates / "summary.j2").write_text("Summarise for {{ team }}:\n" + SYSTEM)
    vars_old = tmp_path / "old.yaml"
    vars_old.write_text("preamble: ''\nquestion: Where is my order?\nteam: ops\n")
    vars_new = tmp_path / "new.yaml"
    vars_new.write_text(
        "preamble: 'Today is 2026-11-29. '\nquestion: Where is my order?\nteam: ops\n"
    )
    for name, v in (("old", vars_old), ("new", vars_new)):
        assert snapshot_main([str(templates), "--vars", str(v), "--out", str(tmp_path / name)]) == 0
    assert sorted(p.name for p in (tmp_path / "old").iterdir()) == ["summary.txt", "support.json"]
    capsys.readouterr()
    code = diff_main(
        [str(tmp_path / "old"), str(tmp_path / "new"), "--format", "json", "--fail-over", "0"]
    )
    doc = json.loads(capsys.readouterr().out)
    by_name = {p["name"]: p for p in doc["prompts"]}
    assert code == 1
    assert by_name["summary"]["status"] == "identical"
    assert by_name["support"]["status"] == "changed" and "PL001" in rules(by_name["support"])


def test_snapshot_undefined_variable_is_exit_2(tmp_path, capsys):
    (tmp_path / "p.j2").write_text("Hello {{ who }}")
    assert snapshot_main([str(tmp_path / "p.j2"), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "who" in err and "--vars" in err and "Traceback" not in err


def test_text_report_shows_reason_and_both_sides(tmp_path, capsys):
    (tmp_path / "old.json").write_text(json.dumps(request()))
    (tmp_path / "new.json").write_text(json.dumps(request(tools=list(reversed(TOOLS)))))
    assert diff_main([str(tmp_path / "old.json"), str(tmp_path / "new.json")]) == 0
    out = capsys.readouterr().out
    assert "tools reordered" in out and "old" in out and "new" in out


def test_reasons_come_in_cache_order(tmp_path, capsys):
    old = request("Now: 2026-11-28T10:00:00Z. " + SYSTEM)
    new = request("Now: 2026-11-29T10:00:00Z. " + SYSTEM, tools=list(reversed(TOOLS)))
    row = diff(tmp_path, capsys, old, new)
    assert [r["rule"] for r in row["reasons"]][:2] == ["PL001", "PL004"]


def test_snapshot_overrides_and_added_removed_prompts(tmp_path, capsys):
    templates = tmp_path / "prompts"
    templates.mkdir()
    (templates / "a.txt").write_text("Hello {{ who }}. " + SYSTEM)
    (templates / "b.md").write_text("Bye {{ who }}. " + SYSTEM)
    fixtures = tmp_path / "vars.yaml"
    fixtures.write_text("who: team\nprompts:\n  b: {who: Ada}\n")
    assert (
        snapshot_main([str(templates), "--vars", str(fixtures), "--out", str(tmp_path / "s1")]) == 0
    )
    assert (tmp_path / "s1" / "b.txt").read_text().startswith("Bye Ada. ")
    assert (tmp_path / "s1" / "a.txt").read_text().startswith("Hello team. ")
    (templates / "b.md").unlink()
    (templates / "c.txt").write_text("New {{ who }}")
    assert (
        snapshot_main([str(templates), "--vars", str(fixtures), "--out", str(tmp_path / "s2")]) == 0
    )
    capsys.readouterr()
    assert diff_main([str(tmp_path / "s1"), str(tmp_path / "s2"), "--format", "json"]) == 0
    rows = {p["name"]: p for p in json.loads(capsys.readouterr().out)["prompts"]}
    assert rows["a"]["status"] == "identical"
    assert rows["c"]["status"] == "added" and rows["c"]["blocks_invalidated"] == 0
    assert rows["b"]["status"] == "removed"
    assert rows["b"]["blocks_invalidated"] == rows["b"]["old_tokens"] // 16
