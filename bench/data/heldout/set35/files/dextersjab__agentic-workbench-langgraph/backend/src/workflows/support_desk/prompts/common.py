"""
Common constants and utilities for Support Desk prompts.
"""

# Escalation phrases that indicate user wants to bypass clarification
ESCALATION_PHRASES = """
First, check if the user is requesting escalation with phrases like:
- "just raise the ticket"
- "connect me to a human"
- "stop asking questions"
- "I don't have time for this"
- "let me speak to someone"
- "escalate this"
"""
