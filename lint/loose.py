"""A data file named on the command line that has no request shape, read as prompt text.

`promptlint check agent.yaml` lints what it is given: a YAML or JSON file whose structure the
readers do not know (a prompt library, an app's `prompts.yaml`) is read as text, split at its
keys. The value of a key that names the user's side (`user_prompt:`, `human:`, `"input":`)
is sent as the user turn, so it is not cacheable; everything else is read as a template.
"""

from __future__ import annotations

import re

from kvscope.lint.document import Document, Segment
from kvscope.lint.pyscan import user_side

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
        if m is not None:
            indent = len(m.group("indent").expandtabs(2))
            if owner_indent < 0 or indent <= owner_indent:
                new = "user" if _user_key(m.group("key")) else "template"
                if new != part:
                    if pos > start:
                        doc.segments.append(Segment(text[start:pos], part, start))
                    part, start = new, pos
                owner_indent = indent if new == "user" else -1
        pos += len(line)
    if pos > start or not doc.segments:
        doc.segments.append(Segment(text[start:pos], part, start))
    doc.build_prefix()
    return [doc]


def _user_key(key: str) -> bool:
    name = key.strip().replace(" ", "_").replace("-", "_").replace(".", "_")
    return user_side(name) or name.lower() in {"user", "human", "input", "query", "question"}
