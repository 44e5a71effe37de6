"""`{% include %}` is followed into the partial: the finding sits on the include line, names the
partial line and why, and any include graph (cycles, self-includes, long chains) terminates with
a finding exactly when a partial reachable from the file holds a volatile value."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kvscope.lint.config import from_table
from kvscope.lint.engine import Linter
from kvscope.lint.includes import MAX_DEPTH


def lint(root: Path, rel: str) -> list:
    conf = from_table({"min-blocks-at-stake": 0}, root, "test")
    return Linter(conf, {"PL001", "PL003", "PL006"}).lint_file(root / rel, rel) or []


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_finding_names_the_partial_line_and_why(tmp_path):
    write(
        tmp_path,
        {
            "pyproject.toml": "",
            "core/prompts/partials/details.prompt": "App notes.\n\n{{ state.description }}\n",
            "core/prompts/dev/task.prompt": (
                'You write code.\n{% include "partials/details.prompt" %}\n'
            ),
        },
    )
    (finding,) = lint(tmp_path, "core/prompts/dev/task.prompt")
    assert (finding.code, finding.line, finding.column) == ("PL003", 2, 1)
    assert "partials/details.prompt line 3" in finding.message
    assert "{{ state.description }}" in finding.message


def test_the_nearest_folder_wins_like_a_loader(tmp_path):
    write(
        tmp_path,
        {
            "setup.py": "",
            "prompts/agent/parts/head.j2": "Static head.\n",
            "prompts/parts/head.j2": "Today is {{ current_date }}.\n",
            "prompts/agent/main.j2": 'Agent.\n{% include "parts/head.j2" %}\n',
            "prompts/other/main.j2": 'Agent.\n{% include "parts/head.j2" %}\n',
        },
    )
    assert lint(tmp_path, "prompts/agent/main.j2") == []
    assert [f.code for f in lint(tmp_path, "prompts/other/main.j2")] == ["PL001"]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    edges=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=14),
    volatile=st.sets(st.integers(0, 5), max_size=2),
)
def test_any_include_graph_terminates_with_the_reachable_answer(tmp_path_factory, edges, volatile):
    root = tmp_path_factory.mktemp("graph")
    files = {"pyproject.toml": ""}
    for n in range(6):
        body = [f"Part {n}."]
        body += [f'{{% include "p{b}.j2" %}}' for a, b in edges if a == n]
        if n in volatile:
            body.append("{{ question }}")
        files[f"t/p{n}.j2"] = "\n".join(body) + "\n"
    write(root, files)
    reach, todo = set(), [b for a, b in edges if a == 0]
    depth = {b: 1 for b in todo}
    while todo:
        n = todo.pop()
        if n in reach or n == 0:
            continue
        reach.add(n)
        for a, b in edges:
            if a == n and b not in depth:
                depth[b] = depth[n] + 1
                todo.append(b)
    expected = bool(volatile & reach) and min(depth[v] for v in volatile & reach) <= MAX_DEPTH
    found = [f for f in lint(root, "t/p0.j2") if "include" in f.message]
    assert bool(found) == expected
