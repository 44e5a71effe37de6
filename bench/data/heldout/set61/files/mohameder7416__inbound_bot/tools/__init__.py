from .end_call import end_call_tool
from .collect_delear_data import collect_dealers_data_tool
from .send_email import send_support_email_tool
tools= [
end_call_tool,
collect_dealers_data_tool,

]


__all__ = ["tools"]