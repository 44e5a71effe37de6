"""``kvscope serve`` flags: --help documents them; bad ones exit 2 with one line, no traceback."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from kvscope.backend.server.cli import build_parser, config_from_args


def serve(*args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "kvscope.backend.cli", "serve", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def test_help_documents_every_issue_flag():
    out = serve("--help")
    assert out.returncode == 0
    for flag in (
        "--model", "--host", "--port", "--block-size", "--kv-dtype", "--eviction",
        "--host-tier-gb", "--disk-tier", "--kv-events", "--trace-file", "--num-blocks",
        "--max-queue", "--max-num-seqs", "--max-num-batched-tokens", "--preemption-mode",
        "--no-prefix-caching", "--disable-cross-request-sharing", "--otel-file",
    ):  # fmt: skip
        assert flag in out.stdout, flag


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--num-blocks", "1"], "--num-blocks"),
        (["--block-size", "12"], "power of two"),
        (["--preemption-mode", "swap"], "--host-tier-gb"),
        (["--num-blocks", "8", "--kv-cache-gb", "1"], "not both"),
        (["--max-num-seqs", "0"], "--max-num-seqs"),
    ],
)
def test_bad_flags_are_one_line_errors(args, needle):
    with pytest.raises(ValueError, match=needle):
        config_from_args(build_parser().parse_args(args))


def test_unloadable_model_and_busy_port_exit_2(tmp_path):
    out = serve("--model", str(tmp_path / "missing"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "config.json" in out.stderr and len(out.stderr.strip().splitlines()) == 1
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        out = serve("--port", str(busy.getsockname()[1]))
        assert out.returncode == 2 and "pick another --port" in out.stderr
