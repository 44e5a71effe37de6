"""JSON, JSONL and YAML readers (requests, tool lists, promptfoo, GitHub .prompt.yml, HF configs).

Both parsers drop positions, so each value's source offset is recovered separately: JSON by
pairing string tokens with the decoded object in document order, YAML from the composed node
tree's marks. Malformed input raises ReadError naming the line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from kvscope.lint.document import Document, Segment
from kvscope.lint.readers import ReadError, requests
from kvscope.lint.readers.messages import split_segment
from kvscope.lint.readers.templates import read as read_template

JSON_STRING_RE = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')


class Positions:
    """Source locations of the strings (and keys) of one parsed value, by path."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.values: dict[tuple, tuple[int, str, tuple[int, ...], str]] = {}
        self.keys: dict[tuple, int] = {}

    def locate(self, path: tuple, text: str, part: str) -> Segment:
        if path in self.values:
            start, mapping, lines, raw = self.values[path]
            return Segment(text, part, start, mapping, lines, path=path, raw=raw)
        return Segment(text, part, self.keys.get(path, 0), "point", path=path)


def json_positions(raw: str, obj: Any, base: int, pos: Positions) -> None:
    tokens = iter(JSON_STRING_RE.finditer(raw))

    def walk(value: Any, path: tuple) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                m = next(tokens, None)
                if m is not None:
                    pos.keys[(*path, key)] = base + m.start()
                walk(item, (*path, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, (*path, i))
        elif isinstance(value, str):
            m = next(tokens, None)
            if m is not None:
                raw = m.group()[1:-1]
                mapping = "exact" if raw == value else "json"
                pos.values[path] = (base + m.start() + 1, mapping, (), raw)

    walk(obj, ())


def read_json(text: str, path: str, lines: bool) -> list[Document]:
    chunks = []
    if lines:
        offset = 0
        for lineno, line in enumerate(text.split("\n"), 1):
            if line.strip():
                chunks.append((line, offset, lineno))
            offset += len(line) + 1
    else:
        chunks.append((text, 0, 1))
    docs, errors = [], []
    for raw, base, lineno in chunks:
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            line = lineno + getattr(exc, "lineno", 1) - 1
            errors.append(f"invalid JSON at line {line}: {getattr(exc, 'msg', exc)}")
            continue
        if isinstance(obj, dict) and isinstance(obj.get("chat_template"), str | list):
            docs.extend(read_hf_config(text, path))
            continue
        if not (
            requests.is_request(obj) or requests.is_tool_list(obj) or requests.is_message_list(obj)
        ):
            continue
        pos = Positions(text)
        json_positions(raw, obj, base, pos)
        doc = Document(path, "request", text, syntax=None, base_line=lineno - 1)
        docs.append(requests.build(doc, obj, pos.locate, "json" if not lines else "jsonl"))
    if errors and not docs:
        raise ReadError(
            errors[0] + (f" (and {len(errors) - 1} more lines)" if len(errors) > 1 else "")
        )
    return docs


def read_hf_config(text: str, path: str) -> list[Document]:
    """A tokenizer_config.json's chat_template(s), linted as Jinja chat templates."""
    try:
        obj = json.loads(text)
    except ValueError as exc:
        raise ReadError(f"invalid JSON at line {getattr(exc, 'lineno', 1)}: {exc}") from None
    template = obj.get("chat_template") if isinstance(obj, dict) else None
    templates = (
        [template]
        if isinstance(template, str)
        else [t.get("template") for t in template or [] if isinstance(t, dict)]
    )
    pos = Positions(text)
    json_positions(text, obj, 0, pos)
    docs = []
    for i, tpl in enumerate(t for t in templates if isinstance(t, str)):
        doc = read_template(tpl, path, "jinja")[0]
        doc.source, doc.chat_template = text, True
        where = (
            ("chat_template",) if isinstance(template, str) else ("chat_template", i, "template")
        )
        seg = pos.locate(where, tpl, "template")
        doc.segments = [seg]
        docs.append(doc)
    return docs


def read_yaml(text: str, path: str) -> list[Document]:
    import yaml

    from kvscope.lint.readers.safe_yaml import YamlLimitError, compose_all, construct

    try:
        nodes = compose_all(text)
        values = [construct(n) for n in nodes]
    except YamlLimitError as exc:
        raise ReadError(str(exc)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise ReadError(f"malformed YAML{where}: {getattr(exc, 'problem', None) or exc}") from None
    except RecursionError:
        raise ReadError("YAML nested too deeply") from None
    docs: list[Document] = []
    for node, obj in zip(nodes, values, strict=True):
        pos = Positions(text)
        _yaml_positions(node, (), text, pos)
        if isinstance(obj, dict) and isinstance(obj.get("prompts"), list):
            docs.extend(_promptfoo(obj["prompts"], path, text, pos))
        elif requests.is_request(obj) or requests.is_message_list(obj):
            doc = Document(path, "request", text, syntax="jinja")
            docs.append(requests.build(doc, obj, pos.locate, "yaml"))
        elif isinstance(obj, dict) and isinstance(obj.get("template") or obj.get("prompt"), str):
            key = "template" if isinstance(obj.get("template"), str) else "prompt"
            hbs = str(obj.get("template_format", "")).lower() == "handlebars"  # SK prompt YAML
            doc = Document(path, "yaml", text, syntax="handlebars" if hbs else "jinja", data=obj)
            doc.segments.extend(split_segment(pos.locate((key,), obj[key], "template")))
            doc.model = obj.get("model") if isinstance(obj.get("model"), str) else None
            doc.build_prefix()
            docs.append(doc)
    return docs


def _promptfoo(prompts: list, path: str, text: str, pos: Positions) -> list[Document]:
    docs = []
    for i, entry in enumerate(prompts):
        key: tuple = ("prompts", i)
        if isinstance(entry, dict) and isinstance(entry.get("raw"), str):
            entry, key = entry["raw"], (*key, "raw")
        if not isinstance(entry, str) or entry.startswith("file://"):
            continue
        doc = Document(path, "promptfoo", text, syntax="jinja")
        try:
            chat = json.loads(entry)
        except ValueError:
            chat = None
        if requests.is_message_list(chat):
            anchor = pos.locate(key, entry, "template")

            def locate(p, t, part, anchor=anchor):
                return Segment(t, part, anchor.src_start, "point", path=p)

            docs.append(requests.build(doc, chat, locate, "yaml"))
            continue
        doc.segments.append(pos.locate(key, entry, "template"))
        doc.build_prefix()
        docs.append(doc)
    return docs


def _yaml_positions(node: Any, path: tuple, text: str, pos: Positions) -> None:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else None
            pos.keys[(*path, k)] = key.start_mark.index
            _yaml_positions(value, (*path, k), text, pos)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            _yaml_positions(value, (*path, i), text, pos)
    elif isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        start, end = node.start_mark.index, node.end_mark.index
        one_line = node.start_mark.line == node.end_mark.line
        if node.style in (None, "") and one_line and text[start:end] == node.value:
            pos.values[path] = (start, "exact", (), "")
        elif node.style in ("'", '"') and one_line and text[start + 1 : end - 1] == node.value:
            pos.values[path] = (start + 1, "exact", (), "")
        elif node.style == "|":
            pos.values[path] = (start, "lines", _block_lines(text, start, end), "")
        else:
            pos.values[path] = (start, "point", (), "")


def _block_lines(text: str, start: int, end: int) -> tuple[int, ...]:
    body = text.index("\n", start) + 1 if "\n" in text[start:end] else end
    lines, offset = [], body
    for line in text[body:end].split("\n"):
        lines.append((offset, len(line) - len(line.lstrip(" ")) if line.strip() else None))
        offset += len(line) + 1
    indents = [i for _, i in lines if i is not None]
    indent = min(indents) if indents else 0
    return tuple(o + indent for o, _ in lines) or (start,)
