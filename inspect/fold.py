"""The event-folding core: block events in, the cache's current shape out. Knows nothing of widgets.

:class:`CacheState` owns everything the views read. Invariants (``check_integrity``):

- ``blocks`` holds exactly the hashes with at least one live copy; a hash stored N times on a
  medium (vLLM emits one ``BlockStored`` per physical copy) needs N ``BlockRemoved`` there to go.
- ``children[p]`` is the set of cached hashes whose parent is ``p`` (``p`` itself may be gone:
  vLLM can evict a parent before its children, and a consumer that joined late never saw it).
- ``roots`` is the set of cached hashes whose parent is ``None`` or not cached.
- The event log and the hit-rate history are capped, so memory is bounded by the cache's size.

Tier moves: kvscope's cache reports a demotion or promotion of a cached block as ``BlockRemoved``
on the old tier plus ``BlockStored`` on the new one (as vLLM's offload connectors do), so
``BlockSwapped`` and ``BlockEvicted`` only feed counters here.

Time is the producer's (``EventBatch.ts``): ``now`` is the latest batch time, so ages and rates
replay identically from a trace. Hit rate from events counts ``BlockHit`` tokens against hit plus
computed (``BlockStored``) tokens; vLLM and SGLang streams carry no hits (``has_hits`` is false),
so there it needs ``--metrics`` and per-prefix hits are not available. Their streams carry no
eviction reasons either: ``evictions_by_reason`` then counts ``BlockRemoved`` per tier (vLLM
removes a cached block only when it evicts it). SGLang's ``cache_salt`` metadata names the
blocks' tenant as ``salt:<8 hex of its sha256>`` (the salt is a secret, never shown).
"""

from __future__ import annotations

import hashlib
from collections import Counter, deque
from typing import Any

from kvscope.backend.events import (
    AllBlocksCleared,
    BlockEvicted,
    BlockHit,
    BlockPinned,
    BlockRemoved,
    BlockStored,
    BlockSwapped,
    EventBatch,
    RequestPreempted,
)
from kvscope.inspect.blocks import SLOT, TIERS, Node, TenantStats, add_copy, tier_index

_LOG_TOKENS_MAX = 1024  # a logged BlockStored keeps its tokens up to this; longer ones are cut
_LOG_TOKENS_KEPT = 64


def salt_tenant(salt: str) -> str:
    """The tenant name the inspector shows for a ``cache_salt``: stable, and not the secret."""
    return "salt:" + hashlib.sha256(salt.encode("utf-8", "replace")).hexdigest()[:8]


def _salt_of(e: BlockStored) -> str | None:
    salt = e.metadata.get("cache_salt") if e.metadata else None
    return salt if isinstance(salt, str) and salt else None


