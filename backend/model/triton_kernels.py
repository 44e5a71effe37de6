"""Triton paged-attention kernels: decode (one query per sequence) and prefill with a cached prefix.

All read K/V token by token through the block table (`block = table[pos // BS]`,
`slot = pos % BS`), so a key tile need not align with cache blocks and any block size works.
Online softmax in float32. With fp8 storage each key/value is dequantised in the kernel with its
(block, KV head) scale. Caches are `[num_blocks, block_size, kv_heads, head_dim]` (one layer).

Decode has two variants: `grouped` (default) runs one program per (sequence, KV head) and scores
all query heads of the group with one tile product, so each K/V byte is read once; the per-head
variant runs one program per (sequence, query head). Tested on the CPU under TRITON_INTERPRET=1
against `attention_torch`; timed on a GPU by bench/gpu_check.py.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl


# fmt: off
@triton.jit
def _load_kv(cache, scales, blk, slot, kvh, d, mask, s_b, s_s, s_h,
             KVH: tl.constexpr, FP8: tl.constexpr):
    ptrs = cache + blk[:, None] * s_b + slot[:, None] * s_s + kvh * s_h + d[None, :]
    x = tl.load(ptrs, mask=mask, other=0.0).to(tl.float32)
    if FP8:
        x = x * tl.load(scales + blk * KVH + kvh)[:, None]
    return x


@triton.jit
def _scores(q, k, IEEE: tl.constexpr):
    if IEEE:
        return tl.dot(q.to(tl.float32), tl.trans(k), input_precision="ieee")
    return tl.dot(q, tl.trans(k.to(q.dtype)))


@triton.jit
def _weighted(p, v, q, IEEE: tl.constexpr):
    if IEEE:
        return tl.dot(p, v, input_precision="ieee")
    return tl.dot(p.to(q.dtype), v.to(q.dtype))


@triton.jit
def _decode_kernel(Q, K, V, KS, VS, OUT, BT, CTX, sm_scale,
                   s_qs, s_qh, s_kb, s_ks, s_kh, s_bt,
                   G: tl.constexpr, KVH: tl.constexpr, BS: tl.constexpr, D: tl.constexpr,
                   BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr, FP8: tl.constexpr):
    seq = tl.program_id(0)
    head = tl.program_id(1)
    kvh = head // G
    d = tl.arange(0, BLOCK_D)
    d_mask = d < D
    ctx = tl.load(CTX + seq)
    q = tl.load(Q + seq * s_qs + head * s_qh + d, mask=d_mask, other=0.0).to(tl.float32)
    m_i = tl.max(tl.full([BLOCK_N], float("-inf"), tl.float32), 0)
    l_i = tl.sum(tl.zeros([BLOCK_N], tl.float32), 0)
    acc = tl.zeros([BLOCK_D], tl.float32)
    for start in range(0, ctx, BLOCK_N):
        pos = start + tl.arange(0, BLOCK_N)
        valid = pos < ctx
        blk = tl.load(BT + seq * s_bt + pos // BS, mask=valid, other=0).to(tl.int64)
        mask = valid[:, None] & d_mask[None, :]
        k = _load_kv(K, KS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
        s = tl.where(valid, tl.sum(k * q[None, :], 1) * sm_scale, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 0))
        p = tl.exp(s - m_new)
        alpha = tl.exp(m_i - m_new)
        v = _load_kv(V, VS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
        l_i = l_i * alpha + tl.sum(p, 0)
        acc = acc * alpha + tl.sum(p[:, None] * v, 0)
        m_i = m_new
    tl.store(OUT + seq * s_qs + head * s_qh + d, (acc / l_i).to(OUT.dtype.element_ty), mask=d_mask)


@triton.jit
def _decode_grouped_kernel(Q, K, V, KS, VS, OUT, BT, CTX, sm_scale,
                           s_qs, s_qh, s_kb, s_ks, s_kh, s_bt,
                           G: tl.constexpr, KVH: tl.constexpr, BS: tl.constexpr, D: tl.constexpr,
                           BLOCK_D: tl.constexpr, BLOCK_G: tl.constexpr, BLOCK_N: tl.constexpr,
                           FP8: tl.constexpr, IEEE: tl.constexpr):
    seq = tl.program_id(0)
    kvh = tl.program_id(1)
    g = tl.arange(0, BLOCK_G)
    d = tl.arange(0, BLOCK_D)
    d_mask = d < D
    q_mask = (g < G)[:, None] & d_mask[None, :]
    q_off = seq * s_qs + (kvh * G + g)[:, None] * s_qh + d[None, :]
    q = tl.load(Q + q_off, mask=q_mask, other=0.0)
    ctx = tl.load(CTX + seq)
    m_i = tl.full([BLOCK_G], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_G], tl.float32)
    acc = tl.zeros([BLOCK_G, BLOCK_D], tl.float32)
    for start in range(0, ctx, BLOCK_N):
        pos = start + tl.arange(0, BLOCK_N)
        valid = pos < ctx
        blk = tl.load(BT + seq * s_bt + pos // BS, mask=valid, other=0).to(tl.int64)
        mask = valid[:, None] & d_mask[None, :]
        k = _load_kv(K, KS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
        s = tl.where(valid[None, :], _scores(q, k, IEEE) * sm_scale, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        v = _load_kv(V, VS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + _weighted(p, v, q, IEEE)
        m_i = m_new
    tl.store(OUT + q_off, (acc / l_i[:, None]).to(OUT.dtype.element_ty), mask=q_mask)


@triton.jit
def _prefill_kernel(Q, K, V, KS, VS, OUT, BT, CU_Q, START, sm_scale,
                    s_qn, s_qh, s_kb, s_ks, s_kh, s_bt,
                    G: tl.constexpr, KVH: tl.constexpr, BS: tl.constexpr, D: tl.constexpr,
                    BLOCK_D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    FP8: tl.constexpr, IEEE: tl.constexpr):
    seq = tl.program_id(0)
    head = tl.program_id(1)
    tile = tl.program_id(2)
    q_beg = tl.load(CU_Q + seq)
    n_new = tl.load(CU_Q + seq + 1) - q_beg
    if tile * BLOCK_M < n_new:
        kvh = head // G
        start_pos = tl.load(START + seq)
        rows = tile * BLOCK_M + tl.arange(0, BLOCK_M)
        d = tl.arange(0, BLOCK_D)
        d_mask = d < D
        q_off = (q_beg + rows)[:, None] * s_qn + head * s_qh + d[None, :]
        q_mask = (rows < n_new)[:, None] & d_mask[None, :]
        q = tl.load(Q + q_off, mask=q_mask, other=0.0)
        q_pos = start_pos + rows
        ctx_end = start_pos + tl.minimum(n_new, (tile + 1) * BLOCK_M)
        m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
        l_i = tl.zeros([BLOCK_M], tl.float32)
        acc = tl.zeros([BLOCK_M, BLOCK_D], tl.float32)
        for start in range(0, ctx_end, BLOCK_N):
            pos = start + tl.arange(0, BLOCK_N)
            valid = pos < ctx_end
            blk = tl.load(BT + seq * s_bt + pos // BS, mask=valid, other=0).to(tl.int64)
            mask = valid[:, None] & d_mask[None, :]
            k = _load_kv(K, KS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
            seen = (pos[None, :] <= q_pos[:, None]) & valid[None, :]
            s = tl.where(seen, _scores(q, k, IEEE) * sm_scale, float("-inf"))
            m_new = tl.maximum(m_i, tl.max(s, 1))
            p = tl.exp(s - m_new[:, None])
            alpha = tl.exp(m_i - m_new)
            v = _load_kv(V, VS, blk, pos % BS, kvh, d, mask, s_kb, s_ks, s_kh, KVH, FP8)
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = acc * alpha[:, None] + _weighted(p, v, q, IEEE)
            m_i = m_new
        tl.store(OUT + q_off, (acc / l_i[:, None]).to(OUT.dtype.element_ty), mask=q_mask)
# fmt: on


def _launch_args(q, k_cache, v_cache, k_scales, v_scales, out, block_tables):
    """Positional tensor args + strides shared by the kernels, and their common constexprs."""
    assert q.is_contiguous() and k_cache.stride() == v_cache.stride()
    heads, d = q.shape[1], q.shape[2]
    kv_heads = k_cache.shape[2]
    meta = {
        "G": heads // kv_heads,
        "KVH": kv_heads,
        "BS": k_cache.shape[1],
        "D": d,
        "BLOCK_D": max(16, triton.next_power_of_2(d)),
        "FP8": k_scales is not None,
    }
    tensors = (
        q,
        k_cache,
        v_cache,
        k_cache if k_scales is None else k_scales,
        v_cache if v_scales is None else v_scales,
        out,
        block_tables,
    )
    strides = (k_cache.stride(0), k_cache.stride(1), k_cache.stride(2), block_tables.stride(0))
    return tensors, strides, meta


def decode_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    k_scales: torch.Tensor | None,
    v_scales: torch.Tensor | None,
    block_tables: torch.Tensor,
    context_lens: torch.Tensor,
    sm_scale: float,
    block_n: int = 64,
    grouped: bool = True,
) -> torch.Tensor:
    """q [S, H, D] (one token per sequence, already in the cache) -> out [S, H, D].

    block_tables int32 [S, max_blocks]; context_lens int32 [S] (>= 1, includes the query token).
    """
    out = torch.empty_like(q)
    tensors, strides, meta = _launch_args(
        q, k_cache, v_cache, k_scales, v_scales, out, block_tables
    )
    args = (*tensors, context_lens, sm_scale, q.stride(0), q.stride(1), *strides)
    if grouped:
        grid = (q.shape[0], meta["KVH"])
        _decode_grouped_kernel[grid](
            *args,
            BLOCK_G=max(16, triton.next_power_of_2(meta["G"])),
            BLOCK_N=block_n,
            IEEE=q.dtype == torch.float32,
            **meta,
        )
    else:
        _decode_kernel[(q.shape[0], q.shape[1])](*args, BLOCK_N=block_n, **meta)
    return out


def prefill_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    k_scales: torch.Tensor | None,
    v_scales: torch.Tensor | None,
    block_tables: torch.Tensor,
    cu_q: torch.Tensor,
    start_pos: torch.Tensor,
    max_new: int,
    sm_scale: float,
    block_m: int = 32,
    block_n: int = 32,
) -> torch.Tensor:
    """q [N, H, D]: new tokens of S sequences back to back (cu_q int32 [S+1] offsets), each
    attending causally to its start_pos[i] cached tokens plus itself (all already in the cache)."""
    out = torch.empty_like(q)
    tensors, strides, meta = _launch_args(
        q, k_cache, v_cache, k_scales, v_scales, out, block_tables
    )
    grid = (cu_q.shape[0] - 1, q.shape[1], triton.cdiv(max_new, block_m))
    _prefill_kernel[grid](
        *tensors,
        cu_q,
        start_pos,
        sm_scale,
        q.stride(0),
        q.stride(1),
        *strides,
        BLOCK_M=block_m,
        BLOCK_N=block_n,
        IEEE=q.dtype == torch.float32,
        **meta,
    )
    return out
