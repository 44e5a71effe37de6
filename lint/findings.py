"""Problems (what a rule yields) and findings (what reporters print).

A rule yields `Problem`s in source-character and prefix-character coordinates; the engine turns
each into a `Finding` with 1-based line/column, token offset, block index and cost. The JSON
keys of `Finding.to_json()` are a public contract (docs/promptlint.md): never rename one.
"""

from __future__ import annotations

from typing import NamedTuple

JSON_KEYS = (
    "code",
    "name",
    "severity",
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "token_offset",
    "block_index",
    "blocks_at_stake",
    "tokens_at_stake",
    "message",
    "fixable",
)


class Fix(NamedTuple):
    """A safe fix. `kind` names the fixer in kvscope.lint.fix; `target` is fixer-specific."""

    kind: str
    target: object = None


class Problem(NamedTuple):
    """A rule's raw result. `prefix_pos` is a character offset into `Document.prefix`;
    `tokens_total` overrides the cost base (e.g. PL008 counts only the cacheable prefix)."""

    code: str
    src_start: int
    src_end: int
    message: str
    prefix_pos: int | None = None
    fix: Fix | None = None
    prefix_text: str | None = None
    stake_tokens: int | None = None
    # a fragment defined for use elsewhere (`USER_INFO_PROMPT = """..."""`): what follows it
    # in the prompt is not in this file, so its cost is a lower bound and no floor applies
    fragment: bool = False


class Finding(NamedTuple):
    code: str
    name: str
    severity: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    token_offset: int | None
    block_index: int | None
    blocks_at_stake: int
    tokens_at_stake: int
    message: str
    fixable: bool
    context: str = ""
    prompt: int = 0  # which prompt of the file (a JSONL line); not part of the JSON contract
    # what follows the value is assembled outside the text read here (a fragment): its cost is
    # a lower bound; not part of the JSON contract
    open_end: bool = False

    def to_json(self) -> dict[str, object]:
        return {key: getattr(self, key) for key in JSON_KEYS}

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)


def tokens_at_stake(findings: list[Finding]) -> int:
    """Tokens that can never be shared, as a union: findings of one prompt overlap (every
    block after the earliest is lost once), so each prompt counts its costliest finding."""
    worst: dict[tuple[str, int], int] = {}
    for f in findings:
        key = (f.path, f.prompt)
        worst[key] = max(worst.get(key, 0), f.tokens_at_stake)
    return sum(worst.values())


def clip(text: str, limit: int) -> str:
    """`text` for a message: whole when short, else cut at a word or operator boundary before
    `limit` characters and ended with "…" (never mid-name: "`hasattr(self.agent, …`")."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = max(text.rfind(c, 0, limit) for c in " ,(")
    return text[: cut if cut > limit // 2 else limit - 1].rstrip(" ,(") + "…"