class CacheState:
    """Folds event batches into the cache's current state. Single-threaded: one owner applies."""

    def __init__(self, log_size: int = 5_000, history: int = 600, bucket_s: float = 1.0) -> None:
        self.blocks: dict[Any, Node] = {}
        self.children: dict[Any, set[Any]] = {}
        self.roots: set[Any] = set()
        self.log: deque[tuple[float, Any]] = deque(maxlen=log_size)
        self.history: deque[list[float]] = deque(maxlen=history)  # [bucket, hit, query]
        self.bucket_s = bucket_s
        self.tenants: dict[str, TenantStats] = {}
        self.counts: Counter[str] = Counter()  # events by type
        self.evictions: Counter[str] = Counter()  # blocks by reason
        self.removals: Counter[str] = Counter()  # BlockRemoved blocks by tier
        self.swaps: Counter[str] = Counter()  # blocks by "GPU->CPU"
        self.preemptions: Counter[str] = Counter()  # requests by mode
        self.hit_tokens = 0
        self.stored_tokens = 0
        self.unknown_removals = 0
        self.block_size: int | None = None
        self.now = 0.0
        self.first_ts: float | None = None
        self.batches = 0
        self.version = 0
        self._apply = {
            BlockStored: self._stored,
            BlockRemoved: self._removed,
            AllBlocksCleared: self._cleared,
            BlockHit: self._hit,
            BlockEvicted: self._evicted,
            BlockSwapped: self._swapped,
            BlockPinned: self._pinned,
            RequestPreempted: self._preempted,
        }

    def apply(self, batch: EventBatch) -> None:
        """Fold one batch (events in order)."""
        ts = batch.ts
        if self.first_ts is None:
            self.first_ts = ts
        if ts > self.now:
            self.now = ts
        self.batches += 1
        self.version += 1
        table, log, counts = self._apply, self.log, self.counts
        for event in batch.events:
            fn = table.get(type(event))
            if fn is None:
                continue
            counts[event.TYPE] += 1
            fn(event, ts)
            if type(event) is BlockStored and len(event.token_ids) > _LOG_TOKENS_MAX:
                event = BlockStored(event.block_hashes, event.parent_block_hash,
                                    event.token_ids[:_LOG_TOKENS_KEPT], event.block_size,
                                    medium=event.medium)  # fmt: skip
            log.append((ts, event))

    def _bucket(self, ts: float) -> list[float]:
        b = float(int(ts // self.bucket_s))
        hist = self.history
        if not hist or b > hist[-1][0]:
            hist.append([b, 0, 0])
        return hist[-1]

    def _tenant(self, name: str) -> TenantStats:
        t = self.tenants.get(name)
        if t is None:
            t = self.tenants[name] = TenantStats()
        return t

    def _stored(self, e: BlockStored, ts: float) -> None:
        bs = e.block_size
        self.block_size = bs
        ti = tier_index(e.medium)
        toks = e.token_ids
        aligned = len(toks) == len(e.block_hashes) * bs
        parent = e.parent_block_hash
        blocks, children, roots = self.blocks, self.children, self.roots
        pnode = blocks.get(parent) if parent is not None else None
        salt = _salt_of(e)
        tenant = salt_tenant(salt) if salt else pnode.tenant if pnode is not None else None
        new_tokens = 0
        for i, h in enumerate(e.block_hashes):
            node = blocks.get(h)
            if node is None:
                node = Node(h, parent, toks if aligned else None, i * bs, ts)
                node.tenant = tenant
                blocks[h] = node
                if parent is not None:
                    sib = children.get(parent)
                    if sib is None:
                        children[parent] = {h}
                    else:
                        sib.add(h)
                if pnode is None:
                    roots.add(h)
                orphans = children.get(h)
                if orphans:
                    roots.difference_update(orphans)
                if tenant is not None:
                    self._tenant(tenant).blocks += 1
            if ti == 0:
                node.c0 += 1
            else:
                add_copy(node, ti, 1)
            node.last_used = ts
            new_tokens += bs
            parent, pnode, tenant = h, node, node.tenant
        self.stored_tokens += new_tokens
        self._bucket(ts)[2] += new_tokens
        if tenant is not None:
            self._tenant(tenant).query_tokens += new_tokens

    def _drop(self, node: Node) -> None:
        h = node.hash
        del self.blocks[h]
        self.roots.discard(h)
        sib = self.children.get(node.parent)
        if sib is not None:
            sib.discard(h)
            if not sib:
                del self.children[node.parent]
        orphans = self.children.get(h)
        if orphans:
            self.roots.update(orphans)
        if node.tenant is not None:
            self._tenant(node.tenant).blocks -= 1

    def _removed(self, e: BlockRemoved, ts: float) -> None:
        ti = tier_index(e.medium)
        self.removals[TIERS[ti]] += len(e.block_hashes)
        for h in e.block_hashes:
            node = self.blocks.get(h)
            if node is None or not getattr(node, SLOT[ti]):
                self.unknown_removals += 1
                continue
            add_copy(node, ti, -1)
            if not (node.c0 or node.c1 or node.c2 or node.c3):
                self._drop(node)

    def _cleared(self, e: AllBlocksCleared, ts: float) -> None:
        self.blocks.clear()
        self.children.clear()
        self.roots.clear()
        for t in self.tenants.values():
            t.blocks = 0

    def _hit(self, e: BlockHit, ts: float) -> None:
        blocks = self.blocks
        tenant = e.tenant
        for h in e.block_hashes:
            node = blocks.get(h)
            if node is not None:
                node.hits += 1
                node.last_used = ts
                if node.tenant is None and tenant is not None:
                    node.tenant = tenant
                    self._tenant(tenant).blocks += 1
        self.hit_tokens += e.num_tokens
        bucket = self._bucket(ts)
        bucket[1] += e.num_tokens
        bucket[2] += e.num_tokens
        if tenant is not None:
            t = self._tenant(tenant)
            t.hits += 1
            t.hit_tokens += e.num_tokens
            t.query_tokens += e.num_tokens

    def _evicted(self, e: BlockEvicted, ts: float) -> None:
        self.evictions[e.reason] += len(e.block_hashes)

    def _swapped(self, e: BlockSwapped, ts: float) -> None:
        # Counted only: a cached block's tier move also arrives as BlockRemoved(src) +
        # BlockStored(dst), and a preemption swap moves a request's private KV, not cache copies.
        src, dst = tier_index(e.from_tier), tier_index(e.to_tier)
        self.swaps[f"{TIERS[src]}->{TIERS[dst]}"] += len(e.block_hashes)

    def _pinned(self, e: BlockPinned, ts: float) -> None:
        for h in e.block_hashes:
            node = self.blocks.get(h)
            if node is not None:
                node.pinned = e.pinned

    def _preempted(self, e: RequestPreempted, ts: float) -> None:
        self.preemptions[e.mode] += 1

    def hit_rate(self, window_s: float = 10.0) -> float | None:
        """Hit tokens / queried tokens over the last ``window_s`` of producer time."""
        start = (self.now - window_s) // self.bucket_s
        hit = query = 0
        for b, h, q in reversed(self.history):
            if b <= start:
                break
            hit += h
            query += q
        return hit / query if query and self.counts["BlockHit"] else None

    @property
    def has_hits(self) -> bool:
        """Whether the producer reports hits (kvscope does; vLLM and SGLang streams do not)."""
        return self.counts["BlockHit"] > 0

    def evictions_by_reason(self) -> dict[str, int]:
        """Evicted blocks by reason; for a producer that sends no reasons (vLLM, SGLang), blocks
        removed per tier (``"removed from GPU"``), since such a producer removes only to evict."""
        if self.evictions or self.counts["BlockEvicted"]:
            return dict(self.evictions)
        return {f"removed from {tier}": n for tier, n in self.removals.items()}

    def blocks_by_tier(self) -> Counter[str]:
        """Cached block copies per tier, plus ``pinned`` (blocks)."""
        out: Counter[str] = Counter()
        for node in self.blocks.values():
            for tier, n in node.copies.items():
                out[tier] += n
            if node.pinned:
                out["pinned"] += 1
        return out

    def check_integrity(self) -> None:
        """Raise AssertionError if the invariants in the module docstring do not hold."""
        kids: dict[Any, set[Any]] = {}
        for h, node in self.blocks.items():
            assert node.hash == h and node.copies and min(node.c0, node.c1, node.c2, node.c3) >= 0
            if node.parent is not None:
                kids.setdefault(node.parent, set()).add(h)
        assert kids == self.children, "children index out of sync"
        roots = {
            h for h, n in self.blocks.items() if n.parent is None or n.parent not in self.blocks
        }
        assert roots == self.roots, "roots out of sync"
        for name, t in self.tenants.items():
            assert t.blocks == sum(1 for n in self.blocks.values() if n.tenant == name), name
