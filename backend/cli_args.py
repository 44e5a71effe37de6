"""One argparse convention for every kvscope command: a usage error is one line and exit 2.

Torch-free: promptlint's commands use it too.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """``error`` prints ``prog: error: message (see --help)`` and exits 2; no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def fail(prog: str, message: str) -> int:
    """Print a one-line error for ``prog`` and return exit code 2."""
    sys.stderr.write(f"{prog}: error: {message}\n")
    return 2
