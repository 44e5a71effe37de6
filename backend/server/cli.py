"""``kvscope serve``: start the OpenAI-compatible reference server.

Cache sizing: ``--num-blocks N`` or ``--kv-cache-gb X`` for the device tier, ``--host-tier-gb`` for
the host tier, ``--disk-tier DIR`` (+ ``--disk-tier-gb``) for the disk tier. Bad flags exit 2 with a
one-line message; a model that cannot load exits 2 too.
"""

from __future__ import annotations

import argparse
import os
import sys

from kvscope.backend.cli_args import Parser
from kvscope.backend.engine.config import EVICTION_POLICIES, PREEMPTION_MODES, EngineConfig
from kvscope.backend.prefix_keys import ALGOS, DEFAULT_ALGO

DEFAULT_MAX_REQUEST_BYTES = 8 << 20
MAX_PINNED_FRACTION = 0.5

GB = 1 << 30


def build_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="kvscope serve",
        description="OpenAI-compatible reference server with a paged, observable KV cache.",
    )
    a = p.add_argument
    a("--model", default="kvscope-tiny", help="kvscope-tiny (embedded) or a HF model directory")
    a("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    a("--port", type=int, default=8000, help="port to listen on (default 8000; 0 = any free)")
    a("--block-size", type=int, default=16, help="tokens per KV block (power of two)")
    a("--kv-dtype", choices=("auto", "fp8_e4m3"), default="auto", help="KV cache storage dtype")
    a("--dtype", choices=("float32", "bfloat16", "float16"), default="float32", help="weights")
    a("--device", default="cpu", help="torch device (cpu, cuda)")
    a("--attention", choices=("torch", "triton"), default="torch", help="attention backend")
    a("--seed", type=int, default=0, help="seed for the embedded model and default sampling")
    a("--eviction", choices=EVICTION_POLICIES, default="gdsf", help="eviction policy")
    a("--num-blocks", type=int, default=None, help="device-tier KV blocks (default 512)")
    a(
        "--kv-cache-gb",
        type=float,
        default=None,
        help="device-tier size in GiB (instead of --num-blocks)",
    )
    a("--host-tier-gb", type=float, default=0.0, help="host (CPU) tier size in GiB; 0 = none")
    a("--disk-tier", metavar="DIR", default=None, help="directory of the disk tier")
    a("--disk-tier-gb", type=float, default=1.0, help="disk tier size in GiB (default 1)")
    a("--max-num-seqs", type=int, default=64, help="most sequences running at once")
    a("--max-num-batched-tokens", type=int, default=512, help="token budget per step")
    a("--max-queue", type=int, default=256, help="waiting requests beyond which: HTTP 429")
    a("--max-model-len", type=int, default=None, help="context limit (prompt + max_tokens)")
    a("--preemption-mode", choices=PREEMPTION_MODES, default="auto",
      help="auto: per victim from measured costs; or force recompute / swap")  # fmt: skip
    a("--no-prefix-caching", action="store_true", help="disable prefix caching")
    a("--disable-cross-request-sharing", action="store_true",
      help="no request hits or leaves reusable blocks (timing side-channel switch)")  # fmt: skip
    a("--prefix-algo", choices=ALGOS, default=DEFAULT_ALGO, help="block-hash algorithm")
    a("--kv-events", metavar="ENDPOINT", default=None,
      help="publish KV events on ZMQ PUB, vLLM wire format; tcp://*:5557 binds (subscribers "
           "connect), a concrete address connects (the subscriber must bind)")  # fmt: skip
    a("--kv-events-replay", metavar="ENDPOINT", default=None, help="ZMQ replay endpoint")
    a("--kv-events-topic", default="kv-events", help="ZMQ topic (default kv-events)")
    a("--kv-events-kvscope", action="store_true",
      help="also publish kvscope's own events (hit, evicted, swapped...) for kvscope-inspect; "
           "vLLM consumers only know stored/removed/cleared")  # fmt: skip
    a("--kv-events-int-hashes", action="store_true",
      help="block hashes as vLLM's low-64-bit ints: the default, kept for old scripts")  # fmt: skip
    a("--kv-events-bytes-hashes", action="store_true",
      help="send kvscope's raw 32-byte block hashes instead of vLLM's 64-bit ints")  # fmt: skip
    a("--trace-file", metavar="F", default=None, help="write every KV event to F as JSONL")
    a("--otel-file", metavar="F", default=None,
      help="spans to F as JSONL (OTLP if OTEL_EXPORTER_OTLP_ENDPOINT is set)")  # fmt: skip
    a("--otel-console", action="store_true", help="print OpenTelemetry spans to stdout")
    a("--otel-block-events", action="store_true", help="per-block span events (capped)")
    a("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"))
    _security_flags(p)
    return p


