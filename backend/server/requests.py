"""Turning a validated request body into engine input: model/adapter, tokens, sampling, keys.

The adapter id comes from ``lora`` or from ``model: "<served>:<adapter>"`` (vLLM's style); it
enters every block's prefix key, as does ``cache_salt`` (through block 0). Every failure here is
an ``APIError`` with a 4xx status.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kvscope.backend.chat import ChatRequestError, request_tokens
from kvscope.backend.engine.engine import Deliver, Engine, QueueFull
from kvscope.backend.engine.sequence import SamplingParams, Sequence
from kvscope.backend.prefix_keys import ExtraKeys
from kvscope.backend.server.auth import ANONYMOUS, Caller
from kvscope.backend.server.limits import prompt_char_limit
from kvscope.backend.server.protocol import APIError, ChatCompletionRequest, CompletionRequest


class Prepared(NamedTuple):
    operation: str
    model_name: str
    prompt_token_ids: list[int]
    params: SamplingParams
    extra: ExtraKeys
    sharing: bool
    tenant: str | None

    def submit(self, engine: Engine, deliver: Deliver) -> Sequence:
        try:
            return engine.add_request(
                self.prompt_token_ids,
                self.params,
                deliver,
                extra=self.extra,
                sharing=self.sharing,
                tenant=self.tenant,
                operation=self.operation,
            )
        except QueueFull as exc:
            raise APIError(
                429,
                str(exc),
                "rate_limit_error",
                code="queue_full",
                headers={"Retry-After": str(exc.retry_after)},
            ) from None
        except ValueError as exc:
            code = "context_length_exceeded"
            raise APIError(400, str(exc), param="messages", code=code) from None


def resolve_model(engine: Engine, model: str, lora: str | None) -> tuple[str, str | None]:
    served = engine.model_name
    base, sep, adapter = model.partition(":")
    if model == served:
        return served, lora
    if sep and base == served and adapter:
        if lora is not None and lora != adapter:
            raise APIError(400, f"'model' names adapter {adapter!r} but 'lora' says {lora!r}")
        return served, adapter
    raise APIError(
        404,
        f"The model '{model}' does not exist; this server serves '{served}' "
        f"(or '{served}:<adapter>')",
        "not_found_error",
        param="model",
        code="model_not_found",
    )


def _text_chars(value: Any) -> int:
    """Characters of text in a message list (content, tool calls, names) or a tools list."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return sum(_text_chars(v) for v in value.values())
    if isinstance(value, list):
        return sum(_text_chars(v) for v in value)
    return 0


def prompt_chars(body: ChatCompletionRequest | CompletionRequest) -> int:
    """Characters of prompt text in a request (messages, tools or a text prompt)."""
    if isinstance(body, ChatCompletionRequest):
        return sum(_text_chars(m.content) for m in body.messages) + _text_chars(body.tools)
    return len(body.prompt) if isinstance(body.prompt, str) else 0


def prepare(
    engine: Engine,
    body: ChatCompletionRequest | CompletionRequest,
    operation: str,
    caller: Caller = ANONYMOUS,
    special_in_content: bool = False,
) -> Prepared:
    """Validate what the schema cannot express and tokenize the prompt.

    A prompt whose text is longer than ``max_model_len`` tokens could ever cover is refused
    before it is tokenized at all.
    """
    served, adapter = resolve_model(engine, body.model, body.lora)
    vocab = int(getattr(engine.tokenizer, "vocab_size", 0) or 0)
    limit = prompt_char_limit(engine.tokenizer, engine.max_model_len)
    try:
        if isinstance(body, ChatCompletionRequest):
            messages = [m.model_dump(exclude_none=True) for m in body.messages]
            _check_chars(_text_chars(messages) + _text_chars(body.tools), limit, engine)
            raw = {"messages": messages, "tools": body.tools}
            ids = request_tokens(raw, engine.tokenizer, special_in_content=special_in_content)
            max_tokens = body.max_completion_tokens or body.max_tokens
        else:
            if isinstance(body.prompt, str):
                _check_chars(len(body.prompt), limit, engine)
            ids = request_tokens({"prompt": body.prompt}, engine.tokenizer)
            max_tokens = body.max_tokens
    except ChatRequestError as exc:
        raise APIError(400, str(exc), param="messages") from None
    if vocab and any(t >= vocab for t in ids):
        raise APIError(400, f"token ids must be below the vocabulary size {vocab}", param="prompt")
    if not ids:
        raise APIError(400, "the prompt is empty; send at least one token", param="prompt")
    if max_tokens is None:
        max_tokens = max(1, min(256, engine.max_model_len - len(ids)))
    specials = getattr(engine.tokenizer, "special_tokens", {}) or {}
    end_of_turn = specials.get("<|im_end|>") if operation == "chat" else None
    params = SamplingParams(
        temperature=1.0 if body.temperature is None else body.temperature,
        top_p=1.0 if body.top_p is None else body.top_p,
        stop_token_ids=() if end_of_turn is None else (end_of_turn,),
        max_tokens=max_tokens,
        stop=body.stop_list(),
        seed=body.seed,
        ignore_eos=body.ignore_eos,
    )
    extra = ExtraKeys(model=served, lora=adapter, salt=tenant_salt(caller, body.cache_salt))
    return Prepared(
        operation,
        served if adapter is None else f"{served}:{adapter}",
        ids,
        params,
        extra,
        not body.disable_cache_sharing,
        caller.tenant if caller.tenant is not None else body.user,
    )


def tenant_salt(caller: Caller, salt: str | None) -> str | None:
    """A tenant key's requests are salted under the tenant, so no two tenants' blocks ever
    match (whatever ``cache_salt`` they send): no cross-tenant timing channel."""
    if caller.tenant is None:
        return salt
    return f"tenant:{caller.tenant}" + ("" if salt is None else f"\x1f{salt}")


def _check_chars(chars: int, limit: int, engine: Engine) -> None:
    if chars > limit:
        raise APIError(
            400,
            f"the prompt holds {chars} characters, more than the {engine.max_model_len}-token "
            "context can hold; shorten the prompt",
            param="messages",
            code="context_length_exceeded",
        )
