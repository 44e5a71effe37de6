"""Shared test set-up.

Hypothesis profiles keep `make test` bounded on a 2-core machine; a nightly-style deeper run is
`HYPOTHESIS_PROFILE=deep make test`.
"""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("deep", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

os.environ.setdefault("TRITON_INTERPRET", "1")
# Two pytest workers share two cores: one torch thread each (servers started by tests inherit it).
os.environ.setdefault("OMP_NUM_THREADS", "1")


def usage_error(main, argv: list[str], capsys) -> str:
    """Run a CLI ``main(argv)`` that must refuse ``argv``: exit 2 and one line on stderr."""
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def skip_unless_ci(message: str) -> None:
    """Skip locally; under CI a missing prerequisite is a failure (a skipped test is not run)."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def require_binary(name: str) -> str:
    """Path of a binary a test needs. Under CI a missing binary fails the test; locally it skips."""
    path = shutil.which(name)
    if path is None:
        skip_unless_ci(f"{name} not found: install Debian's 'prometheus' package (make setup does)")
    return path
