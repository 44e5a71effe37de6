"""The Textual app: sources on worker threads, one fold on the UI thread, views at a bounded rate.

Sources push batches into a :class:`Feed`; a timer (``refresh_hz``, 4 Hz by default) drains it into
the :class:`CacheState` and redraws only the visible view, so the UI costs the same at any event
rate. The prefix tree is rebuilt at most once a second. Source failures arrive as messages and
show in the status bar; no source error reaches the user as a traceback.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.widgets import Footer, TabbedContent, TabPane

from kvscope.inspect.app_figures import FiguresMixin
from kvscope.inspect.app_fleet import FleetMixin
from kvscope.inspect.fleet import ReplicaFeed, Row, Target
from kvscope.inspect.fold import CacheState
from kvscope.inspect.history import WINDOWS, History
from kvscope.inspect.messages import MetricsUpdated, ServerUpdated, SourceStatus
from kvscope.inspect.sources.feed import RESET, Feed, Source
from kvscope.inspect.sources.trace import TraceSource
from kvscope.inspect.text import TextDecoder
from kvscope.inspect.thresholds import Thresholds
from kvscope.inspect.tree import TreeIndex
from kvscope.inspect.widgets.block_map import BlockMap
from kvscope.inspect.widgets.events_log import EventsView
from kvscope.inspect.widgets.fleet import FleetView
from kvscope.inspect.widgets.help import HelpScreen
from kvscope.inspect.widgets.overview import OverviewView
from kvscope.inspect.widgets.prefix_tree import PrefixView
from kvscope.inspect.widgets.status_bar import StatusBar
from kvscope.inspect.widgets.tenants import TenantsView

VIEWS = ("overview", "prefixes", "blocks", "tenants", "events", "fleet")


class InspectorApp(FleetMixin, FiguresMixin, App[None]):
    """``sources`` run on threads; ``state`` may be given pre-filled (tests, snapshots)."""

    TITLE = "kvscope-inspect"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #views { height: 1fr; }
    #views > ContentSwitcher { height: 1fr; }
    TabPane { padding: 0; }
    """
    BINDINGS: ClassVar = [
        Binding("1", "view('overview')", "Overview", show=False),
        Binding("2", "view('prefixes')", "Prefixes", show=False),
        Binding("3", "view('blocks')", "Blocks", show=False),
        Binding("4", "view('tenants')", "Tenants", show=False),
        Binding("5", "view('events')", "Events", show=False),
        Binding("6", "view('fleet')", "Fleet", show=False),
        Binding("slash", "find", "Find/filter"),
        Binding("s", "sort", "Sort"),
        Binding("p", "pause", "Pause"),
        Binding("w", "window", "Window"),
        Binding("e", "export", "Export"),
        Binding("left_square_bracket", "seek(-10)", "Back 10s", show=False),
        Binding("right_square_bracket", "seek(10)", "Fwd 10s", show=False),
        Binding("minus", "speed(0.5)", "Slower", show=False),
        Binding("plus,equals_sign", "speed(2)", "Faster", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        sources: list[Source] | None = None,
        state: CacheState | None = None,
        tokenizer: str = "cl100k",
        refresh_hz: float = 4.0,
        history: History | None = None,
        thresholds: Thresholds | None = None,
        export_dir: str = ".",
        once_s: float | None = None,
        targets: list[Target] | None = None,
    ) -> None:
        super().__init__()
        self.targets = list(targets or [])
        self.fleet: dict[str, Row] = {}  # row name -> latest row
        self.replica_feeds: dict[str, ReplicaFeed] = {}
        self.replica_states: dict[str, CacheState] = {}
        self.focused_replica: str | None = None  # the replica whose events the views show
        self.once_s = once_s  # --once: exit with a snapshot when the sources answered
        self._started = self._flushed_at = time.monotonic()
        self.history = history or History()
        self.thresholds = thresholds
        self.window = 1  # index into WINDOWS: 10 m
        self.export_dir = export_dir
        self._events_bucket = float("-inf")
        self._previous_metrics: tuple[float, float] | None = None  # (t, preemptions)
        self.preemption_rate: float | None = None
        self.sources = list(sources or [])
        self.state = state or CacheState()
        self.index = TreeIndex(self.state)
        self.decoder = TextDecoder(tokenizer)
        self.refresh_hz = refresh_hz
        self.feed = Feed()
        self.stop_event = threading.Event()
        self.metrics: Any = None
        self.metric_rates: deque[float] = deque(maxlen=600)
        self.server_stats: dict[str, Any] | None = None
        self.server_prefixes: list[dict[str, Any]] = []
        self._tree_built_at = 0.0

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="overview", id="views"):
            with TabPane("1 Overview", id="overview"):
                yield OverviewView(id="overview-view")
            with TabPane("2 Prefixes", id="prefixes"):
                yield PrefixView(self.decoder, id="prefix-view")
            with TabPane("3 Blocks", id="blocks"):
                yield BlockMap(id="block-map")
            with TabPane("4 Tenants", id="tenants"):
                yield TenantsView(id="tenants-view")
            with TabPane("5 Events", id="events"):
                yield EventsView(id="events-view")
            with TabPane("6 Fleet", id="fleet"):
                yield FleetView(id="fleet-view")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.feed.notify = self.post_message
        self._start_fleet()
        for source in self.sources:
            self.run_worker(
                lambda s=source: s.run(self.feed, self.stop_event),
                name=source.name,
                thread=True,
                exit_on_error=False,
                group="sources",
            )
        self.set_interval(1.0 / self.refresh_hz, self.tick)
        self.tick()

    def on_unmount(self) -> None:
        self.stop_event.set()
        self.feed.closed = True
        self.history.close()

    @property
    def _main(self) -> Any:
        """The main screen (views stay queryable while the help screen is on top)."""
        return self.screen_stack[0]

    @property
    def view(self) -> str:
        return self._main.query_one(TabbedContent).active or "overview"

    def fold_pending(self) -> int:
        """Fold everything the sources queued; returns the number of batches folded."""
        items = self.feed.drain()
        for item in items:
            if item is RESET:
                self.state = CacheState()
                self.index = TreeIndex(self.state)
            else:
                self.state.apply(item)
        self.fold_replicas()
        return len(items)

    def tick(self, force: bool = False) -> None:
        """Fold, then redraw the visible view and the status bar."""
        self.fold_pending()
        self._record_event_history()
        if time.monotonic() - self._flushed_at >= 5.0:  # --history: commit every few seconds
            self._flushed_at = time.monotonic()
            self.history.flush()
        if self.once_s is not None and self._answered():
            from kvscope.inspect.export import snapshot

            self.exit(snapshot(self))
            return
        try:
            self._draw(self.view, force)
        except NoMatches:  # shutting down
            return
        except Exception as exc:  # a view must never take the monitor down; say what broke
            self.feed.statuses["ui"] = ("error", f"{type(exc).__name__}: {exc}")
        self._show_status()

    def _show_status(self) -> None:
        try:
            bar = self._main.query_one(StatusBar)
        except (NoMatches, IndexError):  # shutting down: the widgets (or screens) are gone
            return
        bar.show(self.feed.statuses, self._trace_note())

    def _draw(self, view: str, force: bool) -> None:
        if view == "overview":
            self._main.query_one(OverviewView).update_view(self.overview_inputs())
        elif view == "prefixes":
            now = time.monotonic()
            if force or now - self._tree_built_at >= 1.0:
                self._tree_built_at = now
                self._main.query_one(PrefixView).update_view(self.index)
        elif view == "blocks":
            self._main.query_one(BlockMap).update_view(self.state, self._free_blocks())
        elif view == "tenants":
            self._main.query_one(TenantsView).update_view(self.state)
        elif view == "fleet":
            events = {n: sum(st.counts.values()) for n, st in self.replica_states.items()}
            rows = sorted(self.fleet.values(), key=lambda r: r.name)
            fleet = self._main.query_one(FleetView)
            fleet.update_view(rows, events, self.focused_replica, self.thresholds)
        else:
            self._main.query_one(EventsView).update_view(self.state)

    def _free_blocks(self) -> int | None:
        tiers = (self.server_stats or {}).get("tiers")
        gpu = tiers.get("GPU") if isinstance(tiers, dict) else None
        free = gpu.get("free") if isinstance(gpu, dict) else None
        return int(free) if isinstance(free, int | float) else None

    def _trace_note(self) -> str:
        trace = self._trace()
        if trace is None or not trace.paused:
            return ""
        return "paused (p resumes)"

    def _answered(self) -> bool:
        """--once: every trace replayed, the scrapes and server polls back, or time is up."""
        if time.monotonic() - self._started >= (self.once_s or 0.0):
            return True
        if self.feed.queue:
            return False
        for s in self.sources:
            kind = type(s).__name__
            if kind == "TraceSource" and not s.finished:
                return False
            if kind == "ZmqSource":
                return False  # a live stream never ends: it is sampled for once_s
            pollers = ("MetricsSource", "ReplicaMetrics", "ServerSource")
            if kind in pollers and s.name not in self.feed.statuses:  # no answer, not even an error
                return False
        return True

    def _trace(self) -> TraceSource | None:
        return next((s for s in self.sources if isinstance(s, TraceSource)), None)

    def on_source_status(self, message: SourceStatus) -> None:
        self._show_status()

    def on_metrics_updated(self, message: MetricsUpdated) -> None:
        m = self.metrics = message.snapshot
        if m.hit_rate is not None:
            self.metric_rates.append(m.hit_rate)
        add = self.history.add
        add("hit_rate_metrics", m.hit_rate)
        add("waiting", m.waiting)
        add("running", m.running)
        add("ttft_p95", m.ttft_p95)
        add("usage", max(m.usage.values()) if m.usage else None)
        now = self.history.clock()
        if m.preemptions is not None:
            if self._previous_metrics is not None and now > self._previous_metrics[0]:
                t0, p0 = self._previous_metrics
                self.preemption_rate = max(0.0, (m.preemptions - p0) / (now - t0))
            self._previous_metrics = (now, m.preemptions)

    def on_server_updated(self, message: ServerUpdated) -> None:
        self.server_stats = message.stats
        self.server_prefixes = message.prefixes

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.tick(force=True)
        self._focus_view()

    def action_view(self, name: str) -> None:
        self._main.query_one(TabbedContent).active = name
        self.tick(force=True)
        self._focus_view()

    def _focus_view(self) -> None:
        """Keys go to the view's main widget (Enter/Space expand in Prefixes, arrows move)."""
        target = {"prefixes": "#px-tree", "tenants": "#tenants-view", "events": "#ev-table",
                  "fleet": "#fleet-view"}  # fmt: skip
        selector = target.get(self.view)
        if selector is None:
            return
        try:
            self._main.query_one(selector).focus()
        except NoMatches:
            return

    def action_find(self) -> None:
        if self.view == "prefixes":
            self._main.query_one(PrefixView).open_find()
        elif self.view == "events":
            self._main.query_one(EventsView).open_filter()
        else:
            self.notify("find works in Prefixes (2) and Events (5)", timeout=2)

    def action_sort(self) -> None:
        if self.view == "prefixes":
            self._main.query_one(PrefixView).cycle_sort()

    def action_pause(self) -> None:
        trace = self._trace()
        if trace is not None:
            trace.pause()
            self.tick(force=True)

    def action_seek(self, delta: float) -> None:
        trace = self._trace()
        if trace is not None:
            trace.seek(delta * max(trace.speed, 1.0))

    def action_speed(self, factor: float) -> None:
        trace = self._trace()
        if trace is not None and trace.speed > 0:
            trace.speed = min(1000.0, max(0.125, trace.speed * factor))

    def action_window(self) -> None:
        self.window = (self.window + 1) % len(WINDOWS)
        self.notify(f"charts: last {WINDOWS[self.window][0]}", timeout=2)
        self.tick(force=True)

    def action_export(self) -> None:
        from kvscope.inspect.export import write_export

        try:
            paths = write_export(self, self.export_dir)
        except OSError as exc:
            self.notify(f"export failed: {exc}", severity="error", timeout=5)
            return
        self.notify("exported " + ", ".join(str(p) for p in paths), timeout=5)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())
