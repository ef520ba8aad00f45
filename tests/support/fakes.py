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
        if not self.chunks:  # as OpenAI does: an answer with no text still streams its role chunk
            yield ChatGenerationChunk(message=AIMessageChunk(content=""))
        for i, chunk in enumerate(self.chunks):
            if self.fail_after is not None and i == self.fail_after:
                msg = "upstream connection reset"
                raise ConnectionError(msg)
            if self.stall_after is not None and i == self.stall_after:
                await asyncio.Event().wait()  # never set: only cancellation ends it
            if self.delay:
                await asyncio.sleep(self.delay)
            yield ChatGenerationChunk(message=AIMessageChunk(content=chunk))


class ToolCallingChatModel(BaseChatModel):
    """A scripted agent model: each call answers with the next turn, a tool call or text chunks.

    A turn is ``{"tool_calls": [{"name": ..., "args": {...}}, ...]}`` or ``{"chunks": [...]}``.
    ``bind_tools`` records the tools it was given; ``prompts`` the messages of every call.
    """

    turns: list[dict[str, Any]]
    calls: list[list[BaseMessage]] = []
    bound: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "scripted-tool-calling"

    def bind_tools(self, tools: Any, **_: Any) -> ToolCallingChatModel:
        self.bound.extend(getattr(t, "name", str(t)) for t in tools)
        return self

    def _next(self, messages: list[BaseMessage]) -> dict[str, Any]:
        self.calls.append(list(messages))
        index = len(self.calls) - 1
        return self.turns[index] if index < len(self.turns) else {"chunks": ["(no more turns)"]}

    @staticmethod
    def _tool_calls(turn: dict[str, Any], index: int) -> list[dict[str, Any]]:
        return [
            {"name": c["name"], "args": c["args"], "id": f"call_{index}_{i}", "type": "tool_call"}
            for i, c in enumerate(turn.get("tool_calls", []))
        ]

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: Any = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **_: Any,
    ) -> ChatResult:
        turn = self._next(messages)
        message = AIMessage(
            content="".join(turn.get("chunks", [])), tool_calls=self._tool_calls(turn, len(self.calls))
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: Any = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **_: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        turn = self._next(messages)
        for chunk in turn.get("chunks", []):
            yield ChatGenerationChunk(message=AIMessageChunk(content=chunk))
        for i, call in enumerate(self._tool_calls(turn, len(self.calls))):
            import json

            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content="",
                    tool_call_chunks=[
                        {"name": call["name"], "args": json.dumps(call["args"]), "id": call["id"], "index": i}
                    ],
                )
            )
