"""Triton kernels (TRITON_INTERPRET=1 on the CPU) against the torch paged reference."""

from __future__ import annotations

import pytest
import torch

from kvscope.backend.model.attention_torch import paged_attention
from kvscope.backend.model.fp8 import FP8_DTYPE, write_fp8
from kvscope.backend.model.triton_kernels import decode_attention, prefill_attention

D = 16
BS = 16


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a.float() - b.float()).norm() / b.float().norm())


def _pool(kv_heads: int, lengths: list[int], dtype, fp8: bool, seed: int):
    """Random K/V for each sequence, written to scattered, shuffled blocks of a pool."""
    gen = torch.Generator().manual_seed(seed)
    need = [-(-n // BS) for n in lengths]
    num_blocks = sum(need) + 5
    order = torch.randperm(num_blocks, generator=gen).tolist()
    tables, caches, scales = [], [], []
    for _ in range(2):
        store = FP8_DTYPE if fp8 else dtype
        # NaN in every slot no sequence owns: a kernel that reads past a context shows it
        caches.append(torch.full((num_blocks, BS, kv_heads, D), float("nan"), dtype=store))
        scales.append(torch.ones(num_blocks, kv_heads) if fp8 else None)
    max_blocks = max(need)
    for n, nb in zip(lengths, need, strict=True):
        ids, order = order[:nb], order[nb:]
        tables.append(ids + [0] * (max_blocks - nb))
        pos = torch.arange(n)
        blk, slot = torch.tensor(ids)[pos // BS], pos % BS
        for cache, sc in zip(caches, scales, strict=True):
            vals = (torch.randn(n, kv_heads, D, generator=gen) * 2).to(dtype)
            if fp8:
                write_fp8(cache, sc, vals, blk, slot)
            else:
                cache[blk, slot] = vals
    return caches, scales, torch.tensor(tables, dtype=torch.int32)


CASES = [  # (heads, kv_heads, dtype, fp8)
    (4, 4, torch.float32, False),
    (8, 2, torch.float16, False),
    (8, 1, torch.float32, False),
    (4, 1, torch.float32, True),
]


@pytest.mark.parametrize("grouped", [True, False])
@pytest.mark.parametrize(("heads", "kv_heads", "dtype", "fp8"), CASES)
def test_decode_kernel_matches_torch(heads, kv_heads, dtype, fp8, grouped):
    lengths = [1, 37, 16, 70]
    (kc, vc), (ks, vs), tables = _pool(kv_heads, lengths, dtype, fp8, seed=heads + kv_heads)
    q = torch.randn(len(lengths), heads, D, generator=torch.Generator().manual_seed(1)).to(dtype)
    ctx = torch.tensor(lengths, dtype=torch.int32)
    got = decode_attention(q, kc, vc, ks, vs, tables, ctx, D**-0.5, block_n=32, grouped=grouped)
    for i, n in enumerate(lengths):
        ref = paged_attention(q[i : i + 1], kc, vc, ks, vs, tables[i].long(), n - 1, D**-0.5)
        assert _rel(got[i : i + 1], ref) <= 1e-3, (i, n)


@pytest.mark.parametrize(("heads", "kv_heads", "dtype", "fp8"), CASES)
def test_prefill_kernel_with_cached_prefix_matches_torch(heads, kv_heads, dtype, fp8):
    starts, news = [0, 21, 33], [19, 1, 40]
    lengths = [s + n for s, n in zip(starts, news, strict=True)]
    (kc, vc), (ks, vs), tables = _pool(kv_heads, lengths, dtype, fp8, seed=7 + heads)
    q = torch.randn(sum(news), heads, D, generator=torch.Generator().manual_seed(2)).to(dtype)
    cu = torch.tensor([0, *torch.tensor(news).cumsum(0).tolist()], dtype=torch.int32)
    got = prefill_attention(
        q,
        kc,
        vc,
        ks,
        vs,
        tables,
        cu,
        torch.tensor(starts, dtype=torch.int32),
        max(news),
        D**-0.5,
        block_m=16,
        block_n=16,
    )
    for i, (s, n) in enumerate(zip(starts, news, strict=True)):
        rows = slice(int(cu[i]), int(cu[i + 1]))
        ref = paged_attention(q[rows], kc, vc, ks, vs, tables[i].long(), s, D**-0.5)
        assert _rel(got[rows], ref) <= 1e-3, (i, s, n)
