"""KVCacheManager: sequences' block tables on top of the prefix cache and its tiers.

Ownership: the manager owns every ``SeqState``; ``PrefixCache`` owns cached blocks in all tiers;
the caller (the engine) owns the KV contents of its block tables and must read
``block_table(seq_id)`` again after ``append`` (copy-on-write replaces a shared last block) and
``swap_in``. ``allocate`` / ``append`` / ``swap_in`` / ``swap_out`` raise ``NoSpace`` without
changing anything a caller can see; their ``can_*`` twins predict that exactly. All public
methods take one lock (the engine thread mutates, the HTTP thread reads ``stats``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from kvscope.backend.cache.admin import AdminOps
from kvscope.backend.cache.config import Allocation, CacheConfig, Match, NoSpace
from kvscope.backend.cache.emitter import Emitter
from kvscope.backend.cache.keys import ChainKeys, FixedKeys, SharedPrefixes
from kvscope.backend.cache.prefix_cache import DEVICE, PrefixCache
from kvscope.backend.cache.radix import TIER_NAMES, Node
from kvscope.backend.cache.sequence import SeqState
from kvscope.backend.cache.stats import Counters
from kvscope.backend.cache.swapping import SwapOps
from kvscope.backend.events import EventSink
from kvscope.backend.prefix_keys import NO_EXTRA, ExtraKeys

_BLOCK_ID = attrgetter("block_id")


class KVCacheManager(SwapOps, AdminOps):
    """Block tables, prefix sharing, eviction and tiers for one model's KV cache."""

    def __init__(
        self,
        config: CacheConfig,
        storage: Any | None = None,
        sinks: Sequence[EventSink] = (),
    ) -> None:
        config.validate()
        self.config = config
        self.block_size = config.block_size
        self._em = Emitter(sinks, config.algo, config.block_size)
        self._cache = PrefixCache(config, storage, self._em)
        self._pool = self._cache.pool
        self._storage = storage
        self._seqs: dict[str, SeqState] = {}
        self._shared = SharedPrefixes(config.block_size)
        self._caching = config.enable_prefix_caching
        self._counters = Counters()
        self._lock = threading.RLock()
        for prefix in config.shared_prefixes:
            self._shared.add(prefix)
        self._cache.restore_disk()
        for prefix in config.pinned_prefixes:
            self.pin(prefix, config.pin_extra)

    # -- keys and lookup -----------------------------------------------------------------------
    def _keys(self, tokens: Sequence[int], extra: ExtraKeys) -> ChainKeys:
        shared = 0
        if extra.salt is not None and self._shared.prefixes:
            shared = self._shared.blocks_for(tokens)
        return ChainKeys(self.block_size, extra, self.config.algo, shared, self.config.seed)

    def share_prefix(self, tokens: Sequence[int]) -> int:
        """Declare ``tokens`` a prefix every tenant shares; returns its length in blocks."""
        with self._lock:
            return self._shared.add(tokens)

    def match(self, tokens: Sequence[int], extra: ExtraKeys = NO_EXTRA) -> Match:
        """The longest cached prefix of ``tokens`` (block-aligned, never the last token)."""
        if not self._caching or len(tokens) < 2:
            return Match(0, [], [])
        limit = (len(tokens) - 1) // self.block_size
        hashes = self._keys(tokens, extra).extend(tokens, limit)
        return self.match_hashes(hashes)

    def match_hashes(self, hashes: list[bytes]) -> Match:
        """``match`` for a precomputed hash chain (every given block may match)."""
        with self._lock:
            segs, m = self._cache.tree.walk(hashes)
            tiers: list[str] = []
            for node, cnt in segs:
                tiers.extend([TIER_NAMES[node.tier]] * cnt)
            return Match(m * self.block_size, hashes[:m], tiers)

    def _lookup(self, seq: SeqState, limit: int) -> tuple[list[tuple[Node, int]], int]:
        if seq.keys is None or limit <= 0:
            return [], 0
        hashes = seq.keys.extend(seq.tokens, seq.n_tokens // self.block_size)
        return self._cache.tree.walk(hashes[:limit])

    def _plan(self, segs: list[tuple[Node, int]], total: int) -> tuple[int, int]:
        """(device blocks needed, device blocks available once the matched path is held)."""
        dev = held = 0
        for node, cnt in segs:
            if node.tier == DEVICE:
                dev += cnt
                if node.counted:
                    held += cnt
        avail = self._pool.num_free + self._cache.evictable[DEVICE] - held
        return total - dev, avail

    def _new_seq(self, seq_id, tokens, extra, sharing, tenant) -> SeqState:
        keys = self._keys(tokens, extra) if (self._caching and sharing) else None
        return SeqState(seq_id, list(tokens), len(tokens), keys, tenant)

    # -- allocation ----------------------------------------------------------------------------
    def can_allocate(
        self, tokens: Sequence[int], extra: ExtraKeys = NO_EXTRA, sharing: bool = True
    ) -> bool:
        """Whether ``allocate`` would succeed now (free + evictable + demotable blocks)."""
        with self._lock:
            seq = self._new_seq("", tokens, extra, sharing, None)
            total = -(-seq.n_tokens // self.block_size)
            segs, _ = self._lookup(seq, (seq.n_tokens - 1) // self.block_size)
            need, avail = self._plan(segs, total)
            return need <= avail

    def allocate(
        self,
        seq_id: str,
        tokens: Sequence[int],
        extra: ExtraKeys = NO_EXTRA,
        sharing: bool = True,
        tenant: str | None = None,
    ) -> Allocation:
        """Give ``seq_id`` blocks for its prompt, reusing (and promoting) its cached prefix.

        ``sharing=False``: no lookup, and its blocks are never published. Raises ``NoSpace``.
        """
        with self._lock:
            if seq_id in self._seqs:
                raise ValueError(f"sequence {seq_id!r} already has blocks; free it first")
            if not tokens:
                raise ValueError("cannot allocate an empty prompt")
            return self._allocate(self._new_seq(seq_id, tokens, extra, sharing, tenant))

    def allocate_hashes(
        self,
        seq_id: str,
        block_hashes: list[bytes],
        num_tokens: int,
        extra: ExtraKeys = NO_EXTRA,
        tenant: str | None = None,
    ) -> Allocation:
        """``allocate`` for a prompt given by its precomputed hash chain (it cannot grow).

        ``block_hashes`` must hold the keys of all ``num_tokens // block_size`` full blocks.
        """
        with self._lock:
            if seq_id in self._seqs:
                raise ValueError(f"sequence {seq_id!r} already has blocks; free it first")
            if num_tokens <= 0 or len(block_hashes) < num_tokens // self.block_size:
                raise ValueError("num_tokens must be positive and covered by block_hashes")
            keys = FixedKeys(block_hashes, extra) if self._caching else None
            return self._allocate(SeqState(seq_id, None, num_tokens, keys, tenant))

    def _allocate(self, seq: SeqState) -> Allocation:
        cache, bs = self._cache, self.block_size
        total = -(-seq.n_tokens // bs)
        segs, _ = self._lookup(seq, (seq.n_tokens - 1) // bs)
        if segs and segs[-1][1] < len(segs[-1][0]):
            cache.split(segs[-1][0], segs[-1][1])
        need, avail = self._plan(segs, total)
        if need > avail:
            raise NoSpace(
                f"{seq.seq_id}: needs {need} device blocks, {avail} can be freed; "
                "finish or preempt a sequence first"
            )
        nodes = [node for node, _ in segs]
        blocks = seq.blocks
        for node in nodes:
            if node.tier == DEVICE:
                cache.ref_all(node.locs)
                blocks.extend(node.locs)
            else:
                node.lock += 1
                cache.refresh(node)
        ok = cache.make_room(DEVICE, need)
        assert ok, "can_allocate arithmetic and eviction disagree"
        hit_by_tier = [0, 0, 0]
        hit_nodes = []
        promoted = 0
        for node in nodes:
            tier = node.tier
            if tier != DEVICE:
                got, truncated = cache.promote(node)
                promoted += got
                if got:
                    cache.ref_all(node.locs)
                    blocks.extend(node.locs)
                    hit_by_tier[tier] += got
                    hit_nodes.append((node, tier))
                if truncated:
                    break
            else:
                hit_by_tier[DEVICE] += len(node)
                hit_nodes.append((node, tier))
        hit = len(blocks)
        blocks.extend(self._pool.take_n(total - hit))
        seq.published = hit
        seq.computed = hit * bs
        self._seqs[seq.seq_id] = seq
        if seq.keys is not None:
            self._record_hit(seq, hit_nodes, hit_by_tier)
        return Allocation(list(map(_BLOCK_ID, blocks)), hit * bs, promoted)

    def _record_hit(self, seq: SeqState, hit_nodes: list, hit_by_tier: list[int]) -> None:
        cache, bs = self._cache, self.block_size
        cache.tick += 1
        for node, _ in hit_nodes:
            node.hits += 1
            cache.touch(node, seq.tenant)
        hit_tokens = sum(hit_by_tier) * bs
        self._counters.query(seq.tenant, seq.n_tokens, hit_tokens, [h * bs for h in hit_by_tier])
        if self._em.on and hit_nodes:
            for tier in range(3):
                if hit_by_tier[tier]:
                    hashes = [h for node, t in hit_nodes if t == tier for h in node.hashes]
                    self._em.hit(
                        hashes, hit_by_tier[tier] * bs, TIER_NAMES[tier], seq.tenant, seq.seq_id
                    )

    # -- growth --------------------------------------------------------------------------------
    def _seq(self, seq_id: str) -> SeqState:
        seq = self._seqs.get(seq_id)
        if seq is None:
            raise KeyError(f"unknown sequence {seq_id!r}")
        return seq

    def _append_need(self, seq: SeqState, k: int) -> int:
        bs = self.block_size
        need = -(-(seq.n_tokens + k) // bs) - len(seq.blocks)
        if k and seq.n_tokens % bs and seq.blocks[-1].ref_cnt > 1:
            need += 1
        return need

    def can_append(self, seq_id: str, num_new_tokens: int = 1) -> bool:
        with self._lock:
            seq = self._seq(seq_id)
            if seq.host_slots is not None:
                return False
            need = self._append_need(seq, num_new_tokens)
            return need <= self._pool.num_free + self._cache.evictable[DEVICE]

    def append(self, seq_id: str, new_token_ids: Sequence[int]) -> list[int]:
        """Grow ``seq_id`` by ``new_token_ids``; returns the ids of newly allocated blocks.

        A partial last block shared with a fork is copied first (copy-on-write): the table's
        last entry changes, so re-read ``block_table``.
        """
        with self._lock:
            seq = self._seq(seq_id)
            if seq.host_slots is not None:
                raise ValueError(f"sequence {seq_id!r} is swapped out; swap_in first")
            if seq.tokens is None:
                raise ValueError(f"sequence {seq_id!r} was given as hashes; it cannot grow")
            k, bs, cache = len(new_token_ids), self.block_size, self._cache
            need = self._append_need(seq, k)
            if need > self._pool.num_free + cache.evictable[DEVICE]:
                raise NoSpace(f"{seq_id}: needs {need} device blocks to grow")
            cache.make_room(DEVICE, need)
            new: list[int] = []
            if k and seq.n_tokens % bs and seq.blocks[-1].ref_cnt > 1:
                old = seq.blocks[-1]
                block = self._pool.take_n(1)[0]
                self._copy_block(old.block_id, block.block_id)
                seq.blocks[-1] = block
                cache.unref(old)
                new.append(block.block_id)
            seq.tokens.extend(new_token_ids)
            seq.n_tokens += k
            grow = -(-seq.n_tokens // bs) - len(seq.blocks)
            if grow > 0:
                fresh = self._pool.take_n(grow)
                seq.blocks.extend(fresh)
                new.extend(b.block_id for b in fresh)
            return new

    def _copy_block(self, src: int, dst: int) -> None:
        storage = self._storage
        if storage is None:
            return
        copy = getattr(storage, "copy_block", None)
        if copy is not None:
            copy(src, dst)
        else:
            storage.write_blocks([dst], storage.read_blocks([src]))

    def mark_computed(self, seq_id: str, num_computed_tokens: int) -> int:
        """KV for tokens ``[0, n)`` exists: publish newly full blocks; returns how many."""
        with self._lock:
            seq = self._seq(seq_id)
            if not 0 <= num_computed_tokens <= seq.n_tokens:
                raise ValueError(
                    f"{seq_id}: computed tokens must be within 0..{seq.n_tokens}, "
                    f"got {num_computed_tokens}"
                )
            seq.computed = num_computed_tokens
            full = num_computed_tokens // self.block_size
            if seq.keys is None or full <= seq.published or seq.host_slots is not None:
                return 0
            before = seq.published
            self._publish(seq, full)
            return full - before

    def _publish(self, seq: SeqState, full: int) -> None:
        cache, bs = self._cache, self.block_size
        hashes = seq.keys.extend(seq.tokens, full)
        segs, m = cache.tree.walk(hashes[:full])
        if segs and segs[-1][1] < len(segs[-1][0]):
            cache.split(segs[-1][0], segs[-1][1])
        parent = cache.root
        for node, _ in segs:
            if node.tier == DEVICE:
                for j, block in enumerate(node.locs):
                    pos = node.start + j
                    if pos >= seq.published and seq.blocks[pos] is not block:
                        cache.ref(block)
                        seq.shadows.append(block)
            else:
                cache.upgrade(node, seq.blocks[node.start : node.end])
            parent = node
        if m < full:
            tokens = None if seq.tokens is None else seq.tokens[m * bs : full * bs]
            cache.insert(
                parent, hashes[m:full], seq.blocks[m:full], tokens, seq.keys.extra, seq.tenant
            )
        seq.published = full

    # -- lifetime ------------------------------------------------------------------------------
    def block_table(self, seq_id: str) -> list[int]:
        with self._lock:
            return list(map(_BLOCK_ID, self._seq(seq_id).blocks))

    def num_tokens(self, seq_id: str) -> int:
        with self._lock:
            return self._seq(seq_id).n_tokens

    def has_seq(self, seq_id: str) -> bool:
        return seq_id in self._seqs

    def fork(self, parent_seq: str, child_seq: str) -> None:
        """``child_seq`` shares every block of ``parent_seq`` (refcounts rise; no copy)."""
        with self._lock:
            parent = self._seq(parent_seq)
            if child_seq in self._seqs:
                raise ValueError(f"sequence {child_seq!r} already exists")
            if parent.host_slots is not None:
                raise ValueError(f"sequence {parent_seq!r} is swapped out; swap_in first")
            child = parent.clone(child_seq)
            self._cache.ref_all(child.blocks)
            self._cache.ref_all(child.shadows)
            self._seqs[child_seq] = child

    def free(self, seq_id: str) -> None:
        """Drop the sequence's references; its cached blocks stay in the cache, evictable."""
        with self._lock:
            seq = self._seqs.pop(seq_id, None)
            if seq is None:
                raise KeyError(f"unknown sequence {seq_id!r}")
            self._release(seq)
            if seq.host_slots is not None:
                assert self._cache.host is not None
                self._cache.host.free(seq.host_slots)

    def _release(self, seq: SeqState) -> None:
        seq.blocks.reverse()  # tails first
        self._cache.unref_all(seq.blocks)
        if seq.shadows:
            self._cache.unref_all(seq.shadows)
        seq.blocks = []
        seq.shadows = []
