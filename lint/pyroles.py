"""What a name says about the role its text is sent under (kvscope.lint.pyscan).

A name says "the user turn" only when the user's side owns its message word: `USER_PROMPT`,
`HUMAN_TEMPLATE`, `user_query_prompt` and `user_msg` are what the user sends, while
`USER_PREFERENCES_PROMPT` or `USER_ROLE_PROMPT` are sections ABOUT the user, substituted into
the system prompt. Where the module shows the messages a string lands in, that wins over the
name (kvscope.lint.pyscan.Scan.sent_as).
"""

from __future__ import annotations

from kvscope.lint.names import name_parts

USER_SIDE = {"user", "human", "query", "question", "input"}
OWNERS = {"user", "human"}
# Words naming a message: the word before them says whose it is (`user_prompt_template`).
MESSAGE_WORDS = {
    "prompt",
    "prompts",
    "template",
    "templates",
    "message",
    "messages",
    "msg",
    "msgs",
    "instruction",
    "instructions",
    "preamble",
    "turn",
}
# What the user sends, as the last word of an owner's name: `user_input`, `human_query`.
SENT_WORDS = {"input", "query", "question", "request", "content", "text"}


def user_side(name: str) -> bool:
    """True for names of text sent as the user turn: the user's side owns the message word
    (`user_prompt`, `HUMAN_TEMPLATE`, `user_query_prompt`, `question_prompt`, `get_user_message`)
    or the name is just that owner and what it sends (`user_msg`, `USER_INPUT`). Not a prompt
    ABOUT the user (`USER_PREFERENCES_PROMPT`, `MEMORY_USER_BASIC_INFORMATION_PROMPT`: sections
    substituted into the system prompt), nor `query_writer_instructions` (instructions for
    writing queries)."""
    ws = [w.lower() for w in name_parts(name)]
    end = len(ws)
    while end > 1 and ws[end - 1] in MESSAGE_WORDS:
        end -= 1  # `user_prompt_template`: the owner is the word before the message words
    if end < len(ws):
        return ws[end - 1] in USER_SIDE
    return len(ws) >= 2 and ws[-1] in SENT_WORDS and ws[-2] in OWNERS
