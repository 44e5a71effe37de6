"""One argparse convention for every kvscope command: a usage error is one line and exit 2, and
a mistyped option or choice names the closest valid one ("did you mean --select?").

Torch-free: promptlint's commands use it too.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import NoReturn

_UNRECOGNIZED = re.compile(r"unrecognized arguments: (.*)")
_CHOICE = re.compile(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.*)\)")


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest ``word`` (difflib's ratio >= 0.6), or None."""
    import difflib  # only on a usage error: keeps promptlint's start-up lean

    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def with_suggestion(parser: argparse.ArgumentParser, message: str) -> str:
    """``message`` plus "; did you mean X?" when a mistyped option or choice has a near match."""
    if m := _UNRECOGNIZED.match(message):
        options = [o for o in parser._option_string_actions if o.startswith("--")]
        for token in m.group(1).split():
            if token.startswith("-") and (near := closest(token.split("=")[0], options)):
                return f"{message}; did you mean {near}?"
    if m := _CHOICE.match(message):
        choices = re.findall(r"'([^']*)'", m.group(3))
        if near := closest(m.group(2), choices):
            return f"{message}; did you mean {near!r}?"
    return message


class Parser(argparse.ArgumentParser):
    """``error`` prints ``prog: error: message[; did you mean X?] (see --help)`` and exits 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {with_suggestion(self, message)} (see --help)\n")


def fail(prog: str, message: str) -> int:
    """Print a one-line error for ``prog`` and return exit code 2."""
    sys.stderr.write(f"{prog}: error: {message}\n")
    return 2
