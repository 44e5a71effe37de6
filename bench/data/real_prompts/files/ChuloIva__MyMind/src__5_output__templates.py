from uuid import UUID

def build_prompt(session_id: UUID) -> str:
    """
    Placeholder function to build a prompt from the database.
    """
    return f"This is a placeholder prompt for session {session_id}."
