"""ModelRunner: the one object the serving engine calls to run the model over paged KV.

Ownership: the runner owns the weights and the `KVPool`; the engine's cache manager owns block
ids and decides which blocks a sequence uses. `forward` computes only the tokens it is given
(`SeqInput.token_ids`, at positions `start_pos..`), writes their K/V into the pool through the
sequence's block table, and attends to everything before them already in those blocks, so a
cached prefix costs nothing but its blocks.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass

import torch

from kvscope.backend.model.attention_torch import paged_attention
from kvscope.backend.model.config import TINY_NAME, ModelConfig, ModelLoadError, RunnerConfig
from kvscope.backend.model.kv_pool import KVPool
from kvscope.backend.model.loader import load_model
from kvscope.backend.model.sampling import sample

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


@dataclass(slots=True)
class SeqInput:
    """New tokens of one sequence; `block_table` covers start_pos + len(token_ids) tokens."""

    token_ids: list[int]
    start_pos: int
    block_table: list[int]


class ModelRunner:
    """Weights + paged KV pool; see module docstring for who owns what."""

    def __init__(self, config: RunnerConfig) -> None:
        config.validate()
        if config.device.startswith("cuda") and not torch.cuda.is_available():
            raise ModelLoadError("device 'cuda' requested but no CUDA device is available")
        if (
            config.attention == "triton"
            and not config.device.startswith("cuda")
            and os.environ.get("TRITON_INTERPRET") != "1"
        ):
            raise ValueError(
                "attention='triton' needs device='cuda' (or TRITON_INTERPRET=1 set "
                "before start-up for slow CPU checks); use attention='torch'"
            )
        self.runner_config = config
        self.device = torch.device(config.device)
        self.dtype = DTYPES[config.dtype]
        self.model_name, self.config, self.model = load_model(
            config.model, config.seed, self.dtype, config.device
        )
        self.block_size, self.num_blocks = config.block_size, config.num_blocks
        self.kv_pool = KVPool(
            self.config,
            config.num_blocks,
            config.block_size,
            self.dtype,
            config.kv_dtype == "fp8_e4m3",
            self.device,
        )
        self.kv_bytes_per_token = self.kv_pool.kv_bytes_per_token
        self.sm_scale = self.config.head_dim**-0.5
        self._tokenizer = None

    @property
    def tokenizer(self):
        """kvscope Tokenizer: `cl100k` for kvscope-tiny, `hf:<dir>` for a checkpoint (lazy)."""
        if self._tokenizer is None:
            from kvscope.backend.tokenizers import TokenizerError, get_tokenizer

            name = "cl100k" if self.model_name == TINY_NAME else f"hf:{self.runner_config.model}"
            try:
                self._tokenizer = get_tokenizer(name)
            except TokenizerError as exc:
                raise ModelLoadError(str(exc)) from None
        return self._tokenizer

    def _check(self, batch: list[SeqInput]) -> None:
        if not batch:
            raise ValueError("forward needs at least one sequence")
        for seq in batch:
            end = seq.start_pos + len(seq.token_ids)
            if not seq.token_ids or seq.start_pos < 0:
                raise ValueError("each SeqInput needs >= 1 new token and start_pos >= 0")
            if len(seq.block_table) * self.block_size < end:
                raise ValueError(f"block table of {len(seq.block_table)} blocks < {end} tokens")
            if end > self.config.max_position_embeddings:
                raise ValueError(f"{end} tokens exceed max_position_embeddings")
            need = seq.block_table[: -(-end // self.block_size)]
            if min(need) < 0 or max(need) >= self.num_blocks:
                raise ValueError(f"block id out of range 0..{self.num_blocks - 1}")
            if max(seq.token_ids) >= self.config.vocab_size or min(seq.token_ids) < 0:
                raise ValueError(f"token id out of range 0..{self.config.vocab_size - 1}")

    def forward(self, batch: list[SeqInput]) -> torch.Tensor:
        """float32 logits [len(batch), vocab] of each sequence's last new token."""
        batch = [SeqInput(list(s.token_ids), int(s.start_pos), list(s.block_table)) for s in batch]
        self._check(batch)
        dev, bs = self.device, self.block_size
        lens = [len(s.token_ids) for s in batch]
        starts = [s.start_pos for s in batch]
        width = max(len(s.block_table) for s in batch)
        tables = torch.tensor(
            [s.block_table + [0] * (width - len(s.block_table)) for s in batch],
            dtype=torch.int32,
            device=dev,
        )
        tokens = torch.tensor([t for s in batch for t in s.token_ids], device=dev)
        seq_of = torch.repeat_interleave(
            torch.arange(len(batch), device=dev), torch.tensor(lens, device=dev)
        )
        cu = torch.tensor([0, *lens], device=dev).cumsum(0)
        positions = (
            torch.arange(len(tokens), device=dev)
            - cu[seq_of]
            + torch.tensor(starts, device=dev)[seq_of]
        )
        block_ids = tables[seq_of, positions // bs].long()
        slots = positions % bs
        last_rows = cu[1:] - 1
        attend = self._attend_fn(batch, tables, block_ids, slots, cu, lens, starts)
        return self.model(tokens, positions, last_rows, attend)

    def _attend_fn(self, batch, tables, block_ids, slots, cu, lens, starts):
        pool, scale = self.kv_pool, self.sm_scale
        use_triton = self.runner_config.attention == "triton"
        offsets = [0, *itertools.accumulate(lens)]
        spans = list(itertools.pairwise(offsets))
        seq_tables = list(tables.long().unbind(0))
        if use_triton:
            from kvscope.backend.model import triton_kernels

            cu32 = cu.to(torch.int32)
            starts32 = torch.tensor(starts, dtype=torch.int32, device=self.device)
            ctx32 = starts32 + torch.tensor(lens, dtype=torch.int32, device=self.device)

        def attend(layer: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
            pool.write(layer, k, v, block_ids, slots)
            kc, vc, ks, vs = pool.layer(layer)
            if use_triton and max(lens) == 1:
                return triton_kernels.decode_attention(
                    q.contiguous(), kc, vc, ks, vs, tables, ctx32, scale
                )
            if use_triton:
                return triton_kernels.prefill_attention(
                    q.contiguous(), kc, vc, ks, vs, tables, cu32, starts32, max(lens), scale
                )
            outs = [
                paged_attention(q[lo:hi], kc, vc, ks, vs, table, start, scale)
                for (lo, hi), table, start in zip(spans, seq_tables, starts, strict=True)
            ]
            return torch.cat(outs)

        return attend

    def sample(self, logits, temperature=0.0, top_p=1.0, generator=None) -> list[int]:
        """Token ids, one per row (greedy where temperature is 0); see `sampling.sample`."""
        return sample(logits, temperature, top_p, generator)

    def copy_block(self, src: int, dst: int) -> None:
        """Copy-on-write: block dst receives block src's K/V in every layer."""
        self.kv_pool.copy_block(src, dst)

    @property
    def model_config(self) -> ModelConfig:
        return self.config
