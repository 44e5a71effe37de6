"""Template loops over what the project fills with an unsorted listing (PL004 in template files,
kvscope.lint.projectorder), and the instance attributes that carry it (kvscope.lint.pyclasses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kvscope.lint import projectorder
from kvscope.lint.config import from_table
from kvscope.lint.engine import Linter

TEMPLATE = (
    "You are the incident agent.\n"
    "Follow the runbook below before answering.\n\n"
    "## Skills\n"
    "{% for skill in skills %}\n"
    "- {{ skill.name }}: {{ skill.description }}\n"
    "{% endfor %}\n\n"
    "Tools: {{ tool_names | join(', ') }}\n\n" + "Always cite the log line you rely on.\n" * 40
)
LOADER = (
    "from pathlib import Path\n\n"
    "class SkillLoader:\n"
    "    def __init__(self, folder):\n"
    "        self.folder = folder\n"
    "        self.skills = self.load_skills()\n\n"
    "    def load_skills(self):\n"
    "        found = []\n"
    "        for d in Path(self.folder).{listing}:\n"
    "            found.append(self.read(d))\n"
    "        return found\n\n"
    "    def read(self, d):\n"
    "        return {{'name': d.name}}\n"
)
AGENT = (
    "from jinja2 import Template\n"
    "from app.agents.skills import SkillLoader\n\n"
    "TOOLS = ['search', 'fetch']\n\n"
    "def build(source, folders):\n"
    "    skills = []\n"
    "    for folder in folders:\n"
    "        loader = SkillLoader(folder)\n"
    "        skills.extend(loader.skills)\n"
    "    return Template(source).render(skills=skills, tool_names=TOOLS)\n"
)


def lint(root: Path, rel: str) -> list:
    projectorder._listing_fills.cache_clear()
    projectorder._near_listings.cache_clear()
    conf = from_table({"min-blocks-at-stake": 0}, root, "test")
    return Linter(conf, {"PL004"}).lint_file(root / rel, rel) or []


def write(root: Path, listing: str, agent: str = AGENT) -> None:
    files = {
        "pyproject.toml": "",
        "app/agents/prompt.md": TEMPLATE,
        "app/agents/skills.py": LOADER.format(listing=listing),
        "app/agents/base.py": agent,
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("listing", ["iterdir()", "glob('*/SKILL.md')", "rglob('SKILL.md')"])
def test_a_loop_over_skills_found_by_a_listing_in_another_module_is_reported(tmp_path, listing):
    write(tmp_path, listing)
    (finding,) = lint(tmp_path, "app/agents/prompt.md")
    assert (finding.code, finding.line, finding.column) == ("PL004", 5, 1)
    assert "{% for skill in skills %}" in finding.message
    assert "app/agents/base.py:11" in finding.message  # where the project fills it
    assert "sorted" in finding.message
    assert finding.blocks_at_stake > 0


def test_a_sorted_listing_or_a_fixed_list_is_not_reported(tmp_path):
    write(tmp_path, "iterdir()", AGENT.replace("skills=skills", "skills=sorted(skills)"))
    assert lint(tmp_path, "app/agents/prompt.md") == []  # tool_names: a literal list


def test_a_listing_sorted_where_it_is_built_is_not_reported(tmp_path):
    write(tmp_path, "iterdir()")
    text = (tmp_path / "app/agents/skills.py").read_text()
    text = text.replace("Path(self.folder).iterdir()", "sorted(Path(self.folder).iterdir())")
    (tmp_path / "app/agents/skills.py").write_text(text)
    assert lint(tmp_path, "app/agents/prompt.md") == []


def test_a_join_filter_over_a_listing_filled_by_a_dict_key_is_reported(tmp_path):
    agent = (
        "import os\n\n"
        "def context(base):\n"
        "    ctx = {}\n"
        "    ctx['tool_names'] = [n[:-3] for n in os.listdir(base)]\n"
        "    return ctx\n"
    )
    write(tmp_path, "iterdir()", agent)
    (finding,) = lint(tmp_path, "app/agents/prompt.md")
    assert finding.line == 9 and "tool_names" in finding.message


def test_a_template_outside_any_project_or_without_loops_reads_no_code(tmp_path):
    (tmp_path / "prompt.md").write_text("Static text.\n{{ name }}\n")
    assert lint(tmp_path, "prompt.md") == []


def test_an_instance_attribute_of_an_imported_class_carries_its_kind(tmp_path):
    """kvscope.lint.pyclasses through kvscope.lint.pyflow: `loader.skills` holds the listing's
    order that `SkillLoader.load_skills()` returns, and `loader.folder` holds nothing."""
    import ast

    from kvscope.lint.pyflow import Facts

    write(tmp_path, "iterdir()")
    path = tmp_path / "app/agents/base.py"
    tree = ast.parse(path.read_text() + "x = SkillLoader('a')\ny = x.skills\nz = x.folder\n")
    facts = Facts(tree, path)
    assert facts.tainted.get("y") == "order"
    assert "z" not in facts.tainted


def test_system_text_rendered_from_an_instance_attribute_listing_is_reported_in_python(tmp_path):
    agent = (
        "from jinja2 import Template\n"
        "from app.agents.skills import SkillLoader\n\n"
        "def run(source, folders, client):\n"
        "    skills = []\n"
        "    for folder in folders:\n"
        "        loader = SkillLoader(folder)\n"
        "        skills.extend(loader.skills)\n"
        "    system = Template(source).render(skills=skills)\n"
        "    return client.create_agent(instructions=system)\n"
    )
    write(tmp_path, "iterdir()", agent)
    (finding,) = lint(tmp_path, "app/agents/base.py")
    assert (finding.code, finding.line) == ("PL004", 10)
    assert "an unsorted file listing or set" in finding.message
    text = agent.replace("loader = SkillLoader(folder)", "loader = folder")
    (tmp_path / "app/agents/base.py").write_text(text)
    assert lint(tmp_path, "app/agents/base.py") == []  # not an instance: nothing known
