"""Agent tools and utilities.

This package contains reusable tools and utilities for Egregora's pydantic-ai agents.
"""

from egregora.agents.tools.skill_injection import (
    SkillInjectionSupport,
    end_skill_use,
    use_skill,
)
from egregora.agents.tools.skill_loader import SkillLoader, get_skill_loader

__all__ = [
    "SkillInjectionSupport",
    "SkillLoader",
    "end_skill_use",
    "get_skill_loader",
    "use_skill",
]
