"""Synthetic but realistic-looking text: support prose, questions, Python files, tool schemas.

Everything is drawn from a ``random.Random`` the caller seeds; nothing is downloaded. Lengths are
asked for in cl100k tokens and met approximately (words and code lines have a calibrated
average token cost; bench/bench_workload.py measures the real lengths).
"""

from __future__ import annotations

import random


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


NOUNS = _words(
    "account invoice cache request dashboard report customer order payment refund ticket "
    "subscription plan workspace project token session policy release deployment server "
    "cluster region database backup schedule query index record field template webhook "
    "integration export import permission role user team admin setting limit quota alert "
    "metric log trace error warning latency budget contract vendor shipment warehouse catalog "
    "product discount coupon checkout cart profile password device browser network"
)
CODE_NOUNS = tuple(n for n in NOUNS if n != "import")
VERBS = _words(
    "update review check confirm cancel create delete export import restore rotate migrate "
    "enable disable configure verify approve reject schedule retry sync upload download "
    "archive merge split assign escalate resolve track monitor renew"
)
ADJS = _words(
    "active pending failed recent monthly annual shared private default custom regional "
    "primary secondary legacy current previous expired valid invalid internal external "
    "automatic manual critical minor stable slow detailed"
)
ADVS = _words("usually quickly carefully automatically only always never first again")
PREPS = _words("for in on from with after before during under across")
OPENERS = (
    "In most cases,",
    "If the customer asks,",
    "When possible,",
    "Before you answer,",
    "For enterprise plans,",
    "As a rule,",
    "After a failed payment,",
    "During an incident,",
)
QUESTION_FORMS = (
    "How do I {v} the {a} {n} for my {n2}?",
    "Why is my {n} {a} after I tried to {v} it?",
    "Can you {v} the {n} on the {a} {n2}?",
    "What happens to the {n} if I {v} the {n2}?",
    "Is there a way to {v} every {a} {n} at once?",
    "My {n} shows an error when I {v} the {n2}. What should I do?",
)
TYPES = ("str", "int", "dict", "list[str]", "float")
WORD_TOKENS = 1.13  # average cl100k tokens per generated prose word (punctuation included)
CODE_LINE_TOKENS = 9.2  # average cl100k tokens per generated code line (indent included)


def _third_person(verb: str) -> str:
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def _sentence(rng: random.Random) -> str:
    c = rng.choice
    words = [c(("The", "Each", "Every", "Your", "This")), c(ADJS), c(NOUNS)]
    if rng.random() < 0.3:
        words.append(c(ADVS))
    words += [_third_person(c(VERBS)), "the", c(NOUNS), c(PREPS), "the", c(ADJS), c(NOUNS)]
    if rng.random() < 0.35:
        words += ["and", _third_person(c(VERBS)), "the", c(NOUNS)]
    if rng.random() < 0.2:
        words = [c(OPENERS), words[0].lower(), *words[1:]]
    return " ".join(words) + "."


def prose(rng: random.Random, tokens: int, bullets: bool = False) -> str:
    """Paragraphs (or ``- `` bullet lines) of about ``tokens`` cl100k tokens."""
    target = max(1, round(tokens / WORD_TOKENS))
    paragraphs, para, words = [], [], 0
    while words < target:
        s = _sentence(rng)
        para.append(("- " + s) if bullets else s)
        words += s.count(" ") + 1
        if len(para) >= rng.randint(3, 6):
            paragraphs.append(("\n" if bullets else " ").join(para))
            para = []
    if para:
        paragraphs.append(("\n" if bullets else " ").join(para))
    return ("\n" if bullets else "\n\n").join(paragraphs)


def question(rng: random.Random) -> str:
    c = rng.choice
    return c(QUESTION_FORMS).format(v=c(VERBS), a=c(ADJS), n=c(NOUNS), n2=c(NOUNS))


def user_message(rng: random.Random, tokens: int) -> str:
    """A question, padded with a little context when ``tokens`` asks for more."""
    q = question(rng)
    extra = tokens - 14
    return q if extra < 8 else prose(rng, extra) + "\n\n" + q


def ident(rng: random.Random) -> str:
    return f"{rng.choice(VERBS)}_{rng.choice(NOUNS)}"


def _function(rng: random.Random) -> list[str]:
    c = rng.choice
    args = [c(CODE_NOUNS) for _ in range(rng.randint(1, 3))]
    name = ident(rng)
    params = ", ".join(f"{a}: {c(TYPES)}" for a in args)
    lines = [
        f"def {name}({params}):",
        f'    """{c(VERBS).capitalize()} the {c(ADJS)} {c(NOUNS)} for {args[0]}."""',
        "    result = {}",
    ]
    for _ in range(rng.randint(2, 7)):
        n, m = c(CODE_NOUNS), c(CODE_NOUNS)
        lines += [
            f"    for {n} in {args[0]}.{m}s:",
            f"        if {n}.{c(ADJS)} and {n}.{c(NOUNS)}_id != {rng.randint(0, 999)}:",
            f"            result[{n}.name] = {ident(rng)}({n}, {c(args)})",
        ]
    lines += ["    return result", ""]
    return lines


def python_file(rng: random.Random, path: str, tokens: int) -> str:
    """A Python module of about ``tokens`` tokens."""
    lines = [
        f'"""{rng.choice(ADJS).capitalize()} {rng.choice(NOUNS)} helpers for {path}."""',
        "",
        "from __future__ import annotations",
        "",
        f"import {rng.choice(('json', 'logging', 'os', 're', 'time'))}",
        "",
    ]
    target = max(1, round(tokens / CODE_LINE_TOKENS))
    while len(lines) < target:
        lines += _function(rng)
        lines.append("")
    return "\n".join(lines)


def file_path(rng: random.Random) -> str:
    return f"src/{rng.choice(NOUNS)}/{ident(rng)}.py"


def tool_schema(rng: random.Random) -> dict:
    """An OpenAI function tool with 2-4 typed parameters."""
    c = rng.choice
    props = {}
    for _ in range(rng.randint(2, 4)):
        kind = c(("string", "integer", "boolean"))
        props[f"{c(NOUNS)}_{c(('id', 'name', 'count', 'flag', 'date'))}"] = {
            "type": kind,
            "description": f"The {c(ADJS)} {c(NOUNS)} to {c(VERBS)}.",
        }
    return {
        "type": "function",
        "function": {
            "name": ident(rng),
            "description": _sentence(rng),
            "parameters": {"type": "object", "properties": props, "required": [next(iter(props))]},
        },
    }


def lognormal(rng: random.Random, median: float, sigma: float, cap: float) -> int:
    """A positive length with the given median, clipped at ``cap``."""
    return max(1, min(round(rng.lognormvariate(0, sigma) * median), round(cap)))
