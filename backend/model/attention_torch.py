"""Reference attention in torch: contiguous and paged (gather through block tables).

`paged_attention` gathers the sequence's K/V out of the pool into a contiguous tensor and calls
`contiguous_attention`, so paged and contiguous attention run literally the same operations on the
same values: results are bit-identical, whatever the block layout. Maths in float32; causal by
absolute position (query i sits at position `q_start + i` and sees keys 0..q_start + i).
"""

from __future__ import annotations

import torch

from kvscope.backend.model.fp8 import dequantize

QUERY_CHUNK = 256


def contiguous_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, q_start: int, sm_scale: float
) -> torch.Tensor:
    """q [n, H, D] at positions q_start.., k/v [T, KVH, D] at positions 0..T-1 -> [n, H, D]."""
    n, heads, d = q.shape
    kv_heads = k.shape[1]
    groups = heads // kv_heads
    qf = q.to(torch.float32).reshape(n, kv_heads, groups, d).permute(1, 2, 0, 3).contiguous()
    kt = k.to(torch.float32).permute(1, 2, 0).contiguous()[:, None]  # [KVH, 1, D, T]
    vf = v.to(torch.float32).permute(1, 0, 2).contiguous()[:, None]  # [KVH, 1, T, D]
    out = torch.empty_like(qf)
    for c0 in range(0, n, QUERY_CHUNK):
        qc = qf[:, :, c0 : c0 + QUERY_CHUNK]
        visible = q_start + c0 + qc.shape[2]  # keys past the chunk's last query are all masked
        scores = torch.matmul(qc, kt[..., :visible]) * sm_scale
        q_pos = torch.arange(q_start + c0, visible, device=q.device)
        key_pos = torch.arange(visible, device=q.device)
        scores.masked_fill_(key_pos[None, :] > q_pos[:, None], float("-inf"))
        probs = torch.softmax(scores, dim=-1)
        out[:, :, c0 : c0 + QUERY_CHUNK] = torch.matmul(probs, vf[:, :, :visible])
    return out.permute(2, 0, 1, 3).reshape(n, heads, d).to(q.dtype)


def gather_kv(
    cache: torch.Tensor, scales: torch.Tensor | None, block_table: torch.Tensor, length: int
) -> torch.Tensor:
    """Tokens 0..length-1 of one sequence from cache [NB, BS, KVH, D] as [length, KVH, D]."""
    block_size = cache.shape[1]
    n_blocks = -(-length // block_size)
    ids = block_table[:n_blocks]
    blocks = cache.index_select(0, ids)
    if scales is not None:
        blocks = dequantize(blocks, scales.index_select(0, ids)[:, None, :, None])
    return blocks.reshape(n_blocks * block_size, *cache.shape[2:])[:length]


def paged_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    k_scales: torch.Tensor | None,
    v_scales: torch.Tensor | None,
    block_table: torch.Tensor,
    q_start: int,
    sm_scale: float,
) -> torch.Tensor:
    """One sequence's new queries q [n, H, D] against its first q_start + n cached tokens."""
    length = q_start + q.shape[0]
    k = gather_kv(k_cache, k_scales, block_table, length)
    v = gather_kv(v_cache, v_scales, block_table, length)
    return contiguous_attention(q, k, v, q_start, sm_scale)
