"""Volatile values as diff and measure see them: the detector of ``kvscope.lint.patterns``.

There is one detector (``kvscope.lint.patterns``): ``promptlint check``, ``promptlint diff`` and
measure's near misses all call it, so every improvement reaches all three. This module keeps
the names diff and measure import (``find_volatile``, ``volatile_at``, ``mask_volatile``,
``Volatile``) and the helpers that are about diffs, not detection.
"""

from __future__ import annotations

from kvscope.lint.patterns import Volatile, find_volatile, mask_volatile, volatile_at

__all__ = [
    "RULE_NAMES",
    "Volatile",
    "common_prefix_len",
    "find_volatile",
    "mask_volatile",
    "rule_label",
    "volatile_at",
]

RULE_NAMES = {
    "PL001": "volatile-timestamp",
    "PL002": "volatile-identifier",
    "PL003": "per-user-content",
    "PL004": "unstable-tool-order",
    "PL005": "unsorted-json-keys",
    "PL006": "conditional-system-section",
    "PL007": "cache-breakpoint-misuse",
    "PL008": "prefix-below-minimum",
}


def common_prefix_len(a: str, b: str) -> int:
    """Length of the longest common prefix of two strings."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n
    while hi - lo > 32:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    while lo < hi and a[lo] == b[lo]:
        lo += 1
    return lo


def rule_label(code: str) -> str:
    """``"PL001 volatile-timestamp"``."""
    return f"{code} {RULE_NAMES.get(code, '')}".strip()
