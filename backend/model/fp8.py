"""fp8 (e4m3) KV storage with one float32 scale per (block, KV head).

Invariant: for every block b and head h, `dequantize(cache[b, :, h], scales[b, h])` approximates the
K (or V) values last written there, with |value| <= 448 * scale. Writing into a block that already
holds tokens may raise the block's scale; the tokens already stored are then re-quantised to the
new scale (one extra rounding, only when the range grows). A write that starts at slot 0 begins a
fresh block and ignores whatever scale the previous owner left behind.
"""

from __future__ import annotations

import torch

FP8_DTYPE = torch.float8_e4m3fn
FP8_MAX = 448.0
MIN_SCALE = 1e-12


def quantize(x: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """x / scale rounded to e4m3 (saturating); `scale` broadcasts against x."""
    return (x.to(torch.float32) / scale).clamp(-FP8_MAX, FP8_MAX).to(FP8_DTYPE)


def dequantize(q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """Float32 values of stored fp8 codes; `scale` broadcasts against q."""
    return q.to(torch.float32) * scale


def write_fp8(
    cache: torch.Tensor,
    scales: torch.Tensor,
    new: torch.Tensor,
    block_ids: torch.Tensor,
    slots: torch.Tensor,
) -> None:
    """Store new [N, KVH, D] at (block_ids[i], slots[i]) of cache [NB, BS, KVH, D] (fp8).

    Scales [NB, KVH] are updated in place for every touched block (see module invariant).
    """
    kv_heads = new.shape[1]
    touched, inverse = torch.unique(block_ids, return_inverse=True)
    tok_amax = new.to(torch.float32).abs().amax(dim=-1)
    amax = torch.zeros(len(touched), kv_heads, device=new.device)
    amax = amax.scatter_reduce(0, inverse[:, None].expand(-1, kv_heads), tok_amax, "amax")
    first = torch.full((len(touched),), cache.shape[1], device=new.device, dtype=slots.dtype)
    first = first.scatter_reduce(0, inverse, slots, "amin")
    continuing = (first > 0)[:, None]
    old = torch.where(continuing, scales[touched], torch.zeros_like(amax))
    fresh_scale = torch.maximum(old, amax / FP8_MAX).clamp_min(MIN_SCALE)
    grow = continuing & (fresh_scale > old)
    if bool(grow.any()):
        factor = torch.where(grow, old / fresh_scale, torch.ones_like(old))
        rescaled = cache[touched].to(torch.float32) * factor[:, None, :, None]
        cache[touched] = rescaled.clamp(-FP8_MAX, FP8_MAX).to(FP8_DTYPE)
    scales[touched] = fresh_scale
    cache[block_ids, slots] = quantize(new, fresh_scale[inverse][:, :, None])
