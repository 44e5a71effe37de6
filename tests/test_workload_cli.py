"""`kvscope workload`: JSONL on stdout or a file, the shape summary, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import usage_error

from kvscope.backend.workload import WorkloadConfig, generate, main


def test_writes_the_same_log_as_the_api(tmp_path, capsys):
    out = tmp_path / "log.jsonl"
    assert main(["-n", "40", "--scale", "0.05", "--seed", "3", "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == list(
        generate(WorkloadConfig(requests=40, scale=0.05, seed=3))
    )
    assert capsys.readouterr().out == ""


def test_stdout_and_shape_summary(capsys):
    argv = ["-n", "60", "--scale", "0.05", "--shape", "--bad-deploy", "request_id"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 60
    assert "repeated prefix" in captured.err and "after the bad deploy" in captured.err
    assert "median / p95" in captured.err


def test_system_prompt_template_flag(capsys):
    assert main(["--system-prompt", "acme", "--bad-deploy", "timestamp", "--scale", "0.1"]) == 0
    assert capsys.readouterr().out.startswith("Current time: {{ current_time }}")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--scale", "0"], "scale must be > 0"),
        (["--requests", "many"], "invalid int value"),
        (["--bad-deploy", "oops"], "invalid choice"),
        (["--bad-deploy-at", "later"], "give a fraction"),
        (["-o", "/no/such/dir/log.jsonl"], "cannot write"),
        (["--system-prompt", "nobody"], "unknown tenant"),
    ],
)
def test_bad_flags_exit_2_with_one_line(argv, needle, capsys):
    assert needle in usage_error(main, argv, capsys)


def test_dispatcher_and_closed_pipe():
    cmd = [sys.executable, "-m", "kvscope.backend", "workload", "-n", "5000", "--scale", "0.05"]
    proc = subprocess.run(
        f"{' '.join(cmd)} | head -n 2", shell=True, capture_output=True, text=True
    )
    assert len(proc.stdout.splitlines()) == 2
    assert "Traceback" not in proc.stderr
