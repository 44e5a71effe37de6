"""Loading and compiling Jinja chat templates the way Hugging Face's ``apply_chat_template`` does.

Sources: template text, a ``.jinja`` file, a ``tokenizer_config.json`` whose ``chat_template`` is
a string or a list of ``{"name", "template"}`` (``"tool_use"`` is picked when tools are given and
it exists, else ``"default"``), or a model directory holding ``chat_template.jinja`` or
``tokenizer_config.json``. Every failure is a ``ChatTemplateError`` with a one-line message.
jinja2 is imported on first use only.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple


class ChatTemplateError(ValueError):
    """A chat template that is missing, malformed or fails while rendering."""


class LoadedTemplate(NamedTuple):
    text: str
    bos_token: str
    eos_token: str


def _token(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else ""


def _pick(chat_template: Any, name: str | None, want_tools: bool, where: Path) -> str:
    if isinstance(chat_template, str):
        return chat_template
    if isinstance(chat_template, list):
        named = {
            t.get("name"): t.get("template")
            for t in chat_template
            if isinstance(t, dict) and isinstance(t.get("template"), str)
        }
        if name is None:
            name = "tool_use" if want_tools and "tool_use" in named else "default"
        if name in named:
            return named[name]
        raise ChatTemplateError(
            f"{where} has no chat template named {name!r} (it has: {', '.join(map(str, named))})"
        )
    raise ChatTemplateError(f"{where} has no 'chat_template'; give a .jinja file instead")


def _from_config(path: Path, name: str | None, want_tools: bool) -> LoadedTemplate:
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ChatTemplateError(f"{path} is not valid JSON ({exc}); fix the file") from None
    if not isinstance(config, dict):
        raise ChatTemplateError(f"{path} must hold a JSON object with 'chat_template'")
    text = _pick(config.get("chat_template"), name, want_tools, path)
    return LoadedTemplate(text, _token(config.get("bos_token")), _token(config.get("eos_token")))


def load_template(
    template: str | Path, name: str | None = None, want_tools: bool = False
) -> LoadedTemplate:
    """Resolve template text or a path into the template text and its special tokens."""
    if isinstance(template, str) and ("{%" in template or "{{" in template):
        return LoadedTemplate(template, "", "")
    path = Path(template).expanduser()
    try:
        if path.is_dir():
            if (path / "chat_template.jinja").is_file():
                path = path / "chat_template.jinja"
            elif (path / "tokenizer_config.json").is_file():
                path = path / "tokenizer_config.json"
            else:
                raise ChatTemplateError(
                    f"{path} has neither chat_template.jinja nor tokenizer_config.json"
                )
        if path.suffix == ".json":
            loaded = _from_config(path, name, want_tools)
            config_dir = path.parent
            if not loaded.text and (config_dir / "chat_template.jinja").is_file():
                loaded = loaded._replace(text=(config_dir / "chat_template.jinja").read_text())
            return loaded
        return LoadedTemplate(path.read_text(encoding="utf-8"), "", "")
    except ChatTemplateError:
        raise
    except (FileNotFoundError, ValueError):
        raise ChatTemplateError(
            f"chat template {str(template)[:80]!r} is neither a file nor Jinja text; "
            "give a .jinja file, a tokenizer_config.json or template text"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ChatTemplateError(f"cannot read chat template {path}: {exc}") from None


class CompiledTemplate:
    """A sandboxed, compiled chat template."""

    def __init__(self, template: Any) -> None:
        self._template = template

    def render(self, context: dict, now: datetime | None = None) -> str:
        import jinja2

        def strftime_now(fmt: str) -> str:
            return (now or datetime.now()).strftime(fmt)

        try:
            return self._template.render(**context, strftime_now=strftime_now)
        except ChatTemplateError:
            raise
        except jinja2.TemplateError as exc:
            raise ChatTemplateError(f"chat template failed: {exc}") from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            raise ChatTemplateError(f"chat template failed: {type(exc).__name__}: {exc}") from None


def _raise_exception(message: str) -> None:
    raise ChatTemplateError(f"chat template refused the input: {message}")


def _tojson(value: Any, ensure_ascii: bool = False, indent: int | None = None, **kw: Any) -> str:
    separators = kw.get("separators")
    sort_keys = bool(kw.get("sort_keys", False))
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


@lru_cache(maxsize=32)
def compile_template(text: str) -> CompiledTemplate:
    """Compile ``text`` in an immutable sandbox (trim_blocks, lstrip_blocks, loop controls)."""
    import jinja2
    from jinja2 import nodes
    from jinja2.ext import Extension
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class GenerationTag(Extension):
        """``{% generation %}...{% endgeneration %}`` (HF's assistant mask) renders its body."""

        tags = {"generation"}  # noqa: RUF012 (jinja2's API)

        def parse(self, parser: Any) -> Any:
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
            return nodes.Scope(body, lineno=lineno)

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=[GenerationTag, jinja2.ext.loopcontrols],
    )
    env.filters["tojson"] = _tojson
    env.globals["raise_exception"] = _raise_exception
    try:
        return CompiledTemplate(env.from_string(text))
    except jinja2.TemplateSyntaxError as exc:
        raise ChatTemplateError(
            f"chat template syntax error on line {exc.lineno}: {exc.message}"
        ) from None
