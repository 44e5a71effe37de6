"""A data file named on the command line that has no request shape, read as prompt text.

`promptlint check agent.yaml` lints what it is given: a YAML or JSON file whose structure the
readers do not know (a prompt library, an app's `prompts.yaml`) is read as text, split at its
keys. The value of a key that names the user's side (`user_prompt:`, `human:`, `"input":`)
is sent as the user turn, so it is not cacheable; a key whose value is one token with a digit
(`name: c9eddb3c-113f-...` in a workflow file) names a part of the file and is not prompt text;
everything else is read as a template. A double-quoted value on one line with `\n` escapes is
read as the lines it decodes to, so headings and code fences in it are seen as a model sees them.
"""

from __future__ import annotations

import json
import re

from kvscope.lint.document import Document, Segment
from kvscope.lint.pyscan import user_side

# A key's whole value is one token with a digit and no template syntax (a workflow node's
# `name: c9eddb3c-113f-...`, `target: chat_memory_store_a0fj1l`): it names a part of the file.
NAME_VALUE_RE = re.compile(r"[ \t]*[\"']?(?=[^\s\"'{}]*\d)[^\s\"'{}<>]+[\"']?,?[ \t]*\r?\n?$")
ITEM_KEY_RE = re.compile(r"^[ \t]*-[ \t]+[\"']?[A-Za-z_][\w.-]{0,60}[\"']?[ \t]*:(?!//)")
# Keys whose value names or labels the mapping they are in (`role: user`, `name: user_prompt`).
LABEL_KEYS = frozenset({"role", "name", "id", "type", "kind"})
# A double-quoted scalar that ends on its key's line: `text: "# Role\n\n## Traits\n..."`.
QUOTED_RE = re.compile(r"[ \t]*\"(?P<body>(?:[^\"\\\n]|\\.)*)\"[ \t]*\r?\n?$")
KEY_RE = re.compile(r"^(?P<indent>[ \t]*)[\"']?(?P<key>[A-Za-z_][\w .-]{0,60}?)[\"']?[ \t]*:(?!//)")


def read_loose(text: str, path: str) -> list[Document]:
    """The file's string values when they are templates (kvscope.lint.readers.values), else one
    text Document whose segments follow the file's keys."""
    from kvscope.lint.readers.values import read_values

    return read_values(text, path) or split_at_keys(text, path)


def split_at_keys(text: str, path: str) -> list[Document]:
    """One text Document whose segments follow the file's keys (they tile the text)."""
    doc = Document(path, "text", text, syntax=None)
    part, owner_indent, start, pos = "template", -1, 0, 0
    for line in text.splitlines(keepends=True):
        m = KEY_RE.match(line)
        named = m or ITEM_KEY_RE.match(line)
        if named is not None and part == "template" and NAME_VALUE_RE.match(line, named.end()):
            if pos > start:  # `name: c9eddb3c-...`: the file names a node, a model reads none
                doc.segments.append(Segment(text[start:pos], part, start))
            doc.segments.append(Segment(line, "name", pos))
            pos += len(line)
            start = pos
            continue
        item = ITEM_KEY_RE.match(line) if m is None else None
        if item is not None and part == "user" and _indent(line) <= owner_indent:
            if pos > start:  # the next item of a list after the user's: the file's own again
                doc.segments.append(Segment(text[start:pos], part, start))
            part, start, owner_indent = "template", pos, -1
        if m is not None:
            indent = _indent(line)
            if owner_indent < 0 or indent <= owner_indent:
                labelled = m.group("key") in LABEL_KEYS and _user_key(_value(line, m.end()))
                new = "user" if _user_key(m.group("key")) or labelled else "template"
                if new != part:
                    if pos > start:
                        doc.segments.append(Segment(text[start:pos], part, start))
                    part, start = new, pos
                # `name: user_prompt` (or `role: user`) labels its own mapping: its siblings
                owner_indent = (indent - 1 if labelled else indent) if new == "user" else -1
            quoted = QUOTED_RE.match(line, m.end())
            if part == "template" and quoted is not None and "\\n" in quoted.group("body"):
                body_start = pos + quoted.start("body")
                decoded = _decoded(quoted.group("body"))
                if decoded is not None:  # `text: "# Role\n..."`: the lines a model reads
                    doc.segments.append(Segment(text[start:body_start], part, start))
                    seg = Segment(decoded, part, body_start, mapping="json")
                    seg.raw = quoted.group("body")
                    doc.segments.append(seg)
                    start = body_start + len(seg.raw)
        pos += len(line)
    if pos > start or not doc.segments:
        doc.segments.append(Segment(text[start:pos], part, start))
    doc.build_prefix()
    return [doc]


def _indent(line: str) -> int:
    """How deep a line is indented, a tab counted as two spaces."""
    return len(line[: len(line) - len(line.lstrip(" \t"))].expandtabs(2))


def _value(line: str, end: int) -> str:
    """The scalar after a key, unquoted: `name: "user_prompt"` -> user_prompt."""
    return line[end:].strip().strip("\"'")


def _decoded(body: str) -> str | None:
    """The text of a YAML double-quoted scalar's body (its escapes are JSON's, bar a few)."""
    try:
        return json.loads(f'"{body}"')
    except ValueError:
        return None


def _user_key(key: str) -> bool:
    name = key.strip().replace(" ", "_").replace("-", "_").replace(".", "_")
    return user_side(name) or name.lower() in {"user", "human", "input", "query", "question"}
