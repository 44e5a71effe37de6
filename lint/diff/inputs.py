"""What ``promptlint diff`` compares: renderings loaded from text, request JSON or snapshots.

A side is a file (one prompt) or a directory (one prompt per file, named by the file's stem,
as ``promptlint snapshot`` writes them). ``.json`` files holding an OpenAI chat or completions
body (optionally wrapped as ``{"request": ...}``) are rendered through
``kvscope.backend.chat``; every other file is taken as the rendered prompt text itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from kvscope.backend.prefix_keys import ExtraKeys

MAX_INPUT_BYTES = 10 * 1024 * 1024


class InputError(ValueError):
    """A path or file the user gave cannot be diffed; the message says what to do."""


class Rendering(NamedTuple):
    """One prompt as the engine sees it: text, tokens, and the request it came from."""

    name: str
    text: str
    tokens: list[int]
    request: dict | None
    extra: ExtraKeys


def _unwrap(body: object, path: Path) -> dict:
    if isinstance(body, dict) and isinstance(body.get("request"), dict):
        body = body["request"]
    if not isinstance(body, dict) or not ("messages" in body or "prompt" in body):
        raise InputError(
            f"{path}: not a chat or completions request; expected a JSON object with "
            "'messages' (and optional 'tools') or 'prompt'"
        )
    return body


def render_request(request: dict, tokenizer, template: str | None) -> tuple[str, list[int]]:
    """The rendered text and tokens of a request body, through the shared chat renderer."""
    from kvscope.backend import chat

    prompt = request.get("prompt")
    if "messages" not in request and isinstance(prompt, list):
        tokens = chat.request_tokens(request, tokenizer, template)
        return tokenizer.decode(tokens), tokens
    text = chat.render_request(request, template)
    return text, tokenizer.encode(text, allow_special=True)


def load_file(path: Path, name: str, tokenizer, template: str | None) -> Rendering:
    """Load and render one prompt file."""
    from kvscope.backend.safe_files import UnsafeFileError, read_text

    try:  # a regular file, bounded: never a FIFO's hang or /dev/zero's endless read
        raw = read_text(path, MAX_INPUT_BYTES, "prompt file")
    except UnsafeFileError as exc:
        raise InputError(str(exc)) from None
    if path.suffix.lower() == ".json":
        try:
            body = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{path}:{exc.lineno}: invalid JSON ({exc.msg}); fix the file"
            ) from exc
        except RecursionError:
            raise InputError(
                f"{path}: JSON nested too deeply to be a request; fix the file"
            ) from None
        request = _unwrap(body, path)
        try:
            text, tokens = render_request(request, tokenizer, template)
        except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as exc:
            raise InputError(f"{path}: malformed request ({exc}); check 'messages'") from exc
        model = request.get("model")
        salt = request.get("cache_salt")
        extra = ExtraKeys(
            model=model if isinstance(model, str) else None,
            salt=salt if isinstance(salt, str) else None,
        )
        return Rendering(name, text, tokens, request, extra)
    return Rendering(name, raw, tokenizer.encode(raw, allow_special=True), None, ExtraKeys())


def prompt_files(directory: Path) -> dict[str, Path]:
    """The prompt files of a snapshot directory, by prompt name (file stem)."""
    files: dict[str, Path] = {}
    for path in sorted(directory.iterdir()):
        if path.name.startswith(".") or not path.is_file():
            continue
        if path.stem in files:
            raise InputError(
                f"{directory}: two files are named {path.stem!r}; keep one per prompt name"
            )
        files[path.stem] = path
    return files


def load_side(path: str | Path, tokenizer, template: str | None = None) -> dict[str, Path]:
    """Map prompt names to files for one side of the diff (a file maps to its own stem)."""
    p = Path(path)
    if p.is_dir():
        return prompt_files(p)
    if p.is_file():
        return {p.stem: p}
    if p.exists():
        raise InputError(f"{p}: not a regular file (a pipe, device or socket); pass a prompt file")
    raise InputError(f"{p}: no such file or directory; pass two prompt files or snapshot dirs")
