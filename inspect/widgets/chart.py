"""A sparkline with an axis: fixed range, labelled top and bottom, time span underneath.

Textual's ``Sparkline`` scales bars to the data's own min..max, so 68 -> 22 -> 70 % looks like
0 -> 100 -> 0 of nothing in particular. Here the range is fixed (0-100 % for ratios) or starts
at zero (latency, queue), every row has its level, and the last value is printed beside it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

BARS = " ▁▂▃▄▅▆▇█"


def chart(
    values: list[float | None],
    height: int,
    lo: float,
    hi: float,
    fmt: Callable[[float], str],
    span: str,
    style: str = "cyan",
    level_style: Callable[[float], str] | None = None,
) -> Text:
    """``height`` rows of bars for ``values`` (one column each, ``None`` = no data) on
    ``[lo, hi]``, a y-axis labelled with ``fmt``, and ``span`` (e.g. "last 10 m") below."""
    height = max(1, height)
    top, bottom = fmt(hi), fmt(lo)
    pad = max(len(top), len(bottom))
    rng = (hi - lo) or 1.0
    out = Text(no_wrap=True, overflow="crop")
    for row in range(height):
        label = top if row == 0 else bottom if row == height - 1 else ""
        out.append(f"{label:>{pad}} ┤" if label else f"{'':>{pad}} │", style="dim")
        floor = (height - 1 - row) / height  # this row covers [floor, floor + 1/height)
        for v in values:
            if v is None:
                out.append("·" if row == height - 1 else " ", style="grey30")
                continue
            frac = min(1.0, max(0.0, (v - lo) / rng))
            fill = (frac - floor) * height
            glyph = BARS[-1] if fill >= 1 else BARS[max(0, round(fill * 8))] if fill > 0 else " "
            out.append(glyph, style=level_style(v) if level_style else style)
        out.append("\n")
    width = len(values)
    right = "now"
    left = span
    gap = max(1, width - len(left) - len(right))
    out.append(" " * (pad + 2) + left + " " * gap + right, style="dim")
    return out


def last(values: list[float | None]) -> float | None:
    return next((v for v in reversed(values) if v is not None), None)


def axis_max(values: list[float | None], floor: float) -> float:
    """A round top for a zero-based axis that holds every value (at least ``floor``)."""
    peak = max((v for v in values if v is not None), default=0.0)
    top = max(peak, floor)
    candidates = sorted(step * 10.0**exp for step in (1, 2, 2.5, 5) for exp in range(-3, 7))
    return next((c for c in candidates if c >= top), top)
