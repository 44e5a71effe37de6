"""`kvscope` command: a thin dispatcher; each sub-command's module is imported only when used."""

from __future__ import annotations

import importlib
import sys

from kvscope.backend.cli_args import closest

# name -> (module, help, the extra whose packages it imports beyond the core)
COMMANDS: dict[str, tuple[str, str, str | None]] = {
    "capacity": ("kvscope.backend.capacity", "KV-cache capacity calculator", None),
    "workload": ("kvscope.backend.workload", "generate a synthetic request log", None),
    "serve": ("kvscope.backend.server.cli", "start the OpenAI-compatible server", "backend"),
    "inspect": ("kvscope.inspect.cli", "open the live cache inspector (TUI)", "inspect"),
    "eval-fp8": ("kvscope.backend.model.fp8_eval", "fp8 vs full-precision KV drift", "backend"),
    "demo": ("kvscope.backend.demo", "run the end-to-end demo", "backend"),
}


def version() -> str:
    """The installed distribution's version (the source tree's when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("kvscope")
    except PackageNotFoundError:
        return "0.1.0+source"


def _usage() -> str:
    lines = ["usage: kvscope [--version] COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<10} {help_}" for name, (_, help_, _extra) in COMMANDS.items()]
    lines += ["", "Run 'kvscope COMMAND --help' for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in {"-h", "--help"}:
        print(_usage())
        return 0
    if argv[0] in {"-V", "--version"}:
        print(f"kvscope {version()}")
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        near = closest(name, COMMANDS)
        hint = f"did you mean {near!r}?" if near else "run 'kvscope --help' for the list"
        print(f"kvscope: error: unknown command {name!r}; {hint}", file=sys.stderr)
        return 2
    module_name, _help, extra = COMMANDS[name]
    try:  # heavy imports happen at import or inside main(): both name the missing extra
        return int(importlib.import_module(module_name).main(rest) or 0)
    except ModuleNotFoundError as exc:
        if extra is None or (exc.name or "kvscope").startswith("kvscope"):
            raise
        print(
            f"kvscope {name}: {exc.name} is missing; pip install 'kvscope[{extra}]'",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
