"""Loop bodies: whatever the nesting, the items of a loop lie inside its own body and show its
element; an unclosed loop has no items."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kvscope.lint.loops import loop_items
from kvscope.lint.rules.common import LOOP_RE

PIECES = st.sampled_from(
    [
        "{% for f in files %}",
        "{% endfor %}",
        "{{ f.path }}",
        "{{ g }}",
        "{{#each items}}",
        "{{/each}}",
        "{{name}}",
        "{{@index}}",
        "\n",
        "text ",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=16))
def test_fuzz_items_lie_in_their_own_body(parts):
    text = "".join(parts)
    for loop in LOOP_RE.finditer(text):
        items = loop_items(text, loop)
        for ph in items:
            assert loop.end() <= ph.start < ph.end <= len(text)
            shown = text[ph.start : ph.end]
            jinja = loop.group().startswith("{%")
            assert shown in ({"{{ f.path }}"} if jinja else {"{{ f.path }}", "{{ g }}", "{{name}}"})
            close = "{% endfor %}" if jinja else "{{/each}}"
            assert close in text[ph.end :]


def test_nested_loops_keep_their_own_items():
    text = "{% for f in files %}{% for g in groups %}{{ g }}{% endfor %}{{ f.path }}{% endfor %}"
    outer, inner = list(LOOP_RE.finditer(text))
    assert [text[p.start : p.end] for p in loop_items(text, outer)] == ["{{ f.path }}"]
    assert [text[p.start : p.end] for p in loop_items(text, inner)] == ["{{ g }}"]
    assert loop_items("{% for f in files %}{{ f }}", next(LOOP_RE.finditer(text))) == []


SCOPES = st.sampled_from(["{% for a in xs %}", "{% for b, c in d.items() %}", "{% endfor %}", "x "])


@settings(max_examples=200, deadline=None)
@given(st.lists(SCOPES, max_size=12))
def test_fuzz_bound_names_are_those_of_the_loops_still_open(parts):
    from kvscope.lint.loops import bound_sources

    text, open_loops = "", []
    for part in parts:
        text += part
        if part.startswith("{% for"):
            open_loops.append(
                {"a": "xs"} if " a " in part else {"b": "d.items()", "c": "d.items()"}
            )
        elif part == "{% endfor %}" and open_loops:
            open_loops.pop()
        expected = {k: v for frame in open_loops for k, v in frame.items()}
        assert bound_sources(text, len(text)) == expected
