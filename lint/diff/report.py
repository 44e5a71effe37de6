"""Reporters for ``promptlint diff``: JSON (stable keys) and rich text (side by side)."""

from __future__ import annotations

import json

from kvscope.lint.diff.core import PromptDiff
from kvscope.lint.diff.volatile import common_prefix_len


def to_json_obj(diff: PromptDiff) -> dict:
    """The documented JSON keys of one prompt's diff."""
    d = diff.divergence
    return {
        "name": diff.name,
        "status": diff.status,
        "first_divergent_token": d.first_divergent_token,
        "first_divergent_block": d.first_divergent_block,
        "blocks_shared": d.blocks_shared,
        "blocks_invalidated": d.blocks_invalidated,
        "tokens_shared": d.tokens_shared,
        "tokens_invalidated": d.tokens_invalidated,
        "old_tokens": d.old_tokens,
        "new_tokens": d.new_tokens,
        "prefill_cost": round(diff.prefill_cost, 9),
        "reasons": diff.reasons,
    }


def render_json(diffs: list[PromptDiff], block_size: int) -> str:
    total = sum(d.divergence.blocks_invalidated for d in diffs)
    return json.dumps(
        {
            "block_size": block_size,
            "blocks_invalidated": total,
            "tokens_invalidated": sum(d.divergence.tokens_invalidated for d in diffs),
            "prefill_cost": round(sum(d.prefill_cost for d in diffs), 9),
            "prompts": [to_json_obj(d) for d in diffs],
        },
        indent=2,
        ensure_ascii=False,
    )


def _window(text: str, pos: int, lines: int = 2) -> str:
    start = text.rfind("\n", 0, pos)
    for _ in range(lines):
        if start <= 0:
            break
        start = text.rfind("\n", 0, start)
    end = pos
    for _ in range(lines + 1):
        nxt = text.find("\n", end + 1)
        if nxt == -1:
            end = len(text)
            break
        end = nxt
    return text[max(start, 0) : end].strip("\n")


def side_by_side(old: str, new: str, context: int = 2):
    """A rich table of both texts around their first differing character."""
    from rich.table import Table
    from rich.text import Text

    pos = common_prefix_len(old, new)
    table = Table(show_header=True, expand=True, box=None, pad_edge=False)
    table.add_column("old", ratio=1, overflow="fold")
    table.add_column("new", ratio=1, overflow="fold")
    cells = []
    for text in (old, new):
        window = _window(text, pos, context)
        start = text.find(window) if window else 0
        cell = Text(window)
        if start >= 0 and start <= pos <= start + len(window):
            cell.stylize("bold red", pos - start, len(window))
        cells.append(cell)
    table.add_row(*cells)
    return table


def render_text(diffs: list[PromptDiff], block_size: int, console) -> None:
    """Print one section per prompt, then a total line."""
    for diff in diffs:
        d = diff.divergence
        if diff.status == "identical":
            console.print(f"[green]{diff.name}[/]: identical ({d.blocks_shared} blocks shared)")
            continue
        console.print(
            f"[bold]{diff.name}[/] ({diff.status}): first divergent token "
            f"{d.first_divergent_token} (block {d.first_divergent_block}); "
            f"{d.blocks_shared} blocks shared, [red]{d.blocks_invalidated} invalidated[/] "
            f"({d.tokens_invalidated} tokens, prefill cost "
            f"{_cost(diff.prefill_cost, d.tokens_invalidated)})"
        )
        for reason in diff.reasons:
            rule = f" [{reason['rule']}]" if reason.get("rule") else ""
            console.print(f"  - {reason['message']}{rule}", markup=False, highlight=False)
        if diff.status == "changed" and diff.old_text != diff.new_text:
            console.print(side_by_side(diff.old_text, diff.new_text))
    total = sum(d.divergence.blocks_invalidated for d in diffs)
    tokens = sum(d.divergence.tokens_invalidated for d in diffs)
    cost = sum(d.prefill_cost for d in diffs)
    console.print(
        f"{len(diffs)} prompt(s), {total} block(s) of {block_size} tokens invalidated "
        f"({tokens} tokens, prefill cost {_cost(cost, tokens)})"
    )


def _cost(cost: float, tokens: int) -> str:
    """``$0.002592 at $3/M tokens``: the figure with its unit and the rate it assumes."""
    if tokens <= 0:
        return "$0"
    return f"${cost:.6g} at ${cost / tokens * 1e6:.3g}/M tokens"
