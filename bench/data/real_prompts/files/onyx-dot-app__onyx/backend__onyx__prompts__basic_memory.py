# ruff: noqa: E501, W605 start

# Note that the user_basic_information is only included if we have at least 1 of the following: user_name, user_email, user_role
# This is included because sometimes we need to know the user's name or basic info to best generate the memory.
FULL_MEMORY_UPDATE_PROMPT = """
You are a memory update agent that helps the user add or update memories. You are given a list of existing memories and a new memory to add. \
Just as context, you are also given the last few user messages from the conversation which generated the new memory. You must determine if the memory is brand new or if it is related to an existing memory. \
If the new memory is an update to an existing memory or contradicts an existing memory, it should be treated as an update and you should reference the existing memory by memory_id (see below). \
The memory should omit the user's name and direct reference to the user - for example, a memory like "Yuhong prefers dark mode." should be modified to "Prefers dark mode." (if the user's name is Yuhong).

# Truncated chat history
{chat_history}{user_basic_information}

# User's existing memories
{existing_memories}

# New memory the user wants to insert
{new_memory}

# Response Style
You MUST respond in a json which follows the following format and keys:
```json
{{
    "operation": "add or update",
    "memory_id": "if the operation is update, the id of the memory to update, otherwise null",
    "memory_text": "the text of the memory to add or update"
}}
```
""".strip()
# ruff: noqa: E501, W605 end

MEMORY_USER_BASIC_INFORMATION_PROMPT = """

# User Basic Information
User name: {user_name}
User email: {user_email}
User role: {user_role}
"""
