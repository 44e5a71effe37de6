"""Snapshots of every view's figures, for scripts and bug reports.

``kvscope-inspect --once --format json`` prints ``snapshot(app)`` and exits; ``e`` in the app
writes the same document plus the hit-rate history as CSV (``write_export``). The document is
plain JSON: figures as numbers, text as strings, no widget state.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from kvscope.backend.prefix_keys import short
from kvscope.inspect.tree import TreeIndex
from kvscope.inspect.widgets.overview import panels

TOP_PREFIXES = 50
SCHEMA = "kvscope-inspect/snapshot/1"


def _plain(value: Any) -> str:
    if isinstance(value, Text):
        return value.plain
    return str(value)


def snapshot(app: Any) -> dict[str, Any]:
    """Every view's figures now: overview panels, alert verdicts, prefixes, blocks, tenants,
    events, fleet and the sources' statuses."""
    from kvscope.inspect.thresholds import verdicts

    inp = app.overview_inputs()
    st = app.state
    overview = {}
    for name, (rows, _series) in panels(inp).items():
        overview[name] = [[label, _plain(value)] for label, value in rows]
    th = app.thresholds
    figures = inp.figures
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "producer_time": st.now,
        "sources": {n: {"level": lv, "text": tx} for n, (lv, tx) in app.feed.statuses.items()},
        "overview": overview,
        "figures": {
            "hit_rate_events": st.hit_rate(),
            "hit_rate_metrics": app.metrics.hit_rate if app.metrics is not None else None,
            "baseline_hit_rate": figures.baseline_hit_rate if figures else None,
            "ttft_p95_s": figures.ttft_p95_s if figures else None,
            "usage": figures.usage if figures else None,
        },
        "thresholds": None if th is None else {
            "source": th.source,
            "hit_drop_factor": th.hit_drop_factor,
            "baseline_window": th.baseline_window,
            "ttft_slo_s": th.ttft_slo_s,
            "usage_pinned": th.usage_pinned,
        },
        "would_fire": verdicts(th, figures) if th is not None and figures is not None else [],
        "prefixes": _prefixes(app),
        "blocks": {
            "cached": len(st.blocks),
            "copies_by_tier": dict(st.blocks_by_tier()),
            "free_gpu": app._free_blocks(),
        },
        "tenants": [
            {
                "tenant": name,
                "hit_rate": t.hit_tokens / t.query_tokens if t.query_tokens else None,
                "hit_tokens": t.hit_tokens,
                "query_tokens": t.query_tokens,
                "hits": t.hits,
                "blocks": t.blocks,
            }
            for name, t in sorted(st.tenants.items())
        ],
        "events": {
            "by_type": dict(st.counts),
            "batches": st.batches,
            "unknown_removals": st.unknown_removals,
            "evictions": dict(st.evictions),
            "preemptions": dict(st.preemptions),
            "swaps": dict(st.swaps),
        },
        "fleet": app.fleet_rows() if hasattr(app, "fleet_rows") else [],
    }  # fmt: skip
    return doc


def _prefixes(app: Any) -> list[dict[str, Any]]:
    index = TreeIndex(app.state)
    bs = app.state.block_size or 0
    out = []
    for edge in index.children(None, "hits")[:TOP_PREFIXES]:
        ids = index.chain_tokens(edge, limit=64)
        out.append({
            "head": short(edge.head), "blocks": edge.blocks, "subtree_blocks": edge.subtree_blocks,
            "tokens": edge.blocks * bs, "hits": edge.hits, "saved_tokens": edge.saved_tokens,
            "tier": edge.tier, "pinned": edge.pinned, "tenant": edge.tenant,
            "age_s": round(edge.age_s, 3), "text": app.decoder.decode(ids) if ids else None,
        })  # fmt: skip
    return out


def hit_rate_series(app: Any) -> str:
    return "hit_rate_metrics" if app.metrics is not None else "hit_rate_events"


def write_export(app: Any, directory: str | Path) -> list[Path]:
    """Write ``kvscope-inspect-<time>.json`` and ``...-hit-rate.csv`` into ``directory``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    doc_path = out / f"kvscope-inspect-{stamp}.json"
    csv_path = out / f"kvscope-inspect-{stamp}-hit-rate.csv"
    doc_path.write_text(json.dumps(snapshot(app), indent=2, default=str) + "\n")
    csv_path.write_text(app.history.to_csv(hit_rate_series(app)))
    return [doc_path, csv_path]


def render_text(doc: dict[str, Any], width: int = 100) -> str:
    """The snapshot as a short plain-text report (``--once`` without ``--format json``)."""
    console = Console(width=width, record=True, file=None, force_terminal=False, markup=False)
    with console.capture() as cap:
        for name, rows in doc["overview"].items():
            console.print(name.upper())
            for label, value in rows:
                console.print(f"  {label:<20} {value}")
        console.print("ALERTS")
        for line in doc["would_fire"] or ["none would fire"]:
            console.print(f"  {line}")
        console.print("SOURCES")
        for name, status in doc["sources"].items():
            console.print(f"  {name:<20} {status['level']}: {status['text']}")
    return cap.get()
