"""Where a project fills its template files' variables (kvscope.lint.projectfills)."""

from __future__ import annotations

from pathlib import Path

from kvscope.lint import projectfills, projectsrc
from kvscope.lint.projectfills import deploy_fixed_names


def _project(tmp_path: Path, modules: dict[str, str]) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    template = tmp_path / "app" / "prompts" / "review.yaml"
    template.parent.mkdir(parents=True)
    template.write_text("system: |\n  {%- if require_score %}Score it.{%- endif %}\n")
    for rel, text in modules.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    projectfills._fixed_names.cache_clear()
    return template


def test_settings_reads_constants_and_literals_are_fixed_other_values_are_not(tmp_path):
    template = _project(
        tmp_path,
        {
            "app/tools/review.py": (
                "MAX = 3\n"
                "def variables(pr, settings):\n"
                "    return {'require_score': get_settings().reviewer.require_score,\n"
                "            'limit': MAX, 'tone': 'formal', 'title': pr.title,\n"
                "            'language': settings.language}\n"
            ),
            "app/tools/other.py": "def more(pr):\n    return dict(tone=pr.tone)\n",
        },
    )
    assert deploy_fixed_names(template) == {"require_score", "limit", "language"}


def test_broken_modules_and_modules_outside_the_template_folder_are_ignored(tmp_path):
    template = _project(
        tmp_path,
        {
            "app/tools/broken.py": "def f(:\n",
            "app/tools/undecodable.py": "x = 1\n",
            "other/tools/review.py": "V = {'require_score': pr.flag}\n",  # another package
            "app/tools/review.py": "V = {'require_score': get_settings().require_score}\n",
        },
    )
    (tmp_path / "app/tools/undecodable.py").write_bytes(b"\xff\xfe = 1\n")
    assert deploy_fixed_names(template) == {"require_score"}


def test_a_key_written_into_the_settings_at_run_time_is_not_fixed(tmp_path):
    template = _project(
        tmp_path,
        {
            "app/tools/review.py": (
                "V = {'related_tickets': get_settings().get('related_tickets')}\n"
            ),
            "app/tools/tickets.py": "def cache(t):\n    get_settings().set('related_tickets', t)\n",
        },
    )
    assert deploy_fixed_names(template) == frozenset()


def test_the_number_of_modules_read_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(projectsrc, "MAX_FILES", 2)
    template = _project(
        tmp_path,
        {f"app/tools/m{i}.py": f"V{i} = {{'k{i}': 'fixed'}}\n" for i in range(5)},
    )
    assert len(deploy_fixed_names(template)) == 2


def test_user_turn_paths_need_every_read_to_be_a_user_message(tmp_path):
    from kvscope.lint.projectfills import _user_paths, user_turn_paths

    template = _project(
        tmp_path,
        {
            "app/agent.py": (
                "def a(self, t):\n"
                "    return [{'role': 'user', 'content': self.p['plan']['first']}]\n"
                "def b(self, t):\n"
                "    return [{'role': 'user', 'content': self.p['plan']['next']}]\n"
                "def c(self, t):\n"
                "    return [{'role': 'system', 'content': self.p['plan']['next']}]\n"
            ),
            "app/broken.py": "x = p['plan']['first'\n",
        },
    )
    _user_paths.cache_clear()
    paths = frozenset({("plan", "first"), ("plan", "next"), ("plan", "unread")})
    assert user_turn_paths(template, paths) == {("plan", "first")}
