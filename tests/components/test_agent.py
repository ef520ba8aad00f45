"""The stock Agent with the Citing Retriever tool, then the post-processor in answer mode, in an lfx Graph.

Chat Input → Agent (a scripted tool-calling model; the Citing Retriever over a search stand-in) →
Citation Post-Processor (no Sources wired) → Chat Output.
"""

from __future__ import annotations

from typing import Any

import pytest
from lfx.schema.content_types import CitationContent, ContentBlock, ToolContent
from lfx.schema.data import Data
from lfx.schema.message import Message

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.components.citations.citing_retriever import CitingRetrieverComponent
from tests.support.fakes import ToolCallingChatModel
from tests.support.graphs import SearchStandIn, build_agent_graph

WATER3 = "Source 1 \u00b7 water.pdf \u2014 page 3"
FIRE = "Source 3 \u00b7 fire.md"


def search(query: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "search_sources", "args": {"query": query}}]}


async def run(model: ToolCallingChatModel) -> Message:
    SearchStandIn.queries = []
    graph = build_agent_graph(model)
    results = [r async for r in graph.async_start()]
    vertex = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-agent"
    )
    return vertex.built_object["message"]


def cards(message: Message) -> list[str]:
    groups = [b for b in message.content_blocks if isinstance(b, ContentBlock) and b.title == "Sources"]
    return [c.title for g in groups for c in g.contents if isinstance(c, CitationContent)]


async def test_two_searches_share_one_numbering_and_a_marker_cites_a_chunk_from_each() -> None:
    model = ToolCallingChatModel(
        turns=[
            search("water"),
            search("fire"),
            {"chunks": ["Water is essential [Source 1]; fire ", "is hot [3]. Boiling [Source 9]."]},
        ]
    )
    message = await run(model)
    assert SearchStandIn.queries == ["water", "fire"]
    # What the model was shown: call 1 numbers 1, 2; call 2 keeps 1 for the repeated chunk, adds 3.
    tool_results = [m.content for m in model.calls[-1] if m.type == "tool"]
    assert tool_results[0] == (
        "[Source 1] water.pdf — page 3\nWater is essential for life.\n\n"
        "[Source 2] water.pdf — page 1\nWater boils at 100 degrees."
    )
    assert tool_results[1] == (
        "[Source 3] fire.md\nFire is hot.\n\n[Source 1] water.pdf — page 3\nWater is essential for life."
    )
    assert message.text == "Water is essential [Source 1]; fire is hot [Source 3]. Boiling."
    payload = message.data["citations"]
    assert payload["cited"] == [1, 3]
    assert payload["removed"] == ["[Source 9]"]
    assert [(s["id"], s["document"], s["text"]) for s in payload["sources"]] == [
        (1, "water.pdf", "Water is essential for life."),
        (3, "fire.md", "Fire is hot."),
    ]
    assert cards(message) == [WATER3, FIRE]


async def test_a_number_the_agent_never_saw_is_removed() -> None:
    answer = "Water is essential for life [Source 1], hot [Source 3]."
    model = ToolCallingChatModel(turns=[search("water"), {"chunks": [answer]}])
    message = await run(model)
    assert message.text == "Water is essential for life [Source 1], hot."
    assert message.data["citations"]["removed"] == ["[Source 3]"]
    assert cards(message) == [WATER3]


async def test_no_search_gives_no_cards_and_removes_every_marker() -> None:
    model = ToolCallingChatModel(turns=[{"chunks": ["Hello [Source 1]."]}])
    message = await run(model)
    assert SearchStandIn.queries == []
    assert message.text == "Hello."
    assert message.data["citations"] == {
        "sources": [],
        "cited": [],
        "removed": ["[Source 1]"],
        "citations_reported": True,
        "qualifiers": [],
        "support": [],
        "support_summary": {
            "citations": 0,
            "supported": 0,
            "partial": 0,
            "unsupported": 0,
            "contradicted": 0,
            "claims": 0,
            "claims_supported": 0,
        },
        "removed_unsupported": [],
        "suggested": [],  # cite_missing's default
        "unsupported_uncited": [],
    }
    assert cards(message) == []


async def test_the_payload_has_the_rag_flows_schema() -> None:
    model = ToolCallingChatModel(turns=[search("water"), {"chunks": ["Wet [1]."]}])
    message = await run(model)
    (record,) = message.data["citations"]["sources"]
    assert set(message.data["citations"]) == {
        *("sources", "cited", "removed", "citations_reported", "qualifiers"),
        *("support", "support_summary", "removed_unsupported"),  # the support check's default, flag
        "suggested",  # cite_missing's default, suggest
        "unsupported_uncited",  # ... with the uncited claims no source supports
    }
    assert set(record) == {
        "id", "label", "document", "title", "page", "url", "chunk_id", "text", "score", "metadata"
    }  # fmt: skip


def agent_answer(text: str, sources: list[dict[str, Any]]) -> Message:
    """An agent's message as Langflow records it: narration, one tool call (its artifact), the answer."""
    tool = ToolContent(
        name="search_sources",
        tool_input={"query": "water"},
        output={"type": "tool", "content": "[Source 4] …", "artifact": {"sources": sources}},
    )
    return Message(text=text, content_blocks=[ContentBlock(title="Agent Steps", contents=[tool])])


async def test_without_a_registry_the_answers_tool_calls_give_the_sources() -> None:
    record = {"id": 4, "label": "Source 4", "document": "water.pdf", "page": 3, "text": "Water is wet."}
    post = CitationPostProcessorComponent()
    post.set(answer=agent_answer("Wet [Source 4] and [Source 1].", [record]))
    message = await post.build_message()
    assert message.text == "Wet [Source 4] and."
    assert cards(message) == ["Source 4 \u00b7 water.pdf \u2014 page 3"]


async def test_the_tool_called_from_code_numbers_across_calls() -> None:
    component = CitingRetrieverComponent()
    component.set(retriever=[Data(data={"text": "Water is wet.", "file_name": "water.pdf"})])
    (tool,) = component.build_tool()
    assert tool.name == "search_sources"
    first = await tool.ainvoke({"query": "anything"})
    assert first == "[Source 1] water.pdf\nWater is wet."
    result = await tool.ainvoke(
        {"type": "tool_call", "name": tool.name, "id": "c1", "args": {"query": "again"}}
    )
    assert result.content == first
    assert [s["id"] for s in result.artifact["sources"]] == [1]


@pytest.mark.parametrize("bad", [[], None])
async def test_an_empty_retrieval_says_so(bad: Any) -> None:
    component = CitingRetrieverComponent()
    component.set(retriever=bad)
    (tool,) = component.build_tool()
    assert await tool.ainvoke({"query": "x"}) == "No sources were retrieved for this question."
