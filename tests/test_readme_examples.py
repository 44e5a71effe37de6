"""Every README shell example marked `<!-- tested -->` runs and exits as documented.

A marked block is run with bash from the repository root in a scratch copy of `examples/`, with
the venv's scripts first on PATH. `<!-- tested: exit=1 -->` documents a non-zero exit (a lint
finding). Unmarked blocks (long-running servers, `make` targets) are not run here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"<!-- tested(?::\s*exit=(\d+))? -->\n```(?:sh|bash|console)\n(.*?)```", re.S)


def examples() -> list[tuple[int, str]]:
    text = (ROOT / "README.md").read_text()
    return [(int(code or 0), body) for code, body in BLOCK.findall(text)]


def test_readme_has_tested_examples():
    assert len(examples()) >= 5


@pytest.mark.parametrize(("expected", "script"), examples(), ids=lambda v: str(v)[:40])
def test_readme_example_runs(expected, script, tmp_path):
    work = tmp_path / "repo"
    work.mkdir()
    shutil.copytree(ROOT / "examples", work / "examples")
    for name in ("alerts", "dashboards"):
        os.symlink(ROOT / name, work / name)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    env.update(NO_COLOR="1", COLUMNS="120")
    proc = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == expected, (
        f"{script}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"
    )
    assert "Traceback" not in proc.stderr
    # The tour writes its scratch files to a temp dir: nothing is left in the checkout.
    assert sorted(p.name for p in work.iterdir()) == ["alerts", "dashboards", "examples"]
