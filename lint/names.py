"""Names that read as volatile: placeholder syntaxes and the words of identifiers.

Placeholders are classified by the words of their identifiers (`current_date` -> {current,
date}; `userName` -> {user, name}), so `runtime` or `datapoint` never look like a clock. A
user word only counts when it owns the name (`user_name`, `current_user`), not when it merely
qualifies something filled once per deploy (`notes_on_user_uploaded_files`), and attributes of
settings objects (`config.language`, `settings.user_name`) are configuration, not user data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

TIME_WORDS = frozenset(
    [
        "date",
        "datetime",
        "time",
        "timestamp",
        "now",
        "today",
        "clock",
        "utcnow",
        "strftime",
        "tomorrow",
        "yesterday",
        "weekday",
        "ts",
        "timezone_now",
        "localtime",
    ]
)
RANDOM_WORDS = frozenset(
    ["uuid", "uuid4", "uuid1", "guid", "nonce", "random", "rand", "ulid", "nanoid", "salt"]
)
ID_OWNERS = frozenset(
    [
        "request",
        "req",
        "trace",
        "span",
        "session",
        "sess",
        "correlation",
        "idempotency",
        "run",
        "conversation",
        "conv",
        "message",
        "msg",
        "thread",
        "call",
        "job",
        "invocation",
        "execution",
        "transaction",
        "txn",
        # what a request brought or retrieved: an attached or uploaded file, a document hit
        "file",
        "attachment",
        "upload",
        "image",
        "document",
        "doc",
        "chunk",
        # where this conversation happens, or what it is about: a chat, a channel, a ticket
        "chat",
        "channel",
        "room",
        "ticket",
        "order",
        "task",
        "subtask",
    ]
)
ID_WORDS = frozenset(["id", "ids", "key", "uid"])
# Owners an id is written together with, as one word (`chatid`, `userid`, `sessionid`).
_ID_STEMS = ID_OWNERS | {"user", "customer", "tenant", "account", "member", "client", "group"}
USER_WORDS = frozenset(
    [
        "custom",
        "user",
        "username",
        "users",
        "customer",
        "tenant",
        "account",
        "member",
        "client",
        "email",
        "mail",
        "locale",
        "timezone",
        "tz",
        "lang",
        "language",
        "org",
        "organization",
        "company",
        "fullname",
        "firstname",
        "lastname",
        "nickname",
        "phone",
        "address",
        "city",
        "country",
        "location",
        "profile",
        "preferences",
        "persona",
        "mobile",
        "attendee",
        "attendees",
        "participant",
        "participants",
        "roster",
        # the person or account a request is for, by the role a domain gives them
        "patient",
        "student",
        "learner",
        "employee",
        "candidate",
        "applicant",
        "caller",
        "guest",
        "visitor",
        "subscriber",
        "buyer",
        "seller",
        "merchant",
        "biller",
        "payer",
        "player",
        "recipient",
        "sender",
    ]
)
BARE_NAMES = frozenset(["name", "first_name", "last_name", "full_name", "display_name", "nickname"])
NAME_QUALIFIERS = frozenset({"first", "last", "full", "display", "nick", "given", "family"})
# The chat a message came from, named in the prompt: a Telegram group's title, a Slack channel.
CHAT_PLACES = frozenset({"chat", "channel", "room", "guild"})
PLACE_TAILS = frozenset({"name", "title", "topic"})
TIME_PLACEHOLDER_NAMES = frozenset({"strftime_now", "date_string"})

_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+")
_KEYWORDS = frozenset(
    [
        "and",
        "or",
        "not",
        "in",
        "is",
        "if",
        "else",
        "for",
        "true",
        "false",
        "none",
        "True",
        "False",
        "None",
        "loop",
        "self",
        "range",
    ]
)


def name_parts(identifier: str) -> list[str]:
    """The words of an identifier in order, as written: snake_case, camelCase, SCREAMING_CASE,
    and an id or a chat's name run together with its owner (`chatid`, `userids`, `chatname`)."""
    return [
        part
        for chunk in identifier.split("_")
        for w in _CAMEL_RE.findall(chunk)
        for part in _run_together(w)
    ]


