# GPT settings
model_name = 'gpt-3.5-turbo'
# model_name = 'gpt-4'
token_param = 2000
temperature_param = 0.8
top_p_param = 0.8

# world generation settings
num_quiz_questions = 10
num_locations = 6
num_story_beats = 5

