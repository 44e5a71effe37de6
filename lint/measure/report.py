"""Reporters for ``promptlint measure``: the JSON document (stable keys) and rich text."""

from __future__ import annotations

import json


def to_json(doc: dict) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render_text(doc: dict, console) -> None:
    """A human summary of the measure document."""
    from rich.table import Table

    console.print(
        f"[bold]{doc['requests']}[/] requests, {doc['prompt_tokens']} prompt tokens "
        f"(block size {doc['block_size']}, {doc['unique_blocks']} unique blocks)"
    )
    console.print(
        f"repeated prefix: {doc['repeated_prefix_tokens']} tokens = "
        f"[bold]{_pct(doc['repeated_prefix_fraction'])}[/] (block-aligned, unbounded cache)"
    )
    console.print(
        f"{doc['engine']} would serve {doc['engine_hit_tokens']} tokens from cache = "
        f"[bold]{_pct(doc['engine_hit_fraction'])}[/] (unbounded)"
    )
    if doc["skipped_lines"]:
        where = ", ".join(f"{s['file']}:{s['line']}" for s in doc["skipped"][:5])
        more = " ..." if doc["skipped_lines"] > 5 else ""
        console.print(f"[yellow]skipped {doc['skipped_lines']} line(s)[/]: {where}{more}")
    if doc["capacity_curve"]:
        table = Table(title="hit rate vs cache capacity (backend eviction code)")
        caps = sorted({(r["capacity_blocks"], r["capacity"]) for r in doc["capacity_curve"]})
        table.add_column("policy")
        for blocks, label in caps:
            table.add_column(f"{label}\n{blocks} blocks", justify="right")
        for policy in dict.fromkeys(r["policy"] for r in doc["capacity_curve"]):
            rates = {
                r["capacity_blocks"]: r["hit_rate"]
                for r in doc["capacity_curve"]
                if r["policy"] == policy
            }
            table.add_row(policy, *(_pct(rates.get(b)) for b, _ in caps))
        console.print(table)
        from kvscope.lint.measure.fleetview import render_routing, sampling_note

        if sampling_note(doc):
            console.print(sampling_note(doc))
        render_routing(doc, console)
    elif doc.get("capacity_note"):
        console.print(f"capacity curve: {doc['capacity_note']}")
    for dim in ("tenant", "route", "model"):
        rows = doc[f"by_{dim}"]
        if len(rows) < 2 and dim != "tenant":
            continue
        table = Table(title=f"by {dim}")
        for col in (dim, "requests", "prompt tokens", "repeated", "engine hits"):
            table.add_column(col, justify="left" if col == dim else "right")
        for name, r in rows.items():
            hit = r["engine_hit_tokens"] / r["prompt_tokens"] if r["prompt_tokens"] else 0.0
            table.add_row(
                name,
                str(r["requests"]),
                str(r["prompt_tokens"]),
                _pct(r["repeated_prefix_fraction"]),
                _pct(hit),
            )
        console.print(table)
    if doc["top_prefixes"]:
        table = Table(title="top shared prefixes")
        for col in ("tokens", "requests", "tokens saved", "text head"):
            table.add_column(col, justify="left" if col == "text head" else "right")
        for p in doc["top_prefixes"]:
            head = p["text_head"].replace("\n", "\\n")[:60]
            table.add_row(str(p["tokens"]), str(p["requests"]), str(p["tokens_saved"]), head)
        console.print(table)
    if doc["near_misses"]:
        table = Table(title="near misses: prefixes that differ only by a volatile value")
        for col in ("rule", "tenant", "requests", "variants", "est. tokens lost", "example"):
            left = col in ("rule", "tenant", "example")
            table.add_column(col, justify="left" if left else "right")
        for m in doc["near_misses"]:
            ex = m["example"] or {}
            table.add_row(
                f"{m['rule']} {m['rule_name']}",
                m["tenant"] or "-",
                str(m["requests"]),
                str(m["variants"]),
                str(m["estimated_tokens_lost"]),
                f"{ex.get('old', '')!r} -> {ex.get('new', '')!r}"[:70],
            )
        console.print(table)
