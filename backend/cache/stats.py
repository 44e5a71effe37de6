"""Counters and read-only views of the cache: ``CacheStats`` and ``PrefixInfo``.

Token counters follow vLLM's semantics (query tokens = prompt tokens looked up; hit tokens =
tokens whose KV was reused, from any tier) so rates compare across engines. Tenant dictionaries
are keyed by the tenant given to ``allocate`` (``None`` is reported as ``""``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from kvscope.backend.cache.radix import TIER_NAMES

if TYPE_CHECKING:
    from kvscope.backend.cache.prefix_cache import PrefixCache

FIRST_TOKENS = 32


class Counters:
    """Monotonic counters the manager bumps."""

    __slots__ = (
        "hit_tokens",
        "hit_tokens_by_tenant",
        "hit_tokens_by_tier",
        "query_tokens",
        "query_tokens_by_tenant",
        "requests",
        "swaps",
    )

    def __init__(self) -> None:
        self.query_tokens = 0
        self.hit_tokens = 0
        self.requests = 0
        self.hit_tokens_by_tier = [0, 0, 0]
        self.query_tokens_by_tenant: dict[str, int] = {}
        self.hit_tokens_by_tenant: dict[str, int] = {}
        self.swaps = {"out": 0, "in": 0}

    def query(self, tenant: str | None, query: int, hit: int, by_tier: list[int]) -> None:
        self.requests += 1
        self.query_tokens += query
        self.hit_tokens += hit
        for i, v in enumerate(by_tier):
            self.hit_tokens_by_tier[i] += v
        key = tenant or ""
        self.query_tokens_by_tenant[key] = self.query_tokens_by_tenant.get(key, 0) + query
        self.hit_tokens_by_tenant[key] = self.hit_tokens_by_tenant.get(key, 0) + hit

    def swap(self, direction: str, n: int) -> None:
        self.swaps[direction] += n


class TierBlocks(NamedTuple):
    """Blocks of one tier by state; ``used + cached + free == total``.

    ``used``: referenced by live (or swapped-out) sequences; ``cached``: in the prefix cache and
    unreferenced; ``evictable``: cached and not pinned; ``pinned`` overlaps used and cached.
    """

    total: int
    used: int
    cached: int
    evictable: int
    pinned: int
    free: int


class CacheStats(NamedTuple):
    """A snapshot of the cache (``to_dict()`` gives plain JSON-able data).

    ``swaps``: blocks moved down (``out``: demotions and sequence swap-outs) or up (``in``:
    promotions and swap-ins) between tiers; ``seq_swaps``: the sequence swaps alone; ``moves``:
    blocks by ``"FROM->TO"`` tier pair; ``evictions``: blocks leaving a tier by tier and reason
    (``demoted``, ``capacity`` = dropped for room, ``corrupt`` = failed disk check).
    """

    block_size: int
    policy: str
    tiers: dict[str, TierBlocks]
    usage: float
    num_seqs: int
    requests: int
    query_tokens: int
    hit_tokens: int
    hit_rate: float
    hit_tokens_by_tier: dict[str, int]
    query_tokens_by_tenant: dict[str, int]
    hit_tokens_by_tenant: dict[str, int]
    evictions: dict[str, dict[str, int]]
    swaps: dict[str, int]
    seq_swaps: dict[str, int]
    moves: dict[str, int]
    disk_discarded_at_start: int

    def to_dict(self) -> dict[str, Any]:
        out = self._asdict()
        out["tiers"] = {name: t._asdict() for name, t in self.tiers.items()}
        return out


class PrefixInfo(NamedTuple):
    """One cached prefix (a radix node and the path to it)."""

    block_hash: str
    depth_tokens: int
    num_blocks: int
    hits: int
    hit_tokens: int
    tenants: tuple[str, ...]
    tier: str
    pinned: bool
    last_access: int
    first_token_ids: list[int]


def build_stats(mgr: Any) -> CacheStats:
    cache = mgr._cache
    c = mgr._counters
    tiers: dict[str, TierBlocks] = {}
    device_total = mgr.config.num_blocks
    free = cache.pool.num_free
    idle = sum(len(x) for x in cache.tree.nodes() if x.tier == 0 and x.nref == 0)
    tiers["GPU"] = TierBlocks(
        device_total,
        device_total - free - idle,
        idle,
        cache.evictable[0],
        cache.pinned_blocks[0],
        free,
    )
    if cache.host is not None:
        host = cache.host
        cached = cache.cached[1]
        used = host.capacity - host.num_free - cached
        tiers["CPU"] = TierBlocks(
            host.capacity, used, cached, cache.evictable[1], cache.pinned_blocks[1], host.num_free
        )
    if cache.disk is not None:
        disk = cache.disk
        tiers["DISK"] = TierBlocks(
            disk.capacity, 0, cache.cached[2], cache.evictable[2], cache.pinned_blocks[2],
            disk.num_free,
        )  # fmt: skip
    swaps = dict(c.swaps)
    for move, n in cache.moves.items():
        src, dst = move.split("->")
        swaps["out" if TIER_NAMES.index(src) < TIER_NAMES.index(dst) else "in"] += n
    evictions: dict[str, dict[str, int]] = {}
    for (tier, reason), n in cache.evictions.items():
        evictions.setdefault(tier, {})[reason] = n
    return CacheStats(
        block_size=mgr.block_size,
        policy=cache.policy_name,
        tiers=tiers,
        usage=mgr.usage,
        num_seqs=len(mgr._seqs),
        requests=c.requests,
        query_tokens=c.query_tokens,
        hit_tokens=c.hit_tokens,
        hit_rate=c.hit_tokens / c.query_tokens if c.query_tokens else 0.0,
        hit_tokens_by_tier=dict(zip(TIER_NAMES, c.hit_tokens_by_tier, strict=True)),
        query_tokens_by_tenant=dict(c.query_tokens_by_tenant),
        hit_tokens_by_tenant=dict(c.hit_tokens_by_tenant),
        evictions=evictions,
        swaps=swaps,
        seq_swaps=dict(c.swaps),
        moves=dict(cache.moves),
        disk_discarded_at_start=0 if cache.disk is None else cache.disk.discarded_at_start,
    )


def _first_tokens(node: Any, root: Any) -> list[int]:
    path = []
    cur = node
    while cur is not None and cur is not root:
        path.append(cur)
        cur = cur.parent
    out: list[int] = []
    for cur in reversed(path):
        if cur.tokens is None:
            break
        out.extend(cur.tokens[: FIRST_TOKENS - len(out)])
        if len(out) >= FIRST_TOKENS:
            break
    return out


def top_nodes(cache: PrefixCache, n: int) -> list[PrefixInfo]:
    """The ``n`` nodes with the most hits (ties: deeper first), as ``PrefixInfo``."""
    bs = cache.bs
    nodes = sorted(cache.tree.nodes(), key=lambda x: (x.hits, x.end), reverse=True)[: max(n, 0)]
    return [
        PrefixInfo(
            block_hash=node.hashes[-1].hex(),
            depth_tokens=node.end * bs,
            num_blocks=len(node),
            hits=node.hits,
            hit_tokens=node.hits * len(node) * bs,
            tenants=tuple(sorted(node.tenants or ())),
            tier=TIER_NAMES[node.tier],
            pinned=node.pinned,
            last_access=node.last_access,
            first_token_ids=_first_tokens(node, cache.root),
        )
        for node in nodes
    ]
