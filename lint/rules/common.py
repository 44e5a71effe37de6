"""Helpers shared by the rules: the per-run context and the segment scan for volatile values."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from kvscope.lint.document import Document
from kvscope.lint.evidence import placeholder_evidence
from kvscope.lint.findings import Problem
from kvscope.lint.includes import included
from kvscope.lint.loopevidence import fixed_collection, loop_evidence
from kvscope.lint.loops import loop_items
from kvscope.lint.names import Placeholder
from kvscope.lint.patterns import (
    classify_expr,
    inside,
    placeholders,
    quiet_spans,
    volatile_literals,
)
from kvscope.lint.slots import (
    agent_card_slot,
    item_card_field,
    labelled_value,
    persona_anywhere,
    shown_not_rendered,
)

# `{% for m in conversation %}`, `{{#each documents}}`: a loop over per-request data.
LOOP_RE = re.compile(
    r"\{%-?\s*for\s+[\w\s,()]+?\s+in\s+(?P<e>[A-Za-z_][\w.]*)[^%]*%\}"
    r"|\{\{\s*#each\s+(?P<h>[A-Za-z_][\w.]*)\s*\}\}"
)
LOOP_TAILS = frozenset(["steps", "instructions", "items", "entries", "rows", "lines", "parts"])
KIND_CODES = {"time": "PL001", "id": "PL002", "user": "PL003", "request": "PL003"}
WHAT = {
    "time": "a clock value",
    "id": "a per-request id or random value",
    "user": "per-user data",
    "request": "per-request content (the user's input, retrieved context, history)",
}
ADVICE = {
    "time": "every request gets a new prefix from here on; move it to the last user turn "
    "(or round it to the day)",
    "id": "it differs on every request; send it as request metadata, not in the prompt",
    "user": "no two users share the prefix after it; put per-user details in the last user turn",
    "request": "no two requests share the prefix after it; send it in the last user turn, "
    "after every fixed instruction",
}
PART_NAMES = {
    "tools": "tool definitions",
    "system": "system prompt",
    "developer": "system prompt",
    "schema": "response schema",
    "template": "prompt template",
}


@dataclass(slots=True)
class RuleContext:
    """What rules may use besides the document: settings and a token counter."""

    count_tokens: Callable[[str], int]
    model: str | None = None
    min_prefix_tokens: int | None = None
    minimums: dict[str, int] = field(default_factory=dict)


def volatile(doc: Document) -> list[Problem]:
    """Every volatile value in the cacheable segments of a (non-Python) document, cached."""
    return [problem for _, problem in volatile_by_segment(doc)]


def volatile_by_segment(doc: Document) -> list[tuple[int, Problem]]:
    """(segment index, problem) for every volatile value, in segment order; cached."""
    if "volatile" not in doc.cache:
        doc.cache["volatile"] = list(_scan(doc))
    return doc.cache["volatile"]


def _scan(doc: Document) -> Iterator[tuple[int, Problem]]:
    concrete = doc.kind == "request"
    for i, seg in enumerate(doc.segments):
        if not seg.cacheable:
            continue
        where = PART_NAMES.get(seg.part, "prompt")
        code: list | None = None
        syntax, slots = doc.syntax, False
        loops = list(LOOP_RE.finditer(seg.text)) if "{" in seg.text else []
        catalogue = set() if doc.chat_template else _catalogue_items(seg.text, loops)
        phs = list(placeholders(seg.text, doc.syntax))
        speakers = _speaker_labels(seg.text, phs)
        reported: set[int] = set()  # the placeholders reported on their own
        for ph in phs:
            if ph.expr in speakers:
                continue  # `{{$user}}Hi` / `{{$bot}}Hello`: who speaks, fixed per deploy
            if ph.expr.startswith("#each"):
                continue  # a Handlebars loop read by a text syntax: LOOP_RE judges it below
            if ph.start in catalogue:
                continue  # `{{ ex.question }}` of `{% for ex in examples %}`: fixed per deploy
            kind, label = classify_expr(ph.expr), None
            if kind is None and not doc.chat_template and seg.part != "schema":
                kind, label = placeholder_evidence(seg.text, ph) or _project_fill(doc, ph.expr)
            if kind is None or (kind == "user" and (doc.chat_template or seg.part == "schema")):
                continue
            if kind == "request" and doc.chat_template:
                continue  # a chat template renders the messages themselves: that is its job
            if code is None:
                code = quiet_spans(seg.text)[1]
                slots = doc.syntax is None and _prose_slot(seg.text, code, "fstring")
                if doc.syntax is None and _prose_slot(seg.text, code, "jinja"):
                    syntax = "jinja"  # a text template: its `{{x}}` in code are filled too
            lone = (ph.start - 1, ph.end + 1)
            if (
                lone in code
                and not seg.text.startswith("``", lone[0])
                and (slots or labelled_value(seg.text, *lone))
            ):
                code = [span for span in code if span != lone]  # `{goals}`: a quoted slot
            path = slots and _quoted_path(seg.text, code, ph)  # `/job_{job_id}/`: its path
            if not path and shown_not_rendered(seg.text, ph, syntax, code):
                continue
            if kind == "user" and persona_anywhere(seg.text, ph.start, ph.end):
                continue  # "You are {{name}}": the assistant's name, fixed per deploy
            if kind in {"user", "request"} and agent_card_slot(seg.text, ph):
                continue  # "You are {identity}. Description: {description}": the agent's card
            if kind in {"user", "request"} and item_card_field(seg.text, ph):
                continue  # `name: {{ name }}` / `description: {{ description }}`: an item's card
            shown = seg.text[ph.start : ph.end]
            fills = f" {label}" if label else ""
            msg = (
                f"placeholder `{shown[:60]}`{fills} puts {WHAT[kind]} into the {where}: "
                f"{ADVICE[kind]}"
            )
            reported.add(ph.start)
            yield i, _at(seg, ph.start, ph.end, KIND_CODES[kind], msg)
        verdicts: list[tuple[re.Match, str | None]] = []
        for m in loops:
            collection = m.group("e") or m.group("h")
            outer = _enclosing_item(collection, m, verdicts)
            if outer is not None:
                kind = outer[1]  # `{{#each this}}` in `{{#each examples}}`: the outer decides
            else:
                kind = loop_kind(collection)
                if kind is None and not doc.chat_template:
                    kind = loop_evidence(seg.text, collection, loop_items(seg.text, m))
            verdicts.append((m, kind))
            if kind in {"request", "user"} and not doc.chat_template:
                msg = (
                    f"loop `{m.group()[:60]}` renders {WHAT[kind]} into the {where}: {ADVICE[kind]}"
                )
                yield i, _at(seg, m.start(), m.end(), KIND_CODES[kind], msg)
                code = quiet_spans(seg.text)[1] if code is None else code
                for ph in loop_items(seg.text, m):
                    if ph.start in reported:
                        continue  # reported on its own above
                    if classify_expr(ph.expr) is not None and not item_card_field(seg.text, ph):
                        continue  # judged by its own name above
                    # `description: {{ item.description }}` of a per-request loop: the card
                    # of an item the request brings is the request's
                    if shown_not_rendered(seg.text, ph, syntax or "jinja", code):
                        continue
                    shown = seg.text[ph.start : ph.end]
                    msg = (
                        f"placeholder `{shown[:60]}` renders each item of the loop "
                        f"`{m.group()[:40]}` ({WHAT[kind]}) into the {where}: {ADVICE[kind]}"
                    )
                    yield i, _at(seg, ph.start, ph.end, KIND_CODES[kind], msg)
        for j, problem in included(doc):  # values rendered here by `{% include %}`d partials
            if j == i and problem.code in KIND_CODES.values():
                yield i, problem
        for lit in volatile_literals(seg.text, concrete):
            if lit.kind == "user" and seg.part == "schema":
                continue
            msg = (
                f"`{lit.text[:60]}` looks like {WHAT[lit.kind]} in the {where}: {ADVICE[lit.kind]}"
            )
            yield i, _at(seg, lit.start, lit.end, KIND_CODES[lit.kind], msg)


def _project_fill(doc: Document, expr: str) -> tuple[str | None, str | None]:
    """(kind, why) when the project fills the placeholder `expr` (a bare name) only with
    per-user or per-request values (kvscope.lint.projectfills.request_filled), else Nones."""
    file = doc.cache.get("file")
    if file is None or not expr.isidentifier():
        return None, None
    from kvscope.lint.projectfills import request_filled

    found = request_filled(file).get(expr)
    if found is None:
        return None, None
    shown = found[1] if len(found[1]) <= 40 else found[1][:39] + "…"
    return found[0], f"(filled with `{shown}` by the project's code)"


def _speaker_labels(text: str, phs: list[Placeholder]) -> set[str]:
    """Placeholders that name who speaks in a transcript: each only ever opens a line, with
    the turn's words right after it, one of them twice or more, alternating with another
    (`{{$user}}I have a question.` / `{{$bot}}Of course.`), so they are turn prefixes set per
    deploy ("Human:", "AI:"), not the user's data."""
    if text.count("\n") < 3:
        return set()
    opens: dict[str, int] = {}
    elsewhere: set[str] = set()
    starts = {ph.start for ph in phs}
    for ph in phs:
        line_start = ph.start == 0 or text[ph.start - 1] == "\n"
        nxt = text[ph.end : ph.end + 1]
        if nxt == " " and ph.end + 1 in starts:
            nxt = "{"  # `{{$bot}} {{$question}}`: the turn's words are another placeholder
        if line_start and nxt not in {"", "\n", " ", "\t", ":"}:
            opens[ph.expr] = opens.get(ph.expr, 0) + 1
        elif not line_start or nxt not in {"", "\n"}:
            elsewhere.add(ph.expr)  # a value in prose, or `{{user}}: hi` (a name and a colon)
    labels = {e for e in opens if e not in elsewhere}
    return labels if len(labels) >= 2 and max(opens[e] for e in labels) >= 2 else set()


