from openai import OpenAI
from openai.types.responses import (
    ResponseOutputItemDoneEvent,
    ResponseTextDeltaEvent,
    ResponseCompletedEvent,
    ResponseOutputItemAddedEvent,
    ResponseReasoningItem,
    ResponseOutputMessage
)
import json
from app.models.models import User
from app.core.config import settings
from app.agent.tools import tools
from app.agent.prompts import system_prompt, user_prompt


"""
==============================================================================
Todo:
    - Migrate to asyncio and asyncpg to run long queries asynchronously so
      tools can be made async?

    - Keep or remove the view_nutrients parameter in the get_meal_log_foods()
      tool?

    - Have agent generate a chat title based on the first message.

    - Fix update_message() for editing previous user messages.

    - Fix delete_message() so any related messages are deleted as well (e.g., 
      reasoning, tool calls, etc.).

    - Tools to create visualizations of data.

    - Allow the agent to create meals or workouts?
    
    - Allow the agent to set reminders? Possibly through emails/texts?

==============================================================================
"""

client = OpenAI(api_key=settings.openai_api_key)

async def generate_insight(user: User, user_message: str, newest_response_id: str):
    responses = []
    
    user_id = user.id

    instructions = system_prompt.get_system_prompt()
    prompt = user_prompt.get_user_prompt(user, user_message)
    previous_response_id = newest_response_id

    while True:
        stream = client.responses.create(
            input=prompt,
            instructions=instructions,
            max_output_tokens=5000,
            model="gpt-5-mini",
            previous_response_id=previous_response_id,
            stream=True,
            tools=tools.tools_list
        )
            
        function_call_outputs = []

        for event in stream:
            if type(event) == ResponseOutputItemDoneEvent:
                if event.item.type == "function_call":
                    name = event.item.name
                    call_id = event.item.call_id

                    payload = {
                        "type": "function_call",
                        "name": name,
                        "call_id": call_id,
                    }
                    yield payload

                    args = json.loads(event.item.arguments)
                    result = tools.call_function(name, args, user_id)
                    function_call_output = {
                        "type": "function_call_output",
                        "call_id": call_id,
                        "output": json.dumps(result)
                    }
                    function_call_outputs.append(function_call_output)
                    payload = {
                        "type": "function_call_output",
                        "name": name,
                        "call_id": call_id,
                        "output": json.dumps(result)
                    }
                    yield payload
                
                elif event.item.type == "reasoning":
                    payload = {"type": "reasoning_done",
                               "id": event.item.id}
                    yield payload

            elif type(event) == ResponseTextDeltaEvent:
                print(event.delta, end="", flush=True)
                payload = {
                    "type": "text_delta",
                    "delta": event.delta
                }
                yield payload

            elif type(event) == ResponseCompletedEvent:
                previous_response_id = event.response.id
                responses.append(event.response)
                payload = {"type": "completed",
                           "response": event.response}
                yield payload
            elif type(event) == ResponseOutputItemAddedEvent:
                if event.item.type == "reasoning":
                    payload = {"type": "reasoning",
                               "id": event.item.id}
                    yield payload

        if function_call_outputs:
            instructions = "Here are the outputs of the tools that you called."
            prompt = function_call_outputs
        else:
            print()
            break

def generate_title(user_message: str):
    instructions = system_prompt.get_generate_title_system_prompt(user_message)
    prompt = user_prompt.get_generate_title_user_prompt(user_message)

    response = client.responses.create(
        input=prompt,
        instructions=instructions,
        model="gpt-5-mini"
    )

    new_chat_title = "New chat"
    for output in response.output:
        if type(output) == ResponseOutputMessage:
            new_chat_title = output.content[0].text
    
    return new_chat_title
