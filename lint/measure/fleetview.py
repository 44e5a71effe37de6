"""The routing rows of ``promptlint measure --replicas N`` as text, an HTML section, a PNG panel.

One row per (routing policy, eviction policy); one column per capacity point (per replica)
with the fleet hit rate; the load balance (max/mean requests per replica) beside it.
"""

from __future__ import annotations

import html


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _grid(rows: list[dict]) -> tuple[list[tuple[int, str]], dict[tuple[str, str], dict]]:
    caps = sorted({(r["capacity_blocks"], r["capacity"]) for r in rows})
    grid: dict[tuple[str, str], dict] = {}
    for r in rows:
        grid.setdefault((r["policy"], r["eviction"]), {})[r["capacity_blocks"]] = r
    return caps, grid


def _balance(cells: dict) -> str:
    values = sorted({round(r["load_imbalance"], 2) for r in cells.values()})
    if len(values) == 1:
        return f"{values[0]:.2f}"
    return f"{values[0]:.2f}-{values[-1]:.2f}"


def sampling_note(doc: dict) -> str | None:
    """One line on how the capacity curve was estimated, or ``None`` for the exact replay."""
    s = doc.get("capacity_sampling")
    if not s:
        return None
    share = s["sampled_blocks"] / s["blocks"] if s["blocks"] else 0.0
    raised = [p for p in s.get("points") or [] if p["rate"] != s["rate"]]
    rates = ", ".join(f"{p['capacity']} at {100 * p['rate']:.3g}%" for p in raised)
    cost = s.get("replayed_block_share")
    return (
        f"capacity curve estimated from a {100 * s['rate']:g}% spatial sample of the blocks "
        f"({s['sampled_blocks']} of {s['blocks']} block references, {100 * share:.1f}%; "
        f"{s['estimator']} estimator)"
        + (f"; small caches sampled denser: {rates}" if raised else "")
        + (f"; the replays read {100 * cost:.1f}% of the exact curve's blocks" if cost else "")
        + (f"; {s['note']}" if s.get("note") else "")
    )


def render_routing(doc: dict, console) -> None:
    """The routing table (rich), if the document has routing rows."""
    rows = doc.get("routing") or []
    if not rows:
        return
    from rich.table import Table

    caps, grid = _grid(rows)
    n = rows[0]["replicas"]
    table = Table(title=f"fleet of {n} replicas: hit rate by routing (capacity per replica)")
    table.add_column("routing")
    table.add_column("eviction")
    for blocks, label in caps:
        table.add_column(f"{label}\n{blocks} blocks", justify="right")
    table.add_column("load max/mean", justify="right")
    for (policy, eviction), cells in grid.items():
        rates = [_pct(cells[b]["hit_rate"]) if b in cells else "-" for b, _ in caps]
        table.add_row(policy, eviction, *rates, _balance(cells))
    console.print(table)


def routing_html(rows: list[dict]) -> str:
    """A section for the ``--plot`` page: grouped bars (SVG) and the table; no scripts."""
    if not rows:
        return ""
    caps, grid = _grid(rows)
    keys = list(grid)
    w, h, m = 640, 300, 50
    group = (w - 2 * m) / max(1, len(caps))
    bar = group / (len(keys) + 1)
    palette = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">',
        f'<line x1="{m}" y1="{h - m}" x2="{w - m}" y2="{h - m}" stroke="black"/>',
    ]
    for gi, (blocks, label) in enumerate(caps):
        x0 = m + gi * group
        parts.append(
            f'<text x="{x0 + group / 2 - 20:.1f}" y="{h - m + 18}">{html.escape(label)}</text>'
        )
        for ki, key in enumerate(keys):
            row = grid[key].get(blocks)
            if row is None:
                continue
            bh = row["hit_rate"] * (h - 2 * m)
            x = x0 + (ki + 0.5) * bar
            name = html.escape(f"{key[0]} ({key[1]})")
            parts.append(
                f'<rect x="{x:.1f}" y="{h - m - bh:.1f}" width="{bar * 0.9:.1f}" '
                f'height="{bh:.1f}" fill="{palette[ki % len(palette)]}">'
                f"<title>{name}: {_pct(row['hit_rate'])}, load max/mean "
                f"{row['load_imbalance']:.2f}</title></rect>"
            )
    for ki, key in enumerate(keys):
        parts.append(
            f'<text x="{w - m - 170}" y="{m - 30 + 14 * ki}" '
            f'fill="{palette[ki % len(palette)]}">{html.escape(f"{key[0]} ({key[1]})")}</text>'
        )
    parts.append("</svg>")
    head = "".join(f"<th>{html.escape(label)}</th>" for _, label in caps)
    body = ""
    for (policy, eviction), cells in grid.items():
        rates = "".join(
            f"<td>{_pct(cells[b]['hit_rate']) if b in cells else '-'}</td>" for b, _ in caps
        )
        body += (
            f"<tr><td>{html.escape(policy)}</td><td>{html.escape(eviction)}</td>{rates}"
            f"<td>{_balance(cells)}</td></tr>"
        )
    n = rows[0]["replicas"]
    return (
        f"<h2>Fleet of {n} replicas: hit rate by routing (capacity per replica)</h2>"
        + "".join(parts)
        + f"<table><tr><th>routing</th><th>eviction</th>{head}<th>load max/mean</th></tr>"
        + body
        + "</table>"
    )


def routing_axes(ax, rows: list[dict]) -> None:
    """Grouped bars of the fleet hit rate on a matplotlib axes."""
    caps, grid = _grid(rows)
    keys = list(grid)
    width = 0.8 / max(1, len(keys))
    for ki, key in enumerate(keys):
        xs = [gi + ki * width for gi in range(len(caps))]
        ys = [100 * grid[key][b]["hit_rate"] if b in grid[key] else 0.0 for b, _ in caps]
        ax.bar(xs, ys, width, label=f"{key[0]} ({key[1]})")
    ax.set_xticks([gi + 0.4 - width / 2 for gi in range(len(caps))])
    ax.set_xticklabels([label for _, label in caps])
    ax.set_xlabel(f"capacity per replica ({rows[0]['replicas']} replicas)")
    ax.set_ylabel("fleet hit rate (%)")
    ax.set_ylim(0, 100)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize="small")
