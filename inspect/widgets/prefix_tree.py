"""Prefix tree: cached prefixes as radix edges, expandable, sortable, searchable by text.

Rebuilt at most once a second from :class:`~kvscope.inspect.tree.TreeIndex`; the expanded edges
and the cursor survive a rebuild (keyed by each edge's first block hash).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static, Tree

from kvscope.backend.prefix_keys import short
from kvscope.inspect.text import TextDecoder, one_line
from kvscope.inspect.tree import SORTS, Edge, TreeIndex

MAX_CHILDREN = 200
GUIDE = 4  # columns the tree indents per level (Textual's guide_depth)
ICON = 2  # "▶ " before an expandable node's label
# (header, width, right-aligned): the figures after the text, in the same place on every row
COLUMNS: tuple[tuple[str, int, bool], ...] = (
    ("blk", 5, True),  # blocks on this edge
    ("sub blk", 7, True),  # blocks on this edge and below
    ("tok", 6, True),  # tokens on this edge
    ("hits", 5, True),
    ("saved tok", 9, True),
    ("tier", 4, False),
    ("pin", 3, False),
    ("tenant", 8, False),
    ("age s", 5, True),
)
WIDE = 150
NARROW = 110  # below this many columns the derivable ones (tok, age s) give way to the text
TIER_STYLE = {"GPU": "green", "CPU": "blue", "DISK": "magenta"}


NO_HITS = "hits/saved n/a for this producer (its KV events carry no hits; see --metrics)"


def columns(width: int) -> tuple[tuple[str, int, bool], ...]:
    if width >= WIDE:  # room for a whole salted tenant ("salt:" + 8 hex)
        return tuple((n, 13 if n == "tenant" else w, r) for n, w, r in COLUMNS)
    if width >= NARROW:
        return COLUMNS
    return tuple(c for c in COLUMNS if c[0] not in ("tok", "age s"))


def columns_width(width: int) -> int:
    return sum(w + 1 for _, w, _ in columns(width))


def header(width: int) -> Text:
    """The column headings above the tree, aligned with ``edge_label``'s columns."""
    text_w = max(8, width - columns_width(width))
    title = "prefix text after the parent edge (… = start shared with siblings)"
    if len(title) > text_w:
        title = "prefix text (after parent edge)"
    out = Text(title[:text_w].ljust(text_w), style="bold")
    for name, w, right in columns(width):
        out.append(" " + (name.rjust(w) if right else name.ljust(w)), style="bold")
    return out


def edge_label(
    edge: Edge,
    text: str | None,
    block_size: int,
    text_width: int = 40,
    width: int = NARROW,
    hits_known: bool = True,
) -> Text:
    """One row: the edge's text in ``text_width`` columns, then the figures in fixed columns
    (those ``columns(width)`` keeps)."""
    shown = repr(one_line(text, 4 * text_width))[1:-1] if text is not None else short(edge.head)
    if len(shown) > text_width:
        shown = shown[: max(1, text_width - 1)] + "…"
    label = Text(no_wrap=True, overflow="crop")
    label.append(shown.ljust(text_width), style="italic")
    cells = {
        "blk": (f"{edge.blocks:,}", "bold"),
        "sub blk": (f"{edge.subtree_blocks:,}", "" if edge.has_children else "dim"),
        "tok": (f"{edge.blocks * block_size:,}", ""),
        "hits": (f"{edge.hits:,}" if hits_known else "n/a", "" if hits_known else "dim"),
        "saved tok": (
            f"{edge.saved_tokens:,}" if hits_known else "n/a",
            "" if hits_known else "dim",
        ),
        "tier": (edge.tier, TIER_STYLE.get(edge.tier, "")),
        "pin": ("yes" if edge.pinned else "", "bold reverse" if edge.pinned else ""),
        "tenant": (edge.tenant or "", "cyan"),
        "age s": (f"{edge.age_s:,.0f}", "dim"),
    }
    for name, w, right in columns(width):
        value, style = cells[name]
        label.append(" ")
        label.append(value[:w].rjust(w) if right else value[:w].ljust(w), style=style)
    return label


def _shared_start(texts: list[str | None]) -> int:
    """Characters every sibling's text starts with (0 for fewer than two texts)."""
    known = [t for t in texts if t]
    if len(known) < 2:
        return 0
    first, n = min(known, key=len), 0
    while n < len(first) and all(t[n] == first[n] for t in known):
        n += 1
    return n


