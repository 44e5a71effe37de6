"""The CLI conventions every kvscope command shares: --version, one-line usage errors that name the
closest option or choice, a missing extra named with its pip command, and units on figures."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from kvscope.backend.cli import main as kvscope_main
from kvscope.lint.cli import main as promptlint_main

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=cwd)


def test_kvscope_version(capsys):
    assert kvscope_main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"kvscope {version('kvscope')}"


@pytest.mark.parametrize(
    ("main", "argv", "hint"),
    [
        (kvscope_main, ["capacity", "--preset", "llama-8b", "--memroy-gb", "3"], "--memory-gb"),
        (kvscope_main, ["capacity", "--preset", "llama-8"], "'llama-8b'"),
        (kvscope_main, ["workload", "--requets", "3"], "--requests"),
        (kvscope_main, ["demo", "--request", "3", "--tenents", "2"], "--tenants"),
        (promptlint_main, ["check", "examples/prompts", "--selct", "PL001"], "--select"),
        (promptlint_main, ["check", "examples/prompts", "--format", "jsn"], "'json'"),
        (promptlint_main, ["diff", "a.json", "b.json", "--fail-ovr", "3"], "--fail-over"),
        (promptlint_main, ["measure", "x.jsonl", "--engien", "vllm"], "--engine"),
    ],
)
def test_mistyped_option_suggests_the_closest(main, argv, hint, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert f"did you mean {hint}?" in err


def test_unknown_command_suggests_the_closest(capsys):
    assert kvscope_main(["serv"]) == 2
    assert "did you mean 'serve'?" in capsys.readouterr().err


def test_inspector_and_dashboard_generator_suggest_too():
    proc = _run(str(BIN / "kvscope-inspect"), "--metircs", "http://127.0.0.1:1/metrics")
    assert proc.returncode == 2 and "did you mean --metrics?" in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = _run(sys.executable, "dashboards/generate.py", "--chek")
    assert proc.returncode == 2 and "did you mean --check?" in proc.stderr


BLOCK_EXTRA = """
import sys
from importlib.abc import MetaPathFinder

class Absent(MetaPathFinder):  # the backend extra is not installed
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"torch", "fastapi", "uvicorn", "triton"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, Absent())
from kvscope.backend.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("argv", [["serve", "--port", "0"], ["eval-fp8", "--tokens", "8"]])
def test_missing_backend_extra_names_the_pip_command(argv):
    proc = _run(sys.executable, "-c", BLOCK_EXTRA, *argv)
    assert proc.returncode == 2, proc.stderr
    assert "pip install 'kvscope[backend]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_capacity_counts_weights_when_asked(capsys):
    argv = ["capacity", "--preset", "llama-70b", "--memory-gb", "160", "--json"]
    assert kvscope_main([*argv, "--weights-gb", "preset"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["weights_counted"] and doc["weights_gb"] == pytest.approx(141.2)
    assert doc["kv_budget_gb"] == pytest.approx(18.8)
    assert doc["memory_bytes"] == int(18.8e9)
    assert kvscope_main([*argv[:-1], "--weights-gb", "20"]) == 0
    out = capsys.readouterr().out
    assert "160 GB - 20.0 GB weights = 140.0 GB" in out and "fits in 140 GB of KV" in out
    assert kvscope_main(argv[:-1]) == 0
    assert "weights not counted" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ("preset", "leave no room for KV in --memory-gb 80"),
        ("lots", "is not a number of GB or 'preset'"),
        ("-3", "must be >= 0 GB"),
    ],
)
def test_capacity_bad_weights_is_one_line(weights, message, capsys):
    assert kvscope_main(["capacity", "--preset", "llama-70b", "--weights-gb", weights]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_diff_prefill_cost_has_its_unit():
    before, after = "examples/requests/before.json", "examples/requests/after.json"
    proc = _run(str(BIN / "promptlint"), "diff", before, after)
    assert "prefill cost $" in proc.stdout and "at $3/M tokens" in proc.stdout