def _run_together(word: str) -> list[str]:
    """`chatid` -> [`chat`, `id`], `channeltitle` -> [`channel`, `title`]: an id, or the name
    of the chat a message came from, written as one word with its owner."""
    low = word.lower()
    if len(low) < 5 or not low.endswith(_RUN_TOGETHER_TAILS):  # the hot path: most words
        return [word]
    for tails, stems in ((PLACE_TAILS, CHAT_PLACES), (("ids", "id"), _ID_STEMS)):
        for tail in tails:
            stem = low[: -len(tail)]
            if low.endswith(tail) and stem in stems:
                return [word[: len(stem)], word[len(stem) :]]
    return [word]


_RUN_TOGETHER_TAILS = ("id", "ids", "name", "title", "topic")


def words(identifier: str) -> set[str]:
    """Lower-case words of an identifier (the set of its `name_parts`)."""
    return {w.lower() for w in name_parts(identifier)}


# Jinja tests (`x is defined`, `x is not none`) name no data
_JINJA_TEST_RE = re.compile(
    r"\bis\s+(?:not\s+)?(?:defined|undefined|none|string|number|integer|float|boolean|mapping|"
    r"iterable|sequence|true|false|even|odd|divisibleby|sameas|callable)\b"
)


# A field read by a literal key (`ctx["chat_id"]`, `variables.get('chatid', '')`) names the
# field as an attribute does.
_KEY_READ_RE = re.compile(r"""(?:\[\s*|\.get\(\s*)(['"])([A-Za-z_]\w*)\1(?:\s*\]|[^()]*\))""")


def identifiers(expr: str) -> list[str]:
    """Identifiers of a placeholder expression, string literals and Jinja tests removed; a
    literal key read from a mapping is the field's name."""
    expr = _KEY_READ_RE.sub(r".\2", expr)
    expr = _JINJA_TEST_RE.sub("", re.sub(r"'[^']*'|\"[^\"]*\"", "", expr))
    return [m for m in _IDENT_RE.findall(expr) if m not in _KEYWORDS]


NOT_A_VALUE = frozenset(
    [
        "format",
        "fmt",
        "formats",
        "limit",
        "limits",
        "budget",
        "template",
        "templates",
        "pattern",
        "type",
        "types",
        "unit",
        "units",
        "style",
        "field",
        "fields",
        "column",
        "columns",
        "label",
        "labels",
        "window",
        "step",
        "steps",
        "interval",
        "period",
        "horizon",
        "schema",
        "mode",
    ]
)
USER_TAILS = frozenset(
    [
        "memories",
        "memory",
        "personality",
        "instructions",
        "instruction",
        "config",
        "settings",
        "dir",
        "directory",
        "path",
        "os",
        "shell",
        "name",
        "names",
        "email",
        "id",
        "ids",
        "locale",
        "timezone",
        "tz",
        "language",
        "lang",
        "location",
        "country",
        "city",
        "profile",
        "preferences",
        "prefs",
        "info",
        "information",
        "details",
        "data",
        "context",
        "query",
        "input",
        "question",
        "message",
        "request",
        "handle",
        "role",
        "plan",
        "tier",
        "phone",
        "address",
    ]
)
DIR_WORDS = frozenset({"directory", "dir", "folder"})
WORKDIR_WORDS = frozenset({"cwd", "workdir", "worktree", "worktrees"})
NOT_THE_USER = frozenset(
    {"tool", "tools", "toolset", "toolsets", "function", "agent", "assistant", "bot", "model"}
    | {"plugin", "plugins"}
)
SETTINGS_WORDS = frozenset(
    [
        "config",
        "configs",
        "cfg",
        "conf",
        "settings",
        "setting",
        "options",
        "opts",
        "env",
        "environ",
        "defaults",
        "constants",
        "flags",
        "conn",  # `conn.username`: the login a connection is configured with, not the user
        "connection",
    ]
)


FLAG_WORDS = frozenset(
    [
        "has",
        "enable",
        "enabled",
        "enables",
        "disable",
        "disabled",
        "allow",
        "allowed",
        "feature",
        "features",
        "flag",
        "flags",
        "mode",
        "debug",
        "supports",
        "supported",
        "toggle",
    ]
)


# Conditions on the model being served (`is_vlm`, `grok3mini`, `model_supports_vision`): one
# deploy serves one model, so every request takes the same side.
MODEL_WORDS = frozenset(["model", "vlm", "llm", "multimodal", "mini"])


