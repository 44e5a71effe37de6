"""PL006 conditional-system-section: sections of the system prompt included only sometimes.

`{% if premium %}...{% endif %}` or `if flag: system += ...` gives requests on the two sides of
the condition different prefixes from that point on; each variant is cached separately and the
rare one is mostly a miss.

Bad (Jinja)::

    You are Acme's assistant.
    {% if user.is_premium %}You may use the advanced tools.{% endif %}
    <long instructions>

Good: keep the system prompt identical for everyone; state the variant in the user turn, or
gate tools with `tool_choice` / `allowed_tools` instead of editing instructions::

    You are Acme's assistant.
    <long instructions>

Detects: Jinja/Nunjucks `{% if %}`, Handlebars `{{#if}}`/`{{#unless}}` and Mustache sections
(`{{#flag}}`, `{{^flag}}`) in cacheable parts of prompt templates and in the partials they
`{% include %}` (reported on the include line; not in chat templates, whose conditions are
structural); in Python, `if ...: system_prompt += ...` or `.append(...)` of a
system message, and text a conditional expression picks (`label = "company" if kind ==
"stock" else "asset"`, reported where the local enters the prompt, not where it is bound).
Not reported: conditions fixed per deploy (feature flags such as
`enable_memory`, `not disable_search`, `chart_tool_enabled`, a flag asked of an object such as
`state.has_frontend()`, settings, constants, the environment, the served model such as
`is_vlm`; limits, service addresses and the deploy's own descriptions and system prompt:
`max_words`, `api_base_url`, `assistant_description`, `system_prompt is defined`, the
instructions the deploy writes into its agent or team, `agent.instructions`; the rules
the deploy gives its agent, `rulesets`, `rules`, not `user_rules`; a condition on the
items of its enclosing loop, `{% if area_id == "etc" %}`, judged with the loop; Jinja tests
such as `is defined` name no data), `if`s that only build the message list
(`messages.extend(history)`), `if`s inside a user-prompt builder (`def user_prompt(...)`) or
adding to text the module sends only as the user turn (`prompt_parts` joined into a `{"role":
"user", ...}` message), Python
`if`s that only ask whether a value the value rules report is there and add text holding it
(`if memories: system += f"...{json.dumps(memories)}"`: the value is reported), Python
conditional expressions with no text in either branch (`[last] if last.tool_calls else []`,
`Builder(...) if x else None`: decided on data flow, not on the function's name), a value or
its default (`template if template else DEFAULT`, `x if x is not None else "none"`, `x.strip()
if x else None`: the value is judged by its own rule, the section where text comes with it), and
conditions fixed per template or program instance (`if MARKER not in system_prompt`,
`if signature.instructions`, `self.x` set only in `__init__`); see kvscope.lint.pyconds. In a
template file, a condition on variables its project fills only from settings or constants
(`"require_score": get_settings().pr_reviewer.require_score_review`) is fixed too; see
kvscope.lint.projectfills.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kvscope.lint.document import Document
from kvscope.lint.findings import Problem, clip
from kvscope.lint.includes import included
from kvscope.lint.loops import bound_sources
from kvscope.lint.names import (
    CONTAINER_METHODS,
    NOT_THE_USER,
    classify_expr,
    deploy_fixed,
    identifiers,
    words,
)

CODE = "PL006"
NAME = "conditional-system-section"
SEVERITY = "warning"
FIXABLE = False
SUMMARY = "Conditional section in the system prompt"
CONDITION_RE = {
    "jinja": re.compile(r"\{%-?\s*(?:if|elif)\b[^%]*%\}"),
    "handlebars": re.compile(r"\{\{\s*#\s*(?:if|unless)\b[^}]*\}\}"),
    "mustache": re.compile(r"\{\{\s*[#^]\s*(?!role\b|each\b|history\b)[A-Za-z_][\w.]*\s*\}\}"),
}


def check(doc: Document, ctx) -> Iterator[Problem]:
    if doc.kind == "python":
        from kvscope.lint import pyscan

        yield from pyscan.run(doc).problems(CODE)
        return
    if doc.chat_template:
        return
    syntaxes = (
        ["jinja", "mustache"] if doc.syntax in (None, "jinja") else ["handlebars", "mustache"]
    )
    if doc.syntax is None:
        syntaxes.append("handlebars")  # a Markdown or `.hbs` text: `{{#if userFirstName}}`
    if "jinja" not in syntaxes and any("{%" in seg.text for seg in doc.segments):
        syntaxes.append("jinja")  # Jinja in a `.prompt` file
    yield from (problem for _, problem in included(doc) if problem.code == CODE)
    filled: list[frozenset[str]] = []  # read on the first condition that needs it
    for seg in doc.segments:
        if seg.part not in {"system", "developer", "template"}:
            continue
        hits = [m for s in syntaxes for m in CONDITION_RE[s].finditer(seg.text)]
        chained = _elifs_of_reported_chains(seg.text)
        for m in _dedupe(hits):
            if _fixed_condition(m.group()):
                continue  # a feature flag (same on every request), or loop punctuation
            if _on_items(seg.text, m):
                continue  # `{% if area_id == "etc" %}` in a loop over areas: the loop's
            if m.start() in chained and chained[m.start()] is None:
                continue  # an `{% elif %}` of a chain whose `{% if %}` is reported: one split
            filled = filled or [project_fixed(doc)]
            if _filled_fixed(m.group(), filled[0]):
                continue  # filled only from settings or constants by the project's code
            pos = None if seg.prefix_start is None else seg.prefix_start + m.start()
            yield Problem(
                CODE,
                seg.to_source(m.start()),
                seg.to_source(m.end()),
                conditional_message(m.group(), chained.get(m.start())),
                pos,
            )


def _condition(tag: str) -> str:
    """`user.is_premium` of `{% if user.is_premium %}` / `{{#if user.is_premium}}`."""
    return re.sub(r"^\{[{%]-?\s*[#^]?\s*(?:if|elif|unless)?\b|-?[%}]\}$", "", tag).strip()


def _fixed_condition(tag: str) -> bool:
    cond = _condition(tag)
    return deploy_fixed(cond) or re.fullmatch(r"(?:not\s+)?loop\.\w+", cond) is not None


def _on_items(text: str, tag: re.Match) -> bool:
    """A Jinja condition that reads only the items of its enclosing loops, and literals: it
    picks a section per item, and the items vary only as the loop's collection does, which
    is judged at the loop (PL003/PL004)."""
    if not tag.group().startswith("{%"):
        return False
    cond = re.sub(r"\|\s*[A-Za-z_]\w*", "", _condition(tag.group()))  # filters name no data
    sources = bound_sources(text, tag.start())
    roots = set(identifiers(cond)) - JINJA_WORDS
    if roots and roots <= set(sources):
        return True
    # `{% if toolset.status.value == "failed" %}` in a loop over the deploy's toolsets: a
    # field of one of the deploy's own tools, agents or plugins (not `table.primary_key` of
    # the tables a request's database has)
    heads = set(identifiers(re.sub(r"\.\s*[A-Za-z_]\w*", "", cond))) - JINJA_WORDS
    return (
        bool(heads)
        and heads <= set(sources)
        and all(words(sources[h].replace(".", "_")) & NOT_THE_USER for h in heads)
    )


# Jinja's operators and tests read as identifiers (`x is not none`, `a in b`).
JINJA_WORDS = frozenset(["and", "or", "not", "in", "is", "none", "None", "true", "false"])


def project_fixed(doc: Document) -> frozenset[str]:
    """The template's variables its project fills only with per-deploy values
    (kvscope.lint.projectfills); empty for text not read from a file."""
    file = doc.cache.get("file")
    if file is None:
        return frozenset()
    from kvscope.lint.projectfills import deploy_fixed_names

    return deploy_fixed_names(file)


def _filled_fixed(tag: str, filled: frozenset[str]) -> bool:
    """`{%- if require_score %}` where the project passes `"require_score":
    get_settings().pr_reviewer.require_score_review`, and nothing else, for `require_score`."""
    cond = re.sub(r"\|\s*[A-Za-z_]\w*", "", _condition(tag))  # filters name no data
    roots = [i for i in identifiers(cond) if i not in CONTAINER_METHODS]
    return bool(filled) and bool(roots) and all(i in filled for i in roots)


def conditional_message(tag: str, elifs: int | None = None) -> str:
    more = (
        f" (and the {elifs} `elif` branch{'es' if elifs > 1 else ''} of its chain)" if elifs else ""
    )
    return (
        f"conditional section `{clip(tag, 60)}`{more} in the system prompt: requests on "
        "either side of the condition share no prefix after it. Keep the system prompt fixed "
        "and move the variable part to the last user turn"
    )


def jinja_conditions(text: str) -> list[tuple[int, int, str]]:
    """(start, end, tag) of the Jinja `{% if %}`/`{% elif %}` tags of a template held in a
    Python string whose condition names a per-request or per-user value (`{% if user_memory %}`;
    not `{% if prologue %}` or `{% if param.required %}`: the module shows no more than the name,
    and a name that says nothing is not evidence). For kvscope.lint.pyrules."""
    return [
        (m.start(), m.end(), m.group())
        for m in CONDITION_RE["jinja"].finditer(text)
        if not _fixed_condition(m.group()) and classify_expr(_condition(m.group())) is not None
    ]


_CHAIN_RE = re.compile(r"\{%-?\s*(if|elif|endif)\b[^%]*%\}")


def _elifs_of_reported_chains(text: str) -> dict[int, int | None]:
    """The `{% elif %}` tags whose chain opens with an `{% if %}` that is reported (offset ->
    None: the prompt splits at the `if` already, each branch is one more variant of the same
    split), and each such `if` (offset -> how many `elif`s it has)."""
    out: dict[int, int | None] = {}
    stack: list[int | None] = []  # the reported `if` of each open chain
    for m in _CHAIN_RE.finditer(text):
        if m.group(1) == "if":
            stack.append(None if _fixed_condition(m.group()) else m.start())
        elif m.group(1) == "elif" and stack and stack[-1] is not None:
            out[m.start()] = None
            out[stack[-1]] = (out.get(stack[-1]) or 0) + 1
        elif m.group(1) == "endif" and stack:
            stack.pop()
    return out


def _dedupe(matches: list[re.Match]) -> list[re.Match]:
    seen, out = set(), []
    for m in sorted(matches, key=lambda m: m.start()):
        if m.start() not in seen:
            seen.add(m.start())
            out.append(m)
    return out
