"""The one volatile-value detector (kvscope.lint.patterns): cases as data, what diff and
measure see of it, and a fuzz of its invariants."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.diff.volatile import find_volatile as diff_find
from kvscope.lint.measure.nearmiss import mask_volatile as measure_mask
from kvscope.lint.patterns import find_volatile, mask_volatile, volatile_at, volatile_literals

CASES = yaml.safe_load((Path(__file__).parent / "data" / "volatile" / "cases.yml").read_text())[
    "cases"
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_detector_case(case):
    found = [
        [lit.kind, lit.text] for lit in volatile_literals(case["text"], case.get("concrete", False))
    ]
    assert found == case["expect"]


CONCRETE = [c for c in CASES if c.get("concrete")]


@pytest.mark.parametrize("case", CONCRETE, ids=[c["name"] for c in CONCRETE])
def test_diff_and_measure_see_the_same_values(case):
    codes = {"time": "PL001", "id": "PL002", "user": "PL003"}
    want = [(codes[kind], value) for kind, value in case["expect"]]
    assert [(v.code, v.value) for v in diff_find(case["text"])] == want
    masked = measure_mask(case["text"])
    for _, value in case["expect"]:
        assert value not in masked


def test_volatile_at_names_the_shape():
    text = "Now: 2025-03-04T10:11:12Z. Request req-000123abc. Mail ana@example.org."
    assert volatile_at(text, text.index("2025")).kind == "timestamp"
    assert volatile_at(text, text.index("req-")).kind == "request-id"
    assert volatile_at(text, text.index("ana@")).kind == "email"
    assert volatile_at(text, text.index("Mail")) is None


PIECES = st.sampled_from(
    [
        "Today is ",
        "current date: ",
        "Knowledge cutoff: ",
        "2025-03-04",
        "10:11:12",
        "March 2025",
        "7/XX/2025",
        "2025年3月4日",
        "6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
        "req_8f3k2j9x1",
        "https://x.io/a/",
        "`",
        "```\n",
        "{}",
        "%s",
        "e.g. ",
        "The user's name is Bob",
        ", ",
        ". ",
        "\n",
        "ünïcödé ",
        "İ",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(max_size=6)), max_size=14), st.booleans())
def test_fuzz_detector_spans_are_sorted_disjoint_and_exact(parts, concrete):
    text = "".join(parts)
    lits = list(volatile_literals(text, concrete))
    end = 0
    for lit in lits:
        assert end <= lit.start < lit.end <= len(text)
        assert text[lit.start : lit.end] == lit.text
        assert lit.kind in {"time", "id", "user"}
        end = lit.end
    found = find_volatile(text)
    rebuilt, last = "", 0
    for v in found:  # the mask replaces exactly what find_volatile reports, nothing else
        rebuilt += text[last : v.start] + f"<{v.code}>"
        last = v.end
    assert mask_volatile(text) == rebuilt + text[last:]
