"""`promptlint check [PATHS]`: options, config, file walk, fixes, report, exit code.

Exit codes (ruff's): 0 clean (or only info-level findings), 1 findings, 2 bad usage/config, or
nothing could be linted.
Unreadable files (binary, huge, invalid UTF-8, malformed JSON/YAML/Jinja, symlink loops) get a
one-line diagnostic on stderr and do not stop the run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from kvscope.backend.cli_args import Parser
from kvscope.lint.config import Config, ConfigError, find_config, load_config, validate_codes
from kvscope.lint.findings import Finding

FORMATS = ("text", "json", "github", "sarif")


def parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="promptlint check",
        description="Lint prompt files (text, Markdown, Jinja, request JSON/JSONL, YAML prompt "
        "files, Prompty, Dotprompt, Python) for prompt-cache hazards.",
    )
    p.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    p.add_argument("--select", help="comma-separated codes, prefixes or names to enable only")
    p.add_argument("--extend-select", help="codes to enable on top of the selection")
    p.add_argument("--ignore", help="comma-separated codes to disable")
    p.add_argument("--exclude", help="comma-separated globs of paths to skip")
    p.add_argument("--tokenizer", help="cl100k (default), bytes or hf:<dir or tokenizer.json>")
    p.add_argument("--block-size", type=int, help="KV-cache block size in tokens (default 16)")
    p.add_argument("--model", help="model whose minimum cacheable prefix PL008 uses")
    p.add_argument("--min-prefix-tokens", type=int, help="override PL008's minimum")
    p.add_argument(
        "--min-blocks-at-stake",
        type=int,
        help="report a volatile value only when at least this many KV blocks after it can "
        "never be shared (default 1; 0 reports everything)",
    )
    p.add_argument("--include", help="comma-separated globs of .md/.txt files to lint as prompts")
    p.add_argument(
        "--skip-non-prompts",
        action="store_true",
        help="judge files named on the command line by name too, and skip the ones that are "
        "not prompts quietly (for pre-commit, which names every staged file)",
    )
    p.add_argument("--format", choices=FORMATS, default=os.environ.get("PROMPTLINT_FORMAT", "text"))
    p.add_argument("-o", "--output-file", type=Path, help="write the report here")
    p.add_argument(
        "--sort",
        choices=("position", "cost"),
        default="position",
        help="order findings by file position or by tokens at stake",
    )
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    p.add_argument("--fix", action="store_true", help="apply safe fixes (sort tools, sort keys)")
    p.add_argument("--config", type=Path, help="config file (default: nearest one)")
    p.add_argument("--isolated", action="store_true", help="ignore config files")
    p.add_argument("--no-color", action="store_true", help="plain text output")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.add_argument("--explain", metavar="CODE", help="print a rule's documentation and exit")
    return p


def explain(selector: str) -> int:
    from kvscope.lint.rules import BY_CODE, resolve_selectors

    codes = sorted(resolve_selectors((selector,)))
    if not codes:
        print(f"promptlint: error: unknown rule {selector!r}; try PL001..PL008", file=sys.stderr)
        return 2
    for code in codes:
        rule = BY_CODE[code]
        fix = "fixable with --fix" if rule.FIXABLE else "no automatic fix"
        print(f"{rule.CODE} {rule.NAME} ({rule.SEVERITY}, {fix})\n\n{rule.__doc__.strip()}\n")
    return 0


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip()) if value else ()


def configure(args: argparse.Namespace) -> Config:
    first = args.paths[0] if args.paths else Path.cwd()
    if args.isolated:
        conf = Config()
    elif args.config is not None:
        if not args.config.is_file():
            raise ConfigError(f"config file {args.config} not found")
        conf = load_config(args.config)
    else:
        conf = load_config(find_config(first if first.exists() else Path.cwd()))
    if args.select:
        conf.select = _split(args.select)
    conf.extend_select += _split(args.extend_select)
    conf.ignore += _split(args.ignore)
    conf.exclude += _split(args.exclude)
    conf.include += _split(args.include)
    for key in ("tokenizer", "model"):
        if getattr(args, key):
            setattr(conf, key, getattr(args, key))
    if args.min_blocks_at_stake is not None:
        if args.min_blocks_at_stake < 0:
            raise ConfigError("--min-blocks-at-stake must be 0 or more")
        conf.min_blocks_at_stake = args.min_blocks_at_stake
    for key in ("block_size", "min_prefix_tokens"):
        value = getattr(args, key)
        if value is not None:
            if value <= 0:
                raise ConfigError(f"--{key.replace('_', '-')} must be a positive integer")
            setattr(conf, key, value)
    validate_codes(conf, "options")
    name = conf.tokenizer
    if name not in {"cl100k", "cl100k_base", "bytes"} and not (
        name.startswith("hf:") and Path(name[3:]).expanduser().exists()
    ):
        raise ConfigError(
            f"unknown tokenizer {name!r}; use cl100k, bytes or hf:<existing dir or tokenizer.json>"
        )
    return conf


def run(args: argparse.Namespace) -> int:
    from kvscope.lint.engine import Linter
    from kvscope.lint.readers import PROMPT_WORDS, TEXT_EXTS, ReadError
    from kvscope.lint.walk import discover

    conf = configure(args)
    linter = Linter(conf)
    paths = args.paths or [Path(".")]
    findings: list[Finding] = []
    linted, errors, skipped = 0, 0, 0
    by_path: dict[str, Path] = {}
    for path, explicit in discover(paths, conf.exclude):
        display = _display(path)
        if explicit and not path.exists():
            why = "broken symlink or symlink loop" if path.is_symlink() else "no such file"
            _diag(display, why)
            errors += 1
            continue
        force = explicit and not args.skip_non_prompts
        try:
            result = linter.lint_file(path, display, force=force)
        except ReadError as exc:
            _diag(display, str(exc))
            errors += 1
            continue
        except RecursionError:  # hostile input (thousands of nested blocks), not a bug
            _diag(display, "nested too deeply to lint (blocks or brackets); flatten or exclude it")
            errors += 1
            continue
        except Exception as exc:  # a bug must not hide the other files' results
            _diag(display, f"internal error ({type(exc).__name__}: {exc}); please report it")
            errors += 1
            continue
        if result is None:
            if force:
                _diag(display, "not a prompt file (no messages, system, tools or template)")
                errors += 1
            elif path.suffix.lower() in TEXT_EXTS:
                skipped += 1
            continue
        linted += 1
        by_path[display] = path
        findings.extend(result)
    if skipped and not args.skip_non_prompts:
        print(
            f"promptlint: skipped {skipped} .md/.txt file(s) whose path names no prompt word "
            f"({', '.join(PROMPT_WORDS)}); lint them with --include GLOB or "
            "include = [...] in the config, or name them on the command line",
            file=sys.stderr,
        )
    if not linted and (errors or not args.skip_non_prompts):
        why = f"{errors} path(s) could not be read" if errors else "no prompt files found"
        print(f"promptlint: error: nothing could be linted: {why}", file=sys.stderr)
        return 2
    if args.fix and linter.fixes:
        from kvscope.lint.fix import apply_fixes

        fixed = apply_fixes(linter.fixes, by_path)
        if fixed:
            findings = [f for f in findings if f.path not in fixed]
            relinter = Linter(conf)
            for display in sorted(fixed):
                findings.extend(relinter.lint_file(by_path[display], display) or [])
            print(f"promptlint: fixed {len(fixed)} file(s)", file=sys.stderr)
    if args.sort == "cost":
        findings.sort(key=lambda f: (-f.tokens_at_stake, f.sort_key()))
    else:
        findings.sort(key=Finding.sort_key)
    _report(args, findings, linted)
    failing = [f for f in findings if f.severity != "info"]
    return 1 if failing and not args.exit_zero else 0


def _report(args: argparse.Namespace, findings: list[Finding], linted: int) -> None:
    from kvscope.lint import reporters

    stream = open(args.output_file, "w", encoding="utf-8") if args.output_file else sys.stdout  # noqa: SIM115
    try:
        color = not args.no_color and args.output_file is None
        reporters.write(args.format, findings, stream, linted=linted, color=color, quiet=args.quiet)
    finally:
        if args.output_file:
            stream.close()


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return path.as_posix()


def _diag(path: str, message: str) -> None:
    print(f"promptlint: {path}: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.explain:
        return explain(args.explain)
    try:
        return run(args)
    except ConfigError as exc:
        print(f"promptlint: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"promptlint: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
