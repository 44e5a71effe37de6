"""The radix-edge index over the folded state: edges partition the cached blocks, totals add up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.events import BlockHit, BlockRemoved, BlockStored, EventBatch
from kvscope.inspect.fold import CacheState
from kvscope.inspect.tree import SORTS, TreeIndex

N = 16
# Parents always have a smaller index than children, as in a real hash chain (no cycles).
store = st.integers(1, N - 1).flatmap(
    lambda child: st.tuples(st.just("store"), st.just(child), st.none() | st.integers(0, child - 1))
)
op = st.one_of(
    store,
    st.tuples(st.just("root"), st.integers(0, N - 1)),
    st.tuples(st.just("remove"), st.integers(0, N - 1)),
    st.tuples(st.just("hit"), st.integers(0, N - 1)),
)


def _h(i: int) -> bytes:
    return bytes([i]) * 2


def _walk(index: TreeIndex, tail, seen: list) -> None:
    for edge in index.children(tail):
        h = edge.head
        for _ in range(edge.blocks):
            seen.append(h)
            kids = index.state.children.get(h)
            h = next(iter(kids)) if kids and len(kids) == 1 else None
        assert edge.has_children == bool(index.state.children.get(edge.tail))
        _walk(index, edge.tail, seen)


@given(st.lists(op, max_size=50), st.sampled_from(SORTS))
def test_edges_partition_cached_blocks_and_subtree_totals_add_up(ops, sort):
    state = CacheState()
    index = TreeIndex(state)
    for step, o in enumerate(ops):
        if o[0] == "store":
            parent = None if o[2] is None else _h(o[2])
            event = BlockStored([_h(o[1])], parent, [o[1]] * 4, 4)
        elif o[0] == "root":
            event = BlockStored([_h(o[1])], None, [o[1]] * 4, 4)
        elif o[0] == "remove":
            event = BlockRemoved([_h(o[1])])
        else:
            event = BlockHit([_h(o[1])], 4)
        state.apply(EventBatch(float(step), [event]))
        state.check_integrity()
        seen: list = []
        _walk(index, None, seen)
        # Parents can form a cycle only through re-stored hashes; with index order they cannot,
        # so every cached block is on exactly one edge.
        assert sorted(seen) == sorted(state.blocks)
        roots = index.children(None, sort)
        assert sum(e.subtree_blocks for e in roots) == len(state.blocks)
        assert sum(e.saved_tokens for e in roots) == 4 * sum(n.hits for n in state.blocks.values())
        for e in roots:
            assert index.path_to(e.head) == [e.head]


def test_find_by_text_and_chain_tokens():
    state = CacheState()
    state.apply(EventBatch(1.0, [BlockStored([b"a", b"b"], None, list(range(8)), 4),
                                 BlockStored([b"c"], b"a", [9, 9, 9, 9], 4)]))  # fmt: skip
    index = TreeIndex(state)
    (root,) = index.children(None)
    assert root.blocks == 1 and root.subtree_blocks == 3
    (b, _) = sorted(index.children(root.tail), key=lambda e: e.head)
    assert index.chain_tokens(b) == [4, 5, 6, 7]
    decode = lambda ids: " ".join(map(str, ids))  # noqa: E731
    assert index.find("9 9", decode) == [b"c"]
    assert index.find("3 4", decode) == [b"b"]  # across the block boundary with its parent
    assert index.find("", decode) == [] and index.path_to(b"c") == [b"a", b"c"]