class PrefixView(Vertical):
    DEFAULT_CSS = """
    PrefixView { height: 1fr; }
    PrefixView #px-find { display: none; }
    PrefixView.finding #px-find { display: block; }
    PrefixView #px-info { height: 1; color: $text-muted; padding: 0 1; }
    PrefixView #px-header { height: 1; background: $boost; }
    PrefixView Tree { overflow-x: hidden; }
    PrefixView Tree { height: 1fr; }
    """

    def __init__(self, decoder: TextDecoder, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.decoder = decoder
        self.sort = SORTS[0]
        self.index: TreeIndex | None = None
        self.expanded: set[Any] = set()
        self.matches: list[Any] = []
        self._built = -1
        self._built_width = 0  # rows are laid out for this width; a resize rebuilds them
        self._tails: dict[Any, Any] = {}

    def compose(self) -> ComposeResult:
        yield Input(placeholder="find a cached prefix by text, enter to search", id="px-find")
        yield Static(id="px-info")
        yield Static(id="px-header")
        tree: Tree[Any] = Tree("cache", id="px-tree")
        tree.show_root = False
        yield tree

    def update_view(self, index: TreeIndex, force: bool = False) -> None:
        self.index = index
        width = self._width()
        if not force and index.state.version == self._built and width == self._built_width:
            return
        self._built, self._built_width = index.state.version, width
        tree = self.query_one(Tree)
        cursor = tree.cursor_node.data if tree.cursor_node is not None else None
        tree.clear()
        self._tails.clear()
        self._fill(tree.root, None, depth=0)
        tree.root.expand()
        self._restore_cursor(tree, cursor)
        self.query_one("#px-header", Static).update(header(self._width()))
        st = index.state
        find = f"  find: {len(self.matches)} match(es)" if self.matches else ""
        no_hits = f"; {NO_HITS}" if st.blocks and not st.has_hits else ""
        self.query_one("#px-info", Static).update(
            f"{len(st.blocks):,} cached blocks in {len(st.roots):,} trees, sort: {self.sort} (s)"
            f"{find}{no_hits}"
        )

    def _width(self) -> int:
        tree = self.query_one(Tree)
        return max(60, tree.scrollable_content_region.width or tree.size.width or 80)

    def _fill(self, parent: Any, tail: Any, depth: int) -> None:
        assert self.index is not None
        edges = self.index.children(tail, self.sort)[:MAX_CHILDREN]
        bs = self.index.state.block_size or 0
        width = self._width()
        limit = max(64, width)
        texts = []
        for edge in edges:
            ids = self.index.chain_tokens(edge, limit=limit)
            texts.append(self.decoder.decode(ids) if ids else None)
        cut = _shared_start(texts) if tail is not None else 0
        for edge, text in zip(edges, texts, strict=True):
            if text is not None and cut:
                text = "…" + text[cut:]
            indent = GUIDE * depth + (ICON if edge.has_children else 0)
            text_w = max(8, width - columns_width(width) - indent)
            label = edge_label(edge, text, bs, text_w, width, self.index.state.has_hits)
            node = parent.add(label, data=edge.head,
                              allow_expand=edge.has_children)  # fmt: skip
            self._tails[edge.head] = edge.tail
            if edge.head in self.expanded and edge.has_children and depth < 64:
                self._fill(node, edge.tail, depth + 1)
                node.expand()
        total = len(self.index.children(tail, self.sort))
        if total > MAX_CHILDREN:
            parent.add_leaf(Text(f"… {total - MAX_CHILDREN} more", style="dim"))

    def on_resize(self, event: Any) -> None:
        """Rows are laid out for a width: lay them out again for the new one."""
        if self.index is not None:
            self.call_after_refresh(self.update_view, self.index)

    def _restore_cursor(self, tree: Tree, head: Any) -> None:
        """Back on the row it was on; on the first row when new, so Enter/Space act at once."""
        for node in _walk(tree.root):
            if head is not None and node.data == head:
                tree.move_cursor(node)
                return
        if tree.root.children and tree.cursor_node is None:
            tree.move_cursor(tree.root.children[0])

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        node = event.node
        if node.data is None or node.data in self.expanded:
            return
        self.expanded.add(node.data)
        if not node.children and self.index is not None:
            self._fill(node, self._tails.get(node.data), depth=_depth(node) + 1)

    def on_tree_node_collapsed(self, event: Tree.NodeCollapsed) -> None:
        self.expanded.discard(event.node.data)

    def cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        if self.index is not None:
            self.update_view(self.index, force=True)

    def open_find(self) -> None:
        self.add_class("finding")
        self.query_one("#px-find", Input).focus()

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.has_class("finding"):
            event.stop()
            self.remove_class("finding")
            self.query_one(Tree).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.remove_class("finding")
        self.find(event.value)
        self.query_one(Tree).focus()

    def find(self, query: str) -> list[Any]:
        """Expand the path to the first block whose text contains ``query`` and select it."""
        if self.index is None:
            return []
        self.index.refresh()
        self.matches = self.index.find(query, self.decoder.decode)
        if self.matches:
            path = self.index.path_to(self.matches[0])
            self.expanded.update(path)
            self.update_view(self.index, force=True)
            tree = self.query_one(Tree)
            target = None
            for node in _walk(tree.root):
                if node.data in path:
                    target = node  # the deepest visible edge on the path
            if target is not None:
                tree.move_cursor(target)
        else:
            self.update_view(self.index, force=True)
        return self.matches


def _depth(node: Any) -> int:
    """Levels above ``node`` below the hidden root (0 for a top-level edge)."""
    depth, up = 0, node.parent
    while up is not None and up.parent is not None:
        depth, up = depth + 1, up.parent
    return depth


def _walk(node: Any):
    for child in node.children:
        yield child
        yield from _walk(child)
