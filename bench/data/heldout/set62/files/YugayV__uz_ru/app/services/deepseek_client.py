import os
import requests

print("✅ [deepseek_client.py] START: Module is being imported.")
DEEPSEEK_API_KEY = os.getenv("DEEPSEEK_API_KEY")

if not DEEPSEEK_API_KEY:
    raise ValueError("🔴 CRITICAL: DEEPSEEK_API_KEY environment variable not set. The application cannot start.")

def ask_deepseek(prompt: str):
    response = requests.post(
        "https://api.deepseek.com/chat/completions",
        headers={
            "Authorization": f"Bearer {DEEPSEEK_API_KEY}",
            "Content-Type": "application/json"
        },
        json={
            "model": "deepseek-chat",
            "messages": [
                {"role": "user", "content": prompt}
            ],
            "temperature": 0.7
        }
    )
    return response.json()["choices"][0]["message"]["content"]
