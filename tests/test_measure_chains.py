"""The pipeline's seam: ``iter_chains`` turns a log into hashed requests in log order."""

from __future__ import annotations

import json

from kvscope.backend.prefix_keys import ExtraKeys, hash_blocks
from kvscope.lint.measure.chains import ChainedRequest, iter_chains
from kvscope.lint.measure.pipeline import MeasureOptions


def test_chains_carry_metadata_keys_and_reply_blocks(tmp_path):
    log = tmp_path / "log.jsonl"
    ids = list(range(1000, 1040))
    lines = [
        {
            "request_id": "a",
            "tenant": "acme",
            "session_id": "s1",
            "user": "u1",
            "model": "m",
            "prompt_token_ids": ids,
            "output_token_ids": list(range(7, 31)),
        },
        {"custom_id": "b", "route": "/chat", "prompt_token_ids": ids[:20]},
        "not json",
        {"messages": [{"role": "user", "content": "hello " * 40}], "session": "s2"},
    ]
    log.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines))
    chains = list(iter_chains([str(log)], MeasureOptions(tokenizer="bytes", block_size=8)))
    assert [c.index for c in chains] == [0, 1, 2]
    assert all(isinstance(c, ChainedRequest) for c in chains)
    a, b, c = chains
    assert (a.id, a.tenant, a.session, a.user, a.model) == ("a", "acme", "s1", "u1", "m")
    assert a.keys == hash_blocks(ids, 8, ExtraKeys(model="m")) and a.num_tokens == 40
    # the reply's last token is never fed back, so prompt + reply - 1 tokens are cached
    cached = ids + list(range(7, 30))
    assert a.output_keys == hash_blocks(cached, 8, ExtraKeys(model="m"))[5:]
    assert len(a.output_keys) == 2
    assert (b.id, b.route, b.tenant, b.num_tokens, b.output_keys) == ("b", "/chat", None, 20, None)
    assert c.session == "s2" and c.num_tokens > 200 and len(c.keys) == c.num_tokens // 8
