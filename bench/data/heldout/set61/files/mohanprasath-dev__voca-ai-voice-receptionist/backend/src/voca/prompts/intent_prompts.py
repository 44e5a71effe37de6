INTENT_ROUTING_PROMPT = """
Classify the user's intent into one of:
- new_appointment
- reschedule
- cancel
- pricing_info
- hours_location
- urgent_triage
- human_handoff
- unknown
""".strip()
