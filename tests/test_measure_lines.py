"""Lines of bytes split exactly where a newline="" text reader splits them (editor line numbers)."""

from __future__ import annotations

import gzip
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from kvscope.lint.measure.lines import iter_lines, open_log
from kvscope.lint.measure.readers import Record, Skipped, read_log


@given(st.lists(st.sampled_from(["a", "bc", "\r", "\n", "\r\n", " "]), max_size=30))
def test_lines_match_a_text_reader(parts):
    data = "".join(parts).encode()
    want = list(io.TextIOWrapper(io.BytesIO(data), encoding="ascii", newline=""))
    got = [buf[a:b].decode() for buf, a, b in iter_lines(io.BytesIO(data))]
    assert got == want


def test_gzip_is_read_by_content_and_undecodable_lines_are_skipped(tmp_path):
    ids = {"tenant": "t", "prompt_token_ids": list(range(40))}
    lines = [json.dumps(ids).encode(), b'{"prompt": "caf\xe9"}', b"", json.dumps(ids).encode()]
    log = tmp_path / "log.txt"  # no .gz suffix: gzip is recognised from the bytes
    log.write_bytes(gzip.compress(b"\r\n".join(lines) + b"\r\n"))
    with open_log(log) as stream:
        assert stream.read(1) == b"{"
    items = list(read_log(log))
    assert [type(i) for i in items] == [Record, Skipped, Record]
    assert items[1].line == 2 and "UTF-8" in items[1].reason
    assert items[2].line == 4 and len(items[2].token_ids) == 40
