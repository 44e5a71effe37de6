"""Assemble a server from an ``EngineConfig`` and the CLI flags: runner, sinks, telemetry, app."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys

import uvicorn

from kvscope.backend.engine.config import EngineConfig


class LaunchError(Exception):
    """The server cannot start; the message is one line and says what to do."""


class Server:
    """A bound socket plus a uvicorn server; ``run()`` blocks until shutdown."""

    def __init__(
        self, app, sock: socket.socket, log_level: str, admin_sock: socket.socket | None = None
    ) -> None:
        self.app = app
        self.sock = sock
        self.admin_sock = admin_sock
        self.port = sock.getsockname()[1]
        self.uvicorn = uvicorn.Server(
            uvicorn.Config(app, log_level=log_level, timeout_graceful_shutdown=2)
        )

    def run(self) -> None:
        host, port = self.sock.getsockname()[:2]
        engine = self.app.state.engine
        print(
            f"kvscope serve: {engine.model_name} on http://{host}:{port} "
            f"({engine.config.num_blocks} blocks x {engine.config.block_size} tokens)",
            file=sys.stderr,
            flush=True,
        )
        sockets = [self.sock]
        if self.admin_sock is not None:
            admin_host, admin_port = self.admin_sock.getsockname()[:2]
            exposed = not ipaddress.ip_address(admin_host).is_loopback
            note = " (not loopback: whoever reaches it is an operator)" if exposed else ""
            print(
                f"kvscope serve: admin listener on http://{admin_host}:{admin_port}{note}",
                file=sys.stderr,
                flush=True,
            )
            sockets.append(self.admin_sock)
        self.uvicorn.run(sockets=sockets)


def bind(host: str, port: int, flag: str = "--port") -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        message = f"cannot listen on {host}:{port} ({exc.strerror}); pick another {flag}"
        raise LaunchError(message) from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def build_server(config: EngineConfig, args: argparse.Namespace, options=None) -> Server:
    from kvscope.backend.engine.engine import Engine
    from kvscope.backend.model import ModelLoadError
    from kvscope.backend.server.app import create_app
    from kvscope.backend.server.cli import build_sinks
    from kvscope.backend.server.metrics import ServerMetrics
    from kvscope.backend.server.tracing import RequestTracer, make_provider

    sock = bind(args.host, args.port)
    admin_sock = None
    if options is not None and options.auth.admin_port is not None:
        try:
            admin_sock = bind(args.admin_host, options.auth.admin_port, "--admin-port")
        except LaunchError:
            sock.close()
            raise
    try:
        from kvscope.backend.engine.engine import make_runner

        runner = make_runner(config)
    except ModelLoadError as exc:
        sock.close()
        if admin_sock is not None:
            admin_sock.close()
        raise LaunchError(str(exc)) from None
    metrics = ServerMetrics(runner.model_name)
    listeners: list = [metrics]
    provider = make_provider(args.otel_file, args.otel_console)
    if provider is not None:
        listeners.append(
            RequestTracer(
                provider,
                runner.model_name,
                config.block_size,
                config.prefix_algo,
                args.otel_block_events,
            )
        )
    sinks = build_sinks(args)
    engine = Engine(config, runner=runner, listeners=listeners, sinks=tuple(sinks))
    engine.tracer_provider = provider
    app = create_app(engine, metrics, options)
    return Server(app, sock, args.log_level, admin_sock)
