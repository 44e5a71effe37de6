"""`--format json`: a JSON array of findings with the documented, stable keys
(kvscope.lint.findings.JSON_KEYS)."""

from __future__ import annotations

import json
from typing import TextIO

from kvscope.lint.findings import Finding


def write(findings: list[Finding], out: TextIO, **_: object) -> None:
    json.dump([f.to_json() for f in findings], out, indent=2, ensure_ascii=False)
    out.write("\n")
