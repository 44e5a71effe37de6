"""promptlint configuration: `[tool.promptlint]` in pyproject.toml or a `promptlint.toml`.

The nearest config file above the first path wins (`promptlint.toml` before `pyproject.toml`
in the same folder; a pyproject.toml without `[tool.promptlint]` is passed over). Unknown keys
and unknown rule codes are errors (exit 2) so a typo never silently disables a rule.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

from kvscope.lint.rules import RULES, resolve_selectors

KEYS = {
    "select",
    "extend-select",
    "ignore",
    "per-file-ignores",
    "exclude",
    "include",
    "tokenizer",
    "block-size",
    "model",
    "min-prefix-tokens",
    "minimums",
    "max-file-size-mb",
    "min-blocks-at-stake",
    "user-turn",
}


class ConfigError(Exception):
    """Bad configuration or options; str(self) is the one-line message (exit 2)."""


@dataclass(slots=True)
class Config:
    select: tuple[str, ...] = ("ALL",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    tokenizer: str = "cl100k"
    block_size: int = 16
    model: str | None = None
    min_prefix_tokens: int | None = None
    minimums: dict[str, int] = field(default_factory=dict)
    max_file_size_mb: float = 10.0
    min_blocks_at_stake: int = 1
    user_turn: tuple[str, ...] = ()
    root: Path = field(default_factory=Path.cwd)
    source: str | None = None

    def enabled(self) -> set[str]:
        """The codes that run: select + extend-select - ignore."""
        on = resolve_selectors(self.select) | resolve_selectors(self.extend_select)
        return on - resolve_selectors(self.ignore)

    def ignored_for(self, path: Path) -> set[str]:
        """Codes switched off for one file by per-file-ignores (globs relative to the root)."""
        out: set[str] = set()
        for pattern, codes in self.per_file_ignores.items():
            if self._matches(path, pattern):
                out |= resolve_selectors(codes)
        return out

    def sent_as_user(self, path: Path) -> bool:
        """The config says the application sends this template as the user turn (`user-turn`
        globs): where no code of the project shows it (a template picked at run time, a
        send in a library), the user says it."""
        return any(self._matches(path, pattern) for pattern in self.user_turn)

    def _matches(self, path: Path, pattern: str) -> bool:
        """`pattern` (a glob relative to the root, or a file name) matches `path`."""
        try:
            rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(self.root)).as_posix()
        except ValueError:
            rel = path.as_posix()
        return fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(path.name, pattern)


def find_config(start: Path) -> Path | None:
    """The nearest promptlint.toml or pyproject.toml with [tool.promptlint] at or above start."""
    start = start.resolve()
    for folder in [start, *start.parents] if start.is_dir() else start.parents:
        own = folder / "promptlint.toml"
        if own.is_file():
            return own
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            try:
                text = pyproject.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "promptlint" not in text and "\\u" not in text and "\\U" not in text:
                continue  # no [tool.promptlint], even spelled with escapes: skip the TOML parser
            import tomllib

            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError:
                continue
            if "promptlint" in data.get("tool", {}):
                return pyproject
    return None


def load_config(path: Path | None) -> Config:
    """Parse a config file (None: defaults rooted at the current directory)."""
    if path is None:
        return Config()
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read config: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    table = data.get("tool", {}).get("promptlint", {}) if path.name == "pyproject.toml" else data
    if path.name != "pyproject.toml" and "tool" in table:
        table = table["tool"].get("promptlint", table)
    return from_table(table, path.parent, str(path))


def from_table(table: dict, root: Path, source: str = "config") -> Config:
    unknown = sorted(set(table) - KEYS)
    if unknown:
        raise ConfigError(
            f"{source}: unknown promptlint setting(s): {', '.join(unknown)}; "
            f"valid: {', '.join(sorted(KEYS))}"
        )
    conf = Config(root=root, source=source)
    for key in ("select", "extend-select", "ignore", "exclude", "include", "user-turn"):
        if key in table:
            value = table[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ConfigError(f"{source}: '{key}' must be a list of strings")
            setattr(conf, key.replace("-", "_"), tuple(value))
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{source}: 'per-file-ignores' must be a table of glob = [codes]")
    for glob, codes in pfi.items():
        codes = [codes] if isinstance(codes, str) else codes
        if not isinstance(codes, list):
            raise ConfigError(f"{source}: per-file-ignores '{glob}' must list codes")
        conf.per_file_ignores[glob] = tuple(codes)
    if "tokenizer" in table:
        conf.tokenizer = _typed(table, "tokenizer", str, source)
    if "block-size" in table:
        conf.block_size = _positive(table["block-size"], "block-size", source)
    if "model" in table:
        conf.model = _typed(table, "model", str, source)
    if "min-prefix-tokens" in table:
        conf.min_prefix_tokens = _positive(table["min-prefix-tokens"], "min-prefix-tokens", source)
    if "min-blocks-at-stake" in table:
        value = _typed(table, "min-blocks-at-stake", int, source)
        if value < 0:
            raise ConfigError(f"{source}: 'min-blocks-at-stake' must be 0 or more, got {value}")
        conf.min_blocks_at_stake = value
    if "max-file-size-mb" in table:
        conf.max_file_size_mb = float(_typed(table, "max-file-size-mb", int | float, source))
    minimums = table.get("minimums", {})
    if not isinstance(minimums, dict):
        raise ConfigError(f"{source}: 'minimums' must be a table of model-glob = tokens")
    conf.minimums = {str(k): _positive(v, f"minimums.{k}", source) for k, v in minimums.items()}
    validate_codes(conf, source)
    return conf


def validate_codes(conf: Config, source: str) -> None:
    """Raise ConfigError naming every selector that matches no rule."""
    selectors = [*conf.select, *conf.extend_select, *conf.ignore]
    for codes in conf.per_file_ignores.values():
        selectors += codes
    bad = [s for s in selectors if not resolve_selectors((s,))]
    if bad:
        known = ", ".join(f"{r.CODE} ({r.NAME})" for r in RULES)
        raise ConfigError(f"{source}: unknown rule code(s): {', '.join(bad)}; known: {known}")


def _typed(table: dict, key: str, kind, source: str):
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ConfigError(f"{source}: '{key}' has the wrong type ({type(value).__name__})")
    return value


def _positive(value, key: str, source: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ConfigError(f"{source}: '{key}' must be a positive integer, got {value!r}")
    return value
