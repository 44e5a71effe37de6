"""Telling an instruction about a picture apart from a question about one.

This decision used to be a regular expression in the browser, matched against
the first word typed. It got "edit this image to give me a straw hat" right and
"give me a straw hat", "put a hat on me" and "draw a hat on this" all wrong —
and its one concession to politeness, a branch for "can you edit this...", was
unreachable, because the same text was then rejected for starting with "can".

Every miss looked the same from outside: the picture came back described instead
of edited, and the vision model's "I cannot edit images" was stored as that
picture's description. Since the words that route the request also reach the
model afterwards, misrouting was never a silent no-op — it poisoned the index.

No list of verbs covers how people ask for a change to a picture, so nothing
here keeps one. The model reads the sentence.

The answer is a two-value enum sent as a decoding grammar, so the runtime cannot
emit anything else, and greedy, so the same words route the same way every time.
A failed call answers "ask": describing costs a sentence and no GPU, and it is
what this path did before any of this existed.
"""

import asyncio
import json
import logging
from typing import Any

from backend.agents.vision.observation import CANONICAL_OBSERVATION_PROMPT
from backend.core.interfaces import TextWriter
from backend.core.prompts import load

logger = logging.getLogger(__name__)

# What the vision model is asked when the user's own words are an edit request.
#
# Their words go to the image model instead, so something still has to be put to
# the vision model — and what it answers becomes the stored description of the
# upload. A neutral description is the useful thing to keep; the edit request is
# not a description of anything.
DESCRIBE_PROMPT = CANONICAL_OBSERVATION_PROMPT

EDIT = "edit"
ASK = "ask"

_SCHEMA: dict[str, Any] = {
    "title": "ImageInstruction",
    "type": "object",
    "additionalProperties": False,
    "required": ["intent"],
    "properties": {"intent": {"type": "string", "enum": [EDIT, ASK]}},
}

_PROMPT = load("image_intent/classify")

_CONTEXT = load("image_intent/context")


class ImageIntentClassifier:
    """Decide whether words typed about a picture want a new picture back."""

    def __init__(self, writer: TextWriter | None, max_tokens: int = 16) -> None:
        self.writer = writer
        self.max_tokens = max_tokens

    # Whether this text asks for the picture itself to change.
    #
    # Every failure answers False. The classifier sits in front of an upload the
    # user is waiting on, so an unreachable model must still let the picture
    # through as an ordinary analysis rather than fail the request.
    async def edits_the_image(
        self,
        text: str,
        recent_context: str = "",
    ) -> bool:
        stripped = text.strip()
        if self.writer is None or not stripped:
            return False
        try:
            prompt = _PROMPT.format(text=stripped)
            if recent_context.strip():
                prompt += _CONTEXT.format(context=recent_context.strip()[:2_000])
            result = await asyncio.to_thread(
                self.writer.chat,
                [
                    {
                        "role": "user",
                        "content": prompt,
                    }
                ],
                self.max_tokens,
                _SCHEMA,
                0.0,
            )
            payload: dict[str, Any] = json.loads(result["content"])
            return payload.get("intent") == EDIT
        except Exception:
            logger.warning("Image intent classification failed", exc_info=True)
            return False
