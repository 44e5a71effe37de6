"""
Agent builder prompt generation for the Living Dossier system.
"""

def get_agent_builder_prompt():
    """
    Get the agent builder prompt.
    This is a stub implementation that should be replaced with actual functionality.
    
    Returns:
        The agent builder prompt
    """
    return """
    You are an agent builder assistant that helps users create custom agents for the Living Dossier system.
    You can help users define the agent's capabilities, system prompt, and tool configuration.
    """ 