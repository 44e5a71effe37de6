"""
Root-cause analyzer. Ported from code-differ/packages/root_cause/analyzer.py
(746 LOC → ~120 LOC). The reference version bundled CWE classification,
pattern-database scoring, and a 7-stage "why chain" builder. We collapse all
three into a single LLM call driven by a Jinja2 prompt and parse the JSON.

Pattern-database scoring (the reference's "signals") is intentionally dropped
for Phase 2: the curated 5-CVE gate doesn't depend on it and the plan's
`pattern_database_enhanced.json` was empty. If a signal framework is needed
later, it lives here, not in the prompt.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from core.security.prompt_defense_profiles import CONSERVATIVE
from core.security.prompt_envelope import UntrustedBlock, build_prompt

from cve_diff.core.models import DiffBundle
from cve_diff.llm.client import ResilientLLMClient

DEFAULT_MODEL = "claude-opus-4-7"
DIFF_PROMPT_LIMIT = 32_000  # Bytes of diff passed to the model.

_SYSTEM_PROMPT = (
    "You are a precise, concise security engineer. Always respond "
    "with a single valid JSON object matching the requested schema. "
    "No prose before or after the JSON."
)

# The single LLM prompt template uses ``${var}`` substitutions only —
# no loops, no conditionals, no inheritance — so ``string.Template``
# (stdlib) covers it without pulling in jinja2. Templates live as
# ``.txt`` next to this module; pre-2026-05-02 used ``.j2`` with
# jinja2's ``{{ var }}`` syntax.
_PROMPTS_DIR = Path(__file__).parent.parent / "llm" / "prompts"


def _load_template(name: str) -> Template:
    return Template((_PROMPTS_DIR / name).read_text(encoding="utf-8"))


class RootCauseAnalysisError(RuntimeError):
    """Raised by the LLM-driven root-cause analyser only.

    Renamed from ``AnalysisError`` to avoid collision with
    ``cve_diff.core.exceptions.AnalysisError`` (which the pipeline raises
    for shape rejection / extraction failures). The CLI used to import
    *this* class and try to catch the pipeline's exceptions with it —
    they were two different classes with the same name, so the CLI's
    typed-exception handler never fired and every notes-only/packaging-
    only rejection crashed uncaught.
    """


# Backwards-compat alias for any external caller that still imports
# the old name. New code should use RootCauseAnalysisError directly.
AnalysisError = RootCauseAnalysisError


@dataclass(frozen=True)
class RootCause:
    cwe_id: str
    vulnerability_type: str
    summary: str
    why_chain: tuple[str, ...]
    affected_functions: tuple[str, ...]
    confidence: float
    model_id: str
    input_tokens: int
    output_tokens: int


@dataclass
class RootCauseAnalyzer:
    client: ResilientLLMClient = field(
        default_factory=lambda: ResilientLLMClient(
            call_class="cve-diff:root-cause",
        ),
    )
    model_id: str = DEFAULT_MODEL
    diff_limit: int = DIFF_PROMPT_LIMIT

    def analyze(self, bundle: DiffBundle) -> RootCause:
        system, prompt = self._render_prompt(bundle)
        response = self.client.complete(
            model_id=self.model_id,
            prompt=prompt,
            system=system,
            max_tokens=1500,
        )
        data = _parse_json_payload(response.text)
        try:
            return RootCause(
                cwe_id=_normalize_cwe(data["cwe_id"]),
                vulnerability_type=str(data["vulnerability_type"]),
                summary=str(data["summary"]),
                why_chain=tuple(str(x) for x in data.get("why_chain", [])),
                affected_functions=tuple(str(x) for x in data.get("affected_functions", [])),
                confidence=float(data.get("confidence", 0.0)),
                model_id=response.model_id,
                input_tokens=response.input_tokens,
                output_tokens=response.output_tokens,
            )
        except (KeyError, TypeError, ValueError) as exc:
            # Sanitise the LLM-supplied data dict before embedding in
            # the exception message. The exception text is logged and
            # surfaced to operators; the LLM controls `data` and a
            # crafted response can include control bytes (ANSI
            # escapes, BIDI overrides, NUL) that hijack the
            # terminal display when the operator pipes the log into
            # `less` or `tail`. `escape_nonprintable` turns each into
            # a visible `\xNN` escape.
            try:
                from core.security.log_sanitisation import escape_nonprintable
                _safe_data = escape_nonprintable(repr(data))
            except Exception:  # noqa: BLE001 — defensive; fall back to bare repr
                _safe_data = repr(data)
            raise AnalysisError(
                f"response missing required field: {exc}. got={_safe_data}"
            ) from exc

    def _render_prompt(self, bundle: DiffBundle) -> tuple[str, str]:
        """Render ``(system, user)`` for the root-cause call.

        The diff body is attacker-authored content (the patched repo's
        own bytes) — it is routed through ``build_prompt`` /
        ``UntrustedBlock`` so it lands inside a nonce'd untrusted
        envelope (tag-forgery neutralisation, autofetch strip,
        control-char escape) rather than being Template-substituted
        into the trusted prompt as raw text. CONSERVATIVE keeps the
        floor defences without base64/datamarking, so the model still
        reads the diff verbatim. The system message carries the
        envelope priming produced by ``build_prompt``.
        """
        tmpl = _load_template("root_cause.txt")
        diff_text = bundle.diff_text
        if len(diff_text) > self.diff_limit:
            diff_text = diff_text[: self.diff_limit] + "\n[...truncated...]"
        pb = build_prompt(
            system=_SYSTEM_PROMPT,
            profile=CONSERVATIVE,
            untrusted_blocks=(
                UntrustedBlock(
                    content=diff_text,
                    kind="patch-diff",
                    origin=(
                        f"{bundle.repo_ref.repository_url}"
                        f"@{bundle.commit_after}"
                    ),
                ),
            ),
        )
        system = "\n\n".join(
            m.content for m in pb.messages if m.role == "system"
        )
        diff_block = "\n\n".join(
            m.content for m in pb.messages if m.role == "user"
        )
        # ``substitute`` (not ``safe_substitute``) so a missing key
        # raises immediately rather than silently leaving ``$placeholder``
        # in the rendered prompt.
        user = tmpl.substitute(
            cve_id=bundle.cve_id,
            repository_url=bundle.repo_ref.repository_url,
            commit_after=bundle.commit_after,
            commit_before=bundle.commit_before,
            files_changed=bundle.files_changed,
            diff_bytes=bundle.bytes_size,
            diff_limit=self.diff_limit,
            diff_block=diff_block,
        )
        return system, user


# `\{.*?\}` lazy + DOTALL on hostile input: a response containing
# many `{`/`}` glyphs (a code-sample-heavy LLM reply, an LLM
# hallucinating a code dump in its prose) forces the regex engine
# to attempt every brace position. Bound the body capture to a
# reasonable upper limit — real schema-validated JSON payloads
# from this analyzer top out at low-KB; 1 MB body cap is a 1000x
# safety margin. Also pre-cap the input string before the search
# so an OOM-shaped response can't pin the matcher.
_JSON_FENCE_RE = re.compile(
    r"```(?:json)?\s*(?P<body>\{.{0,1048576}?\})\s*```", re.DOTALL
)
_JSON_FENCE_INPUT_CAP = 4 * 1024 * 1024


def _parse_json_payload(text: str) -> dict:
    """Accept bare JSON or a fenced code block; raise AnalysisError on bad input."""
    text = text.strip()
    if len(text) > _JSON_FENCE_INPUT_CAP:
        # Truncate from the END (keep the head; the answer
        # typically appears near the start of an LLM response).
        text = text[:_JSON_FENCE_INPUT_CAP]
    m = _JSON_FENCE_RE.search(text)
    if m:
        text = m.group("body")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise AnalysisError(f"model returned non-JSON payload: {exc}") from exc

    # No fenced block — scan forward through `{` positions and use
    # `JSONDecoder.raw_decode` to consume only the JSON prefix at
    # each position (ignores trailing prose like "Hope that helps!").
    # Pre-fix the `text[first:last+1]` extraction picked the WIDEST
    # `{...}` span, so an LLM response with prose-embedded `{` glyphs
    # before the actual JSON ("the function takes { args } and
    # returns: {valid_json}") spanned the prose AND the JSON,
    # breaking the parse. Bound the scan at 16 attempts so a
    # response with many literal `{` glyphs (a list of code
    # samples) doesn't burn measurable wallclock.
    _decoder = json.JSONDecoder()
    _attempts = 0
    _start = 0
    last_exc: Exception | None = None
    while _attempts < 16:
        idx = text.find("{", _start)
        if idx < 0:
            break
        try:
            obj, _ = _decoder.raw_decode(text[idx:])
            return obj
        except json.JSONDecodeError as exc:
            last_exc = exc
            _start = idx + 1
            _attempts += 1
    raise AnalysisError(
        f"model returned non-JSON payload "
        f"(scanned {_attempts} brace positions): {last_exc}"
    ) from last_exc


_CWE_RE = re.compile(r"CWE[-_\s]?(\d+)", re.IGNORECASE)


def _normalize_cwe(value: str) -> str:
    m = _CWE_RE.search(str(value))
    if not m:
        raise AnalysisError(f"not a CWE id: {value!r}")
    return f"CWE-{m.group(1)}"