def _catalogue_items(text: str, loops: list[re.Match]) -> set[int]:
    """Starts of the placeholders that show the items of loops over catalogues fixed per
    deploy (`{% for ex in examples %}{{ ex.question }}`): each item is the same on every
    request, whatever its field is called."""
    out: set[int] = set()
    for m in loops:
        collection = m.group("e") or m.group("h")
        if loop_kind(collection) is None and fixed_collection(text, collection):
            out.update(ph.start for ph in loop_items(text, m))
    return out


_LOOP_VARS_RE = re.compile(r"for\s+(?P<v>[\w\s,()]+?)\s+in\s")


def _enclosing_item(
    collection: str, m: re.Match, verdicts: list[tuple[re.Match, str | None]]
) -> tuple[re.Match, str | None] | None:
    """The enclosing loop (and its verdict) when this loop iterates that loop's item
    (Handlebars `{{#each this}}`, `{% for turn in example %}` inside `{% for example in
    examples %}`): what it renders is the item's, judged with the enclosing loop."""
    head = collection.split(".")[0]
    for outer in reversed(verdicts):
        if head == "this":
            if outer[0].group("h"):
                return outer
            continue
        names = _LOOP_VARS_RE.search(outer[0].group())
        if names and head in re.findall(r"\w+", names.group("v")):
            return outer
    return None


