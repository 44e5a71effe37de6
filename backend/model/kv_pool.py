"""The paged KV tensor pool: one tensor for every layer's K and V blocks (+ fp8 scales).

Layout: `cache[layer, 0|1 (K|V), block, slot, kv_head, head_dim]`; with fp8 storage also
`scales[layer, 0|1, block, kv_head]` (float32). The pool owns the memory; block ids are handed
out by the cache manager, which alone decides which block belongs to whom. Implements the
`KVStorage` protocol the cache tiers use to move block contents between device, host and disk:

- `read_blocks(ids) -> uint8 CPU tensor [len(ids), block_nbytes]`: each row is one block's raw
  bytes, all layers' K then V payload (`block_shape` in `storage_dtype`), followed, with fp8,
  by the block's float32 scales `[layers, 2, kv_heads]`.
- `write_blocks(ids, data)` takes the same rows back (from any tier) and restores them exactly.
"""

from __future__ import annotations

import torch

from kvscope.backend.model.config import ModelConfig
from kvscope.backend.model.fp8 import FP8_DTYPE, write_fp8


class KVPool:
    """Paged K/V storage for `num_blocks` blocks of `block_size` tokens."""

    def __init__(
        self,
        cfg: ModelConfig,
        num_blocks: int,
        block_size: int,
        dtype: torch.dtype,
        fp8: bool,
        device: torch.device | str = "cpu",
    ) -> None:
        self.num_blocks, self.block_size, self.fp8 = num_blocks, block_size, fp8
        self.storage_dtype = FP8_DTYPE if fp8 else dtype
        self.compute_dtype = dtype
        layers, kvh, d = cfg.num_layers, cfg.num_kv_heads, cfg.head_dim
        self.block_shape = (layers, 2, block_size, kvh, d)
        shape = (layers, 2, num_blocks, block_size, kvh, d)
        self.cache = torch.zeros(shape, dtype=self.storage_dtype, device=device)
        self.scales = (
            torch.ones((layers, 2, num_blocks, kvh), dtype=torch.float32, device=device)
            if fp8
            else None
        )
        elem = self.cache.element_size()
        self.payload_nbytes = layers * 2 * block_size * kvh * d * elem
        self.scale_nbytes = layers * 2 * kvh * 4 if fp8 else 0
        self.block_nbytes = self.payload_nbytes + self.scale_nbytes
        self.kv_bytes_per_token = layers * 2 * kvh * d * elem
        """K+V payload bytes per token (fp8 exactly half of fp16); scales are counted apart."""
        self.scale_bytes_per_token = self.scale_nbytes / block_size

    def layer(self, layer: int):
        """(k_cache, v_cache, k_scales | None, v_scales | None) views for one layer."""
        if self.scales is None:
            return self.cache[layer, 0], self.cache[layer, 1], None, None
        return (
            self.cache[layer, 0],
            self.cache[layer, 1],
            self.scales[layer, 0],
            self.scales[layer, 1],
        )

    def write(self, layer: int, k, v, block_ids: torch.Tensor, slots: torch.Tensor) -> None:
        """Store new tokens' K/V [N, KVH, D] at (block_ids[i], slots[i])."""
        kc, vc, ks, vs = self.layer(layer)
        if ks is None:
            kc[block_ids, slots] = k.to(self.storage_dtype)
            vc[block_ids, slots] = v.to(self.storage_dtype)
            return
        write_fp8(kc, ks, k, block_ids, slots)
        write_fp8(vc, vs, v, block_ids, slots)

    def copy_block(self, src: int, dst: int) -> None:
        """Copy-on-write: dst gets src's contents (and scales)."""
        self.cache[:, :, dst] = self.cache[:, :, src]
        if self.scales is not None:
            self.scales[:, :, dst] = self.scales[:, :, src]

    def read_blocks(self, block_ids: list[int]) -> torch.Tensor:
        idx = torch.tensor(block_ids, dtype=torch.long, device=self.cache.device)
        payload = self.cache.index_select(2, idx).movedim(2, 0).contiguous()
        rows = [payload.view(torch.uint8).reshape(len(block_ids), -1)]
        if self.scales is not None:
            scales = self.scales.index_select(2, idx).movedim(2, 0).contiguous()
            rows.append(scales.view(torch.uint8).reshape(len(block_ids), -1))
        return torch.cat(rows, dim=1).cpu()

    def write_blocks(self, block_ids: list[int], data: torch.Tensor) -> None:
        n = len(block_ids)
        data = torch.as_tensor(data)
        if tuple(data.shape) != (n, self.block_nbytes) or data.dtype != torch.uint8:
            raise ValueError(f"expected uint8 [{n}, {self.block_nbytes}], got {tuple(data.shape)}")
        idx = torch.tensor(block_ids, dtype=torch.long, device=self.cache.device)
        data = data.to(self.cache.device)
        payload = data[:, : self.payload_nbytes].contiguous().view(self.storage_dtype)
        blocks = payload.reshape(n, *self.block_shape).movedim(0, 2)
        if self.fp8:  # index_copy_ has no fp8 kernel; same-width uint8 views copy the bits
            self.cache.view(torch.uint8).index_copy_(2, idx, blocks.view(torch.uint8))
        else:
            self.cache.index_copy_(2, idx, blocks)
        if self.scales is not None:
            scales = data[:, self.payload_nbytes :].contiguous().view(torch.float32)
            shape = (n, *self.scales.shape[:2], self.scales.shape[3])
            self.scales.index_copy_(2, idx, scales.reshape(shape).movedim(0, 2))

    def check_integrity(self) -> None:
        """Scales are finite and positive; fp8 payload holds no NaN."""
        if self.scales is not None:
            assert bool(torch.isfinite(self.scales).all()) and bool((self.scales > 0).all())
            assert not bool(torch.isnan(self.cache.to(torch.float32)).any())
