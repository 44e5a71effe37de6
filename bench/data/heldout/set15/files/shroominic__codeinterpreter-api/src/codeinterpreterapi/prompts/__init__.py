from .modifications_check import determine_modifications_prompt
from .remove_dl_link import remove_dl_link_prompt
from .system_message import system_message as code_interpreter_system_message

__all__ = [
    "determine_modifications_prompt",
    "remove_dl_link_prompt",
    "code_interpreter_system_message",
]
