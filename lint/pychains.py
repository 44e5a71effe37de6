"""LangChain's document chains: the prompt objects they render to their one message.

    chain = RetrievalQA.from_chain_type(llm=llm, chain_type_kwargs={"prompt": QA_PROMPT})

A document chain fills its prompt with the documents and the question and sends the rendered
text as the one message of each model call, the user turn, whatever role a bare template would
have had (kvscope.lint.pysinks follows a prompt object to these calls).
"""

from __future__ import annotations

import ast

from kvscope.lint.pyflow import dotted

# LangChain's document chains render a prompt object, filled with the documents and the
# question, to the one message they send: `load_qa_chain(llm, prompt=p)`,
# `load_summarize_chain(llm, map_prompt=m, combine_prompt=c)`, `create_stuff_documents_chain(llm,
# p)`, `RetrievalQA.from_chain_type(llm, chain_type_kwargs={"prompt": p})`,
# `ConversationalRetrievalChain.from_llm(llm, r, condense_question_prompt=q,
# combine_docs_chain_kwargs={"prompt": p})`.
CHAIN_PROMPTS = frozenset(
    [
        "prompt",
        "question_prompt",
        "combine_prompt",
        "map_prompt",
        "refine_prompt",
        "condense_question_prompt",
        "document_prompt",
    ]
)
CHAIN_FACTORIES = frozenset(["from_chain_type", "from_llm", "create_stuff_documents_chain"])


def _document_chain(call: ast.AST | None) -> bool:
    if not isinstance(call, ast.Call):
        return False
    name = dotted(call.func)[1]
    return name in CHAIN_FACTORIES or (name.startswith("load_") and name.endswith("_chain"))


def document_chain_prompt(cur: ast.AST | None, outer: ast.AST | None, child: ast.AST) -> bool:
    """`child` (a prompt object, or the key naming it in a `..._chain_kwargs` dict) is what a
    document chain renders to its one message: a prompt keyword of the chain's factory, or its
    second positional argument (`create_stuff_documents_chain(llm, prompt)`)."""
    if isinstance(cur, ast.keyword):
        if isinstance(child, ast.Constant):  # `{"prompt": p}` of `chain_type_kwargs=`
            return child.value in CHAIN_PROMPTS and _document_chain(outer)
        return cur.arg in CHAIN_PROMPTS and _document_chain(outer)
    if isinstance(cur, ast.Call) and cur.args[1:2] == [child]:
        return dotted(cur.func)[1] == "create_stuff_documents_chain"
    return False


def chain_kwargs(arg: str | None) -> bool:
    """`chain_type_kwargs`, `combine_docs_chain_kwargs`: a chain factory's options for the
    chain it builds."""
    return arg is not None and "chain" in arg and arg.endswith("_kwargs")


def chain_kwargs_key(kwargs: ast.Dict, value: ast.AST) -> ast.AST:
    """The key `value` is given under in a `..._chain_kwargs` dict (a `Constant`), else
    `value` itself."""
    for k, v in zip(kwargs.keys, kwargs.values, strict=True):
        if v is value and isinstance(k, ast.Constant):
            return k
    return value
