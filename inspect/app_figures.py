"""The app's figures: what the overview, the thresholds and the export read."""

from __future__ import annotations

from kvscope.inspect.history import WINDOWS
from kvscope.inspect.thresholds import Figures
from kvscope.inspect.widgets.overview import Inputs


class FiguresMixin:
    """Mixed into :class:`~kvscope.inspect.app.InspectorApp` (which sets the attributes)."""

    def overview_inputs(self) -> Inputs:
        """What the overview (and the export) shows now."""
        return Inputs(
            self.state, self.metrics, self.server_stats, self.history, WINDOWS[self.window],
            self.server_prefixes, self.decoder.decode, self.thresholds, self.figures(),
        )  # fmt: skip

    def figures(self) -> Figures:
        """The figures the rule pack's thresholds judge: the engine's when scraped, else events'."""
        m = self.metrics
        series = "hit_rate_metrics" if m is not None else "hit_rate_events"
        hit = m.hit_rate if m is not None else self.state.hit_rate()
        window = _seconds((self.thresholds.baseline_window if self.thresholds else None) or "1h")
        points = [v for _, v in self.history.window(series, window)]
        baseline = sum(points) / len(points) if len(points) >= 5 else None
        usage = max(m.usage.values()) if m is not None and m.usage else None
        p95 = m.ttft_p95 if m is not None else None
        return Figures(hit, baseline, p95, usage, self.preemption_rate)

    def _record_event_history(self) -> None:
        """Completed per-second buckets of the fold's hit history, in producer time."""
        st = self.state
        for b, h, q in list(st.history)[:-1]:
            if b > self._events_bucket:
                self._events_bucket = b
                if q and st.counts["BlockHit"]:
                    self.history.add("hit_rate_events", h / q, t=b * st.bucket_s)


def _seconds(window: str) -> float:
    """A Prometheus duration (``30s``, ``10m``, ``1h``, ``1d``) in seconds; 1 h when unreadable."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    try:
        return float(window[:-1]) * units[window[-1]]
    except (KeyError, ValueError, IndexError):
        return 3600.0