# A flag named as what the program is told to do (`require_score`, `include_file_summary`,
# `use_thinking_tags`, `focus_only_on_problems`): a switch of the deploy, not data.
FLAG_VERBS = frozenset(
    ["require", "include", "use", "skip", "add", "show", "hide", "allow", "focus", "force"]
)


# What the deploy gives the model: its tools anywhere in a compound name (`tool_format`; bare
# `tools` may come with the request), its agents as the name's head (`managed_agents`; not
# `found_agent_context`, a fact of this request).
TOOL_WORDS_FIXED = frozenset(["tool", "tools", "function", "functions", "plugin", "plugins"])
DEPLOY_HEADS = frozenset(["agent", "agents", "assistant", "assistants", "bot", "model", "models"])


def deploy_fixed(expr: str) -> bool:
    """True when a condition reads only feature flags, settings and constants
    (`enable_memory`, `not disable_search`, `chart_tool_enabled`, `require_tests`,
    `settings.X`, `DEBUG`) or the deploy's own tools and agents (`managed_agents`,
    `tools | length`): the same for every request of a deploy."""
    expr = re.sub(r"\|\s*[A-Za-z_]\w*", "", expr)  # Jinja filters (`| list`) name no data
    expr = _KEY_LOOKUP_RE.sub(lambda m: "." + (m.group(1) or m.group(2)), expr)
    idents = identifiers(_flag_owners_dropped(expr))
    if not idents:
        return True
    for ident in idents:
        ws = words(ident)
        parts = [p.lower() for p in name_parts(ident)]
        flags = ws & FLAG_WORDS
        asked = parts[:1] == ["is"] and not ws & (SETTINGS_WORDS | MODEL_WORDS)
        if asked and flags and flags <= {"feature", "features"}:
            return False  # `is_feature`: whether the request at hand is a feature
        if ident.isupper() or ws & (FLAG_WORDS | SETTINGS_WORDS | MODEL_WORDS):
            continue
        if len(parts) >= 2 and parts[0] in FLAG_VERBS:
            continue
        if (ws & TOOL_WORDS_FIXED and len(parts) >= 2) or (parts and parts[-1] in DEPLOY_HEADS):
            continue  # `tool_format`, `tool_instructions`, `managed_agents`: the deploy's own
        if ident in {"os", "environ"} or ident in CONTAINER_METHODS:
            continue
        if parts and parts[-1] in ADDRESS_TAILS and ws & SERVICE_WORDS:
            continue  # `api_base_url`, `server_endpoint`: where the deploy's services are
        if len(parts) >= 2 and parts[0] in LIMIT_HEADS:
            continue  # `max_words`, `min_score`: a limit the deploy sets
        if parts and parts[-1] in DESCRIBED_HEADS and ws & (DEPLOY_OWNERS | OWN_WORDS):
            continue  # `assistant_description`, `agent_desc`: the deploy's own
        if ws & {"system"} and parts and parts[-1] in {"prompt", "message"}:
            continue  # `system_prompt is defined`: whether the deploy configured one
        if parts and parts[-1] in RULE_HEADS and not ws & USER_WORDS:
            continue  # `rulesets`, `rules`: the rules the deploy gives its agent
        return False
    return True


LIMIT_HEADS = frozenset(["max", "min", "maximum", "minimum"])
# How many to make (`num_queries`, `number_of_outputs`): a count the deploy asks for. What a
# conversation has held so far (`num_messages`, `num_turns`) is counted anew on each request.
COUNT_HEADS = frozenset(["num", "number", "n"])
HISTORY_COUNTED = frozenset(["message", "messages", "msgs", "turn", "turns", "history", "rounds"])
# The rules an agent is configured with (griptape's `rulesets`, a summary prompt's `rules`);
# the user's own (`user_rules`, `custom_rules`) stay per user.
RULE_HEADS = frozenset(["rule", "rules", "ruleset", "rulesets", "guidelines"])
# The address of a service the deploy talks to (`api_base_url`, `backend_host`), not the page
# or file at hand (`url`, `page_url`).
ADDRESS_TAILS = frozenset(["url", "uri", "endpoint", "host", "hostname", "port"])
SERVICE_WORDS = frozenset(["api", "base", "server", "service", "backend", "proxy", "gateway"])


