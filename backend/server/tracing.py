"""OpenTelemetry: one span per request with queue / prefill / decode children.

Spans are built when a request finishes, from the timestamps the engine recorded, so tracing
costs nothing on the step path. Attributes follow the GenAI semantic conventions
(``gen_ai.request.model``, ``gen_ai.usage.input_tokens``, ``gen_ai.usage.cache_read.input_tokens``
...) plus kvscope's block counts. Per-block span events (``kvscope.block.hit``) only with
``block_events=True``, capped below OpenTelemetry's 128-events-per-span limit.

Exporter choice (``make_provider``): OTLP when ``OTEL_EXPORTER_OTLP_ENDPOINT`` is set, else a
JSONL file (``--otel-file``), else the console (``--otel-console``); none of them: no tracing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence as Seq

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SpanExporter,
    SpanExportResult,
)

from kvscope.backend.engine.hooks import EngineListener
from kvscope.backend.engine.sequence import Sequence
from kvscope.backend.prefix_keys import hash_blocks, short

MAX_BLOCK_EVENTS = 100


class JsonlSpanExporter(SpanExporter):
    """Writes each finished span as one JSON line."""

    def __init__(self, path: str) -> None:
        self._file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed in shutdown
        self._lock = threading.Lock()

    def export(self, spans: Seq[ReadableSpan]) -> SpanExportResult:
        with self._lock:
            for span in spans:
                self._file.write(span.to_json(indent=None) + "\n")
            self._file.flush()
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        with self._lock:
            self._file.close()


def make_provider(otel_file: str | None = None, console: bool = False) -> TracerProvider | None:
    """The provider for ``kvscope serve``'s flags and environment, or None (tracing off)."""
    if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        protocol = os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
        if protocol == "grpc":
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        else:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        exporter: SpanExporter = OTLPSpanExporter()
    elif otel_file:
        exporter = JsonlSpanExporter(otel_file)
    elif console:
        exporter = ConsoleSpanExporter()
    else:
        return None
    provider = TracerProvider(resource=Resource.create({"service.name": "kvscope"}))
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return provider


def _ns(t: float | None, fallback: float) -> int:
    return int((fallback if t is None else t) * 1e9)


class RequestTracer(EngineListener):
    """Engine listener that turns each finished request into a span tree."""

    def __init__(
        self,
        provider: TracerProvider,
        model_name: str,
        block_size: int,
        algo: str,
        block_events: bool = False,
    ) -> None:
        self.provider = provider
        self.tracer = provider.get_tracer("kvscope.backend.server")
        self.model = model_name
        self.block_size = block_size
        self.algo = algo
        self.block_events = block_events

    def on_finished(self, seq: Sequence, now: float) -> None:
        op = getattr(seq, "operation", "chat")
        start = _ns(seq.arrival_time, now)
        admitted = _ns(seq.admitted_time, now)
        first = _ns(seq.first_token_time, now)
        end = _ns(now, now)
        st = seq.stats
        attrs = {
            "gen_ai.operation.name": op,
            "gen_ai.provider.name": "kvscope",
            "gen_ai.request.model": self.model,
            "gen_ai.response.model": self.model,
            "gen_ai.request.id": seq.request_id,
            "gen_ai.request.max_tokens": seq.params.max_tokens,
            "gen_ai.request.temperature": seq.params.temperature,
            "gen_ai.request.top_p": seq.params.top_p,
            "gen_ai.response.finish_reasons": [seq.finish_reason or "abort"],
            "gen_ai.usage.input_tokens": seq.num_prompt_tokens,
            "gen_ai.usage.output_tokens": seq.num_output_tokens,
            "gen_ai.usage.cache_read.input_tokens": st.prefix_hit_tokens,
            "gen_ai.usage.cache_creation.input_tokens": seq.num_prompt_tokens
            - st.prefix_hit_tokens,
            "kvscope.block_size": self.block_size,
            "kvscope.blocks.matched": st.blocks_matched,
            "kvscope.blocks.allocated": st.blocks_allocated,
            "kvscope.blocks.promoted": st.blocks_promoted,
            "kvscope.preemptions": seq.num_preemptions,
            "kvscope.cache_sharing": seq.sharing,
        }
        for tier, n in st.tier_hit_tokens.items():
            attrs[f"kvscope.tier_hit_tokens.{tier}"] = n
        span = self.tracer.start_span(
            f"{op} {self.model}", kind=trace.SpanKind.SERVER, start_time=start, attributes=attrs
        )
        if self.block_events and st.blocks_matched:
            self._block_events(span, seq, admitted)
        ctx = trace.set_span_in_context(span)
        phases = (("queue", start, admitted), ("prefill", admitted, first), ("decode", first, end))
        for name, t0, t1 in phases:
            child = self.tracer.start_span(f"kvscope.{name}", context=ctx, start_time=t0)
            child.end(end_time=max(t0, t1))
        span.end(end_time=end)

    def _block_events(self, span, seq: Sequence, ts: int) -> None:
        n = min(seq.stats.blocks_matched, MAX_BLOCK_EVENTS)
        tokens = seq.token_ids[: n * self.block_size]
        for i, h in enumerate(hash_blocks(tokens, self.block_size, seq.extra, self.algo)):
            span.add_event("kvscope.block.hit", {"block.index": i, "block.hash": short(h)}, ts)
