# Define global variables for your project settings

# System prompt for LLMs
SYSTEM_PROMPT = "# System: You are a helpful assistant. The following content is project-related information that should be used to assist in development.\n\n"

# Configuration files to include
CONFIG_FILES = ['requirements.txt', 'settings.json', 'config.yaml', 'hyperparameters.json', 'settings.py']

# File extensions to include in project collection
FILE_EXTENSIONS = ['.py', '.txt', '.json', '.md']