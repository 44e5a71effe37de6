"""Evidence that a text template's loop renders per-request data, for collections whose names
say nothing (lint/evidence.py does the same for single placeholders).

`{% for x in coll %}` over an opaquely named collection is judged by what the template does
with it: a slice or index from its end (`coll[-3:]`, `coll[2:-1]`, `coll[-1]`: the latest few of
something that grows), items whose own fields are per-request content (`{{ x.result }}`,
`{{ row.question }}`), or a name that relates it to this request (`previous_solutions`,
`queried_failed_knowledge`, `relevant_file_objects`). Catalogues fixed per deploy (`tools`,
`examples`, `available_*`, `rules`, `commands` never indexed from the end) stay quiet, and so do
their items, whatever their fields are called (`{{ ex.question }}` of a loop over `examples`).
"""

from __future__ import annotations

import re

from kvscope.lint.names import SETTINGS_WORDS, Placeholder, classify_expr, name_parts

FIXED_COLLECTION_HEADS = frozenset(
    [
        "tools",
        "functions",
        "examples",
        "samples",
        "shots",
        "rules",
        "guidelines",
        "options",
        "choices",
        "categories",
        "labels",
        "skills",
        "agents",
        "plugins",
        "personas",
        "fields",
        "columns",
        "languages",
        "models",
        "commands",
    ]
)
FIXED_COLLECTION_WORDS = frozenset(
    [
        "available",
        "supported",
        "allowed",
        "default",
        "defaults",
        "example",
        "examples",
        "sample",
        "few",
        "shot",
        "demo",
        "demos",
        "demonstrations",
    ]
)
# Words relating a collection to this request: what was tried, retrieved, or is still to do.
RELATIONAL_WORDS = frozenset(
    [
        "previous",
        "prior",
        "past",
        "former",
        "recent",
        "relevant",
        "retrieved",
        "queried",
        "similar",
        "matching",
        "matched",
        "pending",
        "completed",
        "failed",
        "remaining",
        "attempted",
    ]
)
_FROM_END_RE = r"\[\s*(?:-\s*\d+\s*(?::[^\]]*)?|[^\]:]*:\s*-\s*\d+\s*)\]"


def loop_evidence(text: str, collection: str, items: list[Placeholder]) -> str | None:
    """ "request" (or "user") when what the template does with an opaquely named collection
    shows it holds per-request data; None for catalogues fixed per deploy."""
    if fixed_collection(text, collection):
        return None
    name, ws = _collection_words(collection)
    if _indexed_from_end(text, name):
        return "request"  # `coll[-3:]`, `coll[2:-1]`, `coll[-1]`: the latest of a growing list
    if set(ws) & RELATIONAL_WORDS:
        return "request"  # `previous_solutions`, `relevant_file_objects`
    kinds = {classify_expr(ph.expr) for ph in items} - {None}
    if kinds & {"request", "user"}:
        return "request" if "request" in kinds else "user"  # `{{ call.result }}` per item
    return None


def fixed_collection(text: str, collection: str) -> bool:
    """True when a loop's collection reads as a catalogue fixed per deploy (`tools`,
    `available_docsets`, `examples`, `commands` that the template never indexes from the end)."""
    name, ws = _collection_words(collection)
    if not ws:
        return False
    if ws[-1] in FIXED_COLLECTION_HEADS and not _indexed_from_end(text, name):
        return True
    return bool(set(ws) & (FIXED_COLLECTION_WORDS | SETTINGS_WORDS))


def _collection_words(collection: str) -> tuple[str, list[str]]:
    """(`state.files` of `state.files.items()`, its lower-case words in order)."""
    name = re.sub(r"\.(?:items|values|keys)(?:\(\))?$", "", collection)
    return name, [w.lower() for part in name.split(".") for w in name_parts(part)]


def _indexed_from_end(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*{_FROM_END_RE}", text) is not None
