"""The items of a loop: placeholders in a loop's body that render the element being iterated.

`{% for file in state.files %}{{ file.path }}{% endfor %}` renders one `file.path` per element,
so when the collection varies per request, so does every line of the body that shows an
element: `file.path` is judged by the loop, not by its own (opaque) name. Jinja bodies run to
the matching `{% endfor %}` (nesting counted); a placeholder counts when it starts with a loop
variable (`file`, `loop` is not one). In Handlebars `{{#each worktrees}}...{{/each}}` the body
is evaluated against the element, so every plain placeholder in it counts except `@index`-like
data variables and `../` lookups into the parent scope.
"""

from __future__ import annotations

import re

from kvscope.lint.names import Placeholder, identifiers, placeholders

JINJA_TARGETS_RE = re.compile(r"\{%-?\s*for\s+(?P<t>[\w\s,()]+?)\s+in\s")
JINJA_NEST_RE = re.compile(r"\{%-?\s*(?P<w>for|endfor)\b")
HBS_NEST_RE = re.compile(r"\{\{~?\s*(?P<w>#each|/each)\b")


def loop_items(text: str, loop: re.Match) -> list[Placeholder]:
    """Placeholders in the body of `loop` (a LOOP_RE match in `text`) that show its element."""
    handlebars = loop.group().startswith("{{")
    body = _body(text, loop.end(), HBS_NEST_RE if handlebars else JINJA_NEST_RE)
    if body is None:
        return []
    start, end = body
    m = JINJA_TARGETS_RE.match(loop.group())
    targets = set(identifiers(m.group("t"))) if m else set()
    items = []
    for ph in placeholders(text[start:end], "handlebars" if handlebars else "jinja"):
        ph = Placeholder(ph.start + start, ph.end + start, ph.expr)
        if handlebars:
            shows = not ph.expr.startswith(("@", "../", "else", "#", "/", ">"))
        else:
            ids = identifiers(ph.expr)
            shows = text.startswith("{{", ph.start) and bool(ids) and ids[0] in targets
        if shows:
            items.append(ph)
    return items


def _body(text: str, pos: int, nest: re.Pattern[str]) -> tuple[int, int] | None:
    """(start, end) of the body that begins at `pos`, up to its closing tag; None if unclosed."""
    depth = 1
    for m in nest.finditer(text, pos):
        depth += -1 if m.group("w") in {"endfor", "/each"} else 1
        if depth == 0:
            return pos, m.start()
    return None


# A Jinja loop's tag, with what it iterates (up to the tag's end), or its end tag.
FOR_SCOPE_RE = re.compile(
    r"\{%-?\s*(?:(?P<for>for)\s+(?P<t>[\w\s,()]+?)\s+in\s+(?P<src>(?:[^%]|%(?!\}))*?)\s*-?%\}"
    r"|endfor\b)"
)


def bound_sources(text: str, pos: int) -> dict[str, str]:
    """{target: what its loop iterates} for every Jinja `{% for a, b in ... %}` open at `pos`.
    Not a macro's parameters: a macro is called with whatever its caller has, per request or
    not."""
    stack: list[dict[str, str]] = []
    for m in FOR_SCOPE_RE.finditer(text, 0, pos):
        if m.group("for"):
            src = re.sub(r"\s+if\s.*$", "", m.group("src"))  # `for x in xs if x.ok`
            stack.append(dict.fromkeys(identifiers(m.group("t")), src))
        elif stack:
            stack.pop()
    return {k: v for frame in stack for k, v in frame.items()}
