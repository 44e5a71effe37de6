"""``MemoryStorage``: a small torch-backed ``KVStorage`` (the protocol the tiers move data with).

The model runner's KV pool is the real implementation; this one holds ``[num_blocks, *row_shape]``
rows of any dtype, for tests, benchmarks and demos that exercise the host and disk tiers without
a model. Importing this module imports torch.
"""

from __future__ import annotations

import torch


class MemoryStorage:
    """Device blocks as rows of one CPU tensor."""

    def __init__(
        self, num_blocks: int, row_shape: tuple[int, ...] = (16,), dtype: torch.dtype = torch.int64
    ) -> None:
        self.data = torch.zeros((num_blocks, *row_shape), dtype=dtype)
        self.block_nbytes = self.data[0].numel() * self.data.element_size()
        self.reads = 0
        self.writes = 0

    def read_blocks(self, block_ids: list[int]) -> torch.Tensor:
        self.reads += len(block_ids)
        return self.data[torch.tensor(block_ids, dtype=torch.long)].contiguous()

    def write_blocks(self, block_ids: list[int], rows: torch.Tensor) -> None:
        if tuple(rows.shape) != (len(block_ids), *self.data.shape[1:]):
            raise ValueError(f"expected {len(block_ids)} rows of {tuple(self.data.shape[1:])}")
        self.writes += len(block_ids)
        self.data[torch.tensor(block_ids, dtype=torch.long)] = rows.to(self.data.dtype)

    def copy_block(self, src: int, dst: int) -> None:
        self.data[dst] = self.data[src]
