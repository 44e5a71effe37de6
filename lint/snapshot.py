"""``promptlint snapshot TEMPLATES --vars fixtures.yaml --out DIR``: pinned renderings for CI.

Each prompt template is rendered with fixed fixture variables so the next deploy's renderings
can be diffed against the last one's (``promptlint diff OLD_DIR NEW_DIR``). TEMPLATES is a file
or a directory (searched recursively, hidden files skipped):

- ``.json`` / ``.yaml`` / ``.yml`` holding a request (``messages``, optional ``tools``, or
  ``prompt``): every string in it is rendered as a Jinja template; written as ``NAME.json``
  with the request keys in their original order (order reaches the cache).
- anything else (``.j2``, ``.jinja``, ``.txt``, ``.md``, ...): rendered as Jinja text and
  written as ``NAME.txt``.

The vars file is a YAML mapping of variables for every template; an optional ``prompts:``
mapping gives per-prompt overrides by name (file stem). Undefined variables are errors, so a
snapshot never silently renders an empty string. Exit codes: 0 written, 2 bad input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from kvscope.backend.cli_args import Parser, fail

PROG = "promptlint snapshot"
REQUEST_KEYS = ("model", "messages", "tools", "tool_choice", "response_format", "prompt")
DATA_SUFFIXES = {".json", ".yaml", ".yml"}


class SnapshotError(ValueError):
    """A template or fixture that cannot be rendered; the message says what to fix."""


def _environment():
    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(undefined=StrictUndefined, keep_trailing_newline=True)


def _render_str(env, text: str, variables: dict, where: str) -> str:
    from jinja2 import TemplateError, UndefinedError

    try:
        return env.from_string(text).render(**variables)
    except UndefinedError as exc:
        raise SnapshotError(f"{where}: {exc.message}; add it to the --vars file") from exc
    except TemplateError as exc:
        raise SnapshotError(f"{where}: template error: {exc}") from exc


def _render_value(env, value: object, variables: dict, where: str) -> object:
    if isinstance(value, str):
        return _render_str(env, value, variables, where)
    if isinstance(value, list):
        return [_render_value(env, v, variables, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _render_value(env, v, variables, f"{where}.{k}") for k, v in value.items()}
    return value


def _load_data(path: Path) -> object:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    import yaml

    return yaml.safe_load(text)


def render_template(path: Path, variables: dict) -> tuple[str, str]:
    """``(file name, content)`` of one template's snapshot."""
    env = _environment()
    where = str(path)
    if path.suffix.lower() in DATA_SUFFIXES:
        try:
            data = _load_data(path)
        except (ValueError, OSError) as exc:
            raise SnapshotError(f"{path}: cannot parse it ({exc.__class__.__name__})") from exc
        if not isinstance(data, dict) or not ("messages" in data or "prompt" in data):
            raise SnapshotError(f"{path}: expected a request with 'messages' or 'prompt'")
        request = {k: data[k] for k in REQUEST_KEYS if k in data}
        rendered = _render_value(env, request, variables, where)
        return f"{path.stem}.json", json.dumps(rendered, indent=2, ensure_ascii=False) + "\n"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SnapshotError(f"{path}: cannot read it as UTF-8 text") from exc
    return f"{path.stem}.txt", _render_str(env, text, variables, where)


def template_files(root: Path, skip: Path | None = None) -> list[Path]:
    """The template files under ``root`` (or ``root`` itself), sorted, hidden ones skipped."""
    if root.is_file():
        return [root]
    if not root.is_dir():
        raise SnapshotError(f"{root}: no such file or directory; pass a template file or dir")
    files = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        hidden = any(part.startswith(".") for part in rel.parts)
        is_vars = skip is not None and p.resolve() == skip.resolve()
        if p.is_file() and not hidden and not is_vars:
            files.append(p)
    return files


def load_vars(path: Path | None) -> tuple[dict, dict]:
    """Global variables and per-prompt overrides from the fixtures YAML."""
    if path is None:
        return {}, {}
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise SnapshotError(f"{path}: cannot read the vars file as YAML") from exc
    if not isinstance(data, dict):
        raise SnapshotError(f"{path}: the vars file must be a YAML mapping of variables")
    per_prompt = data.pop("prompts", None) or {}
    if not isinstance(per_prompt, dict):
        raise SnapshotError(f"{path}: 'prompts' must map prompt names to variable mappings")
    return data, per_prompt


def snapshot(templates: Path, vars_path: Path | None, out: Path) -> list[Path]:
    """Render every template into ``out``; returns the written paths."""
    variables, per_prompt = load_vars(vars_path)
    rendered: dict[str, str] = {}
    for path in template_files(templates, vars_path):
        local = {**variables, **(per_prompt.get(path.stem) or {})}
        name, content = render_template(path, local)
        if name in rendered or Path(name).stem in {Path(n).stem for n in rendered}:
            raise SnapshotError(f"{path}: two templates are named {path.stem!r}; rename one")
        rendered[name] = content
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in rendered.items():
        target = out / name
        tmp = target.with_name(f".{name}.tmp")
        tmp.write_text(content, encoding="utf-8")
        tmp.replace(target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog=PROG, description="Render prompt templates with fixed fixture variables.")
    p.add_argument("templates", help="a template file or a directory of templates")
    p.add_argument("--vars", default=None, help="fixtures YAML: variables (+ 'prompts:' overrides)")
    p.add_argument("--out", required=True, help="directory to write one rendering per prompt")
    args = p.parse_args(argv)
    try:
        written = snapshot(
            Path(args.templates), Path(args.vars) if args.vars else None, Path(args.out)
        )
    except SnapshotError as exc:
        return fail(PROG, str(exc).splitlines()[0])
    except OSError as exc:
        return fail(PROG, f"cannot write the snapshot: {exc}")
    sys.stdout.write(f"wrote {len(written)} rendering(s) to {args.out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
