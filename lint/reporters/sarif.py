"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning.

Required fields are always present: version, $schema, runs[].tool.driver (name, version,
informationUri, rules[] with id/name/shortDescription/fullDescription/helpUri), results[] with
ruleId, ruleIndex, level, message.text, locations[].physicalLocation (artifactLocation.uri,
region with 1-based startLine/startColumn/endLine/endColumn), and partialFingerprints.
"""

from __future__ import annotations

import hashlib
import json
from typing import TextIO

from kvscope.lint.findings import Finding
from kvscope.lint.rules import RULES

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFO_URI = "https://github.com/kvscope/kvscope/blob/main/docs/promptlint.md"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def document(findings: list[Finding]) -> dict:
    from kvscope.lint.cli import VERSION

    index = {rule.CODE: i for i, rule in enumerate(RULES)}
    rules = [
        {
            "id": rule.CODE,
            "name": rule.NAME,
            "shortDescription": {"text": rule.SUMMARY},
            "fullDescription": {"text": (rule.__doc__ or rule.SUMMARY).strip().split("\n\n")[1]},
            "helpUri": f"{INFO_URI}#{rule.CODE.lower()}-{rule.NAME}",
            "defaultConfiguration": {"level": LEVELS[rule.SEVERITY]},
        }
        for rule in RULES
    ]
    results = []
    for f in findings:
        fingerprint = hashlib.sha256(f"{f.path}|{f.code}|{f.message}".encode()).hexdigest()[:32]
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
                "level": LEVELS.get(f.severity, "warning"),
                "message": {"text": f.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": f.path},
                            "region": {
                                "startLine": f.line,
                                "startColumn": f.column,
                                "endLine": f.end_line,
                                "endColumn": max(f.end_column, f.column),
                            },
                        }
                    }
                ],
                "partialFingerprints": {"promptlint/v1": fingerprint},
                "properties": {
                    "token_offset": f.token_offset,
                    "block_index": f.block_index,
                    "blocks_at_stake": f.blocks_at_stake,
                    "tokens_at_stake": f.tokens_at_stake,
                },
            }
        )
    driver = {"name": "promptlint", "version": VERSION, "informationUri": INFO_URI, "rules": rules}
    return {
        "version": "2.1.0",
        "$schema": SCHEMA,
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }


def write(findings: list[Finding], out: TextIO, **_: object) -> None:
    json.dump(document(findings), out, indent=2, ensure_ascii=False)
    out.write("\n")
