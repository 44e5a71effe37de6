"""Next-token sampling: greedy at temperature 0 (or below SAMPLING_EPS), otherwise temperature +
nucleus (top-p)."""

from __future__ import annotations

from collections.abc import Sequence

import torch

# Below this temperature sampling is greedy, as in vLLM: dividing logits by a subnormal
# temperature (2.2e-308 is valid JSON and >= 0) overflows to inf, and softmax of inf is NaN.
SAMPLING_EPS = 1e-5


def _per_row(value: float | Sequence[float] | torch.Tensor, rows: int, name: str) -> list[float]:
    if isinstance(value, int | float):
        return [float(value)] * rows
    values = [float(v) for v in value]
    if len(values) != rows:
        raise ValueError(f"{name} has {len(values)} values for {rows} rows")
    return values


def sample(
    logits: torch.Tensor,
    temperature: float | Sequence[float] = 0.0,
    top_p: float | Sequence[float] = 1.0,
    generator: torch.Generator | None = None,
) -> list[int]:
    """One token id per row of logits [B, vocab]; scalars apply to every row.

    Temperature 0 (or below SAMPLING_EPS) is argmax (deterministic); otherwise the smallest set
    of tokens whose probability reaches top_p is kept (always at least the most likely) and one
    is drawn with `generator` (a CPU generator; sampling runs on the CPU so seeds reproduce
    across devices).
    """
    rows = logits.shape[0]
    temps = _per_row(temperature, rows, "temperature")
    tops = _per_row(top_p, rows, "top_p")
    if any(t < 0 for t in temps) or any(not 0 < p <= 1 for p in tops):
        raise ValueError("temperature must be >= 0 and top_p in (0, 1]")
    logits = logits.detach().to("cpu", torch.float32)
    out = logits.argmax(dim=-1).tolist()
    for i in range(rows):
        if temps[i] < SAMPLING_EPS:
            continue
        probs = torch.softmax(logits[i] / temps[i], dim=-1)
        if tops[i] < 1.0:
            sorted_p, order = probs.sort(descending=True)
            keep = (sorted_p.cumsum(0) - sorted_p) < tops[i]
            probs = torch.zeros_like(probs).scatter_(0, order[keep], sorted_p[keep])
        out[i] = int(torch.multinomial(probs, 1, generator=generator))
    return out
