"""Small hostile inputs to the CLIs: never a hang, never unbounded memory, never a traceback.

Each command runs as a real subprocess with a wall-clock timeout and (torch-free commands) an
address-space limit, so a regression fails here instead of taking the machine down: a
"billion laughs" YAML, a YAML alias cycle, deep YAML / JSON / Jinja, ``.jinja`` symlinks to
``/dev/zero`` and ``/dev/urandom``, named pipes (also as ``.gitignore`` inside a walked
repository), ``--plot`` into a missing folder, and ``kvscope capacity`` / ``kvscope serve``
flags and files that used to overflow, divide by zero or read forever. Each must exit 2 with one
line on stderr naming the problem.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import usage_error

LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)
MEMORY_LIMIT = 3 << 30


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    bindir = Path(sys.executable).parent
    return subprocess.run(
        [str(bindir / args[0]), *args[1:]],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=90,
        preexec_fn=limit_memory,
        env={**os.environ, "NO_COLOR": "1"},
    )


def refused(result: subprocess.CompletedProcess, needle: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if needle in line]
    assert lines, result.stderr


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("hostile")
    (d / "lol.yaml").write_text(LAUGHS)
    (d / "cycle.yaml").write_text("a: &a [x, *a]\n")
    (d / "deep.yaml").write_text("[" * 5000 + "]" * 5000 + "\n")
    (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (d / "deepobj.json").write_text('{"a": ' * 100_000 + "1" + "}" * 100_000)
    (d / "deep.jinja").write_text("{% if x %}" * 3000 + "x" + "{% endif %}" * 3000)
    (d / "ok.json").write_text('{"messages": [{"role": "system", "content": "Be brief."}]}')
    (d / "empty.json").write_text("{}")
    (d / "list.json").write_text("[1]")
    (d / "zero-heads.json").write_text(
        '{"num_attention_heads": 0, "hidden_size": 64, "num_hidden_layers": 2}'
    )
    (d / "zero.jinja").symlink_to("/dev/zero")
    (d / "random.jinja").symlink_to("/dev/urandom")
    os.mkfifo(d / "pipe.jinja")
    repo = d / "repo"
    (repo / "prompts").mkdir(parents=True)
    (repo / "prompts" / "system.md").write_text("You are a careful assistant.\n")
    (repo / "prompts" / "zero.jinja").symlink_to("/dev/zero")
    os.mkfifo(repo / "prompts" / "fifo.jinja")
    os.mkfifo(repo / ".gitignore")
    (repo / ".git").mkdir()
    (d / "log.jsonl").write_text('{"messages": [{"role": "user", "content": "hi"}]}\n')
    return d


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("lol.yaml", "billion laughs"),
        ("cycle.yaml", "cycle"),
        ("deep.yaml", "nested deeper"),
        ("deep.jinja", "nested too deeply"),
        ("zero.jinja", "character device"),
        ("random.jinja", "character device"),
        ("pipe.jinja", "named pipe"),
    ],
)
def test_promptlint_check_refuses_hostile_files(files, name, needle):
    refused(run(["promptlint", "check", name], files), needle)


def test_a_repository_with_devices_and_pipes_is_walked_without_hanging(files):
    result = run(["promptlint", "check", "repo"], files)
    # the readable prompt is linted (exit 0: it is clean); each hostile file gets a diagnostic
    assert result.returncode == 0, result.stderr
    assert "1 prompt file(s) checked" in result.stdout
    for name, kind in (("zero.jinja", "character device"), ("fifo.jinja", "named pipe")):
        assert any(name in line and kind in line for line in result.stderr.splitlines())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["promptlint", "diff", "deep.json", "ok.json"], "nested too deeply"),
        (["promptlint", "diff", "pipe.jinja", "ok.json"], "not a regular file"),
        (["promptlint", "diff", "zero.jinja", "ok.json"], "not a regular file"),
        (["promptlint", "measure", "log.jsonl", "--plot", "/missing/dir/x.png"], "/missing/dir"),
    ],
)
def test_promptlint_diff_and_measure_refuse_hostile_inputs(files, args, needle):
    refused(run(args, files), needle)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--config", "/dev/zero"], "character device"),
        (["--config", "pipe.jinja"], "named pipe"),
        (["--config", "empty.json"], "num_attention_heads"),
        (["--config", "list.json"], "JSON object"),
        (["--config", "deepobj.json"], "nests too deeply"),
        (["--config", "zero-heads.json"], "not a usable config"),
        (["--preset", "llama-70b", "--memory-gb", "inf"], "memory"),
        (["--preset", "llama-70b", "--memory-gb", "1e308"], "memory"),
        (["--preset", "llama-70b", "--memory-gb", "nan"], "memory"),
        (["--preset", "llama-70b", "--kv-heads", "0"], "--kv-heads"),
        (["--preset", "llama-70b", "--layers", "-1"], "--layers"),
    ],
)
def test_kvscope_capacity_refuses_hostile_inputs(files, args, needle):
    refused(run(["kvscope", "capacity", *args], files), needle)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--admin-api-key-file", "/dev/zero"], "character device"),
        (["--tenant-keys", "pipe.jinja"], "named pipe"),
        (["--tenant-keys", "ok.json"], "'<tenant> <key>'"),
        (["--max-pinned-fraction", "inf"], "--max-pinned-fraction"),
        (["--max-request-bytes", "0"], "--max-request-bytes"),
        (["--admin-api-key", "k", "--admin-api-key-file", "ok.json"], "not both"),
        (["--api-key", "same", "--admin-api-key", "same"], "must differ"),
    ],
)
def test_kvscope_serve_refuses_bad_security_flags(files, args, needle, capsys, monkeypatch):
    from kvscope.backend.server.cli import main

    monkeypatch.chdir(files)  # in-process: the flags are refused before anything is loaded
    assert needle in usage_error(main, ["--port", "0", *args], capsys)


def test_security_flags_reach_the_server_options(files):
    from kvscope.backend.server.cli import build_parser, server_options

    (files / "tenants.txt").write_text("alice k-alice\nbob k-bob\n")
    argv = ["--tenant-keys", str(files / "tenants.txt"), "--admin-port", "9999"]
    argv += ["--allow-special-tokens-in-content", "--max-pinned-fraction", "0.1"]
    opts = server_options(build_parser().parse_args(argv), environ={"KVSCOPE_API_KEY": "gw"})
    assert opts.special_in_content and opts.max_pinned_fraction == 0.1
    assert opts.auth.tenant_keys == {"k-alice": "alice", "k-bob": "bob"}
    assert opts.auth.api_keys == ("gw",) and opts.auth.admin_port == 9999
    env = {"KVSCOPE_ADMIN_API_KEY": "op"}
    assert server_options(build_parser().parse_args([]), environ=env).auth.admin_key == "op"
