"""Building the wheel is quiet and complete: no setuptools deprecation or "absent package"
warnings in a user's set-up log, and the data files promptlint reads are inside the wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_wheel_builds_without_packaging_warnings(tmp_path):
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v"]
    proc = subprocess.run(
        [*pip, "-w", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log[-3000:]
    assert "BuildBackendWarning" not in log, log[log.find("BuildBackendWarning") - 200 :][:2000]
    assert "absent from the `packages`" not in log
    (wheel,) = tmp_path.glob("kvscope-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "kvscope/lint/data/minimums.json" in names
    assert not any(n.startswith("kvscope/inspect/__init__") for n in names)
    meta = next(n for n in names if n.endswith("METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "License-Expression: Apache-2.0" in text
