"""Prompts package for EvanAI Client."""

from .system_prompt import get_system_prompt

__all__ = ["get_system_prompt"]