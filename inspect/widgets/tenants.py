"""Tenants: per-tenant hit rate, tokens and blocks (from BlockHit tenants and inherited salts)."""

from __future__ import annotations

from textual.widgets import DataTable

from kvscope.inspect.fold import CacheState

COLUMNS = ("tenant", "hit rate", "hit tokens", "queried tokens", "hits", "blocks")


class TenantsView(DataTable):
    DEFAULT_CSS = """
    TenantsView { height: 1fr; }
    """

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        for c in COLUMNS:
            self.add_column(c, key=c)

    def update_view(self, state: CacheState) -> None:
        rows = sorted(state.tenants.items(), key=lambda kv: (-kv[1].hit_tokens, kv[0]))
        keep = self.cursor_row
        self.clear()
        for name, t in rows:
            known = t.query_tokens and state.has_hits  # vLLM/SGLang streams carry no hits
            rate = f"{100 * t.hit_tokens / t.query_tokens:.1f}%" if known else "n/a"
            self.add_row(name, rate, f"{t.hit_tokens:,}", f"{t.query_tokens:,}", f"{t.hits:,}",
                         f"{t.blocks:,}", key=name)  # fmt: skip
        if rows:
            self.move_cursor(row=min(keep, len(rows) - 1))
