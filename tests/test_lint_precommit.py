"""The real pre-commit runs the promptlint hook from this repository (`pre-commit try-repo`):
it fails on a prompt with a timestamp placeholder and passes on a clean one.

The hook's own virtualenv installs kvscope's core dependencies from PyPI (no torch); its cache
lives under tmp_path (PRE_COMMIT_HOME). Without network access the test skips, saying so.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import skip_unless_ci

ROOT = Path(__file__).resolve().parents[1]
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
NETWORK_HINTS = (
    "NewConnectionError",
    "Temporary failure in name resolution",
    "No matching distribution",
    "Could not find a version",
    "ConnectTimeout",
)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


# The first run builds the hook's virtualenv from PyPI: ~80 s alone, over 300 s on a loaded
# 2-core machine running the suite with -n 2.
@pytest.mark.timeout(900)
def test_pre_commit_try_repo_fails_bad_passes_good(tmp_path):
    if not PRE_COMMIT.exists():
        skip_unless_ci("pre-commit is not installed in this environment")
    repo = tmp_path / "repo"
    (repo / "prompts").mkdir(parents=True)
    policy = "Answer briefly, cite the policy section and escalate billing disputes. " * 4
    (repo / "prompts" / "bad.md").write_text(
        f"You are helpful.\nToday is {{{{ current_date }}}}.\n{policy}\n"
    )
    (repo / "prompts" / "good.md").write_text("You are helpful.\nAnswer briefly.\n")
    (repo / "prompts" / "NOTES.md").write_text("Plain notes.\n")
    (repo / "CHANGES.md").write_text(f"Today is {{{{ current_date }}}}.\n{policy}\n")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "init")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("VIRTUAL_ENV", None)

    def try_repo(name: str) -> subprocess.CompletedProcess:
        path = name if "/" in name or name == "CHANGES.md" else f"prompts/{name}"
        cmd = [str(PRE_COMMIT), "try-repo", str(ROOT), "promptlint", "--files", path]
        return subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, timeout=600)

    bad = try_repo("bad.md")
    output = bad.stdout + bad.stderr
    if bad.returncode != 0 and any(hint in output for hint in NETWORK_HINTS):
        skip_unless_ci("the hook's virtualenv needs PyPI, which is unreachable here")
    assert bad.returncode == 1, output
    assert "promptlint" in output and "Failed" in output
    assert "prompts/bad.md:2:10: PL001" in output
    good = try_repo("good.md")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout
    # pre-commit names every staged Markdown file: one that is not a prompt passes quietly
    other = try_repo("CHANGES.md")
    assert other.returncode == 0, other.stdout + other.stderr
