from .qa_prompt import get_system_prompt, get_context_prompt
from .query_gen_prompt import get_query_gen_prompt
from .select_prompt import get_single_select_prompt

__all__ = [
    "get_qa_and_refine_prompt",
    "get_system_prompt",
    "get_context_prompt",
    "get_query_gen_prompt",
    "get_single_select_prompt",
]
