"""Telemetry from a real engine: OpenTelemetry spans (in-memory exporter), KV events to the JSONL
trace file and to the ZMQ publisher (vLLM wire format), and the tenant label cap."""

from __future__ import annotations

import pytest
import zmq
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from kvscope.backend.engine.config import EngineConfig
from kvscope.backend.engine.engine import Engine, make_runner
from kvscope.backend.engine.sequence import SamplingParams
from kvscope.backend.event_codec import decode_batch, from_jsonl
from kvscope.backend.kv_publisher import TraceFileSink, ZmqEventPublisher
from kvscope.backend.metric_names import TENANT_LABEL_CAP
from kvscope.backend.server.metrics import ServerMetrics
from kvscope.backend.server.tracing import RequestTracer

PROMPT = list(range(500, 540))  # 40 tokens: two full blocks of 16 can be reused


@pytest.fixture(scope="module")
def runner():
    return make_runner(EngineConfig(num_blocks=32))


def run_twice(engine: Engine, prompt: list[int] = PROMPT) -> None:
    for _ in range(2):
        engine.add_request(prompt, SamplingParams(temperature=0, max_tokens=3), lambda out: None)
        engine.run_until_idle()


def test_request_spans_carry_genai_and_block_attributes(runner):
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = RequestTracer(provider, runner.model_name, 16, "xxh3-128", block_events=True)
    engine = Engine(EngineConfig(num_blocks=32), runner=runner, listeners=[tracer])
    run_twice(engine)
    spans = exporter.get_finished_spans()
    roots = [s for s in spans if s.parent is None]
    assert [s.name for s in roots] == ["text_completion kvscope-tiny"] * 2
    first, second = (dict(s.attributes) for s in roots)
    assert first["gen_ai.usage.input_tokens"] == 40
    assert first["gen_ai.usage.output_tokens"] == 3
    assert first["gen_ai.usage.cache_read.input_tokens"] == 0
    assert second["gen_ai.usage.cache_read.input_tokens"] == 32
    assert second["kvscope.blocks.matched"] == 2 and second["kvscope.blocks.allocated"] == 1
    assert [e.name for e in roots[1].events] == ["kvscope.block.hit"] * 2
    children = {s.name for s in spans if s.parent is not None}
    assert children == {"kvscope.queue", "kvscope.prefill", "kvscope.decode"}
    for child in (s for s in spans if s.parent is not None):
        assert child.start_time <= child.end_time
        assert child.parent.span_id in {r.context.span_id for r in roots}


def test_kv_events_reach_trace_file_and_zmq(runner, tmp_path):
    trace = TraceFileSink(tmp_path / "kv.jsonl")
    publisher = ZmqEventPublisher("tcp://127.0.0.1:*", topic="kv-events")
    ctx = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.SUBSCRIBE, b"kv-events")
    sub.setsockopt(zmq.RCVTIMEO, 5000)
    sub.connect(publisher.endpoint)
    try:
        # a slow joiner misses what is published before it is connected, and a prompt already
        # cached publishes only hits (not on vLLM's wire): each retry stores a fresh prompt
        engine = Engine(EngineConfig(num_blocks=32), runner=runner, sinks=(trace, publisher))
        received = []
        for attempt in range(20):
            run_twice(engine, [t + 40 * attempt for t in PROMPT])
            try:
                received.append(sub.recv_multipart())
                break
            except zmq.Again:
                continue
        engine.stop()
    finally:
        sub.close(linger=0)
    topic, seq, payload = received[0]
    assert topic == b"kv-events" and len(seq) == 8
    assert decode_batch(payload).events
    lines = (tmp_path / "kv.jsonl").read_text().splitlines()
    types = {type(e).__name__ for line in lines for e in from_jsonl(line).events}
    assert {"BlockStored", "BlockHit"} <= types


def test_tenant_label_is_capped():
    metrics = ServerMetrics("m")
    labels = {metrics.tenant(f"tenant-{i}") for i in range(TENANT_LABEL_CAP + 10)}
    assert len(labels) == TENANT_LABEL_CAP + 1 and "other" in labels
    assert metrics.tenant("tenant-3") == "tenant-3"
    assert metrics.tenant(None) == "other"  # the default tenant arrived after the cap


def test_exporter_choice_follows_environment_and_flags(tmp_path, monkeypatch):
    from kvscope.backend.server.tracing import make_provider

    monkeypatch.delenv("OTEL_EXPORTER_OTLP_ENDPOINT", raising=False)
    assert make_provider() is None  # tracing off by default
    for provider in (make_provider(str(tmp_path / "s.jsonl")), make_provider(console=True)):
        assert provider is not None
        provider.shutdown()
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:9")
    provider = make_provider(str(tmp_path / "ignored.jsonl"))
    exporter = provider._active_span_processor._span_processors[0].span_exporter
    assert type(exporter).__module__.startswith("opentelemetry.exporter.otlp")
    assert not (tmp_path / "ignored.jsonl").exists()
    provider.shutdown()
