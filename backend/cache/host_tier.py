"""The host tier: a fixed number of RAM block slots, and (given data) one torch tensor pool.

Slots are plain ints handed out from a free stack. The tensor pool ``[capacity, *block_shape]``
is created on the first write, from the shape and dtype the device storage returned, so this
module imports torch only when block contents actually move (bookkeeping-only runs never do).
The prefix cache owns slots of cached nodes; the manager owns slots of swapped-out sequences.
"""

from __future__ import annotations

from typing import Any


class HostTier:
    """``capacity`` slots; ``read`` / ``write`` move block rows in and out of the RAM pool."""

    __slots__ = ("_free", "capacity", "data")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._free = list(range(capacity - 1, -1, -1))
        self.data: Any = None

    @property
    def num_free(self) -> int:
        return len(self._free)

    def alloc(self, n: int) -> list[int]:
        if n > len(self._free):
            raise RuntimeError("host tier exhausted: make room before alloc()")
        out = self._free[-n:] if n else []
        del self._free[len(self._free) - n :]
        out.reverse()
        return out

    def free(self, slots: list[int]) -> None:
        self._free.extend(reversed(slots))

    def free_slots(self) -> set[int]:
        return set(self._free)

    def write(self, slots: list[int], rows: Any) -> None:
        """Store block rows (a tensor ``[len(slots), *block_shape]``) in ``slots``."""
        if rows is None or not slots:
            return
        if self.data is None or tuple(self.data.shape[1:]) != tuple(rows.shape[1:]):
            import torch

            self.data = torch.empty((self.capacity, *rows.shape[1:]), dtype=rows.dtype)
        import torch

        self.data.index_copy_(0, torch.tensor(slots, dtype=torch.long), rows.to(self.data.dtype))

    def read(self, slots: list[int]) -> Any:
        """Block rows of ``slots`` (a new contiguous CPU tensor), or None without data."""
        if self.data is None or not slots:
            return None
        import torch

        return self.data.index_select(0, torch.tensor(slots, dtype=torch.long)).contiguous()
