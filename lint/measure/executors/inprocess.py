"""The in-process executor: the streaming ``Analyzer``, memory bounded by the unique blocks."""

from __future__ import annotations

from kvscope.lint.measure.analyzer import Analyzer
from kvscope.lint.measure.executors import Analysis, PerRequest, per_request_row
from kvscope.lint.measure.pipeline import Hashed


class InProcess:
    def __init__(self, block_size: int, engine: str, algo: str, per_request: PerRequest) -> None:
        self.analyzer = Analyzer(block_size, engine, algo)
        self.per_request = per_request
        self.sglang = engine == "sglang"

    def feed(self, item: Hashed) -> None:
        c = item.chain
        groups = {"tenant": c.tenant, "route": c.route, "model": c.model}
        out = self.analyzer.add_keys(
            c.keys,
            c.num_tokens,
            item.extra,
            groups,
            item.tokens,
            item.known,
            c.output_keys,
            item.generated,
        )
        if self.per_request is not None:
            row = per_request_row(
                c.index, c.id, c.num_tokens, out.repeated_tokens, out.vllm_hit_tokens
            )
            if self.sglang:
                row["sglang_hit_tokens"] = out.engine_hit_tokens
            self.per_request(row)

    def finish(self, top: int) -> Analysis:
        return Analysis(self.analyzer.summary(), self.analyzer.top_prefixes(top))

    def close(self) -> None:
        pass
