"""Numbers kept across the turns of a chat session, read from stored answers' source cards.

Langflow's message store is replaced by a list of stored messages (what the store keeps of earlier
answers: their text and their "Sources" group of citation cards); the rest is the real graph.
"""

from __future__ import annotations

from typing import Any

import pytest
from lfx.schema.content_types import CitationContent, ContentBlock
from lfx.schema.message import Message

from tests.support.fakes import ScriptedChatModel, ToolCallingChatModel
from tests.support.graphs import build_agent_graph, build_graph


def earlier_answer() -> Message:
    """Turn 1's stored answer: it cited water.pdf page 3 as Source 4 (and Source 1, another chunk)."""
    cards = [
        CitationContent(
            title="Source 4 \u00b7 water.pdf \u2014 page 3", cited_text="Water is essential for life."
        ),
        CitationContent(title="Source 1 \u00b7 air.md", cited_text="Air is thin up high."),
    ]
    return Message(
        text="Water matters [Source 4]. Air thins [Source 1].",
        sender="Machine",
        content_blocks=[ContentBlock(title="Sources", contents=cards)],
    )


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Serve ``earlier_answer`` as the session's history; record each read (its filters).

    Two ways in: the Agent's history read (``aget_agent_chat_history``, all messages, oldest first) and
    the message store's query (``lfx.memory.aget_messages``, newest first, which honours ``sender``).
    """
    import lfx.components.models_and_agents.memory as memory
    import lfx.memory

    reads: list[dict[str, Any]] = []

    async def history(**kwargs: Any) -> list[Message]:
        reads.append(kwargs)
        return [Message(text="What about water?", sender="User"), earlier_answer()]

    async def query(**kwargs: Any) -> list[Message]:
        reads.append(kwargs)
        newest_first = [earlier_answer(), Message(text="What about water?", sender="User")]
        return [m for m in newest_first if kwargs.get("sender") in (None, m.sender)]

    monkeypatch.setattr(memory, "aget_agent_chat_history", history)
    monkeypatch.setattr(lfx.memory, "aget_messages", query)
    return reads


async def final_message(graph: Any, output_id: str) -> Message:
    results = [r async for r in graph.async_start()]
    return next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == output_id
    ).built_object["message"]


def card_titles(message: Message) -> list[str]:
    groups = [b for b in message.content_blocks if isinstance(b, ContentBlock) and b.title == "Sources"]
    return [c.title for g in groups for c in g.contents if isinstance(c, CitationContent)]


async def test_the_parser_keeps_an_earlier_number_and_continues_after_the_highest(
    store: list[dict[str, Any]],
) -> None:
    model = ScriptedChatModel(chunks=["Water [Source 4]; fire [Source 5]; air [Source 1]."])
    graph = build_graph(model)
    message = await final_message(graph, "ChatOutput-test")
    assert len(store) == 1  # one read for both outputs (Context and Sources)
    assert store[0]["session_id"] == graph.session_id
    assert store[0]["sender"] == "Machine"  # the answers only: the questions carry no cards
    assert "[Source 4] water.pdf — page 3\nWater is essential for life." in model.prompts[-1]
    assert "[Source 5] fire.md\nFire is hot." in model.prompts[-1]
    # Source 1 is another chunk from turn 1, not shown in this turn: it cannot be cited now.
    assert message.text == "Water [Source 4]; fire [Source 5]; air."
    assert card_titles(message) == ["Source 4 \u00b7 water.pdf \u2014 page 3", "Source 5 \u00b7 fire.md"]


async def test_the_parser_numbers_each_turn_from_one_when_asked(store: list[dict[str, Any]]) -> None:
    model = ScriptedChatModel(chunks=["Water [Source 1]."])
    graph = build_graph(model, keep_numbers=False)
    message = await final_message(graph, "ChatOutput-test")
    assert store == []
    assert card_titles(message) == ["Source 1 \u00b7 water.pdf \u2014 page 3"]


async def test_the_agent_tool_keeps_an_earlier_number_across_turns(store: list[dict[str, Any]]) -> None:
    model = ToolCallingChatModel(
        turns=[
            {"tool_calls": [{"name": "search_sources", "args": {"query": "fire"}}]},
            {"chunks": ["Fire [Source 5]; water [Source 4]."]},
        ]
    )
    message = await final_message(build_agent_graph(model), "ChatOutput-agent")
    (shown,) = [m.content for m in model.calls[-1] if m.type == "tool"]
    assert (
        shown
        == "[Source 5] fire.md\nFire is hot.\n\n[Source 4] water.pdf — page 3\nWater is essential for life."
    )
    assert message.text == "Fire [Source 5]; water [Source 4]."
    assert card_titles(message) == ["Source 5 \u00b7 fire.md", "Source 4 \u00b7 water.pdf \u2014 page 3"]


async def test_the_citing_agent_and_its_tool_read_the_conversation_once(
    store: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent reads the session's history for its prompt; the tool takes the numbers from that read."""
    import lfx.components.models_and_agents.agent as agent_module
    import lfx.components.models_and_agents.memory as memory

    monkeypatch.setattr(agent_module, "aget_agent_chat_history", memory.aget_agent_chat_history)
    model = ToolCallingChatModel(
        turns=[
            {"tool_calls": [{"name": "search_sources", "args": {"query": "fire"}}]},
            {"chunks": ["Fire [Source 5]; water [Source 4]."]},
        ]
    )
    message = await final_message(build_agent_graph(model, citing_agent=True), "ChatOutput-agent")
    assert len(store) == 1
    assert message.text == "Fire [Source 5]; water [Source 4]."
    assert card_titles(message) == ["Source 5 \u00b7 fire.md", "Source 4 \u00b7 water.pdf \u2014 page 3"]
