"""Log readers: every common shape, gzip, and bad lines counted with their line numbers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kvscope.lint.measure.readers import ReadError, Record, Skipped, read_log

DATA = Path(__file__).parent / "data" / "measure"


def test_shapes_fixture():
    items = list(read_log(DATA / "shapes.jsonl"))
    records = [i for i in items if isinstance(i, Record)]
    skipped = {i.line: i.reason for i in items if isinstance(i, Skipped)}
    assert set(skipped) == {4, 6, 10}  # bad JSON, a JSON array, messages not a list
    assert "Expecting" in skipped[4]
    first = records[0]
    assert (first.tenant, first.route, first.model) == ("acme", "chat", "m")
    wrapped = next(r for r in records if r.line == 3)
    assert wrapped.tenant == "acme" and wrapped.request["messages"][1]["content"] == "Hello"
    assert next(r for r in records if r.line == 5).request == {
        "prompt": "Translate to French: the cat sleeps on the mat."
    }
    sharegpt = [r for r in records if r.line == 7]
    assert [len(r.request["messages"]) for r in sharegpt] == [1, 3]  # one request per human turn
    assert sharegpt[1].request["messages"][1]["role"] == "assistant"
    pre = next(r for r in records if r.line == 9)
    assert list(pre.token_ids.tokens()[:3]) == [1, 2, 3]
    assert pre.request is None and pre.tenant == "globex"


def test_gzip_detected_by_content_and_truncation_keeps_what_was_read(tmp_path):
    items = list(read_log(DATA / "pretokenized.jsonl.gz"))
    assert len(items) == 20 and all(isinstance(i, Record) for i in items)
    raw = gzip.compress(b"".join(b'{"prompt": "request %d"}\n' % i for i in range(5000)))
    cut = tmp_path / "cut.log"  # no .gz suffix on purpose: detected from the content
    cut.write_bytes(raw[: len(raw) // 2])
    items = list(read_log(cut))
    err = items[-1]
    assert isinstance(err, ReadError) and err.reason == "truncated gzip stream"
    assert err.offset == len(raw) // 2 and err.source == str(cut)
    records = items[:-1]
    assert len(records) > 1000 and all(isinstance(i, Record) for i in records)
    assert [r.request["prompt"] for r in records] == [f"request {i}" for i in range(len(records))]
    assert err.line == len(records) + 1


def test_gz_name_without_gzip_content_is_a_read_error(tmp_path):
    fake = tmp_path / "log.jsonl.gz"
    fake.write_text('{"prompt": "hello"}\n')
    (err,) = read_log(fake)
    assert isinstance(err, ReadError) and "not a gzip file" in err.reason


def test_missing_file_is_a_skipped_entry(tmp_path):
    (item,) = read_log(tmp_path / "nope.jsonl")
    assert isinstance(item, Skipped) and item.line == 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "messages",
                    "prompt",
                    "request",
                    "conversations",
                    "tools",
                    "tenant",
                    "prompt_token_ids",
                    "role",
                    "content",
                    "from",
                    "value",
                    "body",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)
lines = st.one_of(
    json_values.map(json.dumps),
    st.text(max_size=40).map(lambda t: t.replace("\n", " ").replace("\r", " ")),
)


@given(st.lists(lines, max_size=12), st.booleans())
def test_fuzzed_logs_never_crash_and_account_for_every_line(tmp_path_factory, body, gz):
    path = tmp_path_factory.mktemp("fuzz") / "log.jsonl"
    data = ("\n".join(body) + "\n").encode("utf-8", "surrogatepass")
    path.write_bytes(gzip.compress(data) if gz else data)
    items = list(read_log(path))
    seen_lines = {i.line for i in items}
    nonblank = {n for n, text in enumerate(body, 1) if text.strip()}
    assert seen_lines <= nonblank | {0}
    # every non-blank line is either analysed or reported as skipped (unless decoding failed)
    if not any(
        isinstance(i, ReadError) or (isinstance(i, Skipped) and i.reason.startswith("unreadable"))
        for i in items
    ):
        assert nonblank <= seen_lines
