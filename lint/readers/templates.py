"""Template readers: text/Markdown, Jinja (incl. HF chat templates), Prompty and Dotprompt.

A template's text is its prompt as far as a linter can know it: the static text before a
placeholder is what every request shares. Role markers (Prompty `system:` lines, Dotprompt
`{{role "system"}}`, message markup `<message role="user">`) split the body into parts; unmarked
text counts as cacheable.
"""

from __future__ import annotations

import re
from typing import Any

from kvscope.lint.document import Document, Segment, ToolList
from kvscope.lint.readers import ReadError
from kvscope.lint.readers.messages import split_segment

FRONT_MATTER_RE = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)
# `system:` / `# user:` alone on a line: Prompty's role markers, and promptflow's in its Jinja
# chat prompts (its parser takes the `#` heading form as well)
PROMPTY_ROLE_RE = re.compile(
    r"^[ \t]*(?:#[ \t]*)?(system|user|assistant|developer)[ \t]*:[ \t]*$", re.M | re.I
)
DOTPROMPT_ROLE_RE = re.compile(r"\{\{\s*role\s+[\"'](system|user|model|assistant)[\"']\s*\}\}")
# `- role: user` in a front matter `messages:` list (prompt-management exports in Markdown)
YAML_ROLE_RE = re.compile(
    r"^[ \t]*-?[ \t]*role[ \t]*:[ \t]*[\"']?(system|user|assistant|developer)[\"']?[ \t]*$",
    re.M | re.I,
)
HANDLEBARS_EXTS = (".handlebars", ".hbs", ".mustache")
PARTS = {"system": "system", "developer": "system", "user": "user"}
# ChainLite's `.prompt` files (Jinja): `# instruction` opens the system prompt, then few-shot
# `# input` / `# output` pairs, and the last `# input` is the user turn.
CHAINLITE_ROLE_RE = re.compile(
    r"^#[ \t]+(instruction|distillation instruction|input|output)[ \t]*$", re.M
)
CHAINLITE_PARTS = {"instruction": "system", "distillation instruction": "system", "input": "user"}


def read(text: str, path: str, kind: str) -> list[Document]:
    if kind == "jinja":
        _check_jinja(text)
        doc = Document(path, "jinja", text, syntax="jinja")
        doc.chat_template = is_chat_template_path(path)
        if not doc.chat_template and role_marked(text):
            doc.segments.extend(split_roles(text, 0, PROMPTY_ROLE_RE))
        else:
            doc.segments.append(Segment(text, "template", 0))
    elif kind == "text":
        hbs = path.lower().endswith(HANDLEBARS_EXTS)
        doc = Document(path, "text", text, syntax="handlebars" if hbs else None)
        if _messages_front_matter(text):
            doc.segments.extend(split_roles(text, 0, YAML_ROLE_RE))
        else:
            doc.segments.append(Segment(text, "template", 0))
    else:
        meta, body_start = front_matter(text)
        chainlite = kind == "dotprompt" and chainlite_marked(text, body_start)
        syntax = "handlebars" if kind == "dotprompt" and not chainlite else "jinja"
        doc = Document(path, kind, text, syntax=syntax, data=meta)
        doc.model = _model(meta)
        if chainlite:
            doc.segments.extend(split_roles(text, body_start, CHAINLITE_ROLE_RE, CHAINLITE_PARTS))
        else:
            role_re = DOTPROMPT_ROLE_RE if kind == "dotprompt" else PROMPTY_ROLE_RE
            doc.segments.extend(split_roles(text, body_start, role_re))
        tools = meta.get("tools") if isinstance(meta, dict) else None
        if isinstance(tools, list) and tools:
            doc.tool_lists.append(ToolList(tools, [_find(text, t) for t in tools], "yaml"))
    if not doc.chat_template:  # `<message role="user">` sections are the user turn
        doc.segments = [
            s
            for seg in doc.segments
            for s in (split_segment(seg) if seg.part == "template" else [seg])
        ]
    doc.build_prefix()
    return [doc]


def is_chat_template_path(path: str) -> bool:
    """True for a chat template by its name or its folder's (`chat_template.jinja`,
    `chat_templates/llama-3-instruct.jinja`, `templates/chat_template_tool_use.j2`)."""
    return any("chat_template" in part.lower() for part in path.replace("\\", "/").split("/")[-2:])


