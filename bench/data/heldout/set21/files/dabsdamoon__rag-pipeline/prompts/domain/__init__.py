from .books import BOOKS_PROMPT
from .insurance import INSURANCE_PROMPT

DICT_DOMAIN_PROMPTS = {
    "books": BOOKS_PROMPT,
    "insurance": INSURANCE_PROMPT,
}