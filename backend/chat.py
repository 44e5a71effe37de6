"""Chat rendering: the exact string an engine tokenizes for a chat request.

Engines cache rendered tokens, so a prompt-hygiene tool must look at the rendered prompt, tools
included. Two renderers:

- **ChatML** (the default): each message is ``<|im_start|>{role}\\n{content}<|im_end|>\\n``;
  with ``add_generation_prompt`` the string ends with ``<|im_start|>assistant\\n``. Tools go into
  the system turn, after the system text (a system turn holding only them is added when the
  request has none)::

      <system text>

      # Tools

      Function signatures, one JSON object a line:
      <tools>
      {json.dumps(tool_1, ensure_ascii=False)}
      {json.dumps(tool_2, ensure_ascii=False)}
      </tools>

  Tools keep the order *and the key order* they were given in: both reach the prefix in real
  engines, which is exactly what users must see. An assistant message's ``tool_calls`` follow its
  text as ``<tool_call>\\n{"name": ..., "arguments": ...}\\n</tool_call>`` blocks.
- **Jinja** ``chat_template`` (template text, a ``.jinja`` file, a ``tokenizer_config.json``
  holding ``chat_template`` in either of its forms, or a model directory), rendered in jinja2's
  sandbox like Hugging Face's ``apply_chat_template``: ``messages``, ``tools``,
  ``add_generation_prompt``, ``bos_token``, ``eos_token``, ``raise_exception``, ``strftime_now``
  and a ``tojson`` that keeps key order.

Message content may be a string or OpenAI content parts (the text parts are concatenated).
Rendering is deterministic, except in templates that call ``strftime_now`` (as in the engine;
pass ``now=`` to pin it).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from kvscope.backend.chat_templates import ChatTemplateError, compile_template, load_template
from kvscope.backend.tokenizers import Tokenizer, as_tokenizer

__all__ = [
    "ChatRequestError",
    "ChatTemplateError",
    "load_chat_template",
    "render_chat",
    "render_request",
    "request_tokens",
]

IM_START, IM_END = "<|im_start|>", "<|im_end|>"
TOOLS_HEADER = "# Tools\n\nFunction signatures, one JSON object a line:\n<tools>\n"


class ChatRequestError(ValueError):
    """A request body or message list that cannot be rendered; the message says why."""


def load_chat_template(path: str | Path, name: str | None = None) -> str:
    """Template text from a ``.jinja`` file, a ``tokenizer_config.json`` or a model directory.

    ``name`` picks one of a list-of-named-templates config (default: ``"default"``).
    """
    return load_template(Path(path), name).text


def _text(content: Any, where: str) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and part.get("type") == "text":
                parts.append(str(part.get("text", "")))
            elif not isinstance(part, Mapping):
                raise ChatRequestError(f"{where}: content parts must be objects")
        return "".join(parts)
    raise ChatRequestError(f"{where}: content must be a string or a list of content parts")


def _normalise(messages: Any) -> list[dict]:
    if not isinstance(messages, list):
        raise ChatRequestError("messages must be a list of {role, content} objects")
    out = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, Mapping) or not isinstance(msg.get("role"), str):
            raise ChatRequestError(f"messages[{i}] needs a string 'role'")
        out.append({**msg, "content": _text(msg.get("content"), f"messages[{i}]")})
    return out


def _tool_calls(msg: Mapping, where: str) -> str:
    calls = msg.get("tool_calls") or []
    if not isinstance(calls, list):
        raise ChatRequestError(f"{where}: tool_calls must be a list of tool-call objects")
    out = []
    for j, call in enumerate(calls):
        fn = call.get("function", call) if isinstance(call, Mapping) else None
        if not isinstance(fn, Mapping) or not isinstance(fn.get("name"), str):
            raise ChatRequestError(
                f"{where}: tool_calls[{j}] must be an object with a 'function' object holding a "
                "string 'name' (and 'arguments')"
            )
        args = fn.get("arguments")
        if args is not None and not isinstance(args, str | Mapping):
            raise ChatRequestError(
                f"{where}: tool_calls[{j}].function.arguments must be a JSON string or an object"
            )
        body = {"name": fn["name"], "arguments": args}
        out.append("\n<tool_call>\n" + json.dumps(body, ensure_ascii=False) + "\n</tool_call>")
    return "".join(out)


def _chatml(messages: list[dict], tools: Sequence | None, add_generation_prompt: bool) -> str:
    if tools:
        block = TOOLS_HEADER + "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tools)
        block += "</tools>"
        if messages and messages[0]["role"] == "system":
            first = messages[0]
            sep = "\n\n" if first["content"] else ""
            messages = [{**first, "content": first["content"] + sep + block}, *messages[1:]]
        else:
            messages = [{"role": "system", "content": block}, *messages]
    parts = [
        f"{IM_START}{m['role']}\n{m['content']}{_tool_calls(m, f'messages[{i}]')}{IM_END}\n"
        for i, m in enumerate(messages)
    ]
    if add_generation_prompt:
        parts.append(f"{IM_START}assistant\n")
    return "".join(parts)


def render_chat(
    messages: list[dict],
    tools: Sequence[dict] | None = None,
    template: str | Path | None = None,
    add_generation_prompt: bool = True,
    *,
    bos_token: str | None = None,
    eos_token: str | None = None,
    now: datetime | None = None,
    **variables: Any,
) -> str:
    """The prompt string an engine would tokenize for ``messages`` (and ``tools``).

    ``template``: ``None`` for ChatML, Jinja template text (a string containing ``{{`` or
    ``{%``), or a path (``.jinja`` file, ``tokenizer_config.json``, model directory).
    ``bos_token``/``eos_token`` default to the config's when the template came from one.
    Extra ``variables`` reach Jinja templates.
    """
    msgs = _normalise(messages)
    if tools is not None and not isinstance(tools, list | tuple):
        raise ChatRequestError("tools must be a list of tool objects")
    if template is None:
        return _chatml(msgs, tools, add_generation_prompt)
    loaded = load_template(template, None, bool(tools))
    compiled = compile_template(loaded.text)
    context = {
        **variables,
        "messages": msgs,
        "tools": list(tools) if tools else None,
        "add_generation_prompt": add_generation_prompt,
        "bos_token": loaded.bos_token if bos_token is None else bos_token,
        "eos_token": loaded.eos_token if eos_token is None else eos_token,
    }
    return compiled.render(context, now)


def render_request(request: Mapping, template: str | Path | None = None) -> str:
    """The prompt text of an OpenAI chat body (``messages``) or completions body (``prompt``)."""
    if not isinstance(request, Mapping):
        raise ChatRequestError("a request must be a JSON object")
    if "messages" in request:
        return render_chat(request["messages"], request.get("tools"), template)
    prompt = request.get("prompt")
    if isinstance(prompt, str):
        return prompt
    if prompt is None:
        raise ChatRequestError("the request has neither 'messages' nor 'prompt'")
    raise ChatRequestError("'prompt' must be a string here (token-id prompts have no text)")


def request_tokens(
    request: Mapping,
    tokenizer: Tokenizer | str,
    template: str | Path | None = None,
    *,
    special_in_content: bool = False,
) -> list[int]:
    """Token ids an engine would prefill for ``request``.

    The renderer's own markers are special tokens. Special-token text inside chat messages and
    tools (a user typing ``<|im_end|>``) is plain text unless ``special_in_content``, so no
    message can forge a turn; a completions ``prompt`` string is the caller's whole prompt and
    keeps its special tokens.
    """
    if isinstance(request, Mapping) and isinstance(request.get("prompt"), list):
        ids = request["prompt"]
        if "messages" not in request:
            if not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in ids):
                raise ChatRequestError("a token-id 'prompt' must be a list of non-negative ints")
            return list(ids)
    tok = as_tokenizer(tokenizer)
    specials = list(getattr(tok, "special_tokens", None) or ())
    if special_in_content or not specials or not isinstance(request, Mapping):
        return tok.encode(render_request(request, template), allow_special=True)
    if "messages" not in request:
        return tok.encode(render_request(request, template), allow_special=True)
    found = re.compile("|".join(re.escape(s) for s in sorted(specials, key=len, reverse=True)))
    nonce = uuid.uuid4().hex
    table: list[str] = []

    def defuse(value: Any, key: str | None = None) -> Any:
        if isinstance(value, str):
            if key == "role" or not found.search(value):
                return value

            def mark(m: re.Match) -> str:
                table.append(m.group(0))
                return f"\ue000{nonce}{len(table) - 1}\ue001"

            return found.sub(mark, value)
        if isinstance(value, Mapping):
            return {k: defuse(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [defuse(v) for v in value]
        return value

    safe = {**request, "messages": defuse(request["messages"])}
    if request.get("tools") is not None:
        safe["tools"] = defuse(request["tools"])
    text = render_request(safe, template)
    if not table:
        return tok.encode(text, allow_special=True)
    ids: list[int] = []
    pieces = re.split(f"\ue000{nonce}(\\d+)\ue001", text)
    for i, piece in enumerate(pieces):
        if i % 2:
            ids.extend(tok.encode(table[int(piece)], allow_special=False))
        elif piece:
            ids.extend(tok.encode(piece, allow_special=True))
    return ids
