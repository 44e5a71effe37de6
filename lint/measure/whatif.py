"""The capacity what-ifs that need more than one exact replay: a sampled curve, a routed fleet.

``WhatIf`` is fed the hashed stream (``ChainedRequest``s, log order) next to the executor and
spools what it needs to disk: the sampled requests (``sampling``) and, with ``--replicas``,
every request with its session for the router (``routing``). ``finish`` replays them once the
executor has the exact unbounded figures.
"""

from __future__ import annotations

import struct
import tempfile
from collections.abc import Iterator
from typing import NamedTuple

from kvscope.lint.measure.capacity import CapacityPoint, Spool, resolve_blocks
from kvscope.lint.measure.chains import ChainedRequest
from kvscope.lint.measure.replica import SimRequest
from kvscope.lint.measure.routing import ROUTINGS, simulate_fleet
from kvscope.lint.measure.sampling import SMALL_MINIATURE, Sampler, sampled_curve

_HEADER = struct.Struct("<III")  # tokens, blocks, session bytes
MAX_FLEET_BLOCKS = 20_000_000  # replicas x capacity: each block costs ~110 B of bookkeeping


def parse_routings(spec: str) -> list[str]:
    """``"round-robin,session"`` -> names; raises ``ValueError`` naming the choices."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    for name in names:
        if name not in ROUTINGS:
            raise ValueError(f"unknown --routing {name!r}; choose from {', '.join(ROUTINGS)}")
    if not names:
        raise ValueError(f"--routing is empty; give some of {','.join(ROUTINGS)}")
    return list(dict.fromkeys(names))


class RouteSpool:
    """A temporary file of (tokens, session, block keys) per request, in log order."""

    def __init__(self, key_size: int = 16) -> None:
        self.key_size = key_size
        self.file = tempfile.TemporaryFile(prefix="kvscope-routes-")  # noqa: SIM115
        self.count = 0

    def add(self, keys: list[bytes], num_tokens: int, session: str | None) -> None:
        raw = b"" if session is None else session.encode("utf-8", "surrogatepass")
        flag = 0 if session is None else 1
        self.file.write(_HEADER.pack(num_tokens, len(keys), len(raw) << 1 | flag))
        self.file.write(raw)
        self.file.write(b"".join(keys))
        self.count += 1

    def replay(self) -> Iterator[SimRequest]:
        f, size = self.file, self.key_size
        f.flush()
        f.seek(0)
        read = f.read
        for _ in range(self.count):
            n_tokens, n_blocks, sess = _HEADER.unpack(read(_HEADER.size))
            raw = read(sess >> 1)
            session = raw.decode("utf-8", "surrogatepass") if sess & 1 else None
            block = read(size * n_blocks)
            keys = [block[i : i + size] for i in range(0, len(block), size)]
            yield SimRequest(keys, n_tokens, session)

    def close(self) -> None:
        self.file.close()


class WhatIfResult(NamedTuple):
    curve: list[dict] | None
    sampling: dict | None
    routing: list[dict]


class WhatIf:
    """Sampled curve (``sample_rate``) and/or routed fleet (``replicas``) from one stream."""

    def __init__(
        self,
        block_size: int,
        key_size: int,
        sample_rate: float | None = None,
        replicas: int | None = None,
        routings: list[str] | None = None,
    ) -> None:
        self.block_size = block_size
        self.sampler = Sampler(sample_rate, block_size) if sample_rate is not None else None
        self.spool = Spool(key_size) if self.sampler is not None else None
        self.replicas = replicas
        self.routings = routings or list(ROUTINGS)
        self.routes = RouteSpool(key_size) if replicas else None
        self.outputs = 0

    def add(self, c: ChainedRequest) -> None:
        if c.output_keys:
            self.outputs += 1
        if self.sampler is not None:
            picked = self.sampler.sample(c.keys, c.num_tokens)
            if picked is not None:
                self.spool.add(*picked)
        if self.routes is not None:
            self.routes.add(c.keys, c.num_tokens, c.session or c.user)

    def finish(
        self,
        points: list[CapacityPoint],
        policies: list[str],
        unique: int,
        prompt_tokens: int,
        vllm_unbounded_hit_tokens: int | None,
        block_bytes: int | None,
    ) -> WhatIfResult:
        """Replay the spools. ``vllm_unbounded_hit_tokens`` is the executor's exact figure
        (``None`` when it is not the replay's: another engine, or cached logged replies)."""
        curve = sampling = None
        if self.sampler is not None:
            stats = self.sampler.stats()
            anchor = vllm_unbounded_hit_tokens if not self.outputs else None
            curve = sampled_curve(
                self.spool,
                stats,
                unique,
                points,
                policies,
                self.block_size,
                prompt_tokens,
                block_bytes,
                anchor,
            )
            small = [r["capacity"] for r in curve if r["sampled_capacity_blocks"] < SMALL_MINIATURE]
            sampling = {
                **stats._asdict(),
                "estimator": curve[0]["estimator"] if curve else None,
                "note": None
                if not small or stats.rate >= 1
                else f"the miniature cache holds under {SMALL_MINIATURE} blocks at "
                f"{', '.join(dict.fromkeys(small))}: expect more than a point of error there; "
                "raise --sample-rate",
            }
        routing = []
        if self.routes is not None:
            sizes = [(point, resolve_blocks(point, unique, block_bytes)) for point in points]
            for point, blocks in sizes:
                if blocks * self.replicas > MAX_FLEET_BLOCKS:
                    raise ValueError(
                        f"--replicas {self.replicas} x {blocks} blocks ({point.label}) is "
                        f"over {MAX_FLEET_BLOCKS:,} blocks to simulate; lower --capacity "
                        "or --replicas"
                    )
            for policy in policies:
                for point, blocks in sizes:
                    for name in self.routings:
                        r = simulate_fleet(
                            self.routes.replay(),
                            self.replicas,
                            blocks,
                            name,
                            policy,
                            self.block_size,
                        )
                        routing.append(
                            {
                                "policy": name,
                                "eviction": policy,
                                "replicas": r.replicas,
                                "capacity": point.label,
                                "capacity_blocks": blocks,
                                "hit_tokens": r.hit_tokens,
                                "hit_rate": r.hit_rate,
                                "load_imbalance": r.load_imbalance,
                                "requests_per_replica": r.requests_per_replica,
                                "requests_too_large": r.skipped,
                            }
                        )
        return WhatIfResult(curve, sampling, routing)

    def close(self) -> None:
        for spool in (self.spool, self.routes):
            if spool is not None:
                spool.close()
