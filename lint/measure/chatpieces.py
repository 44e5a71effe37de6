"""Chat requests rendered and tokenized one distinct message at a time.

A chat log re-sends its system prompt and history on every turn, so whole rendering runs the
Jinja template over the same messages again and again. For ChatML-like templates the output for
a message list is the concatenation of per-message pieces (the first message's piece holds the
tools block and any ``bos_token``) plus the generation prompt, and every piece starts at an added
token (``<|im_start|>``), where the tokenizer cuts anyway. Then each distinct piece is rendered
and tokenized once, and a request is a join of cached pieces.

Whether that holds is decided for the template at hand, at start-up, on a probe: a set of
message lists (system first or not, repeated roles, blank lines, ``<think>`` blocks, with and
without tools) rendered both ways; any difference turns the fast path off and every request
is rendered whole. A template may refuse some shapes (``raise_exception`` on role order), so
the first request of each role sequence is rendered whole too: a refused or different shape
is always rendered whole (and skipped as before when it raises). Only messages made of a
string ``role`` in the probed set and a string ``content`` take the fast path; any other
request is rendered whole. Tokens are exactly whole rendering + whole tokenization (a
property test holds it to that on random message lists, public model templates and real
chat logs).
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Mapping

from kvscope.backend.chat import render_chat
from kvscope.backend.chat_templates import load_template

ROLES = ("system", "user", "assistant")
_S = {"role": "system", "content": "Probe system.\n\nSecond paragraph  "}
_U = {"role": "user", "content": " What is {{ x }}?\n\n- a\n- b"}
_V = {"role": "user", "content": "Again"}
_A = {"role": "assistant", "content": "<think>hm</think>\n\nAnswer.\n"}
_B = {"role": "assistant", "content": ""}
PROBES = (
    [_S, _U],
    [_S, _U, _A, _V],
    [_U],
    [_U, _A, _V, _B],
    [_S, _U, _A, _V, _A],
    [_A, _U],
    [_S, _S, _U, _U],
    [_S],
)
CONTEXTS = ([_S], [_S, _U], [_S, _U, _A])  # what may precede a later message's piece
PROBE_TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"b": 1, "a": 2}}}]


ERRORS = (ValueError, TypeError, KeyError, AttributeError)


class NotConcatenating(Exception):
    """The template's output is not the messages' pieces joined (no fast path for it)."""


class PieceRenderer:
    """``prepare(request)``: (text, tokens) of a chat request, or ``None`` (render it whole)."""

    def __init__(self, template, tokenizer, max_chars: int = 256 << 20) -> None:
        self.template = template
        self.tok = tokenizer  # a SegmentTokenizer
        self.cache: dict[tuple, tuple[str, array, bool, bool]] = {}
        self.cached_chars = 0
        self.max_chars = max_chars
        self.tools_ok = False
        self.loaded: dict[bool, tuple] = {}
        self.heads: dict = {}
        self.shapes: dict[tuple, bool] = {}
        usable = template is not None and tokenizer.enabled and tokenizer.split is not None
        self.enabled = usable and self._probe(None)
        if self.enabled:
            self.tools_ok = self._probe(PROBE_TOOLS)

    def _render(self, messages: list, tools, gen: bool) -> str:
        """``render_chat`` with the template resolved once (file read, config parsed)."""
        want = bool(tools)
        if want not in self.loaded:
            found = load_template(self.template, None, want)
            self.loaded[want] = (found.text, found.bos_token, found.eos_token)
        text, bos, eos = self.loaded[want]
        return render_chat(messages, tools, text, gen, bos_token=bos, eos_token=eos)

    def _head(self, tools, tools_key, ctx: int) -> str:
        """``CONTEXTS[ctx]`` rendered alone: what precedes a later message's piece."""
        head = self.heads.get((tools_key, ctx))
        if head is None:
            head = self.heads[tools_key, ctx] = self._render(CONTEXTS[ctx], tools, False)
        return head

    def _probe(self, tools) -> bool:
        """No probe renders differently piece by piece (a template may refuse some shapes:
        those are skipped, and each request's shape is checked once anyway)."""
        key = json.dumps(tools) if tools else None
        tried = 0
        try:
            for msgs in PROBES:
                for gen in (True, False):
                    try:
                        whole = self._render(msgs, tools, gen)
                        parts = [self._piece(m, i == 0, tools, key)[0] for i, m in enumerate(msgs)]
                        if gen:
                            parts.append(self._suffix(tools, key)[0])
                    except ERRORS:
                        continue
                    except NotConcatenating:
                        return False
                    if "".join(parts) != whole:
                        return False
                    tried += 1
        finally:
            self.heads.clear()
            self.cache.clear()
            self.cached_chars = 0
        return tried >= 4

    def _entry(self, key: tuple, text: str) -> tuple[str, array, bool, bool]:
        split = self.tok.split
        starts = split.match(text) is not None
        ends = any(m.end() == len(text) for m in split.finditer(text))
        entry = (text, array("I", self.tok.encode(text)), starts, ends)
        if self.cached_chars + len(text) > self.max_chars:
            self.cache.clear()
            self.cached_chars = 0
        self.cache[key] = entry
        self.cached_chars += len(text)
        return entry

    def _piece(self, msg: Mapping, first: bool, tools, tools_key) -> tuple:
        key = (tools_key, first, msg["role"], msg["content"])
        entry = self.cache.get(key)
        if entry is None:
            plain = {"role": msg["role"], "content": msg["content"]}
            if first:
                text = self._render([plain], tools, False)
            else:
                text = None
                for ctx, before in enumerate(CONTEXTS):  # the first the template accepts
                    try:
                        both = self._render([*before, plain], tools, False)
                    except ERRORS:
                        continue
                    head = self._head(tools, tools_key, ctx)
                    if not both.startswith(head):
                        raise NotConcatenating
                    text = both[len(head) :]
                    break
                if text is None:
                    raise ValueError("no context renders this message")
            entry = self._entry(key, text)
        return entry

    def _suffix(self, tools, tools_key) -> tuple:
        key = (tools_key, None, None, None)
        entry = self.cache.get(key)
        if entry is None:
            head = self._head(tools, tools_key, 0)
            both = self._render([_S], tools, True)
            if not both.startswith(head):
                raise NotConcatenating
            entry = self._entry(key, both[len(head) :])
        return entry

    def prepare(self, request: Mapping) -> tuple[str, array] | None:
        if not self.enabled:
            return None
        messages, tools = request.get("messages"), request.get("tools")
        if not isinstance(messages, list) or not messages:
            return None
        if tools is not None and not (self.tools_ok and isinstance(tools, list)):
            return None
        for m in messages:
            if (
                type(m) is not dict
                or len(m) != 2
                or type(m.get("content")) is not str
                or m.get("role") not in ROLES
            ):
                return None
        tools_key = json.dumps(tools) if tools else None
        tools = tools or None
        shape = (tools_key, *(m["role"] for m in messages))
        if self.shapes.get(shape) is False:
            return None
        try:
            entries = [self._piece(m, i == 0, tools, tools_key) for i, m in enumerate(messages)]
            entries.append(self._suffix(tools, tools_key))
        except (*ERRORS, NotConcatenating):
            return None
        tokens = array("I")
        ends = True
        for piece, ids, starts, piece_ends in entries:
            if not piece:
                continue
            if not (starts or ends):
                return None  # a cut the tokenizer would not make: render whole
            tokens.extend(ids)
            ends = piece_ends
        text = "".join(e[0] for e in entries)
        if shape not in self.shapes:  # the first request of each role sequence: render it whole
            try:
                self.shapes[shape] = self._render(messages, tools, True) == text
            except ERRORS:  # the template refuses this shape: whole rendering reports it
                self.shapes[shape] = False
            if not self.shapes[shape]:
                return None
        return text, tokens
