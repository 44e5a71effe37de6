USER_PROMPT="""
{reply_context}
## Take the above information for reference only and answer the following question correctly:
# Question: {user_query}
"""