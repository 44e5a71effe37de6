"""`kvscope` command: a thin dispatcher; each sub-command's module is imported only when used."""

from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "capacity": ("kvscope.backend.capacity", "KV-cache capacity calculator"),
    "workload": ("kvscope.backend.workload", "generate a synthetic request log"),
    "serve": ("kvscope.backend.server.cli", "start the OpenAI-compatible reference server"),
    "inspect": ("kvscope.inspect.cli", "open the live cache inspector (TUI)"),
    "eval-fp8": ("kvscope.backend.model.fp8_eval", "compare fp8 and full-precision KV caches"),
    "demo": ("kvscope.backend.demo", "run the end-to-end demo"),
}


def _usage() -> str:
    lines = ["usage: kvscope COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<10} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "Run 'kvscope COMMAND --help' for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in {"-h", "--help"}:
        print(_usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(
            f"kvscope: unknown command {name!r}; run 'kvscope --help' for the list", file=sys.stderr
        )
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
