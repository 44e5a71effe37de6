"""
System prompts and templates.

Contains all prompt engineering for the agent:
- System prompt defining agent behavior
- Tool usage instructions
- Output format specifications
- Error handling guidance
"""

