from dataclasses import dataclass, field
from typing import Any, Protocol
from time import monotonic

from core.schemas import Program, Subscription
from core.schemas import QAResponse
from core.schemas import DietPlan
from core.enums import WorkoutLocation
from ai_coach.types import CoachMode
from config.app_settings import settings


@dataclass
class AgentDeps:
    profile_id: int
    locale: str | None = None
    allow_save: bool = True
    client_name: str | None = None
    request_rid: str | None = None
    mode: CoachMode | None = None
    last_knowledge_query: str | None = None
    last_knowledge_empty: bool = False
    max_tool_calls: int = settings.AI_COACH_MAX_TOOL_CALLS
    max_run_seconds: float = float(settings.AI_COACH_MAX_RUN_SECONDS)
    tool_calls: int = 0
    knowledge_base_empty: bool = False
    kb_used: bool = False
    fallback_used: bool = False
    cached_history: list[str] | None = None
    started_at: float = field(default_factory=monotonic)
    called_tools: set[str] = field(default_factory=set)
    tool_call_counts: dict[str, int] = field(default_factory=dict)
    tool_cache: dict[tuple[str, ...], Any] = field(default_factory=dict)
    tool_call_keys: set[tuple[str, ...]] = field(default_factory=set)
    final_result: Program | Subscription | None = None
    disabled_tools: set[str] = field(default_factory=set)


class CoachAgentProtocol(Protocol):
    @classmethod
    async def generate_workout_plan(
        cls,
        prompt: str | None,
        deps: AgentDeps,
        *,
        workout_location: WorkoutLocation | None = None,
        period: str | None = None,
        split_number: int | None = None,
        wishes: str | None = None,
        profile_context: str | None = None,
        output_type: type[Program] | type[Subscription],
        instructions: str | None = None,
    ) -> Program | Subscription: ...

    @classmethod
    async def update_workout_plan(
        cls,
        prompt: str | None,
        feedback: str,
        deps: AgentDeps,
        *,
        workout_location: WorkoutLocation | None = None,
        profile_context: str | None = None,
        output_type: type[Program] | type[Subscription] = Subscription,
        instructions: str | None = None,
    ) -> Program | Subscription: ...

    @classmethod
    async def answer_question(
        cls,
        prompt: str,
        deps: AgentDeps,
        profile_context: str | None = None,
        attachments: list[dict[str, str]] | None = None,
    ) -> QAResponse: ...

    @classmethod
    async def generate_diet_plan(
        cls,
        prompt: str | None,
        deps: AgentDeps,
        *,
        profile_context: str | None = None,
        diet_allergies: str | None = None,
        diet_products: list[str] | None = None,
        instructions: str | None = None,
    ) -> DietPlan: ...
