"""Lint documents: run the enabled rules, drop suppressed problems, add positions and cost.

`lint_text(text, path, kind, conf)` is the public entry point for other tools (the diff and
measure commands, the demo); the CLI walks files and calls `lint_file`.
"""

from __future__ import annotations

import re
from pathlib import Path

from kvscope.lint import noqa
from kvscope.lint.clockgrain import changes_between_turns, narrowing_after
from kvscope.lint.config import Config
from kvscope.lint.document import Document
from kvscope.lint.findings import Finding, Problem
from kvscope.lint.positions import LineIndex, TokenCounter, cost
from kvscope.lint.readers import kind_of, load_text, read_path, read_text
from kvscope.lint.rules import BY_CODE, RULES
from kvscope.lint.rules.common import RuleContext


def _project_roles(doc: Document, path: Path) -> None:
    """A data-file template's values that the project's code sends only as the user turn are
    the user turn (kvscope.lint.projectfills.user_turn_paths)."""
    from kvscope.lint.projectfills import user_turn_paths

    paths = frozenset(s.path for s in doc.segments if s.part == "template" and s.path)
    for p in user_turn_paths(path, paths):
        for seg in doc.segments:
            if seg.path == p:
                seg.part = "user"


def _loaded_as_user(doc: Document, path: Path, declared: bool) -> None:
    """A template file the config declares the user turn (`declared`, `user-turn` globs), one
    named as the user turn (`agentic_user.txt`, `summarize_user_prompt.j2`,
    kvscope.lint.templaterefs.named_user), a Semantic Kernel `skprompt.txt` without message
    markup (sent whole as the user message), or every load of which the project's code sends as
    the user turn (kvscope.lint.templaterefs.sent_as_user) is the user turn."""
    from kvscope.lint.templaterefs import named_user, sent_as_user, sent_whole_as_user

    if not any(seg.part == "template" for seg in doc.segments):
        return
    if declared or named_user(path) or sent_whole_as_user(path, doc.source) or sent_as_user(path):
        for seg in doc.segments:
            if seg.part == "template":
                seg.part = "user"


