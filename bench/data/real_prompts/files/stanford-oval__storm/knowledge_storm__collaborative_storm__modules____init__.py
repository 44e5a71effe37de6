from .article_generation import *
from .grounded_question_answering import *
from .grounded_question_generation import *
from .information_insertion_module import *
from .simulate_user import *
from .warmstart_hierarchical_chat import *
from .knowledge_base_summary import *
from .costorm_expert_utterance_generator import *
