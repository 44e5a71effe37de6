"""What the router costs: N replicas, each its own cache, under four routing policies.

Each replica is the backend's ``KVCacheManager`` (the same radix tree and eviction policies
``simulate`` and the server run), serving its requests one at a time in log order. Routers:

- ``round-robin``: replica ``i mod N`` for the i-th request;
- ``random``: uniform, seeded (the same log gives the same figures);
- ``session``: affinity by the request's session (``session``/``user`` field), as a gateway
  hashing a routing key would: ``xxh3_64(session) mod N``; requests without one go round robin;
- ``prefix-aware``: the replica with the lowest ``load - bonus``, where ``bonus = cap x
  (cached prefix blocks / prompt blocks)`` on that replica (precise: the router sees each
  replica's cache as its KV events report it) and ``cap = max(1, median load)``, so the cache
  bonus never outweighs a queue about twice the fleet median. Ties go to the lighter load.

Load is the requests a replica has in flight: those routed to it among the last
``window`` requests of the fleet (default ``8 x N``: a fleet serving about eight requests a
replica at once). The reported load balance is max/mean requests per replica over the log.
"""

from __future__ import annotations

import random
import statistics
from collections import deque
from collections.abc import Iterable
from typing import NamedTuple

import xxhash

from kvscope.lint.measure.replica import Replica, SimRequest

ROUTINGS = ("round-robin", "random", "session", "prefix-aware")
WINDOW_PER_REPLICA = 8


class FleetResult(NamedTuple):
    """One routing policy's outcome over the log (hit rate is over all prompt tokens)."""

    routing: str
    replicas: int
    prompt_tokens: int
    hit_tokens: int
    hit_rate: float
    requests_per_replica: list[int]
    load_imbalance: float
    skipped: int


class Router:
    """Picks a replica for each request; ``loads`` are the replicas' requests in flight."""

    def __init__(self, name: str, replicas: int, seed: int = 0) -> None:
        if name not in ROUTINGS:
            raise ValueError(f"unknown routing {name!r}; choose from {', '.join(ROUTINGS)}")
        self.name = name
        self.n = replicas
        self.next = 0
        self.rng = random.Random(f"routing:{seed}")

    def _round_robin(self) -> int:
        i = self.next
        self.next = (i + 1) % self.n
        return i

    def choose(self, req: SimRequest, replicas: list[Replica], loads: list[int]) -> int:
        if self.name == "round-robin":
            return self._round_robin()
        if self.name == "random":
            return self.rng.randrange(self.n)
        if self.name == "session":
            if req.session is None:
                return self._round_robin()
            return xxhash.xxh3_64_intdigest(req.session.encode("utf-8")) % self.n
        return self._prefix_aware(req, replicas, loads)

    def _prefix_aware(self, req: SimRequest, replicas: list[Replica], loads: list[int]) -> int:
        cap = max(1.0, statistics.median(loads))
        limit = (req.num_tokens - 1) // replicas[0].block_size
        best, best_key = 0, None
        start = self._round_robin()  # equal candidates take turns
        for k in range(self.n):
            i = (start + k) % self.n
            bonus = cap * replicas[i].cached_blocks(req) / limit if limit > 0 else 0.0
            key = (loads[i] - bonus, loads[i])
            if best_key is None or key < best_key:
                best, best_key = i, key
        return best


def simulate_fleet(
    requests: Iterable[SimRequest],
    replicas: int,
    capacity_blocks: int,
    routing: str,
    policy: str = "lru",
    block_size: int = 16,
    window: int | None = None,
    seed: int = 0,
    check: bool = False,
) -> FleetResult:
    """Route ``requests`` (log order) to ``replicas`` caches of ``capacity_blocks`` each.

    ``check`` runs every replica's ``check_integrity`` after each request (tests).
    """
    if replicas < 1:
        raise ValueError("--replicas must be at least 1")
    router = Router(routing, replicas, seed)
    fleet = [Replica(capacity_blocks, policy, block_size) for _ in range(replicas)]
    span = window if window is not None else WINDOW_PER_REPLICA * replicas
    recent: deque[int] = deque()
    loads = [0] * replicas
    prompt = 0
    for req in requests:
        prompt += max(req.num_tokens, 0)
        i = router.choose(req, fleet, loads)
        fleet[i].serve(req)
        recent.append(i)
        loads[i] += 1
        if len(recent) > span:
            loads[recent.popleft()] -= 1
        if check:
            fleet[i].manager.check_integrity()
    hit = sum(r.hit_tokens for r in fleet)
    counts = [r.requests for r in fleet]
    mean = sum(counts) / replicas
    return FleetResult(
        routing=routing,
        replicas=replicas,
        prompt_tokens=prompt,
        hit_tokens=hit,
        hit_rate=hit / prompt if prompt else 0.0,
        requests_per_replica=counts,
        load_imbalance=max(counts) / mean if mean else 1.0,
        skipped=sum(r.skipped for r in fleet),
    )