# `flags.values()`: a container's own methods name no data
CONTAINER_METHODS = frozenset(["values", "items", "keys"])


_CHAIN_RE = re.compile(r"(?<![\w.'\"])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


OWN_WORDS = frozenset(["system", "agent", "agents", "assistant", "bot"])
# `tools.get("has_search")`, `flags["enable_x"]`: a lookup by a literal key asks for that key
_KEY_LOOKUP_RE = re.compile(r"""\.get\(\s*['"](\w+)['"][^)]*\)|\[\s*['"](\w+)['"]\s*\]""")


def _flag_owners_dropped(expr: str) -> str:
    """`state.has_frontend()` -> `has_frontend()`: a flag asked of an object (the project, the
    app) is a flag; the owner only counts when it reads as the user (`user.has_premium`). The
    description, persona or instructions of the system, the agent or its team
    (`system.persona`, `agent.instructions`) are the deploy's, as is any field of a settings
    object (`config.slack_channel_id`)."""

    def drop(m: re.Match) -> str:
        *owners, attr = m.group().split(".")
        if any(classify_name(o) for o in owners):
            return m.group()
        if words(attr) & FLAG_WORDS:
            return attr
        head = name_parts(attr)[-1].lower() if name_parts(attr) else ""
        owned = words(attr).union(*(words(o) for o in owners))
        groups = set().union(*(words(o) for o in owners)) & OWN_GROUPS
        if head in OWN_ATTR_HEADS and (owned & OWN_WORDS or groups):
            return "DEPLOY_OWN"  # `system.persona`: the deploy's, read as a constant
        if words(owners[0]) & SETTINGS_WORDS and "configurable" not in owners:
            # `config.slack_channel_id`: a setting, whatever it names (not LangGraph's per-run
            # `config["configurable"]["user_id"]`)
            return "DEPLOY_OWN"
        return m.group()

    return _CHAIN_RE.sub(drop, expr)


# Per-request content: what a template's placeholder holds when its name's head word is one of
# these (`{question}`, `{chat_history}`, `{retrieved_context}`, `{input_text}`): the user's
# input, retrieved documents, history, the task at hand.
REQUEST_HEADS = frozenset(
    [
        "question",
        "questions",
        "query",
        "queries",
        "input",
        "inputs",
        "context",
        "contexts",
        "history",
        "memory",
        "memories",
        "conversation",
        "conversations",
        "messages",
        "transcript",
        "document",
        "documents",
        "docs",
        "passage",
        "passages",
        "chunk",
        "chunks",
        "snippets",
        "excerpt",
        "excerpts",
        "sources",
        "results",
        "observation",
        "observations",
        "scratchpad",
        "feedback",
        "answer",
        "answers",
        "goal",
        "goals",
        "task",
        "tasks",
        "plan",
        "summary",
        "analysis",
        "conclusion",
        "response",
        "responses",
        "output",
        "outputs",
        "result",
        "error",
        "errors",
        "stdout",
        "stderr",
        "traceback",
        "hunk",
        "hunks",
        "snippet",
        "evidence",
        "report",
        "reports",
        "message",
        "preview",
        "objective",
        "objectives",
        "listing",
        "diff",
        "code",
        "text",
        "content",
        "draft",
        "request",
        "description",
        "desc",
        "scenario",
        "title",  # of the document, page, section or job at hand (not `app_title`: below)
        "titles",
        # the same heads in the languages prompt code is written in (es, pt, fr, de, it)
        "contexto",
        "contexte",
        "kontext",
        "contesto",
        "pregunta",
        "preguntas",
        "pergunta",
        "perguntas",
        "domanda",
        "frage",
        "fragen",
        "consulta",
        "anfrage",
        "requete",
        "historial",
        "historico",
        "historique",
        "verlauf",
        "documento",
        "documentos",
        "documenti",
        "dokument",
        "dokumente",
        "respuesta",
        "resposta",
        "reponse",
        "antwort",
        "entrada",
        "mensaje",
        "mensagem",
    ]
)
# Information qualified as what this request found (`contextual_information`, `relevant_info`,
# `retrieved_knowledge`): retrieved text, unlike `additional_information` or `domain_knowledge`;
# `{knowledge}` alone is what was retrieved for this question.
INFO_HEADS = frozenset(["information", "info", "informacion", "informacao", "knowledge"])
INFO_QUALIFIERS = frozenset(
    ["contextual", "relevant", "retrieved", "search", "searched", "relevante", "pertinente"]
)
# Owners whose title or description is the deploy's own (`{app_title}`, `{team_desc}`,
# `{company_description}`, `{role_desc}`, a skill's description), not the request's.
DEPLOY_OWNERS = frozenset(
    [
        "app",
        "application",
        "site",
        "website",
        "product",
        "brand",
        "company",
        "organization",
        "organisation",
        "org",
        "team",
        "server",
        "role",
        "skill",
        "skills",
        "subagent",
        "bot",
        "assistant",
    ]
)
DESCRIBED_HEADS = frozenset(["title", "titles", "description", "descriptions", "desc"])
# What the deploy writes into its own agent's definition (`agent.instructions`, `team.description`,
# `system.persona`); the agent's `id` and what it remembers are not among them.
OWN_ATTR_HEADS = frozenset(["persona", "identity", "instructions", "instruction"]) | DESCRIBED_HEADS
# A team of the deploy's agents, a skill installed for them (`team.instructions`,
# `skill.description`), as an attribute's owner only: `skills_summary` says nothing of its order.
OWN_GROUPS = frozenset(["team", "skill", "skills"])
REQUEST_BARE = frozenset(["prompt"])
# What a tool or an agent produced on this call (`tool_output`, `assistant_response`): per
# request, unlike the tool's own name or description.
PRODUCT_HEADS = frozenset(
    ["output", "outputs", "result", "results", "response", "responses", "observation", "reply"]
)
PROMPT_OWNERS = frozenset(["user", "human", "customer", "current", "initial", "original", "input"])
# Words naming an instant, not a kind of value: `today_label` is a date, `today_format` is not.
INSTANT_WORDS = frozenset(["today", "now", "tomorrow", "yesterday", "utcnow"])
FORMAT_TAILS = frozenset(["format", "fmt", "formats", "pattern", "template", "templates", "schema"])
# Words that name a container, not its content: the head is the word before them.
CONTAINER_TAILS = frozenset(
    ["data", "list", "block", "blocks", "str", "string", "section", "json", "markdown", "md", "xml"]
)
REQUEST_NOT = frozenset(
    [
        "example",
        "examples",
        "sample",
        "few",
        "shot",
        "system",
        "tool",
        "tools",
        "format",
        "welcome",
        "greeting",
        "default",
    ]
)


def _once(parts: list[str]) -> bool:
    """`one time`, `first time` in a name: a count of occasions (a one-time code, a first-time
    user), not a moment."""
    low = [p.lower() for p in parts]
    return any(a in {"one", "first"} and b == "time" for a, b in pairwise(low))


def classify_name(identifier: str) -> str | None:
    """ "time", "id", "user" or "request" for a volatile-looking identifier, else None."""
    if identifier in TIME_PLACEHOLDER_NAMES:
        return "time"
    parts = name_parts(identifier)
    ws = {w.lower() for w in parts}
    if _once(parts):  # `one_time_code`, `first_time_user`: how often, not when
        return "user" if ws & USER_WORDS else None
    last = parts[-1].lower() if parts else ""
    if (
        last in NOT_A_VALUE
        and not ws & RANDOM_WORDS
        and not (ws & INSTANT_WORDS and last not in FORMAT_TAILS)
    ):
        return None  # `date_format`, `time_window`; but `todayLabel` is today's date, written
    if ws & TIME_WORDS:
        return "time"
    if len(parts) >= 2 and parts[0].lower() in LIMIT_HEADS and not ws & ID_WORDS:
        return None  # `max_search_queries`: a limit the deploy sets, not the queries
    if (
        len(parts) >= 2
        and parts[0].lower() in COUNT_HEADS
        and not ws & (ID_WORDS | HISTORY_COUNTED)
    ):
        return None  # `num_queries`: how many to write, a setting; not `num_messages` so far
    if ws & RANDOM_WORDS or (ws & ID_OWNERS and ws & ID_WORDS) or "traceparent" in ws:
        return "id"
    if ws & NOT_THE_USER:
        if last in PRODUCT_HEADS and not ws & REQUEST_NOT - NOT_THE_USER:
            return "request"  # `tool_output`, `last_tool_response`: what this call returned
        return None  # the tool's or the agent's name, not the user's
    if last == "home" and len(parts) <= 2 and not ws & {"app", "site", "page", "project"}:
        return "user"  # `{{home}}`, `user_home`: the user's home directory
    if identifier in BARE_NAMES or ("name" in ws and ws & NAME_QUALIFIERS):
        return "user"
    if last in PLACE_TAILS and len(parts) >= 2 and parts[-2].lower() in CHAT_PLACES:
        return "user"  # `chat_title`, `channelName`: where this conversation happens
    if ws & WORKDIR_WORDS or ({"working", "current", "home"} & ws and ws & DIR_WORDS):
        return "user"  # the user's working directory
    if ws & USER_WORDS and (last in USER_WORDS or last in USER_TAILS):
        return "user"
    owner = parts[-2].lower() if len(parts) >= 2 else ""
    if last in {"prompt", "prompts"} and owner in PROMPT_OWNERS and not ws & REQUEST_NOT:
        return "request"  # `user_prompt`, `current_prompt`: what was asked (not `system_prompt`)
    if identifier in REQUEST_BARE:
        return "request"  # `{{ prompt }}` alone: what the user typed (`system_prompt` is not)
    if last in CONTAINER_TAILS and len(parts) >= 2:
        last = parts[-2].lower()  # `context_data`, `description_list`: what the block holds
    if _file_at_hand(parts) and not ws & (REQUEST_NOT | SETTINGS_WORDS):
        return "request"  # `{{ file_name }}`, `{import_file}`: the file this request works on
    if last in DESCRIBED_HEADS and ws & (DEPLOY_OWNERS | REQUEST_NOT):
        return None
    if last in REQUEST_HEADS and not ws & REQUEST_NOT:
        return "request"
    if last in INFO_HEADS and (ws & INFO_QUALIFIERS or identifier == "knowledge"):
        return "request"
    if (
        len(parts) >= 2
        and parts[0].lower() in REQUEST_HEADS - DESCRIBED_HEADS
        and last in INFO_QUALIFIERS
    ):
        return "request"  # `contexto_relevante`: the head first, as Romance languages write it
    return None


FILE_WORDS = frozenset(["file", "files", "filename", "filenames", "filepath", "filepaths"])
FILE_TAILS = frozenset(["name", "names", "path", "paths"])


def _file_at_hand(parts: list[str]) -> bool:
    """`file_name`, `filepath`, `import_file`, `relevant_files`: a file's name or path, which
    a prompt names when it works on the file of this request (not `config_file`: a setting)."""
    low = [p.lower() for p in parts]
    if not low or set(low) & {"on", "of", "about", "for", "from", "in", "with", "to"}:
        return False  # `notes_on_user_uploaded_files`: the notes are the head, not the files
    if low[-1] in FILE_WORDS:
        return True
    return len(low) >= 2 and low[-2] in FILE_WORDS and low[-1] in FILE_TAILS


def classify_expr(expr: str) -> str | None:
    """Classify a placeholder expression such as `user.name | upper` or `now().isoformat()`.
    The first identifier decides `name`-like attributes (`tool.name` is not per-user), and
    attributes of a settings object (`config.language`) are fixed per deploy. A helper call
    with `$` arguments (`{{ConversationPlugin.Summarize $history}}`, Semantic Kernel's syntax)
    renders what its arguments hold: they are judged, whatever the helper is called."""
    call = _SK_CALL_RE.fullmatch(expr) if "$" in expr else None
    if call:
        for arg in _SK_ARG_RE.findall(call.group("args")):
            kind = classify_name(arg)
            if kind is not None:
                return kind
    expr = _FILTER_RE.sub("", expr)  # `question | trim`: a Jinja filter names no data
    idents = identifiers(expr)
    for i, ident in enumerate(idents):
        if i < len(idents) - 1 and words(ident) & SETTINGS_WORDS:
            return None  # an attribute of a settings object
        kind = classify_name(ident)
        if kind == "user" and ident in BARE_NAMES and i > 0:
            continue
        if kind == "user" and any(words(x) & (NOT_THE_USER | {"system"}) for x in idents[:i]):
            continue  # `self.agent.company_name`, `system.persona`: the agent's, set with it
        if kind == "request" and (
            ident != idents[-1]
            or (any(words(i) & (NOT_THE_USER | OWN_GROUPS) for i in idents) and not _product(ident))
        ):
            continue  # `task.workspace_name`: the attribute says; `tool.description` is fixed
        if kind is not None:
            return kind
    return None


_FILTER_RE = re.compile(r"\|\s*[A-Za-z_]\w*(?:\([^()]*\))?")
_SK_CALL_RE = re.compile(r"\s*[A-Za-z_][\w.]*\s+(?P<args>[^|]*\$[A-Za-z_][^|]*)")
_SK_ARG_RE = re.compile(r"\$([A-Za-z_]\w*)")


def _product(ident: str) -> bool:
    """`tool_output`, `result`: what a tool or an agent produced on this call."""
    parts = name_parts(ident)
    return bool(parts) and parts[-1].lower() in PRODUCT_HEADS


class Placeholder(NamedTuple):
    start: int
    end: int
    expr: str


_PLACEHOLDER_RES = {
    "jinja": re.compile(r"\{\{-?(?P<e>.*?)-?\}\}", re.S),
    "handlebars": re.compile(r"\{\{\{?(?P<e>[^{}#/^!>][^{}]*?)\}?\}\}"),
    "fstring": re.compile(
        r"(?<![{$])\{(?P<e>[A-Za-z_][\w.\[\]'\"]*(?:\(\))?)(?:![rsa])?(?::[^{}]*)?\}(?!\})"
    ),
    "dollar": re.compile(r"\$\{(?P<e>[A-Za-z_][\w.]*(?:\(\))?)\}"),
    "percent": re.compile(r"%\((?P<e>[A-Za-z_]\w*)\)[sdrf]"),
    # `{USER QUERY}`, `{CONVERSATION HISTORY}`: slots written in capitals in a captured prompt
    "spaced": re.compile(r"(?<![{$\w\\])\{(?P<e>[A-Z][A-Z0-9]*(?: [A-Z][A-Z0-9]*){1,3})\}(?!\})"),
}
SYNTAXES = {
    "jinja": ("jinja", "dollar", "percent"),
    "handlebars": ("handlebars",),
    "fstring": ("fstring", "dollar"),
    "text": ("jinja", "fstring", "dollar", "percent", "spaced"),
}


# Handlebars comments render nothing: `{{!-- ... --}}` (may hold `}}`, spans lines), `{{! ... }}`
_MUSTACHE_COMMENT_RE = re.compile(r"\{\{~?!--.*?--~?\}\}|\{\{~?![^}]*\}\}", re.S)
# a mustache tag that renders no value: a close tag, `else`, a block opener, a partial
_MUSTACHE_STRUCTURAL_RE = re.compile(r"[/#^>]|else\b(?!\s*[.(\[=])|\^?\s*$")


def mustache_comments(text: str) -> list[tuple[int, int]]:
    """(start, end) of every Handlebars/Mustache comment in `text`."""
    if "{{" not in text or "!" not in text:
        return []
    return [m.span() for m in _MUSTACHE_COMMENT_RE.finditer(text)]


def placeholders(text: str, syntax: str | None) -> Iterator[Placeholder]:
    """Template placeholders in `text` for a template syntax (None: every known syntax); a date
    composed of component placeholders after a current-date cue (`TODAY IS: {{year}}-{{month}}-
    {{day}}`) is one clock value, expr `current_date`."""
    found = list(_placeholders(text, syntax))
    if (
        len(found) < 2
        or not _date_words(text)
        or not _DATE_PARTS & {w.lower() for ph in found for w in name_parts(ph.expr)}
    ):
        yield from found
        return
    merged = {ph.start: ph for ph in _clock_runs(text, sorted(found))}
    covered = {ph for ph in found for run in merged.values() if run.start <= ph.start < run.end}
    for ph in found:
        if ph.start in merged:
            yield merged[ph.start]
        elif ph not in covered:
            yield ph


_DATE_PARTS = frozenset({"year", "month", "day", "hour", "minute", "second", "weekday"})


def _date_words(text: str) -> bool:
    """A cheap pre-check on the hot path: could any placeholder here name a date part?"""
    low = text.lower()
    return any(w in low for w in ("year", "month", "day", "hour", "minute", "second"))


_CLOCK_PARTS = _DATE_PARTS - {"year", "month"}  # the year or the month of a clock is no clock
_DATE_SEPARATORS = frozenset("-/.:")


def _clock_runs(text: str, found: list[Placeholder]) -> Iterator[Placeholder]:
    from kvscope.lint.cues import date_cued

    i = 0
    while i < len(found):
        j = i
        while j + 1 < len(found) and text[found[j].end : found[j + 1].start] in _DATE_SEPARATORS:
            j += 1
        run = found[i : j + 1]
        parts = [name_parts(ph.expr)[-1:] for ph in run]
        lasts = {p[0].lower() for p in parts if p}
        line = text[text.rfind("\n", 0, run[0].start) + 1 : run[0].start]
        if (
            j > i
            and all(parts)
            and lasts <= _DATE_PARTS
            and lasts & _CLOCK_PARTS
            and date_cued(line)
        ):
            yield Placeholder(run[0].start, run[-1].end, "current_date")
        i = j + 1


def _placeholders(text: str, syntax: str | None) -> Iterator[Placeholder]:
    """Each tag of `text` that renders a value, told apart by its sigil.

    Mustache tags are told apart by their sigil before any expression is read: comments
    (`{{!-- --}}`, `{{! }}`) and what they contain render nothing; close tags (`{{/x}}`),
    `{{else}}`, block openers (`{{#if x}}`, `{{^x}}`: loops and conditions are judged by their
    own rules) and partials (`{{> name}}`) render no value; `~` is whitespace control."""
    if "{" not in text and "%(" not in text:
        return
    comments = mustache_comments(text)
    seen: set[int] = set()
    for name in SYNTAXES.get(syntax or "text", SYNTAXES["text"]):
        for m in _PLACEHOLDER_RES[name].finditer(text):
            single = name in {"fstring", "spaced"}
            if m.start() in seen or (single and _inside_double(text, m.start())):
                continue
            if comments and any(a <= m.start() < b for a, b in comments):
                continue
            if name == "jinja" and "{{" in m.group("e"):
                continue  # `{{\n "answer": "{{x}}"`: an escaped JSON brace, not an expression
            expr = m.group("e").strip()
            end = m.end()
            if name in {"jinja", "handlebars"}:
                expr = expr.strip("~").strip()
                if expr.startswith("{") and text.startswith("}", end):  # `{{{raw}}}` read as Jinja
                    expr, end = expr[1:].strip("~").strip(), end + 1
                if expr.startswith("#each"):
                    pass  # a Handlebars loop read by a text syntax: its caller judges it
                elif _MUSTACHE_STRUCTURAL_RE.match(expr) or _described(expr):
                    continue
            seen.add(m.start())
            if name == "spaced":  # `{QUERY GOES HERE}` is the query's slot
                expr = "_".join(re.sub(r"(?:\s+GOES)?\s+HERE$", "", expr).split())
            yield Placeholder(m.start(), end, expr)


_EXPR_CHARS = frozenset('|()[]=<>+*/%$~{}"')
_EXPR_WORDS = frozenset(["if", "else", "and", "or", "not", "in", "is", "for"])


def _described(expr: str) -> bool:
    """True when the inside of `{{ ... }}` is prose or a list, not an expression: a format
    described in doubled braces (`{{Issue 1 description}}`, `{{User's comment, verbatim.}}`) or a
    `.format` template's escaped braces around names (`{{title, url, snippet}}`)."""
    if re.fullmatch(r"\w+(?:\s*,\s*\w+)+", expr):
        return True
    if re.search(r"^\s*\"\w[\w -]*\"\s*:", expr, re.M):
        return True  # `{{\n  "answer": <...>\n}}`: a JSON reply format, braces escaped (a key
        # and a colon open no Jinja expression, on one line or several)
    words_ = expr.split()
    if len(words_) < 2 or _EXPR_CHARS & set(expr) or _EXPR_WORDS & set(words_):
        return False
    return len(words_) >= 3 or re.search(r"\w['’]\w", expr) is not None


def _inside_double(text: str, pos: int) -> bool:
    return text.startswith("{{", max(0, pos - 1)) or text.rfind("{{", 0, pos) > text.rfind(
        "}}", 0, pos
    )
