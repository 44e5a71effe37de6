"""bench/gpu_check.py without a GPU: one JSON object saying it skipped, exit 0."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "gpu_check.py"


@pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is present: the script would run")
def test_gpu_check_skips_cleanly_without_cuda():
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["bench"] == "gpu_check" and "no CUDA device" in report["skipped"]
