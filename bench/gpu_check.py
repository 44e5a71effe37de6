"""GPU check for the Triton paged-attention kernels: correctness on CUDA, then speed vs SDPA.

Prints one JSON object. Without a CUDA device it prints a skip message and exits 0.
`--cpu-smoke` runs the same code on the CPU under TRITON_INTERPRET=1 with tiny shapes, to check
the script itself where no GPU exists. Each section records its own error instead of aborting,
so one failure still leaves the other figures. Budget: well under 5 minutes on one GPU.

Timing compares, on the same shapes, the paged kernels (K/V scattered through block tables) with
torch.nn.functional.scaled_dot_product_attention over contiguous K/V. Decode bandwidth counts the
K/V bytes a step must read: context x kv_heads x head_dim x 2 (K and V) x element size.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import traceback
from functools import partial

BS = 16


def _timer(torch, device, fn, iters: int) -> float:
    """Median seconds of fn() over iters runs after 3 warm-ups."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(iters):
        if device.type == "cuda":
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end) / 1e3)
        else:
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _pool(torch, device, lengths, kv_heads, d, dtype, fp8, gen):
    """Random K/V per sequence, written into shuffled blocks; returns caches + padded tables."""
    from kvscope.backend.model.fp8 import FP8_DTYPE, write_fp8

    need = [-(-n // BS) for n in lengths]
    num_blocks = sum(need) + 1
    order = torch.randperm(num_blocks, generator=gen).tolist()
    store = FP8_DTYPE if fp8 else dtype
    shape = (num_blocks, BS, kv_heads, d)  # NaN where no sequence lives: over-reads show
    caches = [torch.full(shape, float("nan"), dtype=store, device=device) for _ in "kv"]
    scales = [torch.ones(num_blocks, kv_heads, device=device) if fp8 else None for _ in "kv"]
    tables, contiguous = [], [[], []]
    for n, nb in zip(lengths, need, strict=True):
        ids, order = order[:nb], order[nb:]
        tables.append(ids + [0] * (max(need) - nb))
        pos = torch.arange(n, device=device)
        blk = torch.tensor(ids, device=device)[pos // BS]
        for i in range(2):
            vals = torch.randn(n, kv_heads, d, generator=gen).to(device=device, dtype=dtype)
            contiguous[i].append(vals)
            if fp8:
                write_fp8(caches[i], scales[i], vals, blk, pos % BS)
            else:
                caches[i][blk, pos % BS] = vals
    table = torch.tensor(tables, dtype=torch.int32, device=device)
    return caches, scales, table, contiguous


def _sdpa(torch, q, k, v, mask):
    """SDPA over contiguous [B, heads, T, D]; K/V heads repeated where enable_gqa is missing."""
    F = torch.nn.functional
    try:
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
    except TypeError:
        rep = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)


def _rel(a, b) -> float:
    return float((a.float() - b.float()).norm() / b.float().norm())


def check_correctness(torch, device, smoke: bool) -> list[dict]:
    """Triton vs the torch paged reference on random inputs (odd lengths, GQA 1/4/8, fp8)."""
    from kvscope.backend.model.attention_torch import paged_attention
    from kvscope.backend.model.triton_kernels import decode_attention, prefill_attention

    d = 16 if smoke else 128
    results = []
    cases = [
        (8, 8, "float32", False),
        (32, 8, "float16", False),
        (32, 4, "bfloat16", False),
        (16, 2, "float16", True),
    ]
    for heads, kv_heads, dtype_name, fp8 in cases[:2] if smoke else cases:
        dtype = getattr(torch, dtype_name)
        gen = torch.Generator().manual_seed(heads)
        starts, news = ([0, 13, 40], [9, 1, 23]) if smoke else ([0, 517, 1999, 64], [300, 1, 77, 1])
        lengths = [s + n for s, n in zip(starts, news, strict=True)]
        (kc, vc), (ks, vs), table, _ = _pool(torch, device, lengths, kv_heads, d, dtype, fp8, gen)
        q = torch.randn(sum(news), heads, d, generator=gen).to(device=device, dtype=dtype)
        cu = torch.tensor([0, *torch.tensor(news).cumsum(0).tolist()], device=device)
        st = torch.tensor(starts, dtype=torch.int32, device=device)
        out = prefill_attention(q, kc, vc, ks, vs, table, cu.int(), st, max(news), d**-0.5)
        last = cu[1:] - 1
        lens = torch.tensor(lengths, dtype=torch.int32, device=device)
        q_last = q[last].contiguous()
        decs = [
            decode_attention(q_last, kc, vc, ks, vs, table, lens, d**-0.5, grouped=grouped)
            for grouped in (True, False)
        ]
        worst_p = worst_d = 0.0
        for i, s in enumerate(starts):
            rows = slice(int(cu[i]), int(cu[i + 1]))
            ref = paged_attention(q[rows], kc, vc, ks, vs, table[i].long(), s, d**-0.5)
            worst_p = max(worst_p, _rel(out[rows], ref))
            worst_d = max(worst_d, *(_rel(dec[i], ref[-1]) for dec in decs))
        tol = 1e-3 if dtype_name != "bfloat16" else 1e-2
        results.append(
            {
                "heads": heads,
                "kv_heads": kv_heads,
                "dtype": dtype_name,
                "fp8_kv": fp8,
                "prefill_rel_err": worst_p,
                "decode_rel_err": worst_d,
                "tolerance": tol,
                "ok": worst_p <= tol and worst_d <= tol,
            }
        )
    return results


def time_decode(torch, device, smoke: bool) -> dict:
    from kvscope.backend.model.triton_kernels import decode_attention

    seqs, ctx, heads, kv_heads, d = (2, 40, 4, 2, 16) if smoke else (32, 4096, 32, 8, 128)
    out = {"shape": {"seqs": seqs, "context": ctx, "heads": heads, "kv_heads": kv_heads, "d": d}}
    for label, fp8 in (("fp16", False), ("fp8", True)):
        gen = torch.Generator().manual_seed(1)
        (kc, vc), (ks, vs), table, cont = _pool(
            torch, device, [ctx] * seqs, kv_heads, d, torch.float16, fp8, gen
        )
        q = torch.randn(seqs, heads, d, generator=gen).to(device=device, dtype=torch.float16)
        lens = torch.full((seqs,), ctx, dtype=torch.int32, device=device)
        nbytes = seqs * ctx * kv_heads * d * 2 * kc.element_size()
        variants = [
            ("grouped", True, 32),
            ("grouped", True, 64),
            ("grouped", True, 128),
            ("per_head", False, 64),
        ]
        for kind, grouped, block_n in variants:
            name = f"triton_{label}_{kind}_n{block_n}"
            fn = partial(
                decode_attention,
                q,
                kc,
                vc,
                ks,
                vs,
                table,
                lens,
                d**-0.5,
                block_n=block_n,
                grouped=grouped,
            )
            try:
                t = _timer(torch, device, fn, 2 if smoke else 30)
            except Exception as exc:  # a tile shape the GPU rejects is a finding, not a crash
                out[f"{name}_error"] = str(exc).splitlines()[0][:200]
                continue
            out[f"{name}_us"] = t * 1e6
            out[f"{name}_gbps"] = nbytes / t / 1e9
        if not fp8:
            k = torch.stack(cont[0]).transpose(1, 2).contiguous()  # [B, KVH, T, D]
            v = torch.stack(cont[1]).transpose(1, 2).contiguous()
            fn = partial(_sdpa, torch, q[:, :, None, :], k, v, None)
            t = _timer(torch, device, fn, 2 if smoke else 30)
            out["sdpa_contiguous_fp16_us"] = t * 1e6
            out["sdpa_contiguous_fp16_gbps"] = nbytes / t / 1e9
    return out


def time_prefill(torch, device, smoke: bool) -> dict:
    from kvscope.backend.model.triton_kernels import prefill_attention

    seqs, cached, new, heads, kv_heads, d = (
        (2, 20, 12, 4, 2, 16) if smoke else (4, 2048, 1024, 32, 8, 128)
    )
    gen = torch.Generator().manual_seed(2)
    dtype = torch.float16
    (kc, vc), _, table, cont = _pool(
        torch, device, [cached + new] * seqs, kv_heads, d, dtype, False, gen
    )
    q = torch.randn(seqs * new, heads, d, generator=gen).to(device=device, dtype=dtype)
    cu = torch.arange(0, seqs + 1, device=device, dtype=torch.int32) * new
    st = torch.full((seqs,), cached, dtype=torch.int32, device=device)
    out = {
        "shape": {
            "seqs": seqs,
            "cached": cached,
            "new": new,
            "heads": heads,
            "kv_heads": kv_heads,
            "d": d,
        }
    }
    iters = 2 if smoke else 20
    for bm, bn in ((32, 32), (64, 64), (128, 64)):
        try:
            t = _timer(
                torch,
                device,
                lambda bm=bm, bn=bn: prefill_attention(
                    q, kc, vc, None, None, table, cu, st, new, d**-0.5, bm, bn
                ),
                iters,
            )
            out[f"triton_m{bm}_n{bn}_ms"] = t * 1e3
        except Exception as exc:  # a tile shape the GPU rejects is a finding, not a crash
            out[f"triton_m{bm}_n{bn}_error"] = str(exc).splitlines()[0][:200]
    k = torch.stack(cont[0]).transpose(1, 2).contiguous()
    v = torch.stack(cont[1]).transpose(1, 2).contiguous()
    qs = q.view(seqs, new, heads, d).transpose(1, 2).contiguous()
    mask = (
        torch.arange(cached + new, device=device)[None, :]
        <= (cached + torch.arange(new, device=device))[:, None]
    )
    t = _timer(torch, device, partial(_sdpa, torch, qs, k, v, mask), iters)
    out["sdpa_contiguous_ms"] = t * 1e3
    return out


def check_runner(torch, device) -> dict:
    """kvscope-tiny end to end on the device: Triton backend vs torch backend logits."""
    from kvscope.backend.model import ModelRunner, RunnerConfig, SeqInput

    prompt = list(range(1000, 1077))
    res = {}
    for kv in ("auto", "fp8_e4m3"):
        logits = []
        for attn in ("torch", "triton"):
            r = ModelRunner(
                RunnerConfig(num_blocks=16, device=device.type, attention=attn, kv_dtype=kv)
            )
            first = r.forward([SeqInput(prompt, 0, [3, 9, 1, 12, 7, 0])])
            step = r.forward([SeqInput([5], len(prompt), [3, 9, 1, 12, 7, 0])])
            logits.append(torch.cat([first, step]))
        res[f"{kv}_rel_err"] = _rel(logits[1], logits[0])
    res["ok"] = all(v <= 1e-3 for v in res.values())
    return res


def run_all(device, smoke: bool) -> dict:
    import torch

    report: dict = {
        "bench": "gpu_check",
        "device": (
            torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu (interpreter)"
        ),
        "torch": torch.__version__,
    }
    try:
        import triton

        report["triton"] = triton.__version__
    except ImportError as exc:
        report["error"] = f"triton missing: {exc}"
        return report
    failures = []
    sections = [
        ("correctness", lambda: check_correctness(torch, device, smoke)),
        ("runner", lambda: check_runner(torch, device)),
        ("decode", lambda: time_decode(torch, device, smoke)),
        ("prefill_with_prefix", lambda: time_prefill(torch, device, smoke)),
    ]
    for name, fn in sections:
        t0 = time.time()
        try:
            report[name] = fn()
        except Exception:
            report[name] = {"error": traceback.format_exc(limit=4)}
            failures.append(name)
        report.setdefault("section_seconds", {})[name] = round(time.time() - t0, 2)
    bad = [c for c in report.get("correctness", []) if isinstance(c, dict) and not c["ok"]]
    if bad:
        failures.append("correctness")
    if isinstance(report.get("runner"), dict) and report["runner"].get("ok") is False:
        failures.append("runner")
    report["failures"] = failures
    return report


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cpu-smoke", action="store_true", help="tiny shapes, interpreter, CPU")
    args = p.parse_args()
    if args.cpu_smoke:
        os.environ["TRITON_INTERPRET"] = "1"
    import torch

    if not args.cpu_smoke and not torch.cuda.is_available():
        print(json.dumps({"bench": "gpu_check", "skipped": "no CUDA device; nothing to check"}))
        return 0
    report = run_all(torch.device("cpu" if args.cpu_smoke else "cuda"), smoke=args.cpu_smoke)
    print(json.dumps(report, indent=2))
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    started = time.time()
    try:
        code = main()
    except Exception:  # the one JSON object must still come out
        print(json.dumps({"bench": "gpu_check", "error": traceback.format_exc(limit=5)}))
        code = 1
    print(f"gpu_check finished in {time.time() - started:.1f} s", file=sys.stderr)
    raise SystemExit(code)
