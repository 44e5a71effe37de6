"""Jinja chat templates: every source form, HF parity, and one-line errors for bad templates."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from kvscope.backend.chat import ChatTemplateError, load_chat_template, render_chat

TEMPLATE = (
    "{{ bos_token }}"
    "{% if tools %}<tools>{% for t in tools %}{{ t | tojson }}\n{% endfor %}</tools>{% endif %}"
    "{% for m in messages %}"
    "{% if m['role'] not in ['system', 'user', 'assistant'] %}"
    "{{ raise_exception('unknown role ' + m['role']) }}{% endif %}"
    "[{{ m['role'] }}]{{ m['content'] }}{{ eos_token }}\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}[assistant]{% endif %}"
)
MESSAGES = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]
TOOL = {"type": "function", "function": {"name": "zeta", "parameters": {"b": 1, "a": 2}}}


def test_template_text_with_tools_keeps_key_order():
    out = render_chat(MESSAGES, tools=[TOOL], template=TEMPLATE)
    assert out.startswith('<tools>{"type": "function", "function": {"name": "zeta"')
    assert '"parameters": {"b": 1, "a": 2}' in out
    assert out.endswith("[user]Hi\n[assistant]")
    assert render_chat(MESSAGES, template=TEMPLATE) == render_chat(MESSAGES, template=TEMPLATE)


def test_tokenizer_config_string_and_named_forms(tmp_path):
    config = {"chat_template": TEMPLATE, "bos_token": "<s>", "eos_token": {"content": "</s>"}}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config))
    out = render_chat(MESSAGES, template=tmp_path / "tokenizer_config.json")
    assert out.startswith("<s>[system]Be brief.</s>\n")
    assert render_chat(MESSAGES, template=str(tmp_path)) == out  # a model directory
    assert load_chat_template(tmp_path / "tokenizer_config.json") == TEMPLATE

    forms = [
        {"name": "default", "template": "D"},
        {"name": "tool_use", "template": "T{{ tools | length }}"},
    ]
    named = {"chat_template": forms}
    (tmp_path / "named.json").write_text(json.dumps(named))
    assert render_chat(MESSAGES, template=tmp_path / "named.json") == "D"
    assert render_chat(MESSAGES, tools=[TOOL], template=tmp_path / "named.json") == "T1"
    assert load_chat_template(tmp_path / "named.json", name="tool_use").startswith("T")
    with pytest.raises(ChatTemplateError, match="no chat template named 'x'"):
        load_chat_template(tmp_path / "named.json", name="x")


def test_jinja_file_and_strftime_now(tmp_path):
    path = tmp_path / "chat_template.jinja"
    path.write_text("Today is {{ strftime_now('%d %b %Y') }}. {{ messages[-1]['content'] }}")
    out = render_chat(MESSAGES, template=path, now=datetime(2026, 1, 5))
    assert out == "Today is 05 Jan 2026. Hi"
    assert render_chat(MESSAGES, template=tmp_path) == render_chat(MESSAGES, template=path)


def test_matches_transformers_apply_chat_template(tmp_path):
    from tokenizers import Tokenizer, models
    from transformers import PreTrainedTokenizerFast

    raw = Tokenizer(models.WordLevel({"<s>": 0, "</s>": 1, "<unk>": 2}, unk_token="<unk>"))
    hf = PreTrainedTokenizerFast(tokenizer_object=raw, bos_token="<s>", eos_token="</s>")
    hf.chat_template = TEMPLATE
    for tools in (None, [TOOL]):
        for gen in (True, False):
            want = hf.apply_chat_template(
                MESSAGES, tools=tools, add_generation_prompt=gen, tokenize=False
            )
            got = render_chat(MESSAGES, tools, TEMPLATE, gen, bos_token="<s>", eos_token="</s>")
            assert got == want


@pytest.mark.parametrize(
    ("write", "needle"),
    [
        (None, "neither a file nor Jinja text"),
        ("{not json", "not valid JSON"),
        ('{"eos_token": "x"}', "has no 'chat_template'"),
        ('["a list"]', "JSON object"),
    ],
)
def test_bad_config_paths_are_one_line_errors(tmp_path, write, needle):
    path = tmp_path / "tokenizer_config.json"
    if write is not None:
        path.write_text(write)
    with pytest.raises(ChatTemplateError, match=needle) as err:
        render_chat(MESSAGES, template=path)
    assert "\n" not in str(err.value)


def test_syntax_and_runtime_errors_are_clear():
    with pytest.raises(ChatTemplateError, match="syntax error on line 2"):
        render_chat(MESSAGES, template="ok\n{% for m in messages %}")
    with pytest.raises(ChatTemplateError, match="refused the input: unknown role tool"):
        render_chat([{"role": "tool", "content": "x"}], template=TEMPLATE)
    with pytest.raises(ChatTemplateError, match="failed"):
        render_chat(MESSAGES, template="{{ messages[0]['content'].nope() }}")
    # The sandbox blocks attribute escapes an untrusted template might try.
    with pytest.raises(ChatTemplateError):
        render_chat(MESSAGES, template="{{ ''.__class__.__mro__[1].__subclasses__() }}")
