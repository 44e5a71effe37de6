"""The help screen: every key binding and what each view shows."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
[b]kvscope-inspect[/b]: live view of a KV cache from its block events and metrics.

[b]Views[/b]
  1 Overview  hit rate now and over time, blocks by tier, queue, preemptions,
              evictions by reason, TTFT p50/p95
  2 Prefixes  the cached prefix tree; enter/space expands; s cycles the sort
              (hits, size, tokens saved); / finds a prefix by its text
  3 Blocks    one cell per cached block: colour = tier, reverse = pinned,
              bright = hit in the last 10 s
  4 Tenants   per-tenant hit rate, hit and queried tokens, blocks
  5 Events    the newest block events; / filters by type or text

[b]Trace replay[/b]  p pause/resume  [ ] seek -10 s/+10 s  - + slower/faster

[b]Other[/b]  ? help  escape closes a prompt or this screen  q quit

Hit rate from events = BlockHit tokens / (hit + newly stored tokens).
vLLM and SGLang streams carry no BlockHit: add --metrics for their rate.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar = [Binding("escape,question_mark,q", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; max-width: 100; height: 90%; border: round $accent;
                                  background: $surface; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP)

    def action_dismiss(self) -> None:
        self.dismiss(None)
