"""The app's fleet half: replica pollers and event feeds, the focused replica, fleet rows."""

from __future__ import annotations

from typing import Any

from kvscope.inspect.fleet import FleetUpdated, ReplicaMetrics, Row
from kvscope.inspect.fold import CacheState
from kvscope.inspect.messages import MetricsUpdated
from kvscope.inspect.sources.feed import RESET
from kvscope.inspect.tree import TreeIndex
from kvscope.inspect.widgets.fleet import FleetView


class FleetMixin:
    """Mixed into :class:`~kvscope.inspect.app.InspectorApp` (which sets the attributes)."""

    def _start_fleet(self) -> None:
        """One scrape poller per replica; each replica's events fold into its own state."""
        from kvscope.inspect.fleet import ReplicaFeed
        from kvscope.inspect.sources.zmq_source import ZmqSource

        for t in self.targets:
            if t.metrics:
                self.sources.append(ReplicaMetrics(t))
            if t.zmq:
                feed = self.replica_feeds[t.name] = ReplicaFeed(self.feed)
                self.replica_states[t.name] = CacheState()
                source = ZmqSource(t.zmq, t.replay)
                source.name = f"zmq {t.name}"
                self.run_worker(
                    lambda s=source, f=feed: s.run(f, self.stop_event),
                    name=source.name, thread=True, exit_on_error=False, group="sources",
                )  # fmt: skip
        if self.replica_states:
            self.focus_replica(next(iter(self.replica_states)))

    def focus_replica(self, target: str) -> None:
        """Show ``target``'s events in every view (its tree, blocks, tenants, event log)."""
        state = self.replica_states.get(target)
        if state is None:
            self.notify(f"{target} has no --zmq events to show", timeout=3)
            return
        self.focused_replica = target
        self.state = state
        self.index = TreeIndex(state)
        self._events_bucket = float("-inf")

    def fleet_rows(self) -> list[dict[str, Any]]:
        """The fleet view's rows as plain data (for the export)."""
        out = []
        for r in sorted(self.fleet.values(), key=lambda r: r.name):
            s = r.snap
            out.append({
                "replica": r.name, "target": r.extra.get("target"), "hit_rate": s.hit_rate,
                "usage": max(s.usage.values()) if s.usage else None, "running": s.running,
                "waiting": s.waiting, "preemptions": s.preemptions, "ttft_p95_s": s.ttft_p95,
            })  # fmt: skip
        return out

    def on_fleet_updated(self, message: FleetUpdated) -> None:
        for name, snap in message.rows.items():
            old = self.fleet.get(name)
            q, prev = snap.query_tokens, old.snap.query_tokens if old is not None else None
            queried = q - prev if q is not None and prev is not None and q >= prev else 0.0
            self.fleet[name] = Row(name, snap, queried, {"target": message.target})
        lead = self.focused_replica or (self.targets[0].name if self.targets else None)
        if message.target == lead:  # the overview shows the focused replica's engine figures
            first = next(iter(message.rows.values()))
            self.post_message(MetricsUpdated(first))

    def on_fleet_view_focus(self, message: FleetView.Focus) -> None:
        row = self.fleet.get(message.target)
        target = row.extra["target"] if row is not None else message.target
        self.focus_replica(target)
        if self.focused_replica == target:
            self.action_view("prefixes")

    def fold_replicas(self) -> None:
        for name, feed in self.replica_feeds.items():
            for item in feed.drain():
                if item is RESET:
                    self.replica_states[name] = CacheState()
                    if name == self.focused_replica:
                        self.focus_replica(name)
                else:
                    self.replica_states[name].apply(item)
