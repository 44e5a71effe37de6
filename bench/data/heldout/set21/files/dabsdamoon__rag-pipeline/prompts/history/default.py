DEFAULT_HISTORY_PROMPT = """
Previous conversation snippets:
{history}
"""
