import argparse
import json
import os
from os import environ as env
from pathlib import Path

from rich import print
from rich.markup import escape

from book_maker.loader import BOOK_LOADER_DICT
from book_maker.translator import MODEL_DICT
from book_maker.provider_loader import get_provider, get_translator_class
from book_maker.utils import LANGUAGES, TO_LANGUAGE_CODE


def get_book_type(book_name):
    return Path(book_name).suffix.lower().lstrip(".")


def parse_prompt_arg(prompt_arg):
    prompt = None
    if prompt_arg is None:
        return prompt

    # Check if it's a path to a markdown file (PromptDown format)
    if prompt_arg.endswith(".md") and os.path.exists(prompt_arg):
        try:
            from promptdown import StructuredPrompt

            structured_prompt = StructuredPrompt.from_promptdown_file(prompt_arg)

            # Initialize our prompt structure
            prompt = {}

            # Handle developer_message or system_message
            # Developer message takes precedence if both are present
            if (
                hasattr(structured_prompt, "developer_message")
                and structured_prompt.developer_message
            ):
                prompt["system"] = structured_prompt.developer_message
            elif (
                hasattr(structured_prompt, "system_message")
                and structured_prompt.system_message
            ):
                prompt["system"] = structured_prompt.system_message

            # Extract user message from conversation
            if (
                hasattr(structured_prompt, "conversation")
                and structured_prompt.conversation
            ):
                for message in structured_prompt.conversation:
                    if message.role.lower() == "user":
                        prompt["user"] = message.content
                        break

            # Ensure we found a user message
            if "user" not in prompt or not prompt["user"]:
                raise ValueError(
                    "PromptDown file must contain at least one user message"
                )

            print(f"Successfully loaded PromptDown file: {prompt_arg}")

            # Validate required placeholders
            if any(c not in prompt["user"] for c in ["{text}"]):
                raise ValueError(
                    "User message in PromptDown must contain `{text}` placeholder"
                )

            return prompt
        except Exception as e:
            print(f"Error parsing PromptDown file: {e}")
            # Fall through to other parsing methods

    # Existing parsing logic for JSON strings and other formats
    if not any(prompt_arg.endswith(ext) for ext in [".json", ".txt", ".md"]):
        try:
            # user can define prompt by passing a json string
            # eg: --prompt '{"system": "You are a professional translator who translates computer technology books", "user": "Translate \`{text}\` to {language}"}'
            prompt = json.loads(prompt_arg)
        except json.JSONDecodeError:
            # if not a json string, treat it as a template string
            prompt = {"user": prompt_arg}

    elif os.path.exists(prompt_arg):
        if prompt_arg.endswith(".txt"):
            # if it's a txt file, treat it as a template string
            with open(prompt_arg, encoding="utf-8") as f:
                prompt = {"user": f.read()}
        elif prompt_arg.endswith(".json"):
            # if it's a json file, treat it as a json object
            # eg: --prompt prompt_template_sample.json
            with open(prompt_arg, encoding="utf-8") as f:
                prompt = json.load(f)
    else:
        raise FileNotFoundError(f"{prompt_arg} not found")

    # if prompt is None or any(c not in prompt["user"] for c in ["{text}", "{language}"]):
    if prompt is None or any(c not in prompt["user"] for c in ["{text}"]):
        raise ValueError("prompt must contain `{text}`")

    if "user" not in prompt:
        raise ValueError("prompt must contain the key of `user`")

    if (prompt.keys() - {"user", "system"}) != set():
        raise ValueError("prompt can only contain the keys of `user` and `system`")

    print("prompt config:", prompt)
    return prompt


