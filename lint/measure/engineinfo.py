"""The engine's own block size, read from its Prometheus metrics (``--metrics``).

vLLM exports ``vllm:cache_config_info`` (a gauge of 1 whose labels are every ``CacheConfig``
field, ``block_size`` among them). ``--metrics`` takes the ``/metrics`` URL of a running
engine or a file holding a scrape (the text exposition format).
"""

from __future__ import annotations

import os
import re
import stat

INFO_METRIC = "vllm:cache_config_info"
MAX_BYTES = 16 << 20
_LINE = re.compile(r"^vllm:cache_config_info\{(?P<labels>[^}]*)\}\s", re.MULTILINE)
_LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def parse_block_size(text: str) -> int:
    """The ``block_size`` label of ``vllm:cache_config_info``; ``ValueError`` saying what to
    pass instead when the scrape has none."""
    for m in _LINE.finditer(text):
        labels = dict(_LABEL.findall(m.group("labels")))
        raw = labels.get("block_size", "")
        if raw.isdigit() and int(raw) > 0:
            return int(raw)
    raise ValueError(
        f"the metrics hold no {INFO_METRIC} with a block_size label; pass --block-size N"
    )


def fetch_metrics(source: str, timeout: float = 10.0) -> str:
    """The text of a scrape: an ``http(s)://`` URL (GET) or a file path."""
    if source.startswith(("http://", "https://")):
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(source, timeout=timeout) as resp:
                return resp.read(MAX_BYTES).decode("utf-8", "replace")
        except (urllib.error.URLError, OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ValueError(f"--metrics {source}: cannot fetch ({reason})") from None
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            raise ValueError(f"--metrics {source}: not a regular file; pass a scrape or a URL")
        with open(source, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"--metrics {source}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ValueError(f"--metrics {source}: larger than {MAX_BYTES >> 20} MiB")
    return data.decode("utf-8", "replace")
