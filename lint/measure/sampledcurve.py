"""The sampled capacity curve: one spatial sample per rate, a miniature replay per point.

A miniature cache of ``R x C`` blocks needs enough blocks to behave like the full cache; a
point whose miniature would hold fewer than ``MIN_MINIATURE`` blocks is replayed from a
denser sample, at ``R_c = 1 / P_c`` with ``P_c = min(P, C // MIN_MINIATURE)`` (stratified;
``max(R, MIN_MINIATURE / C)`` for per-block draws). Only small capacities are affected: a
point given in blocks or bytes is known before the log is read, and its sample is drawn
beside the base one; a point given as a share of the unique blocks is known only at the
end, so while the log is small enough that such a point could need a denser sample (its
unique blocks, estimated from the base sample, under twice what the point needs, and at most
``DENSE_MAX_BLOCKS`` block references), every request is also spooled to disk and sampled
at ``R_c`` once the unique blocks are known. On a large log that spool is dropped early and
every share point runs at ``R``. The rate each point used, and how many block references
all the replays read against the exact curve's, are reported (``capacity_sampling``).
"""

from __future__ import annotations

from collections.abc import Iterable

from kvscope.lint.measure.capacity import CapacityPoint, CurveLog, curve_row, resolve_blocks
from kvscope.lint.measure.replays import RequestSpool
from kvscope.lint.measure.sampling import Sampler, SampleStats, scaled_blocks

MIN_MINIATURE = 200  # blocks; below this a miniature cache's error grows
DENSE_MAX_BLOCKS = 64_000_000  # block references spooled whole (1 GiB of 16-byte keys)
_CHECK_EVERY = 512  # requests between checks that the whole-log spool is still needed


