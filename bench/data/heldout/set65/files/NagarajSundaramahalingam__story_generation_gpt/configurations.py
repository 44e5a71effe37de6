

GPT_URL = '****'
TOKEN = '****'
GPT_USAGE_ENDPOINT = '/chat'
GPT4_MODEL = 'Databricks_GPT4'
GPT35_TURBO_MODEL = 'Databricks_GPT35_Turbo_16k'

TEMPLATES_FOLDER = 'templates/'
SYSTEM_PROMPT_TEMPLATE_FILE = 'system_prompt.j2'

GENRES = ['Action', 'Adventure', 'Crime', 'Dark', 'Drama',
          'Fantasy', 'Mystery', 'Romance', 'Sci-Fi', 'Thriller']

NARRATIVE_STYLE = ['First-Person', 'Second-Person', 'Third-Person']

GENDER = ['Male', 'Female', 'Transgender']

OUTPUT_FOLDER = 'output/'
