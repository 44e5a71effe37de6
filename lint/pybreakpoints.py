"""Anthropic `cache_control` breakpoints in Python request code (PL007).

A call's breakpoints are the `"cache_control"` keys of the dicts inside it. More than 4 in one
call is rejected by Anthropic; a breakpoint after a volatile finding of the same call (PL001-
PL003, found by the other checks of the scan first) writes an entry no later request reads.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kvscope.lint.findings import Problem
from kvscope.lint.pyscan import Scan


def breakpoints(scan: Scan, tree: ast.Module) -> Iterator[Problem]:
    volatile = [p for p in scan.found if p.code in {"PL001", "PL002", "PL003"}]
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or isinstance(scan.parents.get(call), ast.Call):
            continue
        marks = []
        for sub in ast.walk(call):
            if isinstance(sub, ast.Dict):
                for key in sub.keys:
                    if isinstance(key, ast.Constant) and key.value == "cache_control":
                        marks.append(scan.span(key))
        if not marks:
            continue
        marks.sort()
        if len(marks) > 4:
            s, e = marks[4]
            msg = f"{len(marks)} cache_control breakpoints in one call; Anthropic accepts at most 4"
            yield Problem("PL007", s, e, msg, None, None, None)
        lo = scan.span(call)[0]
        for s, e in marks:
            before = [p for p in volatile if lo <= p.src_start < s]
            if before:
                msg = (
                    f"cache_control breakpoint after volatile content ({before[0].code} at "
                    f"offset {before[0].src_start}): its cache entry is never read"
                )
                yield Problem("PL007", s, e, msg, None, None, None)
                break
