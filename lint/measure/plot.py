"""The capacity curve as a PNG (matplotlib, imported only here) or a self-contained HTML page."""

from __future__ import annotations

import html
from pathlib import Path

COLORS = {"lru": "#1f77b4", "gdsf": "#d62728"}


def _series(curve: list[dict]) -> dict[str, list[tuple[int, float]]]:
    out: dict[str, list[tuple[int, float]]] = {}
    for row in curve:
        out.setdefault(row["policy"], []).append((row["capacity_blocks"], row["hit_rate"]))
    return {k: sorted(v) for k, v in out.items()}


def write_png(
    curve: list[dict], unbounded: float, path: Path, routing: list[dict] | None = None
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if routing:
        from kvscope.lint.measure.fleetview import routing_axes

        fig, (ax, fleet_ax) = plt.subplots(2, 1, figsize=(7, 8.4), dpi=100)
        routing_axes(fleet_ax, routing)
    else:
        fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    for policy, pts in _series(curve).items():
        ax.plot(
            [p[0] for p in pts],
            [100 * p[1] for p in pts],
            marker="o",
            label=policy,
            color=COLORS.get(policy),
        )
    ax.axhline(100 * unbounded, linestyle="--", color="gray", label="unbounded")
    ax.set_xscale("log")
    ax.set_xlabel("cache capacity (blocks)")
    ax.set_ylabel("hit rate (% of prompt tokens)")
    ax.set_ylim(0, 100)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_html(
    curve: list[dict], unbounded: float, path: Path, routing: list[dict] | None = None
) -> None:
    """An inline-SVG line chart (and the fleet's routing section); no scripts, no network."""
    import math

    w, h, m = 640, 360, 50
    series = _series(curve)
    xs = [p[0] for pts in series.values() for p in pts] or [1]
    lo, hi = math.log10(min(xs)), math.log10(max(xs))
    span = (hi - lo) or 1.0

    def sx(b: int) -> float:
        return m + (math.log10(b) - lo) / span * (w - 2 * m)

    def sy(r: float) -> float:
        return h - m - r * (h - 2 * m)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">',
        f'<line x1="{m}" y1="{h - m}" x2="{w - m}" y2="{h - m}" stroke="black"/>',
        f'<line x1="{m}" y1="{m}" x2="{m}" y2="{h - m}" stroke="black"/>',
        f'<line x1="{m}" y1="{sy(unbounded):.1f}" x2="{w - m}" y2="{sy(unbounded):.1f}" '
        'stroke="gray" stroke-dasharray="4"/>',
    ]
    for i, (policy, pts) in enumerate(series.items()):
        color = COLORS.get(policy, "black")
        coords = " ".join(f"{sx(b):.1f},{sy(r):.1f}" for b, r in pts)
        parts.append(f'<polyline fill="none" stroke="{color}" points="{coords}"/>')
        for b, r in pts:
            parts.append(
                f'<circle cx="{sx(b):.1f}" cy="{sy(r):.1f}" r="3" fill="{color}">'
                f"<title>{html.escape(policy)}: {b} blocks, {100 * r:.1f}%</title>"
                "</circle>"
            )
        parts.append(
            f'<text x="{w - m - 60}" y="{m + 15 * i}" fill="{color}">{html.escape(policy)}</text>'
        )
    parts.append(f'<text x="{w / 2 - 70}" y="{h - 10}">cache capacity (blocks, log)</text>')
    parts.append(f'<text x="5" y="{m - 10}">hit rate (0-100%)</text></svg>')
    rows = "".join(
        f"<tr><td>{html.escape(r['policy'])}</td><td>{r['capacity_blocks']}</td>"
        f"<td>{100 * r['hit_rate']:.1f}%</td></tr>"
        for r in curve
    )
    page = (
        "<!doctype html><meta charset='utf-8'><title>promptlint measure: capacity curve"
        "</title><h1>Hit rate vs cache capacity</h1>"
        + "".join(parts)
        + "<table><tr><th>policy</th><th>blocks</th><th>hit rate</th></tr>"
        + rows
        + "</table>"
    )
    if routing:
        from kvscope.lint.measure.fleetview import routing_html

        page += routing_html(routing)
    path.write_text(page, encoding="utf-8")


def write_plot(
    curve: list[dict], unbounded: float, path: str, routing: list[dict] | None = None
) -> None:
    """Write ``path`` (``.png`` or ``.html``); raises ``ValueError`` for other suffixes."""
    p = Path(path)
    if p.suffix.lower() == ".png":
        write_png(curve, unbounded, p, routing)
    elif p.suffix.lower() in (".html", ".htm"):
        write_html(curve, unbounded, p, routing)
    else:
        raise ValueError(f"--plot {path}: use a .png or .html file name")
