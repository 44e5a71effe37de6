"""The disk tier's manifest is a parser: any bytes in it (or stray files) load without an error,
and only blocks that verify are restored."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import torch
from hypothesis import given
from hypothesis import strategies as st

from kvscope.backend.cache.disk_tier import MANIFEST, DiskTier

LAYOUT = "test-layout"


def fresh_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="kvscope-disk-fuzz-"))


@given(st.binary(max_size=400), st.lists(st.binary(min_size=1, max_size=8), max_size=3))
def test_garbage_manifest_and_files_load_cleanly(garbage, strays):
    root = fresh_dir()
    try:
        tier = DiskTier(8, str(root), LAYOUT)
        good = torch.arange(6, dtype=torch.int64)
        tier.put(b"\x01" * 16, good, None, 0, [1, 2])
        tier.close()
        with open(root / MANIFEST, "ab") as f:
            f.write(garbage)
        for i, blob in enumerate(strays):
            (root / f"{i:032x}.kvb").write_bytes(blob)
        again = DiskTier(8, str(root), LAYOUT)
        for entry in again.restored:
            rows, why = again.get(entry.hash)
            assert why is None and rows is not None
        if again.restored and again.restored[0].hash == b"\x01" * 16:
            assert torch.equal(again.get(b"\x01" * 16)[0], good)
        again.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "op": st.sampled_from(["put", "del", "x"]),
                "hash": st.one_of(st.text(max_size=8), st.just("01" * 16)),
                "size": st.one_of(st.integers(-5, 100), st.text(max_size=3)),
                "digest": st.text(max_size=4),
                "dtype": st.sampled_from(["int64", "float32", "nope"]),
                "shape": st.lists(st.integers(-2, 8), max_size=3),
                "parent": st.one_of(st.none(), st.text(max_size=4)),
                "start": st.integers(-3, 3),
            }
        ),
        max_size=6,
    )
)
def test_well_formed_but_wrong_records_are_discarded(records):
    root = fresh_dir()
    try:
        (root / "layout.txt").write_text(LAYOUT + "\n")
        (root / MANIFEST).write_text("".join(json.dumps(r) + "\n" for r in records))
        (root / ("01" * 16 + ".kvb")).write_bytes(b"\x00" * 48)
        tier = DiskTier(4, str(root), LAYOUT)
        assert len(tier.keys) <= 4
        for entry in tier.restored:
            assert tier.get(entry.hash)[1] is None
        tier.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_verified_file_with_a_bad_layout_record_is_a_miss(tmp_path):
    tier = DiskTier(4, str(tmp_path), LAYOUT)
    tier.put(b"\x02" * 16, torch.arange(4, dtype=torch.int32))
    record = json.loads((tmp_path / MANIFEST).read_text().splitlines()[-1])
    tier.close()
    record["dtype"] = "no_such_dtype"
    (tmp_path / MANIFEST).write_text(json.dumps(record) + "\n")
    again = DiskTier(4, str(tmp_path), LAYOUT)
    rows, why = again.get(b"\x02" * 16)
    assert rows is None and "unreadable" in why
