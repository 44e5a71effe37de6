"""Data files whose string values are templates: presets, prompt libraries, story strings.

A JSON, YAML or TOML file with no request shape whose strings hold template syntax (a preset's
`"story_string": "{{#if persona}}{{persona}}\\n{{/if}}"`, a `prompts.yaml` of Jinja strings) is
a set of prompt templates. Each string value becomes one segment in document order, decoded
(`\\n` is a line break, as the engine renders it) and mapped back to its place in the file, so
a finding lands on the value's own line. The syntax is the one found in the strings:
Handlebars/Mustache when a block helper or partial appears (`{{#if}}`, `{{/each}}`, `{{> x}}`,
`{{{raw}}}`) and no Jinja statement does, else Jinja. A value under a key that names the user's
side (`user_prompt`, `input`, `human`) is the user turn, not cacheable (pr-agent's
`[pr_review_prompt]` table holds a `system` and a `user` string).
"""

from __future__ import annotations

import json
import re
from typing import Any

from kvscope.lint.document import Document
from kvscope.lint.readers import ReadError

# `{{ name }}`, `{{#if x}}`, `{{ a.b|upper }}`, `{% if x %}`; not `{{"k": 1}}` (escaped braces
# of a str.format template around JSON)
TEMPLATE_RE = re.compile(r"\{\{[-~]?\s*[#/^>]?\s*[A-Za-z_][^{}:<>\n]*\}\}|\{%-?\s*[a-z]+\b[^%]*%\}")
HANDLEBARS_RE = re.compile(r"\{\{~?\s*[#/^>]\s*[A-Za-z_]|\{\{\{[A-Za-z_]")
JINJA_STATEMENT_RE = re.compile(r"\{%-?\s*[a-z]+\b")


def read_values(text: str, path: str) -> list[Document]:
    """One template Document for a data file whose strings hold template syntax, else []."""
    from kvscope.lint.loose import _user_key as user_key
    from kvscope.lint.readers.data_files import Positions, _yaml_positions, json_positions
    from kvscope.lint.readers.messages import split_segment

    pos = Positions(text)
    obj = _parse(text, path, pos, json_positions, _yaml_positions)
    if obj is None:
        return []
    strings = list(string_values(obj))
    if not any(TEMPLATE_RE.search(value) for _, value in strings):
        return []
    handlebars = any(HANDLEBARS_RE.search(v) for _, v in strings)
    jinja = any(JINJA_STATEMENT_RE.search(v) for _, v in strings)
    syntax = "handlebars" if handlebars and not jinja else "jinja"
    doc = Document(path, "values", text, syntax=syntax)
    doc.data = obj
    for where, value in strings:
        key = next((k for k in reversed(where) if isinstance(k, str)), "")
        seg = pos.locate(where, value, "user" if user_key(key) else "template")
        doc.segments.extend(split_segment(seg) if seg.part == "template" else [seg])
    doc.build_prefix()
    return [doc]


def _parse(text: str, path: str, pos, json_positions, yaml_positions) -> Any:
    """The parsed value with its string positions recorded in `pos`; None when unparsable."""
    if path.lower().endswith(".toml"):
        from kvscope.lint.readers.toml_positions import parse, toml_positions

        obj = parse(text)
        if obj is not None:
            toml_positions(text, obj, pos)
        return obj
    if path.lower().endswith((".json", ".jsonl", ".ndjson")):
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return None
        json_positions(text, obj, 0, pos)
        return obj
    import yaml

    from kvscope.lint.readers.safe_yaml import YamlLimitError, compose_all, construct

    try:
        nodes = compose_all(text)
        if len(nodes) != 1:
            return None
        obj = construct(nodes[0])
    except (YamlLimitError, yaml.YAMLError, RecursionError, ReadError):
        return None
    yaml_positions(nodes[0], (), text, pos)
    return obj


def string_values(value: Any, where: tuple = (), blank: bool = False):
    """(key path, string) of every string in a parsed data file, in document order; blank
    strings only with `blank` (a TOML reader maps every string back to its place)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from string_values(item, (*where, key), blank)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from string_values(item, (*where, i), blank)
    elif isinstance(value, str) and (blank or value.strip()):
        yield where, value
