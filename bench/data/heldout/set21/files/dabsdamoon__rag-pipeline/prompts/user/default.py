DEFAULT_USER_PROMPT = """
User profile details:
{profile}
"""
