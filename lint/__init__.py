"""kvscope.lint: promptlint, the prompt-hygiene linter (torch-, fastapi- and textual-free)."""
