from .default import DEFAULT_USER_PROMPT
from .ob import OB_USER_PROMPT

DICT_USER_PROMPTS = {
    "default": DEFAULT_USER_PROMPT,
    "ob": OB_USER_PROMPT,
}
