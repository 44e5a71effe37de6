"""Readers: turn a file into zero or more `Document`s (zero: not a prompt, skipped quietly).

`read_path(path, conf)` is the only entry point. A file that cannot be read raises
`ReadError` with a one-line reason; the CLI prints it as a diagnostic and carries on.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

from kvscope.lint.document import Document

MAX_BYTES_DEFAULT = 10 * 1024 * 1024
# Handlebars / Mustache files are text templates too (their `{{x}}` and `{{#if}}` are read so).
TEXT_EXTS = {".md", ".markdown", ".txt", ".mdx", ".poml", ".hbs", ".handlebars", ".mustache"}
JINJA_EXTS = {".j2", ".jinja", ".jinja2", ".njk"}
PROMPT_WORDS = ("prompt", "system", "instruction", "persona", "agent", "template")


class ReadError(Exception):
    """A file that could not be linted; str(self) is the one-line reason."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split())[:300])


def load_text(path: Path, max_bytes: int) -> str:
    """The file's text, or ReadError for unreadable, binary, huge or non-UTF-8 files, and for
    anything but a regular file (a symlink to /dev/zero, a FIFO, a socket): never a hang."""
    from kvscope.backend.safe_files import UnsafeFileError, read_bytes

    try:
        data = read_bytes(path, max_bytes)
    except UnsafeFileError as exc:
        message = str(exc).removeprefix(f"{path}: ").removeprefix(str(path) + " ")
        if "larger than" in message:
            message = (
                f"file too large (> {max_bytes / 1e6:.0f} MB); raise max-file-size-mb or exclude it"
            )
        raise ReadError(message) from None
    if b"\x00" in data[:8192]:
        raise ReadError("binary file (NUL bytes); exclude it")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReadError(f"not valid UTF-8 (byte {exc.start}); re-encode it as UTF-8") from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


def kind_of(path: Path, include: tuple[str, ...] = ()) -> str | None:
    """The reader for a path by name alone, or None when it is not a prompt file."""
    name = path.name.lower()
    suffix = path.suffix.lower()
    if name.endswith((".prompt.yml", ".prompt.yaml")):
        return "github"
    if suffix == ".py":
        return "python"
    if suffix in JINJA_EXTS or ("chat_template" in name and suffix in {".jinja", ".txt"}):
        return "jinja"
    if name == "tokenizer_config.json":
        return "hf-config"
    if suffix == ".json":
        return "json"
    if suffix in {".jsonl", ".ndjson"}:
        return "jsonl"
    if suffix in {".yaml", ".yml"}:
        return "yaml"
    if suffix == ".prompty":
        return "prompty"
    if suffix == ".prompt":
        return "dotprompt"
    if suffix in TEXT_EXTS or suffix == ".toml":
        posix = path.as_posix().lower()
        if any(word in posix for word in PROMPT_WORDS) or any(
            fnmatch.fnmatch(path.as_posix(), pat) for pat in include
        ):
            return "toml" if suffix == ".toml" else "text"
    return None


def read_path(
    path: Path, display: str, max_bytes: int, include: tuple[str, ...] = ()
) -> list[Document]:
    """Documents in `path`; [] when the file is not a prompt."""
    kind = kind_of(path, include)
    if kind is None:
        return []
    text = load_text(path, max_bytes)
    return read_text(text, display, kind)


def read_text(text: str, display: str, kind: str) -> list[Document]:
    """Documents in `text` read as `kind` (see `kind_of`)."""
    from kvscope.lint.readers import data_files, python_src, templates

    if kind in {"text", "jinja", "prompty", "dotprompt"}:
        return templates.read(text, display, kind)
    if kind == "hf-config":
        return data_files.read_hf_config(text, display)
    if kind in {"json", "jsonl"}:
        return data_files.read_json(text, display, lines=kind == "jsonl")
    if kind in {"yaml", "github"}:
        return data_files.read_yaml(text, display)
    if kind == "python":
        return python_src.read(text, display)
    if kind == "toml":  # a prompt table; one without template strings is not a prompt
        from kvscope.lint.readers.values import read_values

        return read_values(text, display)
    raise ReadError(f"unknown reader {kind!r}")
