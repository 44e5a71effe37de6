"""kvscope.backend: the reference paged-attention engine and the torch-free shared contracts.

Torch-free modules (importable by promptlint and the inspector): ``prefix_keys``, ``events``,
``event_codec``, ``tokenizers``, ``chat``, ``workload``, ``capacity``. Everything that needs torch
lives in sub-packages imported on demand.
"""

__version__ = "0.1.0"
