"""Request and response models for the OpenAI-compatible API, and OpenAI-style error bodies.

Validation lives here so that every bad input becomes a 400 with a one-line message, never a 5xx.
kvscope's extensions to OpenAI's request bodies:

- ``cache_salt``: tenant isolation as in vLLM (a non-empty string; it enters the first block's key).
- ``lora``: an adapter id that enters every block's key (``model: "base:adapter"`` works too).
- ``disable_cache_sharing``: this request neither hits cached blocks nor leaves reusable ones.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

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
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


class _Request(BaseModel):
    model_config = ConfigDict(extra="ignore")

    model: str = Field(min_length=1, max_length=512)
    max_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    temperature: float | None = Field(default=None, ge=0.0, le=2.0, description="default 1")
    top_p: float | None = Field(default=None, gt=0.0, le=1.0, description="default 1")
    n: int = Field(default=1, ge=1, le=1, description="Only n=1 is supported.")
    stop: str | list[str] | None = None
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    user: str | None = Field(default=None, max_length=256)
    ignore_eos: bool = False
    cache_salt: str | None = Field(
        default=None,
        description="Salts the prefix cache (tenant isolation); a non-empty secret string.",
    )
    lora: str | None = Field(
        default=None, min_length=1, max_length=256, description="Adapter id (enters the key)."
    )
    disable_cache_sharing: bool = Field(
        default=False,
        description="Neither hit cached blocks nor leave reusable ones (timing side channel).",
    )

    @field_validator("cache_salt")
    @classmethod
    def _salt(cls, v: str | None) -> str | None:
        if v is not None and v == "":
            raise ValueError("Parameter 'cache_salt' must be a non-empty string if provided.")
        return v

    @field_validator("stop")
    @classmethod
    def _stop(cls, v: str | list[str] | None) -> str | list[str] | None:
        stops = [v] if isinstance(v, str) else (v or [])
        if len(stops) > MAX_STOP:
            raise ValueError(f"at most {MAX_STOP} stop sequences are allowed")
        if any(s == "" for s in stops):
            raise ValueError("stop sequences must be non-empty strings")
        return v

    def stop_list(self) -> tuple[str, ...]:
        if self.stop is None:
            return ()
        return (self.stop,) if isinstance(self.stop, str) else tuple(self.stop)


class StreamOptions(BaseModel):
    include_usage: bool = False


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    name: str | None = None


class ChatCompletionRequest(_Request):
    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    tools: list[dict[str, Any]] | None = None
    tool_choice: Any = None


class CompletionRequest(_Request):
    prompt: str | list[int] = Field(description="Text, or a list of token ids.")
    max_tokens: int | None = Field(default=16, ge=1, le=1_000_000)
    echo: bool = False

    @field_validator("prompt")
    @classmethod
    def _prompt(cls, v: str | list[int]) -> str | list[int]:
        if isinstance(v, list) and any(t < 0 for t in v):
            raise ValueError("token ids must be non-negative")
        if len(v) == 0:
            raise ValueError("the prompt is empty")
        return v


class PinRequest(BaseModel):
    """Pin a prefix (never evicted): give ``text``, ``token_ids`` or chat ``messages``.

    ``unpin: true`` undoes an earlier pin of the same prefix and keys.
    """

    text: str | None = None
    token_ids: list[int] | None = None
    messages: list[ChatMessage] | None = None
    cache_salt: str | None = None
    lora: str | None = Field(default=None, min_length=1, max_length=256)
    unpin: bool = False


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
