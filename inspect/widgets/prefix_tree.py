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


NO_HITS = "hits/saved n/a for this producer (its KV events carry no hits; see --metrics)"


def edge_label(edge: Edge, text: str | None, block_size: int, hits_known: bool = True) -> Text:
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(f"{edge.blocks}blk", style="bold")
    if edge.subtree_blocks > edge.blocks:
        label.append(f"/{edge.subtree_blocks}", style="dim")
    hits = f"hits {edge.hits} saved {edge.saved_tokens}tok" if hits_known else "hits n/a saved n/a"
    label.append(f" {edge.blocks * block_size}tok {hits} ")
    label.append(edge.tier, style={"GPU": "green", "CPU": "blue", "DISK": "magenta"}.get(edge.tier))
    if edge.pinned:
        label.append(" pinned", style="bold reverse")
    if edge.tenant:
        label.append(f" {edge.tenant}", style="cyan")
    label.append(f" {edge.age_s:.0f}s ", style="dim")
    label.append(repr(one_line(text, 60))[1:-1] if text is not None else short(edge.head),
                 style="italic")  # fmt: skip
    return label


class PrefixView(Vertical):
    DEFAULT_CSS = """
    PrefixView { height: 1fr; }
    PrefixView #px-find { display: none; }
    PrefixView.finding #px-find { display: block; }
    PrefixView #px-info { height: 1; color: $text-muted; padding: 0 1; }
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
        self._tails: dict[Any, Any] = {}

    def compose(self) -> ComposeResult:
        yield Input(placeholder="find a cached prefix by text, enter to search", id="px-find")
        yield Static(id="px-info")
        tree: Tree[Any] = Tree("cache", id="px-tree")
        tree.show_root = False
        yield tree

    def update_view(self, index: TreeIndex, force: bool = False) -> None:
        self.index = index
        if not force and index.state.version == self._built:
            return
        self._built = index.state.version
        tree = self.query_one(Tree)
        cursor = tree.cursor_node.data if tree.cursor_node is not None else None
        tree.clear()
        self._tails.clear()
        self._fill(tree.root, None, depth=0)
        tree.root.expand()
        self._restore_cursor(tree, cursor)
        st = index.state
        find = f"  find: {len(self.matches)} match(es)" if self.matches else ""
        no_hits = f"; {NO_HITS}" if st.blocks and not st.has_hits else ""
        self.query_one("#px-info", Static).update(
            f"{len(st.blocks):,} cached blocks in {len(st.roots):,} trees, sort: {self.sort} (s)"
            f"{find}{no_hits}"
        )

    def _fill(self, parent: Any, tail: Any, depth: int) -> None:
        assert self.index is not None
        edges = self.index.children(tail, self.sort)
        bs = self.index.state.block_size or 0
        for edge in edges[:MAX_CHILDREN]:
            ids = self.index.chain_tokens(edge, limit=96)
            text = self.decoder.decode(ids) if ids else None
            label = edge_label(edge, text, bs, self.index.state.has_hits)
            node = parent.add(label, data=edge.head,
                              allow_expand=edge.has_children)  # fmt: skip
            self._tails[edge.head] = edge.tail
            if edge.head in self.expanded and edge.has_children and depth < 64:
                self._fill(node, edge.tail, depth + 1)
                node.expand()
        if len(edges) > MAX_CHILDREN:
            parent.add_leaf(Text(f"… {len(edges) - MAX_CHILDREN} more", style="dim"))

    def _restore_cursor(self, tree: Tree, head: Any) -> None:
        if head is None:
            return
        for node in _walk(tree.root):
            if node.data == head:
                tree.move_cursor(node)
                return

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        node = event.node
        if node.data is None or node.data in self.expanded:
            return
        self.expanded.add(node.data)
        if not node.children and self.index is not None:
            self._fill(node, self._tails.get(node.data), depth=0)

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


def _walk(node: Any):
    for child in node.children:
        yield child
        yield from _walk(child)
