"""Token-id lists -> checked ``array("I")`` ids: the one parser, for every form a log holds.

- bytes as written in a JSON line (``b"1, 2, 3"``: ``parse_ids``; ``RawIds`` keeps them
  unparsed until needed, ``split_line`` finds them in a line);
- a decoded JSON list (``ids_from_list``);
- an Arrow list column of a Parquet batch (``ids_from_arrow``).

All three accept exactly the unsigned 32-bit integers and nothing else (no booleans,
fractions, signs, exponents, leading zeros or empty items), so a request reads the same
whichever path its line takes; a fuzz test holds them to ``json`` and to each other. For
the bytes, numpy's C text parser does the reading (about 3x faster than json) and the checks
are vectorised; without numpy (the core install), or when the list holds any byte other than
digits, commas and JSON whitespace (a sign, say), json itself reads it. Block keys are made
from these ids in one place too: ``kvscope.backend.prefix_keys`` (``keymemo`` memoises them
for pre-tokenized lines).
"""

from __future__ import annotations

import json
import re
import warnings
from array import array

_DIGITS = b"0123456789, \t\n\r"  # digits, commas, JSON whitespace
_numpy = None
_strict = False  # numpy's fromstring raises on a partial read (numpy >= 2); else warns


def numpy_module():
    """numpy, or ``None`` where it is not installed (imported once, on first use)."""
    global _numpy, _strict
    if _numpy is None:
        try:
            import numpy
        except ImportError:  # numpy is optional (kvscope[backend])
            numpy = False
        if numpy:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    numpy.fromstring(b"1 2", dtype=numpy.int64, sep=",")
            except ValueError:
                _strict = True
        _numpy = numpy
    return _numpy or None


def _fromstring(np, raw: bytes):
    """uint64 (saturating: a value >= 2**64 reads as 2**64 - 1); raises on a partial read."""
    if _strict:
        return np.fromstring(raw, dtype=np.uint64, sep=",")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        try:
            return np.fromstring(raw, dtype=np.uint64, sep=",")
        except DeprecationWarning as exc:
            raise ValueError(str(exc)) from None


def _json_ids(raw: bytes) -> array:
    values = json.loads(b"[" + raw + b"]")
    if not all(type(v) is int for v in values):
        raise ValueError("token ids must be unsigned integers")
    return array("I", values)  # OverflowError below 0 or from 2**32 on


def ids_from_list(value: object) -> array | None:
    """A decoded JSON list of token ids -> ``array("I")``, or ``None`` if ``value`` is not a
    list of unsigned 32-bit integers (``true`` is not an id: ``type(v) is int``)."""
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        return None
    try:
        return array("I", value)
    except OverflowError:  # below 0 or from 2**32 on
        return None


def ids_from_arrow(column) -> list[array] | None:
    """The rows of an Arrow list column of integers -> one ``array("I")`` each, or ``None``
    when a row is null or an id is not an unsigned 32-bit integer (the caller reads such a
    batch row by row, through ``ids_from_list``)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if column.null_count or not (
        pa.types.is_list(column.type) or pa.types.is_large_list(column.type)
    ):
        return None
    values = column.flatten()  # this batch's ids only (a batch may be a slice)
    if not pa.types.is_integer(values.type) or values.null_count:
        return None
    if len(values) and (pc.min(values).as_py() < 0 or pc.max(values).as_py() >= 1 << 32):
        return None
    flat = values.cast(pa.uint32()).to_numpy().astype("<u4", copy=False).tobytes()
    offsets = column.offsets.to_numpy()
    base = int(offsets[0])
    out = []
    for i in range(len(column)):
        ids = array("I")
        ids.frombytes(flat[4 * (int(offsets[i]) - base) : 4 * (int(offsets[i + 1]) - base)])
        out.append(ids)
    return out


def parse_ids(raw: bytes) -> array:
    """``b"1, 2, 3"`` -> ``array("I")``; ``ValueError``/``OverflowError`` if not uint32 ids."""
    return parse_ids_at(raw)[0]


def parse_ids_at(raw: bytes):
    """(the ids, the offsets of the commas in ``raw``: a numpy array, ``None`` without numpy)."""
    np = numpy_module()
    if not np or not raw.strip() or raw.translate(None, _DIGITS):
        return _json_ids(raw), None  # no numpy, or a rare byte (a sign...): json decides
    a = np.frombuffer(raw, np.uint8)
    digit = a > 47  # the only bytes above b"," are digits
    start = np.empty(len(a), bool)
    start[0] = digit[0]
    np.greater(digit[1:], digit[:-1], out=start[1:])
    runs = int(np.count_nonzero(start))
    commas = (a == 44).nonzero()[0]
    if runs != len(commas) + 1:
        raise ValueError("an empty item in the token id list")
    if (start[:-1] & digit[1:] & (a[:-1] == 48)).any():
        raise ValueError("a token id with a leading zero")
    # a full read of ``runs`` numbers past ``runs - 1`` commas: no empty item, no junk
    values = _fromstring(np, raw)
    if len(values) != runs:
        raise ValueError("the token id list could not be read to its end")
    if int(values.max()) >= 1 << 32:
        raise OverflowError("token ids must be below 2**32")
    out = array("I")
    out.frombytes(values.astype("<u4").tobytes())
    return out, commas


KEY_RX = re.compile(rb'"prompt_token_ids"\s*:\s*\[')


class RawIds:
    """The bytes of a request's token ids as written: ``b"1, 2, 3"`` (checked when parsed).

    ``count`` (ids) and ``known`` (leading block keys the memo already knew) are set by
    ``IdsMemo.keys``.
    """

    __slots__ = ("count", "data", "known")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.count: int | None = None
        self.known = 0

    def __len__(self) -> int:
        if self.count is None:
            self.count = self.data.count(b",") + 1 if self.data else 0  # bad lists fail in keys
        return self.count

    def tokens(self) -> array:
        """The ids as an array (parses everything: used only when all tokens are needed)."""
        return parse_ids(self.data)

    def head(self, count: int) -> array:
        """The first ``count`` ids (parses only that far)."""
        raw, cut = self.data, -1
        for _ in range(count):
            cut = raw.find(b",", cut + 1)
            if cut < 0:
                break
        return parse_ids(raw if cut < 0 else raw[:cut])


def split_line(
    line: bytes | str, start: int = 0, end: int | None = None
) -> tuple[bytes, RawIds] | None:
    """(the line with its id list emptied, the ids) or ``None`` when no fast path applies.

    ``start``/``end`` delimit the line inside a larger buffer (nothing else is copied).
    """
    if isinstance(line, str):
        line = line.encode("utf-8", "surrogatepass")
    if end is None:
        end = len(line)
    m = KEY_RX.search(line, start, end)
    if m is None:
        return None
    open_ = m.end()
    close = line.find(b"]", open_, end)
    if close < 0:
        return None
    return line[start:open_] + line[close:end], RawIds(line[open_:close].strip())