def front_matter(text: str) -> tuple[Any, int]:
    """(parsed YAML front matter or {}, offset where the body starts)."""
    m = FRONT_MATTER_RE.match(text)
    if not m:
        return {}, 0
    import yaml

    from kvscope.lint.readers.safe_yaml import YamlLimitError, safe_load

    try:
        meta = safe_load(m.group(1) or "") or {}
    except YamlLimitError as exc:
        raise ReadError(f"YAML front matter: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark else ""
        raise ReadError(
            f"malformed YAML front matter{where}: {getattr(exc, 'problem', exc)}"
        ) from None
    return meta, m.end()


def role_marked(text: str) -> bool:
    """True for a Jinja prompt in promptflow's chat format: its first line is a role marker
    (`# system:`) and a `user:` marker follows. A `User:` line further down a prompt that does
    not open with a role (a transcript quoted as an example) splits nothing."""
    body = text.lstrip()
    first = PROMPTY_ROLE_RE.match(text, text.rfind("\n", 0, len(text) - len(body)) + 1)
    if first is None:
        return False
    return any(m.group(1).lower() == "user" for m in PROMPTY_ROLE_RE.finditer(text, first.end()))


def chainlite_marked(text: str, start: int = 0) -> bool:
    """True for a ChainLite prompt: its body opens with a `# instruction` line and an `# input`
    line follows (a Markdown prompt's own `# Input` heading, capitalised, splits nothing)."""
    first = CHAINLITE_ROLE_RE.match(text, start + len(text[start:]) - len(text[start:].lstrip()))
    if first is None or first.group(1) == "input" or first.group(1) == "output":
        return False
    return any(m.group(1) == "input" for m in CHAINLITE_ROLE_RE.finditer(text, first.end()))


def split_roles(
    text: str, start: int, role_re: re.Pattern[str], parts: dict[str, str] = PARTS
) -> list[Segment]:
    """Segments of the body text[start:], split at role markers."""
    segments: list[Segment] = []
    part, pos = "template", start
    for m in role_re.finditer(text, start):
        if text[pos : m.start()].strip():
            segments.append(Segment(text[pos : m.start()], part, pos))
        part = parts.get(m.group(1).lower(), "assistant")
        pos = m.end()
    if text[pos:].strip() or not segments:
        segments.append(Segment(text[pos:], part, pos))
    return segments


def _messages_front_matter(text: str) -> bool:
    """True when the text's front matter holds a chat `messages:` list (role and content)."""
    if not FRONT_MATTER_RE.match(text):
        return False
    try:
        meta, _ = front_matter(text)
    except ReadError:
        return False
    msgs = meta.get("messages") if isinstance(meta, dict) else None
    return (
        isinstance(msgs, list)
        and bool(msgs)
        and all(isinstance(m, dict) and "role" in m and "content" in m for m in msgs)
    )


def _model(meta: Any) -> str | None:
    if not isinstance(meta, dict):
        return None
    model = meta.get("model")
    if isinstance(model, str):
        return model.rsplit("/", 1)[-1]
    if isinstance(model, dict):
        conf = model.get("configuration") or {}
        for key in ("name", "model", "azure_deployment", "id"):
            for source in (conf, model):
                if isinstance(source, dict) and isinstance(source.get(key), str):
                    return source[key]
    return None


def _find(text: str, tool: Any) -> tuple[int, int]:
    name = (
        tool
        if isinstance(tool, str)
        else str(tool.get("name", ""))
        if isinstance(tool, dict)
        else ""
    )
    pos = text.find(name) if name else -1
    return (pos, pos + len(name)) if pos >= 0 else (0, 0)


def _check_jinja(text: str) -> None:
    if "{%" not in text and "{{" not in text and "{#" not in text:
        return
    import jinja2

    try:
        jinja2.Environment(extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"]).parse(text)
    except jinja2.TemplateSyntaxError as exc:
        if exc.message and exc.message.startswith("Encountered unknown tag"):
            return
        raise ReadError(f"malformed Jinja at line {exc.lineno}: {exc.message}") from None
