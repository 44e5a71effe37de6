"""The OpenAI-compatible HTTP server in front of ``kvscope.backend.engine.Engine``."""
