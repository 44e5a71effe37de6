"""Pins, reset and introspection of the manager (a ``KVCacheManager`` part)."""

from __future__ import annotations

from collections.abc import Sequence

from kvscope.backend.cache.prefix_cache import DEVICE
from kvscope.backend.cache.stats import CacheStats, PrefixInfo, build_stats, top_nodes
from kvscope.backend.prefix_keys import NO_EXTRA, ExtraKeys


class AdminOps:
    """Mixed into ``KVCacheManager``."""

    def pin(self, tokens: Sequence[int], extra: ExtraKeys = NO_EXTRA) -> int:
        """Never evict the full blocks of ``tokens`` (now, or once computed); pins count
        against capacity. Returns how many of its blocks are cached now."""
        with self._lock:
            hashes = self._keys(tokens, extra).extend(tokens, len(tokens) // self.block_size)
            return self._cache.pin(hashes) if hashes else 0

    def unpin(self, tokens: Sequence[int], extra: ExtraKeys = NO_EXTRA) -> None:
        """Undo one ``pin`` of the same tokens and extra keys."""
        with self._lock:
            hashes = self._keys(tokens, extra).extend(tokens, len(tokens) // self.block_size)
            if hashes:
                self._cache.unpin(hashes)

    def evict(self, num_blocks: int, tier: str = "GPU") -> int:
        """Evict (demote or drop) up to ``num_blocks`` cached blocks of ``tier`` by its policy;
        returns how many of its blocks became free."""
        from kvscope.backend.cache.radix import TIER_NAMES

        if tier not in TIER_NAMES:
            raise ValueError(f"unknown tier {tier!r}; choose one of {', '.join(TIER_NAMES)}")
        with self._lock:
            index, cache = TIER_NAMES.index(tier), self._cache
            if index and (cache.host if index == 1 else cache.disk) is None:
                return 0
            before = cache.num_free(index)
            cache.make_room(index, before + max(num_blocks, 0))
            return cache.num_free(index) - before

    def reset(self) -> None:
        """Forget every cached block in every tier (``AllBlocksCleared``); live sequences keep
        their blocks, now private, and publish them again as they compute."""
        with self._lock:
            for seq in self._seqs.values():
                for block in seq.shadows:
                    self._cache.unref(block)
                seq.shadows = []
                seq.published = 0
            self._cache.reset()

    def close(self) -> None:
        """Release files (the disk tier's manifest) and close nothing else."""
        with self._lock:
            if self._cache.disk is not None:
                self._cache.disk.close()

    # -- introspection -------------------------------------------------------------------------
    @property
    def num_free_blocks(self) -> int:
        return self._pool.num_free

    @property
    def num_evictable_blocks(self) -> int:
        return self._cache.evictable[DEVICE]

    @property
    def usage(self) -> float:
        """Device blocks neither free nor evictable (in use or pinned), as a fraction."""
        total = self.config.num_blocks
        return (total - self._pool.num_free - self._cache.evictable[DEVICE]) / total

    @property
    def num_seqs(self) -> int:
        return len(self._seqs)

    def stats(self) -> CacheStats:
        with self._lock:
            return build_stats(self)

    def top_prefixes(self, n: int = 10) -> list[PrefixInfo]:
        """The hottest cached prefixes: hits, tokens, tenants, tier, first token ids."""
        with self._lock:
            return top_nodes(self._cache, n)

    def check_integrity(self) -> None:
        """Raise ``AssertionError`` naming the first broken invariant."""
        from kvscope.backend.cache.integrity import check

        with self._lock:
            check(self)
