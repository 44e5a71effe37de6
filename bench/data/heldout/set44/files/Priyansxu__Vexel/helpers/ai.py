import os
import base64
import imghdr
import requests
from dotenv import load_dotenv
from google import genai
from google.genai import types
from io import BytesIO
from PIL import Image
from helpers.prompt import SYSTEM_PROMPT

load_dotenv()

GEMINI_API_KEY = os.getenv("GEMINI_API_KEY")
CF_API_TOKEN = os.getenv("CLOUDFLARE_API_TOKEN")
CF_ACCOUNT_ID = os.getenv("CLOUDFLARE_ACCOUNT_ID")

GEMINI_MODEL = "gemini-2.5-flash-lite"
CF_MODEL = "@cf/black-forest-labs/flux-2-klein-4b"
CLIENT = genai.Client(api_key=GEMINI_API_KEY)

GEN_CONFIG = types.GenerateContentConfig(
    temperature=1,
    top_p=0.95,
    top_k=64,
    max_output_tokens=8192,
    system_instruction=SYSTEM_PROMPT,
)

def get_response(conversation):
    try:
        if not GEMINI_API_KEY:
            raise ValueError("Missing Gemini API key.")
        message = conversation[-1]["parts"][0]["text"]
        history = conversation[:-1]
        chat = CLIENT.chats.create(
            model=GEMINI_MODEL,
            config=GEN_CONFIG,
            history=history
        )
        response = chat.send_message(message)
        return response.text if response and hasattr(response, "text") else "Sorry, I couldn't generate a response."
    except Exception as e:
        print(f"Error in get_response: {e}")
        return "Uhg my brain hurts, can you say that again?"

async def recognize_image(image_data, prompt):
    try:
        if not GEMINI_API_KEY:
            raise ValueError("Missing Gemini API key.")
        image_format = imghdr.what(None, image_data)
        if not image_format:
            return "Failed to determine image format."
        image = Image.open(BytesIO(image_data))
        if image.mode == "RGBA":
            image = image.convert("RGB")
        response = CLIENT.models.generate_content(
            model=GEMINI_MODEL,
            contents=[prompt, image],
            config=GEN_CONFIG
        )
        return response.text if response and hasattr(response, "text") else "Failed to generate a response."
    except Exception as e:
        print(f"Error in recognize_image: {e}")
        return None

def get_image(prompt):
    try:
        if not CF_API_TOKEN or not CF_ACCOUNT_ID:
            raise ValueError("Missing Cloudflare credentials.")

        url = f"https://api.cloudflare.com/client/v4/accounts/{CF_ACCOUNT_ID}/ai/run/{CF_MODEL}"

        response = requests.post(
            url,
            headers={
                "Authorization": f"Bearer {CF_API_TOKEN}",
            },
            files={
                "prompt": (None, prompt),
                "width": (None, "1024"),
                "height": (None, "1024"),
            },
        )

        response.raise_for_status()
        data = response.json()

        if not data.get("success"):
            return None

        image_base64 = data["result"]["image"]
        return base64.b64decode(image_base64)

    except Exception as e:
        print(f"Error in get_image: {e}")
        return None