"""Top shared prefixes: where requests stop sharing, found from the analyzer's reuse ends.

A reused block is reported when more requests reused it than any one of its continuations:
it is where requests stop sharing (a system prompt, a session's history). Those blocks are
exactly the reuse ends and the blocks where two reused chains meet, so one walk up from every
end, stopping at the first block an earlier walk passed, finds them all; the walks touch each
reused block once. A test checks the result against the definition (every reused block, its
reuse summed over its subtree).
"""

from __future__ import annotations


def top_prefixes(
    seen: dict[bytes, bytes | None],
    ends: dict[bytes, list[int]],
    heads: dict[bytes, tuple],
    block_size: int,
    n: int = 10,
    vllm: bool = False,
) -> list[dict]:
    """The ``n`` prefixes saving the most tokens (ties: by key).

    ``seen`` maps every stored block to its parent, ``ends`` a reuse end to ``[requests whose
    reused prefix ended there, its depth in blocks, how many of them vLLM serves one block
    less]``, ``heads`` a block of a chain's head to its tokens.
    """
    if n <= 0:
        return []
    owner: dict[bytes, bytes] = {}  # walked block -> the end its walk started from
    depth: dict[bytes, int] = {}  # reported blocks only
    up: dict[bytes, bytes | None] = {}  # reported block -> nearest reported ancestor

    def mark(block: bytes, d: int) -> None:
        if block in depth:
            return
        low = owner[block]  # lowest reported block on a chain through ``block``
        while (above := up[low]) is not None and depth[above] > d:
            low = above
        up[block], up[low], depth[block] = up[low], block, d

    for end, (_, d, _) in ends.items():
        if end in owner:
            mark(end, d)
            continue
        depth[end], up[end] = d, None
        before, k = len(owner), end
        while k is not None and k not in owner:
            owner[k] = end
            k = seen[k]
        if k is not None:  # met an earlier walk: ``k`` is where two reused chains meet
            mark(k, d - (len(owner) - before))
            up[end] = k
    reuse = {k: ends[k][0] if k in ends else 0 for k in depth}
    for k in sorted(depth, key=depth.__getitem__, reverse=True):
        par = up[k]
        if par is not None:
            reuse[par] += reuse[k]

    def saved(k: bytes) -> int:
        short = ends[k][2] if vllm and k in ends else 0
        return (depth[k] * reuse[k] - short) * block_size

    rows = sorted((-saved(k), k) for k in depth)
    return [
        {
            "tokens": depth[key] * block_size,
            "requests": reuse[key] + 1,
            "reuses": reuse[key],
            "tokens_saved": -neg_saved,
            "head_tokens": head_tokens(seen, heads, key, depth[key]),
        }
        for neg_saved, key in rows[:n]
    ]


def head_tokens(seen: dict, heads: dict, key: bytes, depth: int, limit: int = 48) -> list[int]:
    """The first ``limit`` tokens of the prefix ending at ``key`` (``depth`` blocks)."""
    chain = [key]
    while (par := seen[chain[-1]]) is not None:
        chain.append(par)
    out: list[int] = []
    for block in reversed(chain):
        if len(out) >= limit or block not in heads:
            break
        out += heads[block]
    return out[:limit]
