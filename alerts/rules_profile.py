"""Window lengths and thresholds of the rule pack, per profile.

``prod`` is what the committed rule files use. ``test`` shrinks every window and ``for`` so a live
Prometheus scraping every second shows the same behaviour within a minute; the recorded series keep
their production names (``...:rate5m``) in both profiles, so dashboards and queries never change.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Profile:
    name: str
    rate: str  # range of every rate() in the recording rules
    baseline: str  # hit-ratio baseline window ...
    baseline_offset: str  # ... ending this long ago, so a fresh drop stays out of its own baseline
    trend: str  # window of min_over_time / deriv in the thrash alert
    interval: str | None  # group evaluation interval; None = Prometheus's global one
    for_hit_drop: str
    for_preemptions: str
    for_thrash: str
    for_ttft: str
    for_caching_off: str
    min_query_tokens_per_s: float  # traffic guard of the hit-ratio alert
    min_prompt_tokens_per_s: float  # traffic guard of the caching-off alert
    min_ttft_requests_per_s: float  # traffic guard of the TTFT alert
    hit_drop_factor: float = 0.7  # fire below this fraction of the baseline
    usage_pinned: float = 0.98
    ttft_slo_s: float = 1.0  # a bucket edge of every engine (engine_metrics.common_edges)


PROD = Profile(
    name="prod",
    rate="5m",
    baseline="1h",
    baseline_offset="10m",
    trend="10m",
    interval=None,
    for_hit_drop="10m",
    for_preemptions="2m",
    for_thrash="5m",
    for_ttft="10m",
    for_caching_off="15m",
    min_query_tokens_per_s=100.0,
    min_prompt_tokens_per_s=100.0,
    min_ttft_requests_per_s=0.1,
)

TEST = Profile(
    name="test",
    rate="10s",
    baseline="30s",
    baseline_offset="8s",
    trend="10s",
    interval="1s",
    for_hit_drop="2s",
    for_preemptions="1s",
    for_thrash="2s",
    for_ttft="2s",
    for_caching_off="5s",
    min_query_tokens_per_s=1.0,
    min_prompt_tokens_per_s=1.0,
    min_ttft_requests_per_s=0.01,
)

PROFILES: dict[str, Profile] = {p.name: p for p in (PROD, TEST)}