def _security_flags(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("security (see docs/serve.md, threat model)")
    a = g.add_argument
    a("--api-key", action="append", default=None, metavar="KEY",
      help="require 'Authorization: Bearer KEY' on /v1/* "
           "(repeatable; env KVSCOPE_API_KEY)")  # fmt: skip
    a("--tenant-keys", metavar="FILE", default=None,
      help="'<tenant> <key>' lines: per-tenant API keys "
           "(own prefixes only, salted per tenant)")  # fmt: skip
    a("--admin-api-key", metavar="KEY", default=None,
      help="operator key for /v1/cache/reset, /pin, /prefixes "
           "(env KVSCOPE_ADMIN_API_KEY)")  # fmt: skip
    a("--admin-api-key-file", metavar="FILE", default=None, help="read the operator key from FILE")
    a("--admin-host", default="127.0.0.1", help="admin listener address (default 127.0.0.1)")
    a("--admin-port", type=int, default=None,
      help="also listen here (on --admin-host); every request on it is an "
           "operator's (default: no admin listener)")  # fmt: skip
    a("--max-request-bytes", type=int, default=DEFAULT_MAX_REQUEST_BYTES,
      help=f"largest request body; 413 beyond (default {DEFAULT_MAX_REQUEST_BYTES})")  # fmt: skip
    a("--max-pinned-fraction", type=float, default=MAX_PINNED_FRACTION,
      help="share of the device tier pins may hold (default 0.5)")  # fmt: skip
    a("--allow-special-tokens-in-content", action="store_true",
      help="tokenize special-token text in chat messages as special tokens (default: plain "
           "text, so a message cannot forge a turn)")  # fmt: skip


def server_options(args: argparse.Namespace, environ: dict | None = None):
    """ServerOptions for parsed flags (and the environment); ValueError with a one-line message."""
    import math

    from kvscope.backend.server.app import ServerOptions
    from kvscope.backend.server.auth import AuthConfig, read_key_file, read_tenant_keys

    env = os.environ if environ is None else environ
    api_keys = list(args.api_key or [])
    if not api_keys and env.get("KVSCOPE_API_KEY"):
        api_keys = [env["KVSCOPE_API_KEY"]]
    if args.admin_api_key is not None and args.admin_api_key_file is not None:
        raise ValueError("give --admin-api-key or --admin-api-key-file, not both")
    admin = args.admin_api_key
    if args.admin_api_key_file is not None:
        admin = read_key_file(args.admin_api_key_file, "--admin-api-key-file")
    if admin is None and env.get("KVSCOPE_ADMIN_API_KEY"):
        admin = env["KVSCOPE_ADMIN_API_KEY"]
    for key in [*api_keys, *([admin] if admin is not None else [])]:
        if not key.strip() or any(c.isspace() for c in key) or not key.isprintable():
            raise ValueError("API keys must be non-empty printable strings without spaces")
    tenants = read_tenant_keys(args.tenant_keys) if args.tenant_keys else {}
    if admin is not None and (admin in api_keys or admin in tenants):
        raise ValueError("the admin key must differ from every API and tenant key")
    if args.admin_port is not None and not 0 < args.admin_port < 65536:
        raise ValueError("--admin-port must be in 1..65535")
    if args.admin_port is not None and args.admin_port == args.port:
        raise ValueError("--admin-port must differ from --port")
    if args.max_request_bytes < 1024:
        raise ValueError("--max-request-bytes must be at least 1024")
    frac = args.max_pinned_fraction
    if not (math.isfinite(frac) and 0 <= frac <= 1):
        raise ValueError("--max-pinned-fraction must be between 0 and 1, e.g. 0.5")
    auth = AuthConfig(tuple(api_keys), tenants, admin, args.admin_port)
    return ServerOptions(
        auth=auth,
        max_request_bytes=args.max_request_bytes,
        max_pinned_fraction=frac,
        special_in_content=args.allow_special_tokens_in_content,
    )


def _fail(message: str) -> int:
    print(f"kvscope serve: {message}", file=sys.stderr)
    return 2


def kv_block_bytes(model: str, block_size: int, kv_dtype: str, dtype: str) -> int:
    """Bytes one KV block takes for ``model``, from its config alone (no weights loaded)."""
    from pathlib import Path

    from kvscope.backend.model.config import TINY_NAME, tiny_config
    from kvscope.backend.model.loader import read_config

    cfg = tiny_config() if model == TINY_NAME else read_config(Path(model))
    elem = 1 if kv_dtype == "fp8_e4m3" else (4 if dtype == "float32" else 2)
    scales = cfg.num_layers * 2 * cfg.num_kv_heads * 4 if kv_dtype == "fp8_e4m3" else 0
    return cfg.num_layers * 2 * cfg.num_kv_heads * cfg.head_dim * elem * block_size + scales


def config_from_args(args: argparse.Namespace) -> EngineConfig:
    """EngineConfig for parsed flags; raises ValueError with a one-line message."""
    if args.num_blocks is not None and args.kv_cache_gb is not None:
        raise ValueError("give --num-blocks or --kv-cache-gb, not both")
    for flag in ("host_tier_gb", "disk_tier_gb"):
        if getattr(args, flag) < 0:
            raise ValueError(f"--{flag.replace('_', '-')} must be 0 or more")
    if args.block_size <= 0 or args.block_size & (args.block_size - 1):
        raise ValueError("--block-size must be a power of two, e.g. 16")
    block = kv_block_bytes(args.model, args.block_size, args.kv_dtype, args.dtype)
    num_blocks = args.num_blocks if args.num_blocks is not None else 512
    if args.kv_cache_gb is not None:
        num_blocks = int(args.kv_cache_gb * GB // block)
    config = EngineConfig(
        model=args.model,
        block_size=args.block_size,
        num_blocks=num_blocks,
        kv_dtype=args.kv_dtype,
        dtype=args.dtype,
        device=args.device,
        attention=args.attention,
        seed=args.seed,
        eviction=args.eviction,
        enable_prefix_caching=not args.no_prefix_caching,
        cross_request_sharing=not args.disable_cross_request_sharing,
        prefix_algo=args.prefix_algo,
        host_blocks=int(args.host_tier_gb * GB // block),
        disk_dir=args.disk_tier,
        disk_blocks=int(args.disk_tier_gb * GB // block) if args.disk_tier else 0,
        max_num_seqs=args.max_num_seqs,
        max_num_batched_tokens=args.max_num_batched_tokens,
        max_queue=args.max_queue,
        max_model_len=args.max_model_len,
        preemption_mode=args.preemption_mode,
    )
    config.validate()
    return config


def build_sinks(args: argparse.Namespace) -> list:
    from kvscope.backend.kv_publisher import TraceFileSink, ZmqEventPublisher

    sinks: list = []
    if args.kv_events:
        sinks.append(
            ZmqEventPublisher(
                args.kv_events,
                args.kv_events_replay,
                topic=args.kv_events_topic,
                int_hashes=not args.kv_events_bytes_hashes,
                include_kvscope=args.kv_events_kvscope,
            )
        )
    if args.trace_file:
        sinks.append(TraceFileSink(args.trace_file))
    return sinks


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        config = config_from_args(args)
        options = server_options(args)
    except (ValueError, OSError) as exc:
        return _fail(str(exc))
    from kvscope.backend.server.launch import LaunchError, build_server

    try:
        server = build_server(config, args, options)
    except (LaunchError, ValueError, OSError) as exc:
        return _fail(str(exc))
    server.run()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
