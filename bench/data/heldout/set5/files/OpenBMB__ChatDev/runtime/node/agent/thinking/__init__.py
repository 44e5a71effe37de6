from .thinking_manager import ThinkingManagerBase, ThinkingPayload
from .builtin_thinking import ThinkingManagerFactory

__all__ = [
    "ThinkingManagerBase",
    "ThinkingPayload",
    "ThinkingManagerFactory",
]
