ANSWER_PROMPT = """
{teacher_prompt}
{student_prompt}
{memory_prompt}
{document_prompt}
{user_prompt}


"""
