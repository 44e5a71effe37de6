"""Block map: one cell per cached block, coloured by tier; bold when pinned, bright when hit in
the last 10 s. When blocks outnumber cells, each cell stands for several (its dominant tier)."""

from __future__ import annotations

import math
from collections import Counter

from rich.text import Text
from textual.widgets import Static

from kvscope.inspect.fold import CacheState

COLOURS = {"GPU": "green", "CPU": "blue", "DISK": "magenta", "OTHER": "yellow"}
CELL, FREE = "■", "·"


class BlockMap(Static):
    DEFAULT_CSS = """
    BlockMap { height: 1fr; padding: 0 1; }
    """

    def update_view(self, state: CacheState, free_blocks: int | None = None) -> None:
        width = max(8, self.size.width - 2)
        height = max(3, self.size.height - 2)
        cells = width * (height - 1)
        nodes = list(state.blocks.values())
        n_free = free_blocks or 0
        total = len(nodes) + n_free
        per = max(1, math.ceil(total / cells)) if cells else 1
        text = Text(no_wrap=False)
        tiers: Counter[str] = Counter()
        recent = state.now - 10.0
        for i in range(0, len(nodes), per):
            chunk = nodes[i : i + per]
            tier_counts = Counter(n.tier for n in chunk)
            tier = tier_counts.most_common(1)[0][0]
            tiers.update(tier_counts)
            style = COLOURS.get(tier, "white")
            if any(n.pinned for n in chunk):
                style = f"bold {style} reverse"
            elif any(n.hits and n.last_used >= recent for n in chunk):
                style = f"bold bright_{style}"
            text.append(CELL, style=style)
        text.append(FREE * math.ceil(n_free / per), style="grey42")
        legend = Text("\none cell per block, coloured by tier: ", style="dim")
        for tier, colour in COLOURS.items():
            legend.append(CELL, style=colour)
            legend.append(f" {tier} {tiers.get(tier, 0):,}  ")
        legend.append(CELL, style="bold reverse")
        legend.append(" pinned  ")
        legend.append(CELL, style="bold bright_green")
        legend.append(" bright: hit in the last 10 s  ")
        legend.append(FREE, style="grey42")
        legend.append(f" free {n_free:,}" if free_blocks is not None else " free (needs --server)")
        if per > 1:
            legend.append(f"  (1 cell = {per} blocks)", style="dim")
        if not nodes and not n_free:
            text = Text("no cached blocks yet", style="dim")
        self.update(text + legend)