class Linter:
    """One configured run. Holds the lazily loaded tokenizer shared by all files."""

    def __init__(self, conf: Config, codes: set[str] | None = None) -> None:
        self.conf = conf
        self.codes = conf.enabled() if codes is None else codes
        self.counter = TokenCounter(conf.tokenizer)
        self.ctx = RuleContext(
            self.counter.count, conf.model, conf.min_prefix_tokens, conf.minimums
        )
        self.fixes: dict[str, list[tuple[Finding, Problem]]] = {}

    def lint_file(self, path: Path, display: str, force: bool = False) -> list[Finding] | None:
        """Findings of one file; None when it is not a prompt. Raises ReadError.

        `force` (a file named on the command line) reads a file whose name says nothing about
        prompts (`notes.md`, `prompt.bin`), or a JSON/YAML file without a request or prompt
        shape, as a text prompt instead of skipping it."""
        max_bytes = int(self.conf.max_file_size_mb * 1024 * 1024)
        kind = kind_of(path, self.conf.include)
        if force and kind is None and path.suffix.lower() == ".toml":
            kind = "toml"  # a TOML file named on the command line: its tables' strings
        if force and kind is None:
            docs = read_text(load_text(path, max_bytes), display, "text")
            return self.lint_documents(docs, self.codes - self.conf.ignored_for(path))
        if kind == "toml":
            docs = read_text(load_text(path, max_bytes), display, kind)
        else:
            docs = read_path(path, display, max_bytes, self.conf.include)
        if force and not docs and kind in {"json", "jsonl", "yaml"}:
            from kvscope.lint.loose import read_loose

            docs = read_loose(load_text(path, max_bytes), display)  # no request shape
        elif force and not docs and kind == "toml":  # no template strings: read it as text
            docs = read_text(load_text(path, max_bytes), display, "text")
        declared = self.conf.sent_as_user(path)
        for doc in docs:
            doc.cache["file"] = path
            if doc.kind == "values":
                _project_roles(doc, path)
                if declared:  # a YAML/JSON prompt file the config says is the user turn
                    _loaded_as_user(doc, path, declared)
            elif doc.kind != "python":
                _loaded_as_user(doc, path, declared)
        if not docs:
            return None
        return self.lint_documents(docs, self.codes - self.conf.ignored_for(path))

    def lint_text(self, text: str, display: str, kind: str) -> list[Finding]:
        return self.lint_documents(read_text(text, display, kind), self.codes)

    def lint_documents(self, docs: list[Document], codes: set[str]) -> list[Finding]:
        findings: list[Finding] = []
        if not docs:
            return findings
        source = docs[0].source
        sup = noqa.parse(source)
        lines = LineIndex(source)
        seen: set[tuple] = set()
        floor = self.conf.min_blocks_at_stake
        for n, doc in enumerate(docs):
            for rule in RULES:
                if rule.CODE not in codes:
                    continue
                for problem in rule.check(doc, self.ctx):
                    line, col = lines.at(problem.src_start)
                    last = min(lines.at(problem.src_end)[0], line + 50)
                    key = (problem.code, problem.src_start, problem.message)
                    covered = any(sup.covers(n, problem.code) for n in range(line, last + 1))
                    if covered or key in seen:
                        continue
                    seen.add(key)
                    finding = self._finding(doc, problem, lines, line, col)._replace(prompt=n)
                    below = finding.token_offset is not None and finding.blocks_at_stake < floor
                    if below and floor <= 1 and _between_turns(problem, source):
                        # the history after it costs a block at the least: as the floor's default
                        finding = finding._replace(message=finding.message + BETWEEN_TURNS)
                    elif below and not problem.fragment and not _block_after(doc, problem):
                        continue  # below the floor: it costs less than the user cares about
                    findings.append(finding)
                    if problem.fix is not None:
                        self.fixes.setdefault(doc.path, []).append((finding, problem))
        return sorted(findings, key=Finding.sort_key)

    def _finding(self, doc: Document, p: Problem, lines: LineIndex, line: int, col: int) -> Finding:
        end_line, end_col = lines.at(max(p.src_end, p.src_start))
        text = doc.prefix if p.prefix_text is None else p.prefix_text
        c = cost(self.counter, text, p.prefix_pos, self.conf.block_size, p.stake_tokens)
        rule = BY_CODE[p.code]
        return Finding(
            code=p.code,
            name=rule.NAME,
            severity=rule.SEVERITY,
            path=doc.path,
            line=line,
            column=col,
            end_line=end_line,
            end_column=end_col,
            token_offset=c.token_offset,
            block_index=c.block_index,
            blocks_at_stake=c.blocks_at_stake,
            tokens_at_stake=c.tokens_at_stake,
            message=p.message,
            fixable=p.fix is not None,
            context=doc.source,
            open_end=p.fragment,
        )


BETWEEN_TURNS = (
    ". Nothing of this prompt follows it, but the clock changes between the turns of one "
    "conversation: every later turn re-reads the whole history after it"
)


# `{% block body %}` in a template: the templates that extend it fill it with their own text.
BLOCK_TAG_RE = re.compile(r"\{%-?\s*block\s+\w+")


def _block_after(doc: Document, problem: Problem) -> bool:
    """A template with a `{% block %}` after the finding is a base that other templates
    `{% extends %}`: their text follows the finding, so its cost here is a lower bound and no
    floor applies (`The current date is {{ date }}` in a four-line base.txt)."""
    if doc.kind == "python" or "{%" not in doc.source:
        return False
    return BLOCK_TAG_RE.search(doc.source, problem.src_end) is not None


def _between_turns(problem: Problem, source: str) -> bool:
    """A clock finer than a day (kvscope.lint.clockgrain): the history after it is at stake."""
    if problem.code != "PL001":
        return False
    after = narrowing_after(source[problem.src_end : problem.src_end + 60])
    return changes_between_turns(source[problem.src_start : problem.src_end] + " " + after)


def lint_text(
    text: str, path: str = "<text>", kind: str = "text", conf: Config | None = None
) -> list[Finding]:
    """Findings for a prompt given as text (`kind`: text, jinja, json, jsonl, yaml, prompty,
    dotprompt, python). Raises kvscope.lint.readers.ReadError for unreadable input."""
    return Linter(conf or Config()).lint_text(text, path, kind)
