"""Run the peer linters on the real corpus; executed by the peers' own venv (bench/.venv-peers).

Neither peer reads prompt files: both lint a request body. Each file becomes the system prompt
of one Anthropic Messages request, one text block per line (the last one carrying
cache_control, so every block is in the cacheable prefix); a finding on block i is a flag on
line i + 1 (promptcachelint). prefixguard sees the system prompt as one block, so each line is
linted as its own system prompt. Both report at most one volatile finding per block, so this
gives them the same line resolution as promptlint. Reads {file: text} as JSON on stdin, prints
{peer: {file: [[line, rule], ...]} | "not installable: ..."}.
"""

from __future__ import annotations

import json
import re
import sys

BLOCK = re.compile(r"system\[(\d+)\]")


def _body(text: str) -> dict:
    lines = text.split("\n")
    blocks = [{"type": "text", "text": line or " "} for line in lines]
    blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 16,
        "system": blocks,
        "messages": [{"role": "user", "content": "hi"}],
    }


def _line(where: object) -> int | None:
    m = BLOCK.search(str(where or ""))
    return int(m.group(1)) + 1 if m else None


def promptcachelint(files: dict[str, str]) -> dict[str, list[list]]:
    from promptcachelint.detectors import lint_request
    from promptcachelint.providers import get_provider

    provider = get_provider("anthropic")
    out: dict[str, list[list]] = {}
    for name, text in files.items():
        hits = []
        for f in lint_request(provider, _body(text)):
            line = _line(f.path)
            if line is not None:
                hits.append([line, f"{f.code}:{(f.data or {}).get('pattern', '')}"])
        out[name] = hits
    return out


def prefixguard(files: dict[str, str]) -> dict[str, list[list]]:
    import prefixguard as pg

    # prefixguard treats the system prompt as one block: lint each line as its own system
    # prompt (same detector, line resolution).
    out: dict[str, list[list]] = {}
    for name, text in files.items():
        hits = []
        for i, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            for f in pg.lint(system=line):
                hits.append([i, str(getattr(f, "cause", "volatile")).split(".")[-1]])
        out[name] = hits
    return out


def main() -> None:
    files = json.load(sys.stdin)
    result: dict[str, object] = {}
    for peer, fn in (("promptcachelint", promptcachelint), ("prefixguard", prefixguard)):
        try:
            result[peer] = fn(files)
        except ImportError as exc:
            result[peer] = f"not installable: {exc}"
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
