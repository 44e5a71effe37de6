"""`promptlint` command: sub-command dispatch (check, diff, snapshot, measure).

Each sub-command's module is imported only when used, so `promptlint check` starts fast and
never imports the serving stack. A first argument that is a path or an option (other than
--help/--version) means `check`, like `promptlint prompts/`.
"""

from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("kvscope.lint.check", "lint prompt files for prompt-cache hazards (default)"),
    "diff": ("kvscope.lint.diff.cli", "diff two rendered prompts: first divergent token/block"),
    "snapshot": ("kvscope.lint.snapshot", "render prompt templates with fixture variables"),
    "measure": ("kvscope.lint.measure.cli", "measure the repeated-prefix fraction of request logs"),
}
VERSION = "0.1.0"


def usage() -> str:
    lines = ["usage: promptlint [COMMAND] [ARGS...]", "", "commands:"]
    lines += [f"  {name:<9} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += [
        "",
        "'promptlint PATH...' is short for 'promptlint check PATH...'.",
        "Run 'promptlint COMMAND --help' for a command's options.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(usage())
        return 0
    if argv[0] == "--version":
        print(f"promptlint {VERSION}")
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        if name.startswith("-") or "/" in name or "." in name:
            name, rest = "check", argv
        else:
            from pathlib import Path

            if not Path(name).exists():
                print(
                    f"promptlint: unknown command or missing path {name!r}; "
                    "run 'promptlint --help' for the commands",
                    file=sys.stderr,
                )
                return 2
            name, rest = "check", argv
    try:
        module = importlib.import_module(COMMANDS[name][0])
    except ImportError as exc:
        print(f"promptlint: '{name}' is not available in this install ({exc})", file=sys.stderr)
        return 2
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
