"""An argparse parser whose errors are one line and exit 2 (shared by diff, snapshot, measure)."""

from __future__ import annotations

import argparse
import sys


class UsageError(Exception):
    """Bad user input: printed as one line, exit code 2."""


class Parser(argparse.ArgumentParser):
    """``error`` prints ``prog: error: message (see --help)`` and exits 2, nothing more."""

    def error(self, message: str):  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)


def fail(prog: str, message: str) -> int:
    """Print a one-line error for ``prog`` and return exit code 2."""
    sys.stderr.write(f"{prog}: error: {message}\n")
    return 2
