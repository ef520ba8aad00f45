"""A scripted chat model behind LangChain's real ``BaseChatModel`` interface (the LanguageModel type)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult


class ScriptedChatModel(BaseChatModel):
    """Answers with ``chunks`` (joined when not streaming); can fail or stall after ``fail_after`` chunks.

    ``fail_invoke`` makes a call that is not streamed fail as the connection would.
    """

    chunks: list[str]
    fail_after: int | None = None
    fail_invoke: bool = False
    stall_after: int | None = None
    delay: float = 0.0
    prompts: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _record(self, messages: list[BaseMessage]) -> None:
        self.prompts.append("\n".join(str(m.content) for m in messages))

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: Any = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **_: Any,
    ) -> ChatResult:
        self._record(messages)
        if self.fail_invoke:
            msg = "upstream connection reset"
            raise ConnectionError(msg)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content="".join(self.chunks)))])

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: Any = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **_: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        self._record(messages)
        for i, chunk in enumerate(self.chunks):
            if self.fail_after is not None and i == self.fail_after:
                msg = "upstream connection reset"
                raise ConnectionError(msg)
            if self.stall_after is not None and i == self.stall_after:
                await asyncio.Event().wait()  # never set: only cancellation ends it
            if self.delay:
                await asyncio.sleep(self.delay)
            yield ChatGenerationChunk(message=AIMessageChunk(content=chunk))
