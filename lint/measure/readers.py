"""Request-log readers: one JSON object a line, plain or gzipped, in the common shapes.

Accepted shapes (detected per line):

- the kvscope workload generator's lines and bare OpenAI chat bodies (``messages``, ``tools``);
- wrappers ``{"request": {...}}`` / ``{"body": {...}}`` (metadata may sit outside);
- completions bodies and plain prompts (``prompt`` / ``text`` / ``input`` as a string);
- pre-tokenized lines (``prompt_token_ids``, or ``prompt`` as a list of token ids): no
  tokenization needed; ``prompt_token_ids`` lists stay unparsed bytes (``RawIds``) so repeated
  ids are looked up by ``keymemo`` instead of parsed (every id list, in bytes, decoded or
  as an Arrow column, is checked by ``tokenids``);
- ShareGPT conversations (``conversations: [{"from", "value"}]``): one request per human turn,
  each re-sending the conversation so far, as a chat client would.

A line that cannot be read becomes a ``Skipped`` with its file, line number and reason; it is
never fatal.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from kvscope.lint.measure.lines import NotGzip, compressed_offset, iter_lines, open_log
from kvscope.lint.measure.tokenids import RawIds, ids_from_arrow, ids_from_list, split_line

_SHAREGPT_ROLES = {
    "human": "user",
    "user": "user",
    "gpt": "assistant",
    "assistant": "assistant",
    "chatgpt": "assistant",
    "bing": "assistant",
    "bard": "assistant",
    "system": "system",
    "tool": "tool",
    "function": "tool",
}


class Record(NamedTuple):
    """One request of a log: either a request body to render or pre-tokenized ids."""

    source: str
    line: int
    request: dict | None
    token_ids: Sequence[int] | RawIds | None
    tenant: str | None
    route: str | None
    model: str | None
    salt: str | None
    id: str | None = None
    session: str | None = None
    user: str | None = None
    response: str | Sequence[int] | None = None


class Skipped(NamedTuple):
    """A line that was not analysed, and why."""

    source: str
    line: int
    reason: str


class ReadError(NamedTuple):
    """A log that could not be read to its end: what was read before ``line`` is kept.

    ``offset`` is the byte offset in the (compressed) file where reading stopped, when known.
    """

    source: str
    line: int
    offset: int | None
    reason: str

    def message(self) -> str:
        where = f"byte {self.offset}" if self.offset is not None else f"line {self.line}"
        return f"{self.source}: {self.reason} at {where}; the {self.line - 1} line(s) before it"


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _sharegpt(conv: list) -> list[tuple[dict, str | None]]:
    """(request body, the assistant's reply if logged) per human turn of a ShareGPT
    conversation."""
    messages: list[dict] = []
    out: list[list] = []
    for turn in conv:
        if not isinstance(turn, dict):
            raise ValueError("a ShareGPT turn is not an object")
        role = _SHAREGPT_ROLES.get(str(turn.get("from", "")).lower())
        value = turn.get("value")
        if role is None or not isinstance(value, str):
            raise ValueError("a ShareGPT turn needs 'from' (human/gpt/system) and 'value'")
        if role == "assistant" and out and out[-1][1] is None and messages[-1]["role"] == "user":
            out[-1][1] = value
        messages.append({"role": role, "content": value})
        if role == "user":
            out.append([{"messages": list(messages)}, None])
    if not out:
        raise ValueError("a ShareGPT conversation without a human turn has no request")
    return [(req, reply) for req, reply in out]


def _response(obj: dict, body: dict) -> str | Sequence[int] | None:
    """The logged output of a request: output token ids, or the reply text of an OpenAI
    response body (chat ``choices[0].message.content`` or completions ``choices[0].text``)."""
    for holder in (obj, body):
        ids = ids_from_list(holder.get("output_token_ids"))
        if ids is not None:
            return ids
    resp = obj.get("response")
    if isinstance(resp, dict) and isinstance(resp.get("body"), dict):
        resp = resp["body"]  # OpenAI batch output lines
    if not isinstance(resp, dict):
        return None
    choices = resp.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return None
    first = choices[0]
    msg = first.get("message")
    if isinstance(msg, dict) and isinstance(msg.get("content"), str):
        return msg["content"]
    return first["text"] if isinstance(first.get("text"), str) else None


def parse_obj(obj: object, source: str, line: int) -> list[Record]:
    """The records of one decoded JSON line; raises ``ValueError`` for unusable shapes."""
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    body = obj
    for key in ("request", "body"):
        if isinstance(obj.get(key), dict):
            body = obj[key]
            break
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}

    def pick(key: str) -> str | None:
        return _str(obj.get(key)) or _str(body.get(key)) or _str(meta.get(key))

    user = pick("user")
    tenant = pick("tenant") or user
    route, model, salt = pick("route"), pick("model"), pick("cache_salt")
    rid = pick("request_id") or pick("id") or pick("custom_id")
    session = pick("session_id") or pick("session") or pick("conversation_id")
    meta_ = (tenant, route, model, salt, rid, session, user)
    response = _response(obj, body)
    ids = ids_from_list(obj.get("prompt_token_ids")) or ids_from_list(body.get("prompt_token_ids"))
    if ids is None and "messages" not in body:
        ids = ids_from_list(body.get("prompt"))
    if ids is not None:
        return [Record(source, line, None, ids, *meta_, response)]
    if isinstance(body.get("messages"), list):
        request = {"messages": body["messages"]}
        if body.get("tools"):
            request["tools"] = body["tools"]
        return [Record(source, line, request, None, *meta_, response)]
    if isinstance(body.get("conversations"), list):
        return [
            Record(source, line, req, None, *meta_, reply)
            for req, reply in _sharegpt(body["conversations"])
        ]
    for key in ("prompt", "text", "input"):
        if isinstance(body.get(key), str):
            return [Record(source, line, {"prompt": body[key]}, None, *meta_, response)]
    raise ValueError("no 'messages', 'prompt', 'prompt_token_ids' or 'conversations'")


FAST_KEY = b'"prompt_token_ids"'


_META_CACHE: dict[bytes, tuple | None] = {}
_META_CACHE_SIZE = 4096  # entries, each at most _META_CACHED_BYTES long: about 2 MB at most
_META_CACHED_BYTES = 512


def _meta(meta: bytes) -> tuple | None:
    """(tenant, route, model, salt) of a pre-tokenized line with its id list emptied, or
    ``None`` when the ids are not the request's own list. Cached: a log repeats a few shapes."""
    got = _META_CACHE.get(meta, False)
    if got is not False:
        return got
    try:
        records = parse_obj(json.loads(meta.decode("utf-8")), "", 0)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        records = []
    if len(records) != 1 or records[0].token_ids is None or len(records[0].token_ids):
        got = None  # the key was not the request's own id list: parse the line normally
    else:
        got = records[0][4:]
    if len(meta) <= _META_CACHED_BYTES:
        if len(_META_CACHE) >= _META_CACHE_SIZE:
            _META_CACHE.clear()
        _META_CACHE[meta] = got
    return got


def _fast(buf: bytes, start: int, end: int, source: str, line: int) -> list[Record] | None:
    """A pre-tokenized line with its ids left unparsed (``RawIds``), or ``None``."""
    split = split_line(buf, start, end)
    if split is None:
        return None
    meta = _meta(split[0])
    if meta is None:
        return None
    return [Record(source, line, None, split[1], *meta)]


def read_log(path: str | Path) -> Iterator[Record | Skipped]:
    """Records and skipped lines of one log, in file order.

    Lines are read as bytes: a pre-tokenized line's id list is never decoded or copied into
    a ``str`` (``RawIds``, checked when parsed); every other line is decoded as UTF-8 (an
    undecodable line is skipped as ``unreadable``). A truncated or corrupt gzip stream, or a
    ``.gz`` file that is not gzip, ends the file with a ``ReadError`` (the lines before it
    are kept).
    """
    source = str(path)
    try:
        stream = open_log(path)
    except NotGzip:
        yield ReadError(source, 1, 0, "not a gzip file (named .gz)")
        return
    except OSError as exc:
        yield Skipped(source, 0, f"cannot open: {exc.strerror or exc}")
        return
    line_no = 0
    try:
        with stream:
            lines = iter_lines(stream)
            while True:
                try:
                    buf, start, end = next(lines, (None, 0, 0))
                except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as exc:
                    what = "truncated" if isinstance(exc, EOFError) else "corrupt"
                    offset = compressed_offset(stream)
                    yield ReadError(source, line_no + 1, offset, f"{what} gzip stream")
                    return
                if buf is None:
                    return
                line_no += 1
                records = None
                if buf.find(FAST_KEY, start, end) >= 0:
                    records = _fast(buf, start, end, source, line_no)
                if records is None:
                    try:
                        text = buf[start:end].decode("utf-8")
                    except UnicodeDecodeError:
                        yield Skipped(source, line_no, "unreadable: not UTF-8 text")
                        continue
                    if not text.strip():
                        continue
                    try:
                        records = parse_obj(json.loads(text), source, line_no)
                    except (ValueError, RecursionError) as exc:
                        reason = str(exc).splitlines()[0][:120] or "invalid"
                        yield Skipped(source, line_no, reason)
                        continue
                yield from records
    except OSError as exc:  # pragma: no cover - the stream failed to close
        yield Skipped(source, line_no, f"unreadable: {exc}")


LOG_SUFFIXES = (".jsonl", ".json", ".ndjson", ".log", ".gz", ".parquet")
PARQUET_BATCH = 4096


def expand_logs(paths: list[str]) -> list[str]:
    """Files named by ``paths``: files as given, directories as their log files (recursively,
    sorted: ``*.jsonl``, ``*.json``, ``*.ndjson``, ``*.log``, ``*.gz``, ``*.parquet``), globs
    (``logs/2026-11-*.jsonl.gz``) as their sorted matches. ``ValueError`` when one names
    nothing, saying what to pass."""
    import glob
    import os

    out: list[str] = []
    for path in paths:
        if path == "-" or os.path.isfile(path):
            out.append(path)
        elif os.path.isdir(path):
            found = sorted(
                os.path.join(root, name)
                for root, _, names in os.walk(path)
                for name in names
                if name.lower().endswith(LOG_SUFFIXES)
            )
            if not found:
                raise ValueError(f"{path}: a directory without log files (.jsonl, .gz, .parquet)")
            out += found
        elif glob.has_magic(path):
            found = sorted(p for p in glob.glob(path, recursive=True) if os.path.isfile(p))
            if not found:
                raise ValueError(f"{path}: the pattern matches no file")
            out += found
        else:
            raise ValueError(f"{path}: no such log file; pass JSONL or Parquet request logs")
    return out


def read_parquet(path: str | Path) -> Iterator[Record | Skipped | ReadError]:
    """Records of a Parquet log: one request a row, in the columns a JSONL line would have
    (``messages``, ``prompt``, ``prompt_token_ids``, ``tenant`` ...); ``line`` is the row."""
    source = str(path)
    try:
        import pyarrow.parquet as pq
    except ImportError:
        yield ReadError(
            source, 1, None, "reading Parquet needs pyarrow: pip install 'kvscope[scale]'"
        )
        return
    row = 0
    try:
        # pre_buffer (pyarrow's default) reads ahead and keeps the coalesced ranges of every
        # row group it has seen: ~115 MB at 1 M requests, growing with the file; without
        # buffer_size a column chunk is read whole (~100 MB for a 1 M-row group of ids)
        reader = pq.ParquetFile(source, pre_buffer=False, buffer_size=1 << 20)
        for batch in reader.iter_batches(batch_size=PARQUET_BATCH):
            fast = _parquet_ids(batch, source, row)
            if fast is not None:
                yield from fast
                row += batch.num_rows
                continue
            for obj in batch.to_pylist():
                row += 1
                try:
                    yield from parse_obj(obj, source, row)
                except (ValueError, RecursionError) as exc:
                    yield Skipped(source, row, str(exc).splitlines()[0][:120] or "invalid")
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        reason = str(exc).splitlines()[0][:120] if str(exc) else "unreadable"
        yield ReadError(source, row + 1, None, f"not a readable Parquet file ({reason})")


_META_COLUMNS = {
    "tenant": ("tenant", "user"),
    "route": ("route",),
    "model": ("model",),
    "salt": ("cache_salt",),
    "id": ("request_id", "id", "custom_id"),
    "session": ("session_id", "session", "conversation_id"),
    "user": ("user",),
}


def _parquet_ids(batch, source: str, row: int) -> list[Record] | None:
    """Records of a pre-tokenized Parquet batch read column-wise (no per-row dicts), or
    ``None`` when the batch needs the general path (other shapes, nulls, negative ids...)."""
    names = set(batch.schema.names)
    if "prompt_token_ids" not in names or names & {"messages", "request", "body", "metadata"}:
        return None
    if "output_token_ids" in names:
        return None  # replies: the general path reads them
    rows = ids_from_arrow(batch.column("prompt_token_ids"))
    if rows is None:
        return None
    meta: dict[str, list] = {}
    for field, keys in _META_COLUMNS.items():
        values_ = [None] * batch.num_rows
        for key in reversed(keys):  # the first key wins
            if key in names:
                got = batch.column(key).to_pylist()
                values_ = [_str(v) or old for v, old in zip(got, values_, strict=True)]
        meta[field] = values_
    out = []
    for i, ids in enumerate(rows):
        out.append(
            Record(
                source,
                row + i + 1,
                None,
                ids,
                meta["tenant"][i],
                meta["route"][i],
                meta["model"][i],
                meta["salt"][i],
                meta["id"][i],
                meta["session"][i],
                meta["user"][i],
            )
        )
    return out


def read_logs(paths: list[str]) -> Iterator[Record | Skipped | ReadError]:
    """Records and skipped lines of several logs (files, directories, globs), in order."""
    for path in expand_logs(paths):
        if str(path).lower().endswith(".parquet"):
            yield from read_parquet(path)
        else:
            yield from read_log(path)
