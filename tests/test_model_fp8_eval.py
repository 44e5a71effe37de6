"""`kvscope eval-fp8` end to end on a short generation."""

from __future__ import annotations

import json

import pytest
import torch

from kvscope.backend.model import fp8_eval


@pytest.fixture(autouse=True)
def _restore_threads():
    """main() sets one torch thread for the process; give the worker its setting back."""
    before = torch.get_num_threads()
    yield
    torch.set_num_threads(before)


def test_eval_fp8_reports_drift_by_position(capsys, tmp_path):
    out = tmp_path / "report.json"
    argv = ["--tokens", "12", "--buckets", "3", "--format", "json", "--output", str(out)]
    assert fp8_eval.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == json.loads(out.read_text())
    assert [b["positions"] for b in report["buckets"]] == [[0, 3], [4, 7], [8, 11]]
    bpt = report["kv_bytes_per_token"]
    assert bpt["fp8_e4m3"] * 2 == bpt["float16"]
    assert 0 <= report["teacher_forced_agreement"] <= 1
    assert all(b["kl_max"] >= b["kl_mean"] > 0 for b in report["buckets"])


def test_eval_fp8_table_and_bad_input(capsys):
    assert fp8_eval.main(["--tokens", "3", "--buckets", "1"]) == 0
    assert "fp8 KV vs float32 KV" in capsys.readouterr().out
    assert fp8_eval.main(["--tokens", "0"]) == 2
    assert "--tokens" in capsys.readouterr().err
    assert fp8_eval.main(["--prompt", ""]) == 2
    assert "--prompt" in capsys.readouterr().err
