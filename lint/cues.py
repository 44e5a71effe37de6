"""The words around a value that say what it is: the cues of the volatile-value detector.

Each cue is matched on the text just before a value (the "window": back to the previous date,
at most ~60 characters) and anchored at its end, so it speaks only for the value it precedes:
"Knowledge cutoff: June 2024, current date: 2025-03-04" has a static cue for the first date and
a current-date cue for the second. Cues cover English, Chinese, Japanese, Korean, Spanish,
French, German and Portuguese.
"""

from __future__ import annotations

import re

from kvscope.lint.names import words

MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# Spanish, French, German, Portuguese month names (matched case-insensitively).
MONTHS_INTL = (
    r"(?i:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sept?iembre|octubre|noviembre|"
    r"diciembre|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|"
    r"novembre|d[ée]cembre|januar|j[äa]nner|februar|m[äa]rz|maerz|juni|juli|oktober|dezember|"
    r"janeiro|fevereiro|mar[çc]o|maio|junho|julho|setembro|outubro|novembro|dezembro)"
)

_CURRENT_WORDS = (
    r"today(?:'s|’s)?(?:\s+date)?|current(?:ly)?(?:\s+(?:date|time|datetime|day|utc|year|"
    r"month|local\s+time|timestamp))?|right\s+now|now|date|time|timestamp|datetime|utc|"
    r"as\s+of\s+(?:right\s+)?now|it\s+is|it's|it’s|the\s+day\s+is"
    # zh / ja / ko
    r"|今天|今日|当前日期|當前日期|当前时间|當前時間|现在|現在|日期|时间|時間|本日|現在の日付|"
    r"現在の日時|現在時刻|今日の日付|日付|오늘|오늘\s*날짜|현재\s*날짜|현재\s*시간|현재\s*시각|날짜"
    # es / fr / de / pt
    r"|hoy|fecha(?:\s+(?:actual|de\s+hoy))?|hora\s+actual|estamos\s+a"
    r"|aujourd'hui|aujourd’hui|nous\s+sommes(?:\s+le)?|date\s+(?:actuelle|du\s+jour)|"
    r"heure\s+actuelle"
    r"|heute|(?:aktuelles|heutiges)\s+datum|datum|uhrzeit|aktuelle\s+zeit"
    r"|hoje|data\s+(?:atual|de\s+hoje)|hora\s+atual"
)
_FOLLOWERS = (
    r"(?:[\s,:：=(\-–—]|\b(?:is|was|will\s+be|of|which\s+is|es|est|ist|der|den|é|el|le|o|a|"
    r"de|is\s+now)\b|是|为|為|は|은|는|이|가|：)*"
)
DATE_CUE_RE = re.compile(rf"(?i)(?<![A-Za-z])(?:{_CURRENT_WORDS}){_FOLLOWERS}$")

# A cue that makes the date after it a fixed fact (a cutoff, a release, a deadline).
STATIC_CUE_RE = re.compile(
    r"(?i)(?:cutoff|cut-off|cut\s+off|knowledge|trained|training|released?|release\s+date|"
    r"version|copyright|©|updated|revised|published|dated|effective|since|founded|established|"
    r"created|creation|modified|authored|"
    r"born|deadline|due|until|till|before|after|between|from|expires?|expired|launched|"
    r"announced|introduced|deprecated|valid|"
    r"截止|截至|知识|知識|カットオフ|学習|컷오프|기준|corte|desde|hasta|depuis|jusqu|seit|bis|"
    r"até|atualizado|actualizado|mis\s+à\s+jour|stand)[^.\n。]{0,25}$"
)
# Examples and format descriptions: "strings of the format ...", "e.g.", "such as".
EXAMPLE_CUE_RE = re.compile(
    r"(?i)(?P<cue>\be\.g\.|\bi\.e\.|\beg\b|\bfor\s+(?:example|instance)|\bexamples?\b|\bsuch\s+as\b|"
    r"\bformat(?:ted)?\b|\bformats\b|\bin\s+the\s+form\b|\blike\b|\bsample\b|\bpattern\b|"
    r"\bnamed\b|\bnaming\b|\bconvention\b|\bplaceholder\b|\bdummy\b|\bfake\b|例如|比如|例えば|"
    r"예를\s*들어|por\s+ejemplo|par\s+exemple|zum\s+beispiel|z\.\s?b\.|por\s+exemplo)"
    r"(?:(?![.。]\s)[^\n]){0,50}$"
)
# A key whose value is a current date, in embedded JSON/YAML: `"current_date": "2025-03-04"`.
KEY_CUE_RE = re.compile(r"[\"']?(?P<key>[A-Za-z_][\w-]*)[\"']?\s*[:=]\s*[\"']?$")
# A clause boundary between a static cue and a current-date cue ends the static cue's reach.
CLAUSE_RE = re.compile(r"(?i)[,;(]|\b(?:and|but|while|whereas|et|und|y|e)\b|[，；、]|그리고")
USER_CUE_RE = re.compile(
    r"(?i)\b(?:user|customer|client|member)(?:'s|’s)?\s*(?:preferred\s+)?(?:name|email|e-mail|"
    r"id|locale|time\s*zone|language|location)\s*(?:is|:|=)?\s*$"
)
ID_CUE_RE = re.compile(
    r"(?i)\b(?:id|identifier|uuid|session|request|conversation|chat|thread|trace|run|nonce)\b"
    r"\s*(?:id\b)?\s*(?:is\b)?\s*[:=#]?\s*[\"'`(]?$"
)


def date_cued(window: str) -> bool:
    """True when `window` ends in a current-date cue that no static cue overrides."""
    cue = DATE_CUE_RE.search(window)
    if cue is None:
        key = KEY_CUE_RE.search(window)
        return key is not None and current_key(key.group("key"))
    static = STATIC_CUE_RE.search(window)
    if static is None:
        return True
    if static.start() < cue.start():
        return CLAUSE_RE.search(window, static.start(), cue.start()) is not None
    return False


def current_key(key: str) -> bool:
    """A key that holds the current date or time: `current_date`, `now`, `todayDate`,
    `timestamp`; not `date_from` or `release_date` (a date, not the current one)."""
    ws = words(key)
    return bool(ws & {"current", "now", "today", "todays"}) or key.lower() in {
        "timestamp",
        "datetime",
        "current_time",
    }


def static_cued(window: str) -> bool:
    return STATIC_CUE_RE.search(window) is not None


def example_cued(window: str) -> bool:
    """An example cue governs the end of `window`, unless it sits in a parenthetical that
    closes before it ("profile (e.g. country, office):\n{profile}": the example is inside)."""
    m = EXAMPLE_CUE_RE.search(window)
    while m is not None:
        tail = window[m.end("cue") :]
        if tail.count(")") <= tail.count("("):
            return True
        m = EXAMPLE_CUE_RE.search(window, m.end("cue"))
    return False
