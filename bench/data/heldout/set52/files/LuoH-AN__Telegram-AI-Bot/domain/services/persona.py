"""Persona management service."""

import logging

from infrastructure.config import DEFAULT_SYSTEM_PROMPT
from infrastructure.cache import cache

logger = logging.getLogger(__name__)

TOOL_PROGRESS_PROMPT = (
    "Tool execution policy:\n"
    "- When you need tools, keep the user informed with brief progress updates.\n"
    "- Before a potentially slow tool call, say what you are about to run and why.\n"
    "- After each tool result, summarize what happened and what you will do next.\n"
    "- Keep progress updates short and practical.\n"
    "- For web search tasks, prefer search tool over manual terminal setup."
)


def _get_skill_instructions(user_id: int) -> str:
    try:
        from infrastructure.tools import get_tool_instructions
        return get_tool_instructions("all", user_id=user_id)
    except Exception:
        logger.warning("tool instructions unavailable for user=%s; proceeding without skill hints", user_id, exc_info=True)
        return ""


def get_personas(user_id: int) -> dict[str, dict]:
    """Get all personas for a user."""
    return cache.get_personas(user_id)


def get_persona(user_id: int, name: str) -> dict | None:
    """Get a specific persona by name."""
    return cache.get_persona(user_id, name)


def get_current_persona(user_id: int) -> dict:
    """Get the current active persona for a user."""
    return cache.get_current_persona(user_id)


def get_current_persona_name(user_id: int) -> str:
    """Get the name of the current persona."""
    return cache.get_current_persona_name(user_id)


def get_system_prompt(user_id: int, persona_name: str | None = None, session_id: int | None = None) -> str:
    """Get a persona's system prompt combined with the global prompt."""
    if persona_name is None:
        persona = cache.get_current_persona(user_id)
    else:
        persona = cache.get_persona(user_id, persona_name) or cache.get_current_persona(user_id)
    settings = cache.get_settings(user_id)
    global_prompt = settings.get("global_prompt", "") or ""
    persona_prompt = persona.get("system_prompt", DEFAULT_SYSTEM_PROMPT)
    base_prompt = f"{global_prompt}\n\n{persona_prompt}" if global_prompt else persona_prompt
    parts = [base_prompt, TOOL_PROGRESS_PROMPT]
    skill_instructions = _get_skill_instructions(user_id)
    if skill_instructions:
        parts.append(skill_instructions)
    if session_id is not None:
        try:
            from infrastructure.tools.builtin.terminal.background import active_session_prompt
            terminal_context = active_session_prompt(user_id=user_id, conversation_id=session_id)
            if terminal_context:
                parts.append(terminal_context)
        except Exception:
            logger.debug("terminal session context unavailable for user=%s", user_id, exc_info=True)
    return "\n\n".join(parts)


def switch_persona(user_id: int, name: str) -> bool:
    """Switch to a persona by name. Creates it if doesn't exist.

    Returns True if switched to existing persona, False if created new one.
    """
    personas = cache.get_personas(user_id)
    exists = name in personas

    if not exists:
        cache.create_persona(user_id, name, DEFAULT_SYSTEM_PROMPT)

    cache.set_current_persona(user_id, name)
    return exists


def create_persona(user_id: int, name: str, system_prompt: str = None) -> bool:
    """Create a new persona. Returns False if already exists."""
    if system_prompt is None:
        system_prompt = DEFAULT_SYSTEM_PROMPT
    return cache.create_persona(user_id, name, system_prompt)


def delete_persona(user_id: int, name: str) -> bool:
    """Delete a persona. Cannot delete 'default'. Returns False if failed."""
    return cache.delete_persona(user_id, name)


def update_persona_prompt(user_id: int, name: str, prompt: str) -> bool:
    """Update a persona's system prompt. Returns False if persona not found."""
    return cache.update_persona_prompt(user_id, name, prompt)


def update_current_prompt(user_id: int, prompt: str) -> bool:
    """Update the current persona's system prompt."""
    name = cache.get_current_persona_name(user_id)
    return cache.update_persona_prompt(user_id, name, prompt)


def persona_exists(user_id: int, name: str) -> bool:
    """Check if a persona exists."""
    return name in cache.get_personas(user_id)
