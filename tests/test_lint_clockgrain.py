"""Which clock values change between the turns of one conversation (kvscope.lint.clockgrain):
those are reported even when nothing of the prompt follows them."""

from __future__ import annotations

import pytest

from kvscope.lint.clockgrain import changes_between_turns, narrowing_after


@pytest.mark.parametrize(
    ("flagged", "after", "changes"),
    [
        ("{system_time}", "", True),
        ("datetime.now()", "", True),
        ("datetime.now()", ":%H:%M}", True),
        ("datetime.now()", ":%Y-%m-%d}", False),
        ("datetime.now()", ".strftime('%A, %B %d, %Y')", False),
        ("datetime.now().date()", "", False),
        ("date.today()", "", False),
        ("time.time()", "", True),
        ("{{ current_date }}", "", False),
        ("{{ today }}", "", False),
        ("{edited}", ":%Y-%m-%d %H:%M}", False),  # when it happened, not the clock
        ("2024-06-01T09:30:00Z", "", True),
        ("2024-06-01", "", False),
        ("{user_name}", "", False),
    ],
)
def test_a_time_of_day_changes_between_turns_and_a_date_does_not(flagged, after, changes):
    assert changes_between_turns(flagged + " " + narrowing_after(after)) is changes


def test_narrowing_reads_only_what_applies_to_the_value():
    assert narrowing_after(":%H:%M}. You are") == "%H:%M"
    assert narrowing_after(' .strftime("%Y")') == "%Y"
    assert narrowing_after(" and the rest: %H") == ""
    assert narrowing_after("!r}") == ""
