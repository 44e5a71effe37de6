"""An intrusive doubly linked list: O(1) append, pop from the front and removal from the middle.

Items carry their own ``prev`` / ``next`` attributes (no per-item allocation); a fake head and
tail remove every "is this the end" branch. An item is in a list iff its ``prev`` is not None.
One list owns an item at a time; the list never inspects anything but the links.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class _End:
    __slots__ = ("next", "prev")

    def __init__(self) -> None:
        self.prev: Any = None
        self.next: Any = None


class IntrusiveList:
    """FIFO of linked items: the front is the oldest append."""

    __slots__ = ("_head", "_tail", "size")

    def __init__(self) -> None:
        self._head = _End()
        self._tail = _End()
        self._head.next = self._tail
        self._tail.prev = self._head
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def append(self, item: Any) -> None:
        tail = self._tail
        last = tail.prev
        item.prev = last
        item.next = tail
        last.next = item
        tail.prev = item
        self.size += 1

    def appendleft(self, item: Any) -> None:
        head = self._head
        first = head.next
        item.prev = head
        item.next = first
        first.prev = item
        head.next = item
        self.size += 1

    def popleft(self) -> Any | None:
        item = self._head.next
        if item is self._tail:
            return None
        self.remove(item)
        return item

    def popleft_n(self, n: int) -> list[Any]:
        """The ``n`` front items, unlinked in one splice (the caller checked ``size``)."""
        assert 0 <= n <= self.size, "popleft_n past the end"
        out = []
        head = self._head
        item = head.next
        for _ in range(n):
            out.append(item)
            nxt = item.next
            item.prev = item.next = None
            item = nxt
        head.next = item
        item.prev = head
        self.size -= n
        return out

    def extend(self, items: list[Any]) -> None:
        """Append ``items`` in order."""
        tail = self._tail
        last = tail.prev
        for item in items:
            item.prev = last
            last.next = item
            last = item
        last.next = tail
        tail.prev = last
        self.size += len(items)

    def remove(self, item: Any) -> None:
        """Unlink ``item`` (which must be in this list) in O(1)."""
        item.prev.next = item.next
        item.next.prev = item.prev
        item.prev = item.next = None
        self.size -= 1

    def __iter__(self) -> Iterator[Any]:
        item = self._head.next
        while item is not self._tail:
            nxt = item.next
            yield item
            item = nxt