def point_rate(rate: float, mode: str, capacity_blocks: int) -> float:
    """The sampling rate of a point of ``capacity_blocks``: ``rate`` unless its miniature
    would hold under ``MIN_MINIATURE`` blocks, then the least rate that holds them."""
    if rate >= 1:
        return 1.0
    capacity_blocks = max(1, capacity_blocks)
    if mode == "stratified":
        period = round(1 / rate)
        return 1 / min(period, max(1, capacity_blocks // MIN_MINIATURE))
    return min(1.0, max(rate, MIN_MINIATURE / capacity_blocks))


class _Sample:
    """One sampler and the spool of what it kept."""

    def __init__(self, sampler: Sampler, spool: RequestSpool) -> None:
        self.sampler = sampler
        self.spool = spool

    def add(self, keys: list[bytes], num_tokens: int) -> None:
        picked = self.sampler.sample(keys, num_tokens)
        if picked is not None:
            self.spool.add(*picked)


class SampledCurve:
    """Feeds the samplers of every point's rate; ``curve`` replays them once the log's
    unique blocks and exact unbounded hits are known. Remove the spools with ``close``."""

    def __init__(
        self,
        rate: float,
        block_size: int,
        key_size: int,
        points: list[CapacityPoint],
        block_bytes: int | None,
        seed: int = 0,
        mode: str = "stratified",
        temp_dir: str | None = None,
    ) -> None:
        self.block_size, self.key_size, self.temp_dir = block_size, key_size, temp_dir
        self.points, self.block_bytes, self.seed, self.mode = points, block_bytes, seed, mode
        self.base = self._new(rate)
        self.rate = self.base.sampler.rate
        self.samples = {self.rate: self.base}
        for point in points:
            if point.fraction is None:
                r = point_rate(self.rate, mode, resolve_blocks(point, 0, block_bytes))
                if r not in self.samples:
                    self.samples[r] = self._new(r)
        self.shares = [p.fraction for p in points if p.fraction is not None]
        self.dense = RequestSpool(key_size, temp_dir) if self.shares and self.rate < 1 else None
        self.dense_blocks = 0

    def _new(self, rate: float) -> _Sample:
        sampler = Sampler(rate, self.block_size, self.seed, self.mode)
        return _Sample(sampler, RequestSpool(self.key_size, self.temp_dir))

    def add(self, keys: list[bytes], num_tokens: int) -> None:
        for sample in self.samples.values():
            sample.add(keys, num_tokens)
        if self.dense is not None:
            self.dense.add(keys, num_tokens)
            self.dense_blocks += len(keys)
            if self.base.sampler.requests % _CHECK_EVERY == 0:
                self._check_dense()

    def _check_dense(self) -> None:
        """Drop the whole-log spool once no share point can need it: the unique blocks,
        estimated from the base sample, are past twice what every share point needs."""
        unique = len(self.base.sampler.seen) / self.rate
        least = min(self.shares) * unique / 2
        if point_rate(self.rate, self.mode, int(least)) <= self.rate or (
            self.dense_blocks > DENSE_MAX_BLOCKS
        ):
            self.dense.close()
            self.dense = None

    def _from_dense(self, rates: Iterable[float]) -> None:
        """Samples at ``rates`` drawn from the whole-log spool (one pass)."""
        fresh = [(r, self._new(r)) for r in dict.fromkeys(rates) if r not in self.samples]
        if not fresh:
            return
        for req in self.dense.replay():
            for _, sample in fresh:
                sample.add(req.keys, req.num_tokens)
        self.samples.update(fresh)

    def curve(
        self,
        unique: int,
        policies: list[str],
        prompt_tokens: int,
        unbounded_hit_tokens: int | None,
        jobs: int = 1,
    ) -> tuple[list[dict], dict]:
        """(curve rows, ``capacity_sampling``): see ``estimate``."""
        sizes = [(p, resolve_blocks(p, unique, self.block_bytes)) for p in self.points]
        want = {p.label: point_rate(self.rate, self.mode, c) for p, c in sizes}
        if self.dense is not None:
            self._from_dense(r for r in want.values() if r not in self.samples)
        used = {label: r if r in self.samples else self.rate for label, r in want.items()}
        grid = [
            (policy, point, blocks, self.samples[used[point.label]])
            for policy in policies
            for point, blocks in sizes
        ]
        log = CurveLog(self.block_size, self.block_bytes, unique, prompt_tokens)
        rows = estimate(grid, log, unbounded_hit_tokens, jobs)
        short = [
            r["capacity"]
            for r in rows
            if r["sampled_capacity_blocks"] < MIN_MINIATURE and r["sample_rate"] < 1
        ]
        stats = self.base.sampler.stats()
        exact_reads = stats.blocks * len(rows)
        reads = sum(s.sampler.sampled_blocks for _, _, _, s in grid)
        sampling = {
            **stats._asdict(),
            "estimator": next((r["estimator"] for r in rows if r["estimator"] != "exact"), "exact"),
            "points": [
                {
                    "capacity": point.label,
                    "capacity_blocks": blocks,
                    "rate": used[point.label],
                    "sampled_blocks": self.samples[used[point.label]].sampler.sampled_blocks,
                    "sampled_capacity_blocks": scaled_blocks(blocks, used[point.label]),
                }
                for point, blocks in sizes
            ],
            "replayed_block_share": reads / exact_reads if exact_reads else 0.0,
            "note": None
            if not short or self.rate >= 1
            else f"the miniature cache holds under {MIN_MINIATURE} blocks at "
            f"{', '.join(dict.fromkeys(short))}: expect more than a point of error there; "
            "raise --sample-rate",
        }
        return rows, sampling

    def close(self) -> None:
        for sample in self.samples.values():
            sample.spool.close()
        if self.dense is not None:
            self.dense.close()


def estimate(
    grid: list[tuple[str, CapacityPoint, int, _Sample]],
    log: CurveLog,
    unbounded_hit_tokens: int | None,
    jobs: int = 1,
) -> list[dict]:
    """One curve row per (policy, point, capacity, sample), replayed at that sample's rate.

    ``unbounded_hit_tokens``: the log's exact unbounded hits under the replay's rule (vLLM's,
    from the executor), the difference estimator's anchor; ``None`` falls back to the ratio
    estimator (sampled hits x total / sampled blocks). Rows have the exact curve's keys (hit
    tokens are estimates) plus ``sample_rate``, ``sampled_capacity_blocks`` and
    ``estimator``; ``requests_too_large`` counts sampled requests. ``jobs``: processes for
    the replays (one per row).
    """
    from kvscope.backend.cache import CacheConfig
    from kvscope.lint.measure.replays import Miniature, run_all

    attn = CacheConfig(num_blocks=1).gdsf_attn_tokens
    tasks = []
    for policy, _, blocks, sample in grid:
        rate = sample.sampler.rate
        depth = max(1, round(attn * rate))
        tasks.append(
            Miniature(
                sample.spool.handle(), scaled_blocks(blocks, rate), policy, log.block_size, depth
            )
        )
    rows = []
    for (policy, point, blocks, sample), task, (hit_tokens, skipped) in zip(
        grid, tasks, run_all(tasks, jobs), strict=True
    ):
        stats: SampleStats = sample.sampler.stats()
        scale = stats.blocks / stats.sampled_blocks if stats.sampled_blocks else 0.0
        if stats.rate >= 1:
            hit, estimator = hit_tokens, "exact"
        elif unbounded_hit_tokens is None:
            hit, estimator = round(hit_tokens * scale), "ratio"
        else:
            lost = (stats.sampled_unbounded_hit_tokens - hit_tokens) * scale
            hit, estimator = max(0, round(unbounded_hit_tokens - lost)), "difference"
        hit = min(hit, log.prompt_tokens)
        row = curve_row(log, policy, point, blocks, hit, skipped)
        row.update(sample_rate=stats.rate, sampled_capacity_blocks=task.capacity)
        row["estimator"] = estimator
        rows.append(row)
    return rows
