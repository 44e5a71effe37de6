"""Token id lists as written in a JSON line (``b"1, 2, 3"``) -> ``array("I")``, checked.

It accepts exactly what ``json.loads`` accepts as a list of unsigned 32-bit integers (JSON
whitespace around commas; no fractions, exponents, leading zeros or empty items), so the fast
path never reads a line the JSON path would reject; a fuzz test holds it to json. With numpy,
its C text parser does the reading (about 3x faster than json) and the checks are
vectorised; without numpy (the core install), or when the list holds any byte other than
digits, commas and JSON whitespace (a sign, say), json itself reads it.
"""

from __future__ import annotations

import json
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
