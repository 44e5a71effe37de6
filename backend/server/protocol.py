"""Request and response models for the OpenAI-compatible API, and OpenAI-style error bodies.

Validation lives here so that every bad input becomes a 400 with a one-line message, never a 5xx.
kvscope's extensions to OpenAI's request bodies:

- ``cache_salt``: tenant isolation as in vLLM (a non-empty string; it enters the first block's key).
- ``lora``: an adapter id that enters every block's key (``model: "base:adapter"`` works too).
- ``disable_cache_sharing``: this request neither hits cached blocks nor leaves reusable ones.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    field_validator,
    model_validator,
)

from kvscope.backend.server.validate import Lora, ModelName, Salt, Stop, User, check_body

MAX_STOP = 4


class APIError(Exception):
    """An error the client caused (or a capacity refusal), rendered as OpenAI's error body."""

    def __init__(
        self,
        status: int,
        message: str,
        type_: str = "invalid_request_error",
        param: str | None = None,
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.type = status, message, type_
        self.param, self.code, self.headers = param, code, headers or {}

    def body(self) -> dict:
        return error_body(self.message, self.type, self.param, self.code)


def error_body(message: str, type_: str, param: str | None = None, code: str | None = None):
    message = message.encode("utf-8", "replace").decode("utf-8")  # never echo a bad surrogate
    if param is not None:
        param = param.encode("utf-8", "replace").decode("utf-8")
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


class _Body(BaseModel):
    """Every string anywhere in the body is UTF-8-encodable, and nesting is bounded."""

    @model_validator(mode="before")
    @classmethod
    def _strings(cls, data: Any) -> Any:
        check_body(data)
        return data


class _Request(_Body):
    model_config = ConfigDict(extra="ignore")

    model: ModelName
    max_tokens: StrictInt | None = Field(default=None, ge=1, le=1_000_000)
    temperature: StrictFloat | None = Field(default=None, ge=0.0, le=2.0, description="default 1")
    top_p: StrictFloat | None = Field(default=None, gt=0.0, le=1.0, description="default 1")
    n: StrictInt = Field(default=1, ge=1, le=1, description="Only n=1 is supported.")
    stop: Stop | list[Stop] | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=2**63 - 1)
    stream: StrictBool = False
    stream_options: StreamOptions | None = None
    user: User | None = None
    ignore_eos: StrictBool = False
    cache_salt: Salt | None = Field(
        default=None,
        description="Salts the prefix cache (tenant isolation); a non-empty secret string.",
    )
    lora: Lora | None = Field(default=None, description="Adapter id (enters the key).")
    disable_cache_sharing: StrictBool = Field(
        default=False,
        description="Neither hit cached blocks nor leave reusable ones (timing side channel).",
    )

    @model_validator(mode="before")
    @classmethod
    def _unsupported(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for name, is_default in UNSUPPORTED.items():
                if name in data and not is_default(data[name]):
                    raise ValueError(
                        f"'{name}' is not supported by this server; remove it from the request"
                    )
        return data

    @field_validator("stop")
    @classmethod
    def _stop(cls, v: str | list[str] | None) -> str | list[str] | None:
        stops = [v] if isinstance(v, str) else (v or [])
        if len(stops) > MAX_STOP:
            raise ValueError(f"at most {MAX_STOP} stop sequences are allowed")
        return v

    def stop_list(self) -> tuple[str, ...]:
        if self.stop is None:
            return ()
        return (self.stop,) if isinstance(self.stop, str) else tuple(self.stop)


def _off(v: Any) -> bool:
    return v is None or v is False or v == 0 or v == {} or v == "" or v == []


# Parameters OpenAI defines that this server does not implement: refused unless left at their
# default, as vLLM refuses unsupported parameters, rather than silently ignored.
UNSUPPORTED = {
    "logprobs": _off,
    "top_logprobs": _off,
    "logit_bias": _off,
    "presence_penalty": _off,
    "frequency_penalty": _off,
    "best_of": lambda v: v is None or v == 1,
    "suffix": _off,
    "echo": _off,
    "response_format": lambda v: v is None or (isinstance(v, dict) and v.get("type") == "text"),
}


class StreamOptions(BaseModel):
    include_usage: StrictBool = False


class FunctionCall(BaseModel):
    name: Annotated[str, Field(min_length=1, max_length=256)]
    arguments: str | dict[str, Any] = ""


class ToolCall(BaseModel):
    """An assistant message's tool call, as OpenAI's API sends it back."""

    model_config = ConfigDict(extra="allow")

    id: str | None = Field(default=None, max_length=256)
    type: Literal["function"] = "function"
    function: FunctionCall


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    name: str | None = Field(default=None, max_length=256)
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = Field(default=None, max_length=256)


class ChatCompletionRequest(_Request):
    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: StrictInt | None = Field(default=None, ge=1, le=1_000_000)
    tools: list[dict[str, Any]] | None = None
    tool_choice: Any = None


class CompletionRequest(_Request):
    prompt: str | list[StrictInt] = Field(description="Text, or a list of token ids.")
    max_tokens: StrictInt | None = Field(default=16, ge=1, le=1_000_000)

    @field_validator("prompt", mode="before")
    @classmethod
    def _prompt_type(cls, v: Any) -> Any:
        if isinstance(v, list) and not all(type(t) is int for t in v):
            raise ValueError("a token-id prompt must be a list of integers (not booleans or text)")
        if not isinstance(v, str | list):
            raise ValueError("the prompt must be a string or a list of token ids")
        return v

    @field_validator("prompt")
    @classmethod
    def _prompt(cls, v: str | list[int]) -> str | list[int]:
        if isinstance(v, list) and any(t < 0 for t in v):
            raise ValueError("token ids must be non-negative")
        if len(v) == 0:
            raise ValueError("the prompt is empty")
        return v


class PinRequest(_Body):
    """Pin a prefix (never evicted): give ``text``, ``token_ids`` or chat ``messages``.

    ``unpin: true`` undoes an earlier pin of the same prefix and keys. ``tenant`` pins a
    prefix of a ``--tenant-keys`` tenant, whose requests are salted under its name.
    """

    text: str | None = None
    token_ids: list[StrictInt] | None = None
    messages: list[ChatMessage] | None = None
    cache_salt: Salt | None = None
    lora: Lora | None = None
    tenant: User | None = Field(
        default=None, description="Pin as this --tenant-keys tenant (its salt namespace)."
    )
    unpin: StrictBool = False


class PromptTokensDetails(BaseModel):
    cached_tokens: int


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
    prompt_tokens_details: PromptTokensDetails


class ErrorDetail(BaseModel):
    message: str
    type: str
    param: str | None = None
    code: str | None = None


class ErrorResponse(BaseModel):
    error: ErrorDetail


def usage(prompt: int, completion: int, cached: int) -> dict:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": cached},
    }
