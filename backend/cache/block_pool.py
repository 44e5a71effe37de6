"""Device blocks and the free list.

A ``Block`` is one physical device block. The pool owns every block; a block is in exactly one
state: free (in the free list, ``ref_cnt == 0``, ``node is None``), referenced by live sequences
(``ref_cnt > 0``), or cached (``node`` is the radix node holding it; ``ref_cnt`` may be 0).
Evictable cached blocks are never in the free list: the prefix cache owns them until eviction.
"""

from __future__ import annotations

from typing import Any

from kvscope.backend.cache.free_list import IntrusiveList


class Block:
    """One device block: its id, how many live sequences use it, and its radix node if cached."""

    __slots__ = ("block_id", "next", "node", "prev", "ref_cnt")

    def __init__(self, block_id: int) -> None:
        self.block_id = block_id
        self.ref_cnt = 0
        self.node: Any = None
        self.prev: Any = None
        self.next: Any = None

    def __repr__(self) -> str:
        return f"Block({self.block_id}, ref={self.ref_cnt}, cached={self.node is not None})"


class BlockPool:
    """A fixed set of blocks and an intrusive free list (front = reused first)."""

    __slots__ = ("blocks", "free_list")

    def __init__(self, num_blocks: int) -> None:
        self.blocks = [Block(i) for i in range(num_blocks)]
        self.free_list = IntrusiveList()
        for block in self.blocks:
            self.free_list.append(block)

    @property
    def num_free(self) -> int:
        return self.free_list.size

    def take(self) -> Block:
        """A free block (the caller must have checked ``num_free``)."""
        block = self.free_list.popleft()
        if block is None:
            raise RuntimeError("block pool exhausted: check num_free before take()")
        return block

    def take_n(self, n: int) -> list[Block]:
        """``n`` free blocks, each with ``ref_cnt`` set to 1 (the caller checked ``num_free``)."""
        if n > self.free_list.size:
            raise RuntimeError("block pool exhausted: check num_free before take_n()")
        blocks = self.free_list.popleft_n(n)
        for block in blocks:
            block.ref_cnt = 1
        return blocks

    def release(self, block: Block) -> None:
        """Return an unreferenced, uncached block to the free list."""
        self.free_list.append(block)

    def release_all(self, blocks: list[Block]) -> None:
        self.free_list.extend(blocks)

    def is_free(self, block: Block) -> bool:
        return block.prev is not None
