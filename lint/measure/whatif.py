"""The capacity what-ifs that need more than one exact replay: a sampled curve, a routed fleet.

``WhatIf`` is fed the hashed stream (``ChainedRequest``s, log order) next to the executor and
spools what it needs to disk: the sampled requests (``sampledcurve``) and, with ``--replicas``,
every request with its session for the router (``routing``). ``finish`` replays them once the
executor has the exact unbounded figures.
"""

from __future__ import annotations

from typing import NamedTuple

from kvscope.lint.measure.capacity import CapacityPoint, resolve_blocks
from kvscope.lint.measure.chains import ChainedRequest
from kvscope.lint.measure.replays import Fleet, RequestSpool, run_all
from kvscope.lint.measure.routing import ROUTINGS
from kvscope.lint.measure.sampledcurve import SampledCurve

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
        jobs: int = 1,
        temp_dir: str | None = None,
        points: list[CapacityPoint] | None = None,
        block_bytes: int | None = None,
    ) -> None:
        """``points`` and ``block_bytes``: the curve's capacities, needed before the log is
        read when sampling (a small point is sampled at a higher rate)."""
        self.block_size = block_size
        self.jobs = jobs
        self.sampled = None
        if sample_rate is not None:
            self.sampled = SampledCurve(
                sample_rate, block_size, key_size, points or [], block_bytes, temp_dir=temp_dir
            )
        self.replicas = replicas
        self.routings = routings or list(ROUTINGS)
        self.routes = RequestSpool(key_size, temp_dir) if replicas else None
        self.outputs = 0

    def add(self, c: ChainedRequest) -> None:
        if c.output_keys:
            self.outputs += 1
        if self.sampled is not None:
            self.sampled.add(c.keys, c.num_tokens)
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
        if self.sampled is not None:
            anchor = vllm_unbounded_hit_tokens if not self.outputs else None
            curve, sampling = self.sampled.curve(unique, policies, prompt_tokens, anchor, self.jobs)
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
            grid = [
                (policy, point, blocks, name)
                for policy in policies
                for point, blocks in sizes
                for name in self.routings
            ]
            handle = self.routes.handle()
            tasks = [
                Fleet(handle, self.replicas, blocks, name, policy, self.block_size)
                for policy, _, blocks, name in grid
            ]
            for (policy, point, blocks, name), r in zip(
                grid, run_all(tasks, self.jobs), strict=True
            ):
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
        if self.sampled is not None:
            self.sampled.close()
        if self.routes is not None:
            self.routes.close()