def main():
    translate_model_list = list(MODEL_DICT.keys())
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--book_name",
        dest="book_name",
        type=str,
        help="path of the book/source file to be translated",
    )
    parser.add_argument(
        "--book_from",
        dest="book_from",
        type=str,
        choices=["kobo"],  # support kindle later
        metavar="E-READER",
        help="e-reader type, available: {%(choices)s}",
    )
    parser.add_argument(
        "--device_path",
        dest="device_path",
        type=str,
        help="Path of e-reader device",
    )
    ########## KEYS ##########
    parser.add_argument(
        "--openai_key",
        dest="openai_key",
        type=str,
        default="",
        help="OpenAI api key,if you have more than one key, please use comma"
        " to split them to go beyond the rate limits",
    )
    parser.add_argument(
        "--caiyun_key",
        dest="caiyun_key",
        type=str,
        help="you can apply caiyun key from here (https://dashboard.caiyunapp.com/user/sign_in/)",
    )
    parser.add_argument(
        "--deepl_key",
        dest="deepl_key",
        type=str,
        help="you can apply deepl key from here (https://rapidapi.com/splintPRO/api/dpl-translator",
    )
    parser.add_argument(
        "--claude_key",
        dest="claude_key",
        type=str,
        help="you can find claude key from here (https://console.anthropic.com/account/keys)",
    )

    parser.add_argument(
        "--custom_api",
        dest="custom_api",
        type=str,
        help="you should build your own translation api",
    )

    # for Google Gemini
    parser.add_argument(
        "--gemini_key",
        dest="gemini_key",
        type=str,
        help="You can get Gemini Key from  https://makersuite.google.com/app/apikey",
    )

    # for Groq
    parser.add_argument(
        "--groq_key",
        dest="groq_key",
        type=str,
        help="You can get Groq Key from  https://console.groq.com/keys",
    )

    # for xAI
    parser.add_argument(
        "--xai_key",
        dest="xai_key",
        type=str,
        help="You can get xAI Key from  https://console.x.ai/",
    )

    # for OrcaRouter
    parser.add_argument(
        "--orcarouter_key",
        dest="orcarouter_key",
        type=str,
        help="You can get OrcaRouter Key from  https://www.orcarouter.ai",
    )

    # for Qwen
    parser.add_argument(
        "--qwen_key",
        dest="qwen_key",
        type=str,
        help="You can get Qwen Key from  https://bailian.console.aliyun.com/?tab=model#/api-key",
    )

    parser.add_argument(
        "--test",
        dest="test",
        action="store_true",
        help="only the first 10 paragraphs will be translated, for testing",
    )
    parser.add_argument(
        "--test_num",
        dest="test_num",
        type=int,
        default=10,
        help="how many paragraphs will be translated for testing",
    )
    parser.add_argument(
        "-m",
        "--model",
        dest="model",
        type=str,
        default=None,
        choices=translate_model_list,  # support DeepL later
        metavar="MODEL",
        help="model to use, available: {%(choices)s}",
    )
    parser.add_argument(
        "--ollama_model",
        dest="ollama_model",
        type=str,
        default="",
        metavar="MODEL",
        help="use ollama",
    )
    parser.add_argument(
        "--language",
        type=str,
        choices=sorted(LANGUAGES.keys())
        + sorted([k.title() for k in TO_LANGUAGE_CODE]),
        default="zh-hans",
        metavar="LANGUAGE",
        help="language to translate to, available: {%(choices)s}",
    )
    parser.add_argument(
        "--resume",
        dest="resume",
        action="store_true",
        help="if program stop unexpected you can use this to resume",
    )
    parser.add_argument(
        "-p",
        "--proxy",
        dest="proxy",
        type=str,
        default="",
        help="use proxy like http://127.0.0.1:7890",
    )
    parser.add_argument(
        "--deployment_id",
        dest="deployment_id",
        type=str,
        help="the deployment name you chose when you deployed the model",
    )
    # args to change api_base
    parser.add_argument(
        "--api_base",
        metavar="API_BASE_URL",
        dest="api_base",
        type=str,
        help="specify base url other than the OpenAI's official API address",
    )
    parser.add_argument(
        "--exclude_filelist",
        dest="exclude_filelist",
        type=str,
        default="",
        help="if you have more than one file to exclude, please use comma to split them, example: --exclude_filelist 'nav.xhtml,cover.xhtml'",
    )
    parser.add_argument(
        "--only_filelist",
        dest="only_filelist",
        type=str,
        default="",
        help="if you only have a few files with translations, please use comma to split them, example: --only_filelist 'nav.xhtml,cover.xhtml'",
    )
    parser.add_argument(
        "--translate-tags",
        dest="translate_tags",
        type=str,
        default="p",
        help="which tags to translate, example --translate-tags p,blockquote "
        "(default: p). Ignored in plan mode — see --plan-classify",
    )
    parser.add_argument(
        "--plan-dry-run",
        dest="plan_dry_run",
        action="store_true",
        default=False,
        help="build and print the translation plan (per-signature coverage "
        "table), write <book>_plan.json, and exit without translating "
        "(epub only)",
    )
    parser.add_argument(
        "--plan-min-coverage",
        dest="plan_min_coverage",
        type=float,
        default=0.5,
        help="in plan mode, abort if the plan covers less than this fraction "
        "of the book's text (default 0.5)",
    )
    parser.add_argument(
        "--poetry-group-size",
        dest="poetry_group_size",
        type=int,
        default=8,
        help="in plan mode, max poetry lines batched per translation request "
        "(default 8)",
    )
    parser.add_argument(
        "--plan-classify",
        dest="plan_classify",
        choices=["none", "most", "model", "agent"],
        default="none",
        help="coverage-complete plan mode (epub only): partition the whole "
        "book, then decide which tag signatures are worth translating. "
        "'none' (default): no plan — translate the --translate-tags "
        "selection as usual. "
        "'most': translate the whole partition, no classification. "
        "'model': an LLM rules on the uncertain signatures in-pipeline, then "
        "the run continues. "
        "'agent': write the plan JSON with samples, print instructions to "
        "paste into a coding-agent session, and stop before translating — "
        "rerun the same command afterwards to translate",
    )
    parser.add_argument(
        "--plan-classify-model",
        dest="plan_classify_model",
        type=str,
        default="",
        help="model for plan-signature classification (default: the "
        "translating model). When set explicitly, a classification failure "
        "aborts the run instead of falling back to the heuristic plan",
    )
    parser.add_argument(
        "--exclude-translate-tags",
        dest="exclude_translate_tags",
        type=str,
        default="sup,code",
        help="Exclude content within specified HTML tags from translation. Use comma to separate multiple tags. Default: sup,code. Example: --exclude-translate-tags code,pre",
    )
    parser.add_argument(
        "--allow_navigable_strings",
        dest="allow_navigable_strings",
        action="store_true",
        default=False,
        help="allow NavigableStrings to be translated",
    )
    parser.add_argument(
        "--prompt",
        dest="prompt_arg",
        type=str,
        metavar="PROMPT_ARG",
        help="used for customizing the prompt. It can be the prompt template string, or a path to the template file. The valid placeholders are `{text}` and `{language}`.",
    )
    parser.add_argument(
        "--accumulated_num",
        dest="accumulated_num",
        type=int,
        default=1,
        help="""Wait for how many tokens have been accumulated before starting the translation.
gpt3.5 limits the total_token to 4090.
For example, if you use --accumulated_num 1600, maybe openai will output 2200 tokens
and maybe 200 tokens for other messages in the system messages user messages, 1600+2200+200=4000,
So you are close to reaching the limit. You have to choose your own value, there is no way to know if the limit is reached before sending
""",
    )
    parser.add_argument(
        "--translation_style",
        dest="translation_style",
        type=str,
        help="""ex: --translation_style "color: #808080; font-style: italic;" """,
    )
    parser.add_argument(
        "--translation_color",
        dest="translation_color",
        type=str,
        help="color for translated text, e.g. --translation_color '#1e90ff' or --translation_color 'red'",
    )
    parser.add_argument(
        "--batch_size",
        dest="batch_size",
        type=int,
        help="how many text units will be translated by aggregated translation for supported loaders",
    )
    parser.add_argument(
        "--pdf_layout",
        dest="pdf_layout",
        choices=["none", "top-bottom", "side-by-side", "all"],
        default="none",
        help="PDF output layout for PDF inputs: top-bottom, side-by-side, all, or none",
    )
    parser.add_argument(
        "--retranslate",
        dest="retranslate",
        nargs=4,
        type=str,
        help="""--retranslate "$translated_filepath" "file_name_in_epub" "start_str" "end_str"
        Retranslate from start_str through end_str. All four arguments are required;
        pass an empty end_str ('') to retranslate only the start_str tag, and an empty
        file_name_in_epub ('') to find the internal filename automatically.
""",
    )
    parser.add_argument(
        "--single_translate",
        action="store_true",
        help="output translated book, no bilingual",
    )
    parser.add_argument(
        "--sentence_mode",
        action="store_true",
        help="translate sentence by sentence within each paragraph instead of the whole paragraph at once",
    )
    parser.add_argument(
        "--use_context",
        dest="context_flag",
        action="store_true",
        help="adds an additional paragraph for global, updating historical context of the story to the model's input, improving the narrative consistency for the AI model (this uses ~200 more tokens each time)",
    )
    parser.add_argument(
        "--context_paragraph_limit",
        dest="context_paragraph_limit",
        type=int,
        default=0,
        help="if use --use_context, set context paragraph limit",
    )
    parser.add_argument(
        "--temperature",
        type=float,
        default=1.0,
        help="temperature parameter for `chatgptapi`/`gpt4`/`gpt4omini`/`gpt4o`/`gpt5mini`/`claude`/`gemini`",
    )
    parser.add_argument(
        "--source_lang",
        type=str,
        default="auto",
        help="source language for translation models like `qwen` (default: auto-detect)",
    )
    parser.add_argument(
        "--block_size",
        type=int,
        default=-1,
        help="merge multiple paragraphs into one block, may increase accuracy and speed up the process, but disturb the original format, must be used with `--single_translate`",
    )
    parser.add_argument(
        "--model_list",
        type=str,
        dest="model_list",
        help="Rather than using preset model lists, specify exact model IDs as a comma-separated list. Supported with --model openai, groq, or gemini, and with --provider",
    )
    parser.add_argument(
        "--batch",
        dest="batch_flag",
        action="store_true",
        help="Enable batch translation using ChatGPT's batch API for improved efficiency",
    )
    parser.add_argument(
        "--batch-use",
        dest="batch_use_flag",
        action="store_true",
        help="Use pre-generated batch translations to create files. Run with --batch first before using this option",
    )
    parser.add_argument(
        "--interval",
        type=float,
        default=0.01,
        help="Request interval in seconds (e.g., 0.1 for 100ms). Currently only supported for Gemini models. Default: 0.01",
    )
    parser.add_argument(
        "--parallel-workers",
        dest="parallel_workers",
        type=int,
        default=1,
        help="Number of parallel workers for EPUB chapters or Markdown batches/sections. Use 2-4 for better performance. Default: 1",
    )
    parser.add_argument(
        "--extra_body",
        dest="extra_body",
        type=str,
        default="",
        help='JSON string of extra body parameters to pass to the API. Example: --extra_body \'{"chat_template_kwargs": {"enable_thinking": false}}\'',
    )
    parser.add_argument(
        "--quiet",
        dest="quiet",
        action="store_true",
        help="suppress progress bars and per-paragraph translation echoes "
        "(for log files and non-interactive runs; reports and errors still "
        "print). Currently epub only.",
    )
    parser.add_argument(
        "--provider",
        dest="provider",
        type=str,
        help="Use a custom provider defined in bbm_providers.json (mutually exclusive with --model)",
    )
    parser.add_argument(
        "--api_key",
        dest="api_key",
        type=str,
        default="",
        help="API key for custom providers (used with --provider)",
    )

    options = parser.parse_args()

    if options.provider and options.model:
        parser.error("--provider and --model are mutually exclusive")

    # Kobo mode supplies the source book itself. Resolve it before validating
    # --book_name so users do not need a meaningless placeholder file.
    if options.book_from == "kobo":
        from book_maker import obok

        if options.device_path is None:
            raise Exception(
                "Device path is not given, please specify the path by --device_path <DEVICE_PATH>",
            )
        options.book_name = obok.cli_main(options.device_path)

    if not options.book_name:
        print("Error: please provide the path of your book using --book_name <path>")
        exit(1)
    if not os.path.isfile(options.book_name):
        print(f"Error: the book {options.book_name!r} does not exist.")
        exit(1)

    if options.plan_dry_run:
        # No translation happens, so no credentials are needed: build the
        # plan straight from the file, honoring the file filters.
        if get_book_type(options.book_name) != "epub":
            print("[bold red]--plan-dry-run only works with epub books[/bold red]")
            exit(1)
        from ebooklib import epub as _epub

        from book_maker.loader.plan import build_plan, is_fixed_layout

        book = _epub.read_epub(options.book_name)
        if is_fixed_layout(book):
            print(
                "[bold yellow]warning: this is a fixed-layout (pre-paginated) "
                "EPUB — its text boxes are sized for the original words, so "
                "translated text may overflow or misplace.[/bold yellow]"
            )
        plan = build_plan(
            book,
            exclude_tags=tuple(
                t for t in options.exclude_translate_tags.split(",") if t
            ),
            poetry_group_size=options.poetry_group_size,
            only_files=set(f for f in options.only_filelist.split(",") if f) or None,
            exclude_files=set(f for f in options.exclude_filelist.split(",") if f)
            or None,
        )
        # samples are book text: rich would eat "[Seven] warriors [they were]"
        print(escape(plan.report()))
        plan_path = f"{os.path.splitext(options.book_name)[0]}_plan.json"
        if os.path.exists(plan_path):
            print(
                f"existing plan {plan_path} kept (may carry your edits); "
                f"delete it to regenerate"
            )
        else:
            plan.save_json(plan_path, book_path=options.book_name)
            print(f"plan written to {plan_path} (edit signature actions to override)")
            # classification needs credentials, which dry-run must not: both
            # --plan-classify entries act on the run that *creates* the JSON,
            # and this dry run just created it
            print(
                "note: this plan JSON now pins the decisions — a later "
                "--plan-classify model/agent run will find it and translate "
                "as-is. Delete it first to let a classifier weigh in, or "
                "edit the actions here to stay fully manual"
            )
        return

    PROXY = options.proxy
    if PROXY != "":
        os.environ["http_proxy"] = PROXY
        os.environ["https_proxy"] = PROXY

    provider_cfg = None
    if options.provider:
        provider_cfg = get_provider(options.provider)
        translate_model = get_translator_class(provider_cfg["api_style"])
    elif options.model:
        translate_model = MODEL_DICT.get(options.model)
    else:
        translate_model = MODEL_DICT.get("chatgptapi")
        options.model = "chatgptapi"
    assert translate_model is not None, "unsupported model"
    API_KEY = ""
    if options.model in [
        "openai",
        "chatgptapi",
        "gpt4",
        "gpt4omini",
        "gpt4o",
        "gpt5mini",
        "o1preview",
        "o1",
        "o1mini",
        "o3mini",
    ]:
        if OPENAI_API_KEY := (
            options.openai_key
            or env.get(
                "OPENAI_API_KEY",
            )  # XXX: for backward compatibility, deprecate soon
            or env.get(
                "BBM_OPENAI_API_KEY",
            )  # suggest adding `BBM_` prefix for all the bilingual_book_maker ENVs.
        ):
            API_KEY = OPENAI_API_KEY
            # patch
        elif options.ollama_model:
            # any string is ok, can't be empty
            API_KEY = "ollama"
        else:
            raise Exception(
                "OpenAI API key not provided, please google how to obtain it",
            )
    elif options.model == "caiyun":
        API_KEY = options.caiyun_key or env.get("BBM_CAIYUN_API_KEY")
        if not API_KEY:
            raise Exception("Please provide caiyun key")
    elif options.model == "deepl":
        API_KEY = options.deepl_key or env.get("BBM_DEEPL_API_KEY")
        if not API_KEY:
            raise Exception("Please provide deepl key")
    elif options.model and options.model.startswith("claude"):
        API_KEY = options.claude_key or env.get("BBM_CLAUDE_API_KEY")
        if not API_KEY:
            raise Exception("Please provide claude key")
    elif options.model == "customapi":
        API_KEY = options.custom_api or env.get("BBM_CUSTOM_API")
        if not API_KEY:
            raise Exception("Please provide custom translate api")
    elif options.model in ["gemini", "geminipro"]:
        API_KEY = options.gemini_key or env.get("BBM_GOOGLE_GEMINI_KEY")
    elif options.model == "groq":
        API_KEY = options.groq_key or env.get("BBM_GROQ_API_KEY")
    elif options.model == "xai":
        API_KEY = options.xai_key or env.get("BBM_XAI_API_KEY")
    elif options.model == "orcarouter":
        API_KEY = options.orcarouter_key or env.get("BBM_ORCAROUTER_API_KEY")
        if not API_KEY:
            raise Exception("Please provide orcarouter key")
    elif options.model and options.model.startswith("qwen"):
        # "qwen" itself is a MODEL_DICT choice; matching only "qwen-" left it
        # with an empty key, so the documented alias could never authenticate.
        API_KEY = options.qwen_key or env.get("BBM_QWEN_API_KEY")
    elif options.provider:
        env_key_name = provider_cfg.get("env_key", "") if provider_cfg else ""
        API_KEY = options.api_key or (env.get(env_key_name) if env_key_name else "")
        if not API_KEY:
            hint = f" or set {env_key_name}" if env_key_name else ""
            raise Exception(f"Please provide API key via --api_key{hint}")
    else:
        API_KEY = ""

    book_type = get_book_type(options.book_name)
    support_type_list = list(BOOK_LOADER_DICT.keys())
    if book_type not in support_type_list:
        raise Exception(
            f"now only support files of these formats: {','.join(support_type_list)}",
        )

    book_loader = BOOK_LOADER_DICT.get(book_type)
    assert book_loader is not None, "unsupported loader"
    language = options.language
    if options.language in LANGUAGES:
        # use the value for prompt
        language = LANGUAGES.get(language, language)

    # change api_base for issue #42
    model_api_base = options.api_base

    if options.ollama_model and not model_api_base:
        # ollama default api_base
        model_api_base = "http://localhost:11434/v1"

    if options.provider and provider_cfg and not model_api_base:
        model_api_base = provider_cfg.get("base_url")

    loader_kwargs = {}
    if book_type == "pdf":
        loader_kwargs["pdf_layout"] = options.pdf_layout

    e = book_loader(
        options.book_name,
        translate_model,
        API_KEY,
        options.resume,
        language=language,
        model_api_base=model_api_base,
        is_test=options.test,
        test_num=options.test_num,
        prompt_config=parse_prompt_arg(options.prompt_arg),
        single_translate=options.single_translate,
        context_flag=options.context_flag,
        context_paragraph_limit=options.context_paragraph_limit,
        temperature=options.temperature,
        source_lang=options.source_lang,
        parallel_workers=options.parallel_workers,
        **loader_kwargs,
    )
    # Parse and set extra_body only on request paths that consume it. Setting
    # an arbitrary attribute on the other translators used to print success
    # and then silently drop the fields.
    if options.extra_body:
        openai_models = {
            "openai",
            "chatgptapi",
            "gpt4",
            "gpt4omini",
            "gpt4o",
            "gpt5mini",
            "o1preview",
            "o1",
            "o1mini",
            "o3mini",
            "xai",
            "orcarouter",
        }
        supports_extra_body = options.model in openai_models or (
            options.provider
            and provider_cfg
            and provider_cfg.get("api_style") == "openai"
        )
        if not supports_extra_body:
            print(
                f"[bold yellow]Warning:[/bold yellow] --extra_body is ignored "
                f"by the selected {options.model or options.provider} route"
            )
        else:
            try:
                extra_body = json.loads(options.extra_body)
                e.translate_model.extra_body = extra_body
                print(f"[bold blue]Extra body parameters:[/bold blue] {extra_body}")
            except json.JSONDecodeError as ex:
                print(f"[bold red]Error:[/bold red] Invalid JSON in --extra_body: {ex}")
                exit(1)
    # other options
    if options.sentence_mode:
        e.sentence_mode = True
    if options.allow_navigable_strings:
        e.allow_navigable_strings = True
    # --plan-classify-model names a classifier, which only makes sense in
    # model mode; asking for it alongside a no-classification mode is a
    # contradiction, not a preference to resolve silently.
    classify_mode = options.plan_classify
    if options.plan_classify_model:
        if classify_mode in ("most", "agent"):
            reason = (
                "agent mode makes no API call"
                if classify_mode == "agent"
                else "most mode skips classification"
            )
            print(
                f"[bold red]Error:[/bold red] --plan-classify-model cannot be "
                f"combined with --plan-classify {classify_mode} ({reason})"
            )
            exit(1)
        classify_mode = "model"
    # Plan mode is epub-only, and 'agent' in particular promises to stop
    # before spending anything; silently translating a txt/md book instead
    # would be the exact opposite of what was asked.
    if classify_mode != "none" and book_type != "epub":
        print(
            f"[bold red]Error:[/bold red] --plan-classify {classify_mode} "
            f"requires an epub book (plan mode is epub-only); got a "
            f"{book_type} book"
        )
        exit(1)

    if options.translate_tags:
        e.translate_tags = options.translate_tags
    # Any classification choice is a choice to have a plan, and the plan
    # partitions the whole book — a tag selection has nothing left to select.
    if classify_mode != "none":
        if options.translate_tags != "p":
            # "p" is argparse's default, so an untouched flag stays quiet;
            # a real selection being discarded deserves a line
            print(
                f"note: --plan-classify {classify_mode} plans the whole book; "
                f"ignoring --translate-tags {options.translate_tags}"
            )
        e.plan_mode = True
        e.translate_tags = "auto"
    if options.exclude_translate_tags:
        e.exclude_translate_tags = options.exclude_translate_tags
    if hasattr(e, "plan_min_coverage"):
        e.plan_min_coverage = options.plan_min_coverage
        e.poetry_group_size = options.poetry_group_size
        # the loader keeps its original pipeline: plan mode is triggered by
        # translate_tags == "auto", and its classify entries are
        # none/model/agent — the CLI's 'most' is plan mode with no
        # classification, i.e. the loader's 'none'
        e.plan_classify = classify_mode if classify_mode != "most" else "none"
        e.plan_classify_model = options.plan_classify_model or None
    if options.quiet and hasattr(e, "quiet"):
        e.quiet = True
    if options.exclude_filelist:
        e.exclude_filelist = options.exclude_filelist
    if options.only_filelist:
        e.only_filelist = options.only_filelist
    if options.accumulated_num > 1:
        e.accumulated_num = options.accumulated_num
    if options.translation_color:
        e.translation_style = f"color: {options.translation_color};"
    if options.translation_style:
        e.translation_style = options.translation_style
    if options.batch_size:
        e.batch_size = options.batch_size
    if options.block_size > 0:
        e.block_size = options.block_size
    # Note: Default block_size is now 1 (delimiter-based translation) for better quality
    if options.retranslate:
        e.retranslate = options.retranslate
    if options.deployment_id:
        # only work for ChatGPT api for now
        # later maybe support others
        assert options.model in [
            "chatgptapi",
            "gpt4",
            "gpt4omini",
            "gpt4o",
            "gpt5mini",
            "o1",
            "o1preview",
            "o1mini",
            "o3mini",
        ], "only support chatgptapi for deployment_id"
        if not options.api_base:
            raise ValueError("`api_base` must be provided when using `deployment_id`")
        e.translate_model.set_deployment_id(options.deployment_id)
    if options.model in ("openai", "groq"):
        # Currently only supports `openai` when you also have --model_list set
        if options.model_list:
            try:
                e.translate_model.set_model_list(options.model_list.split(","))
            except Exception as ex:
                print(f"[red]Error: {ex}[/red]")
                exit(1)
        else:
            raise ValueError(
                "When using `openai` model, you must also provide `--model_list`. For default model sets use `--model chatgptapi` or `--model gpt4` or `--model gpt4omini` or `--model gpt5mini`",
            )
    elif options.model_list and options.model != "gemini" and not options.provider:
        # every other --model value runs its own preset model discovery and
        # would silently drop the explicit model choice — the worst outcome
        # for a user pointing at a proxy that only serves that model
        print(
            f"[bold red]Error: --model_list is only honored by --model openai, "
            f"groq or gemini (or a --provider); --model {options.model} uses "
            f"its own preset models and would silently ignore it.[/bold red]"
        )
        exit(1)
    # TODO refactor, quick fix for gpt4 model
    if options.model == "chatgptapi":
        if options.ollama_model:
            e.translate_model.set_gpt35_models(ollama_model=options.ollama_model)
        else:
            e.translate_model.set_gpt35_models()
    if options.model == "gpt4":
        e.translate_model.set_gpt4_models()
    if options.model == "gpt4omini":
        e.translate_model.set_gpt4omini_models()
    if options.model == "gpt4o":
        e.translate_model.set_gpt4o_models()
    if options.model == "gpt5mini":
        e.translate_model.set_gpt5mini_models()
    if options.model == "o1preview":
        e.translate_model.set_o1preview_models()
    if options.model == "o1":
        e.translate_model.set_o1_models()
    if options.model == "o1mini":
        e.translate_model.set_o1mini_models()
    if options.model == "o3mini":
        e.translate_model.set_o3mini_models()
    if options.model and options.model.startswith("claude-"):
        e.translate_model.set_claude_model(options.model)
    if options.model and options.model.startswith("qwen-"):
        e.translate_model.set_qwen_model(options.model)
    if options.block_size > 0:
        e.block_size = options.block_size
    if options.batch_flag:
        e.batch_flag = options.batch_flag
    if options.batch_use_flag:
        e.batch_use_flag = options.batch_use_flag

    if options.model in ("gemini", "geminipro"):
        e.translate_model.set_interval(options.interval)
    if options.model == "gemini":
        if options.model_list:
            e.translate_model.set_model_list(options.model_list.split(","))
        else:
            e.translate_model.set_geminiflash_models()
    if options.model == "geminipro":
        e.translate_model.set_geminipro_models()

    if options.provider and provider_cfg:
        if options.model_list:
            e.translate_model.set_model_list(options.model_list.split(","))
        else:
            default_models = provider_cfg.get("default_models", [])
            if default_models:
                e.translate_model.set_model_list(default_models)
            else:
                raise ValueError(
                    "Provider has no default_models. Please provide --model_list"
                )

    e.make_bilingual_book()


if __name__ == "__main__":
    main()
