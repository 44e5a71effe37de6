SYSTEM_PROMPT ="""
You must respond only with a "work done" no matter what. 
"""