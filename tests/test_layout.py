"""The layout contract from shared/design.md."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_inspect_dir_does_not_shadow_stdlib():
    assert not (ROOT / "inspect" / "__init__.py").exists()
    out = subprocess.run(
        [sys.executable, "-c", "import inspect; print(inspect.__file__)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out.endswith("/inspect.py"), out
    assert not out.startswith(str(ROOT)), out


def test_lint_imports_no_serving_stack():
    code = (
        "import sys, kvscope.lint, kvscope.lint.cli, kvscope.backend.prefix_keys;"
        "print(' '.join(m for m in ('torch','triton','fastapi','textual','uvicorn') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd="/", capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"importing kvscope.lint also imported: {out}"


def test_kvscope_cli_lists_commands():
    out = subprocess.run(
        [sys.executable, "-m", "kvscope.backend", "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert "capacity" in out.stdout and "serve" in out.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "kvscope.backend", "nope"], capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert "unknown command" in bad.stderr and "Traceback" not in bad.stderr
