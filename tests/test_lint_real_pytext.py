"""bench/lint_real_pytext.py: the text Python string literals hold, each character mapped back to
the source offset it was read from (the bench's Python prompts are built from it)."""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from lint_real_pyspans import PyStrings
from lint_real_pytext import VALUE, line_starts, literal


def read(source: str) -> tuple[ast.AST, object]:
    node = ast.parse(source).body[0].value
    return node, literal(node, source, line_starts(source))


def test_prefixes_quotes_and_escapes_are_not_prompt_text():
    source = 'x = f"""Hi {name!r:>{width}}\\t\\N{BULLET} {{raw}}\\\n""" r"\\d" \'it\\\'s\''
    _, got = read(source)
    assert got.text == "Hi {}\t\u2022 {raw}\\dit's"
    assert [got.text[v : v + 2] for v in got.values] == [VALUE]
    assert source[got.src[got.values[0]]] == "{"  # the formatted value stands at its brace
    assert source[got.src[got.text.index("\\d")]] == "\\"


def test_a_form_the_reader_does_not_know_is_unknown_not_wrong():
    assert read('x = f"{value=}"')[1] is None  # the syntax tree holds "value=": not the body


TEXT = st.text(st.sampled_from([*"ab {}\\'\"\n\t", "é", "\u2022", "\x00"]), max_size=30)


@settings(max_examples=200, deadline=None)
@given(TEXT, st.sampled_from(["repr", "triple", "fstring", "concat"]))
def test_decoded_text_is_the_value_and_every_plain_character_maps_to_itself(text, form):
    if form == "repr":
        source = f"x = {text!r}"
    elif form == "triple":
        body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\x00", "\\x00")
        source = f'x = """{body}"""'
    elif form == "fstring":
        body = text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n")
        body = body.replace("\x00", "\\0").replace("{", "{{").replace("}", "}}")
        source = f"x = f'{{a}}{body}{{b.c!r}}'"
    else:
        source = f"x = ({text!r}\n  # a comment\n  {text!r})"
    node, got = read(source)
    assert got is not None
    want = node.value if isinstance(node, ast.Constant) else None
    if want is None:
        want = "".join(v.value if isinstance(v, ast.Constant) else VALUE for v in node.values)
    assert got.text == want
    assert len(got.src) == len(got.text) and got.src == sorted(got.src)
    for ch, at in zip(got.text, got.src, strict=True):
        assert source[at] == ch or source[at] in "\\{"  # an escape or a value starts there


def _expr(shape: list) -> str:
    """A string expression of literals only, from a nested shape."""
    kind, *parts = shape
    if kind == "lit":
        return repr(parts[0]) if parts[1] else '"""' + parts[0].replace("\\", "\\\\") + '"""'
    args = [_expr(p) for p in parts[1:]]
    if kind == "add":
        return f"({args[0]} + {args[1]})"
    if kind == "join":
        return f"{_expr(parts[0])}.join([{', '.join(args)}])"
    if kind == "dedent":
        return f"dedent({args[0]})"
    return f"{args[0]}.{kind}()"


WORDS = st.text(st.sampled_from([*"ab \n\t'\\", "é"]), max_size=12).filter(lambda t: '"' not in t)
LEAF = st.tuples(st.just("lit"), WORDS, st.booleans()).map(list)
SHAPE = st.recursive(
    LEAF,
    lambda inner: st.one_of(
        st.tuples(st.just("add"), LEAF, inner, inner).map(list),
        st.tuples(st.just("join"), LEAF, inner, inner).map(list),
        st.tuples(st.sampled_from(["dedent", "strip", "lstrip", "rstrip"]), LEAF, inner).map(list),
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(SHAPE)
def test_a_literal_only_expression_renders_to_the_string_python_builds(shape):
    expr = _expr(shape)
    source = f"from textwrap import dedent\n\ndef prompt():\n    return {expr}\n"
    tree = ast.parse(source)
    top = tree.body[1].body[0].value
    got = PyStrings(tree, source).render(top)
    assert got is not None
    assert got.text == eval(expr, {"dedent": textwrap.dedent})  # our own literals
    for ch, at in zip(got.text, got.src, strict=True):
        assert source[at] == ch or source[at] == "\\"
