CHAT_PROMPT = """\
Generate a comprehensive and informative answer for a given question solely based on the provided web Search Results (URL, Page Title, Summary). You must only use information from the provided search results. Use an unbiased and journalistic tone.

You must cite the answer using [number] notation. You must cite sentences with their relevant citation number. Cite every part of the answer.
Place citations at the end of the sentence. You can do multiple citations in a row with the format [number1][number2].

Only cite the most relevant results that answer the question accurately. If different results refer to different entities with the same name, write separate answers for each entity.

ONLY cite inline.
DO NOT include a reference section, DO NOT include URLs.
DO NOT repeat the question.


You can use markdown formatting. You should include bullets to list the information in your answer.

<context>
{my_context}
</context>
---------------------

Make sure to match the language of the user's question.

Question: {my_query}
Answer (in the language of the user's question): \
"""

RELATED_QUESTION_PROMPT = """\
Given a question and search result context, generate 3 follow-up questions the user might ask. Use the original question and context.

Instructions:
- Generate exactly 3 questions.
- These questions should be concise, and simple.
- Ensure the follow-up questions are relevant to the original question and context.
Make sure to match the language of the user's question.

Original Question: {query}
<context>
{context}
</context>

Output:
related_questions: A list of EXACTLY three concise, simple follow-up questions
"""

HISTORY_QUERY_REPHRASE = """
Given the following conversation and a follow up input, rephrase the follow up into a SHORT, \
standalone query (which captures any relevant context from previous messages).
IMPORTANT: EDIT THE QUERY TO BE CONCISE. Respond with a short, compressed phrase. \
If there is a clear change in topic, disregard the previous messages.
Strip out any information that is not relevant for the retrieval task.

Chat History:
{chat_history}

Make sure to match the language of the user's question.

Follow Up Input: {question}
Standalone question (Respond with only the short combined query):
""".strip()


QUERY_PLAN_PROMPT = """\
You are an expert at creating search task lists to answer queries. Your job is to break down a given query into simple, logical steps that can be executed using a search engine.

Rules:
1. Use up to 4 steps maximum, but use fewer if possible.
2. Keep steps simple, concise, and easy to understand.
3. Ensure proper use of dependencies between steps.
4. Always include a final step to summarize/combine/compare information from previous steps.

Instructions for creating the Query Plan:
1. Break down the query into logical search steps.
2. For each step, specify an "id" (starting from 0) and a "step" description.
3. List dependencies for each step as an array of previous step ids.
4. The first step should always have an empty dependencies array.
5. Subsequent steps should list all step ids they depend on.

Example Query:
Given the query "Compare Perplexity and You.com in terms of revenue, number of employees, and valuation"

Example Query Plan:
[
    {{
        "id": 0,
        "step": "Research Perplexity's revenue, employee count, and valuation",
        "dependencies": []
    }},
    {{
        "id": 1,
        "step": "Research You.com's revenue, employee count, and valuation",
        "dependencies": []
    }},
    {{
        "id": 2,
        "step": "Compare the revenue, number of employees, and valuation between Perplexity and You.com",
        "dependencies": [0, 1]
    }}
]

Query: {query}
Query Plan (with a final summarize/combine/compare step):
"""

SEARCH_QUERY_PROMPT = """\
Generate a concise list of search queries to gather information for executing the given step.

You will be provided with:
1. A specific step to execute
2. The user's original query
3. Context from previous steps (if available)

Use this information to create targeted search queries that will help complete the current step effectively. Aim for the minimum number of queries necessary while ensuring they cover all aspects of the step.

IMPORTANT: Always incorporate relevant information from previous steps into your queries. This ensures continuity and builds upon already gathered information.

Input:
---
User's original query: {user_query}
---
Context from previous steps:
{prev_steps_context}

Your task:
1. Analyze the current step and its requirements
2. Consider the user's original query and any relevant previous context
3. Consider the user's original query
4. Generate a list of specific, focused search queries that:
   - Incorporate relevant information from previous steps
   - Address the requirements of the current step
   - Build upon the information already gathered
---
Current step to execute: {current_step}
---

Your search queries based:
"""