def loop_kind(collection: str) -> str | None:
    """What a loop iterates: `search_results.items()` is the results, `state.files` the files
    at hand (not a placeholder named `..._files`, filled once per deploy); `task_steps` and
    `test_instructions` are the task's steps (a tail that names a setting, such as `steps` in
    `max_steps`, names a collection when it is iterated)."""
    collection = re.sub(r"\.(?:items|values|keys)$", "", collection)
    kind = classify_expr(collection)
    if kind is None and re.search(r"(?:^|[._])files$", collection, re.I):
        return "request"  # `{% for file in state.files %}`: the files of this request
    if kind is None and "_" in collection and "." not in collection:
        head, _, tail = collection.rpartition("_")
        if tail.lower() in LOOP_TAILS:
            kind = classify_expr(head)
    return kind


def _prose_slot(text: str, code: list, syntax: str | None) -> bool:
    """True when a placeholder of `syntax` ("jinja": `{{x}}`, "fstring": `{x}`) fills a slot in
    prose outside code (`Working directory: {{cwd}}`, `use {tool} to`) in a text file: the
    file is a template, so its placeholders quoted as inline code are filled as well
    (`node "{{home}}/bin/tool"`, a lone `` `{goals}` ``)."""
    for ph in placeholders(text, syntax):
        if syntax == "jinja" and not text.startswith("{{", ph.start):
            continue
        if not inside(code, ph.start, ph.end):
            line = text[text.rfind("\n", 0, ph.start) + 1 : ph.start]
            if re.search(r"[A-Za-z]{3}", line) and "`" not in line:
                return True
            rest = text[ph.end : (text.find("\n", ph.end) + 1 or len(text) + 1) - 1]
            if syntax == "fstring" and not line.strip() and not rest.strip():
                return True  # `{goals}` alone on its line: the slot a section's content fills
    return False


_PATH_CODE_RE = re.compile(r"[\w./~:-]*\{\w+\}[\w./~:-]*")


def _quoted_path(text: str, code: list, ph) -> tuple[int, int] | None:
    """The inline code span holding `ph` when it is a path made of the slot and fixed parts
    (`` `/job_{job_id}/` ``, `` `~/notes/{user}.md` ``) in a text template whose slots stand in
    prose too: the template fills the slot wherever it stands, so the path is this request's
    (a fenced block, or code with spaces or operators, keeps showing its placeholders)."""
    span = next((c for c in code if c[0] < ph.start and ph.end < c[1]), None)
    if span is None or text[span[0]] != "`" or text.startswith("``", span[0]):
        return None
    inner = text[span[0] + 1 : span[1] - 1]
    return span if "/" in inner and _PATH_CODE_RE.fullmatch(inner) else None


def _at(seg, start: int, end: int, code: str, message: str) -> Problem:
    prefix_pos = None if seg.prefix_start is None else seg.prefix_start + start
    return Problem(code, seg.to_source(start), seg.to_source(end), message, prefix_pos)


def volatile_for(doc: Document, code: str) -> Iterator[Problem]:
    """The volatile-value problems of one code, for text documents and Python alike."""
    if doc.kind == "python":
        from kvscope.lint import pyscan

        yield from pyscan.run(doc).problems(code)
        return
    for problem in volatile(doc):
        if problem.code == code:
            yield problem
