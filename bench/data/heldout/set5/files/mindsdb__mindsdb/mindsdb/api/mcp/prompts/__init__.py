from mindsdb.api.mcp.prompts import sample_table  # noqa: F401
