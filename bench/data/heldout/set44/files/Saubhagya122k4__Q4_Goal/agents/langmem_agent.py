from datetime import datetime
from typing import Dict, Any, List
from langchain.agents import create_agent
from langgraph.checkpoint.mongodb import MongoDBSaver
from langmem import create_manage_memory_tool, create_search_memory_tool
from agents.base_agent import BaseAgent
from storage.mongodb_client import MongoDBClient
from storage.stores import MemoryStore
from config.settings import Settings
from llm.openai_client import OpenAIClient
from prompts.langmem_prompt import SystemPrompts
from utils.logger import setup_logger

logger = setup_logger()


class LangMemAgent(BaseAgent):
    """Agent with LangMem long-term memory capabilities"""

    def __init__(
        self,
        settings: Settings,
        db_client: MongoDBClient,
        memory_store: MemoryStore,
    ):
        self.settings = settings
        self.db_client = db_client
        self.memory_store = memory_store
        self.openai_client = OpenAIClient(settings)
        self.llm = self.openai_client.llm
        self._checkpointer = None
        self._static_system_prompt = SystemPrompts.get_static_system_prompt()
        self._initialized = False

    async def initialize(self):
        """Initialize agent with async components"""
        if self._initialized:
            return
        
        # Initialize MongoDB checkpointer with sync client
        self._checkpointer = MongoDBSaver(
            client=self.db_client.sync_client,
            db_name=self.settings.db_name,
            checkpoint_collection_name="checkpoints",
        )
        
        self._initialized = True
        logger.info("✅ LangMemAgent initialized")

    @property
    def checkpointer(self):
        """Get checkpointer instance"""
        if not self._initialized or self._checkpointer is None:
            raise RuntimeError("LangMemAgent not initialized. Call initialize() first.")
        return self._checkpointer

    def _create_memory_tools(self, namespace: tuple) -> List[Any]:
        """Create memory tools bound to a namespace"""
        return [
            create_manage_memory_tool(
                store=self.memory_store.store,
                namespace=namespace,
            ),
            create_search_memory_tool(
                store=self.memory_store.store,
                namespace=namespace,
            ),
        ]

    def _create_agent_with_tools(self, tools: List[Any]):
        """Create an agent configured with the given tools"""
        return create_agent(
            self.llm,
            tools=tools,
            checkpointer=self.checkpointer,
            system_prompt=self._static_system_prompt,
            debug=False,
        )

    async def _prepare_messages(
        self,
        user_input: str,
        user_metadata: Dict[str, Any],
    ) -> List[Dict[str, str]]:
        """Build contextual user message including metadata"""
        current_datetime = datetime.now().strftime("%A, %B %d, %Y at %I:%M %p")

        chat_type = user_metadata.get("chat_type", "unknown")
        chat_title = user_metadata.get("chat_title", "a chat")
        chat_id = user_metadata.get("chat_id")
        user_id = user_metadata.get("user_id")
        username = user_metadata.get("username", "N/A")
        full_name = user_metadata.get("full_name", "N/A")

        contextual_header = (
            f"Context:\n"
            f"- Time: {current_datetime}\n"
            f"- User: {full_name} (@{username}, ID: {user_id})\n"
            f"- Chat: {chat_title} (ID: {chat_id}, Type: {chat_type})\n\n"
        )

        return [
            {
                "role": "user",
                "content": contextual_header + user_input,
            }
        ]

    async def get_response(
        self,
        chat_id: str,
        user_id: str,
        user_input: str,
        user_metadata: Dict[str, Any],
    ) -> str:
        """Generate a response using per-chat memory"""
        
        if not self._initialized:
            raise RuntimeError("LangMemAgent not initialized. Call initialize() first.")
        
        try:
            # Prepare messages
            messages = await self._prepare_messages(user_input, user_metadata)

            # Define per-chat namespace
            namespace = (f"chat_{chat_id}",)

            # Build memory tools
            memory_tools = self._create_memory_tools(namespace)

            # Build agent
            agent = self._create_agent_with_tools(memory_tools)

            # Session ID
            session_id = f"telegram_chat_{chat_id}"

            # Config
            config = {
                "configurable": {
                    "thread_id": session_id,
                    "user_id": user_id,
                    "chat_id": chat_id,
                },
                "metadata": {
                    "user_id": user_id,
                    "chat_id": chat_id,
                    "chat_type": user_metadata.get("chat_type"),
                    "chat_title": user_metadata.get("chat_title"),
                    "username": user_metadata.get("username"),
                    "full_name": user_metadata.get("full_name"),
                    "timestamp": datetime.now().isoformat(),
                }
            }

            # Invoke agent
            result = await agent.ainvoke(
                {
                    "messages": messages,
                    "user_metadata": user_metadata,
                },
                config=config,
            )

            response = result["messages"][-1].content
            logger.debug(f"Response generated for user={user_id}, chat={chat_id}")

            return response

        except Exception as exc:
            logger.error(f"Agent failed for user={user_id}, chat={chat_id}: {exc}", exc_info=True)
            raise RuntimeError("Failed to generate response") from exc

    def create_system_prompt(self, user_metadata: Dict[str, Any]) -> str:
        """Return the system prompt"""
        return self._static_system_prompt
