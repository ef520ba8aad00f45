"""The Citing Agent wired straight to Chat Output: its tokens stream already filtered, then the cards."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from lfx.events.event_manager import create_default_event_manager
from lfx.schema.content_types import CitationContent, ContentBlock
from lfx.schema.message import Message

from tests.support.fakes import ToolCallingChatModel
from tests.support.graphs import build_agent_graph, count_store_writes

SEARCH_WATER = {"tool_calls": [{"name": "search_sources", "args": {"query": "water"}}]}
SEARCH_FIRE = {"tool_calls": [{"name": "search_sources", "args": {"query": "fire"}}]}
ANSWER = ["Water is essential [Sou", "rce 1] and fire is hot [3", "]; boiling [Source 9", "] too [2, 7", "]."]
EXPECTED = "Water is essential [Source 1] and fire is hot [Source 3]; boiling too [Source 2]."


async def run(
    model: ToolCallingChatModel, *, stream: bool
) -> tuple[Message, list[tuple[str, dict[str, Any]]]]:
    queue: asyncio.Queue = asyncio.Queue()
    graph = build_agent_graph(model, citing_agent=True)
    manager = create_default_event_manager(queue) if stream else None
    results = [r async for r in graph.async_start(event_manager=manager)]
    events = []
    while not queue.empty():
        _, raw, _ = queue.get_nowait()
        payload = json.loads(raw.decode())
        events.append((payload["event"], payload["data"]))
    vertex = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-agent"
    )
    return vertex.built_object["message"], events


def cards(message: Message) -> list[str]:
    groups = [b for b in message.content_blocks if isinstance(b, ContentBlock) and b.title == "Sources"]
    return [c.title for g in groups for c in g.contents if isinstance(c, CitationContent)]


async def test_the_streamed_tokens_are_filtered_and_end_with_cards() -> None:
    model = ToolCallingChatModel(turns=[SEARCH_WATER, SEARCH_FIRE, {"chunks": ANSWER}])
    message, events = await run(model, stream=True)
    tokens = [d["chunk"] for name, d in events if name == "token"]
    assert "".join(tokens) == EXPECTED
    assert not any("9" in t or "7" in t for t in tokens)
    # Every message event the client sees carries filtered text only.
    for name, data in events:
        if name == "add_message":
            assert "[Source 9" not in str(data.get("text")) and "[3]" not in str(data.get("text"))
    assert message.text == EXPECTED
    assert message.data["citations"]["cited"] == [1, 3, 2]
    assert message.data["citations"]["removed"] == ["[Source 9]", "[2, 7]"]  # the raw marker, as written
    assert cards(message) == [
        "Source 1 \u00b7 water.pdf \u2014 page 3",
        "Source 3 \u00b7 fire.md",
        "Source 2 \u00b7 water.pdf \u2014 page 1",
    ]
    # The client gets the cards with the agent's final message event.
    (*_, final) = [d for name, d in events if name == "add_message" and d.get("sender") == "Machine"]
    assert final["text"] == EXPECTED
    (group,) = [b for b in final["content_blocks"] if b.get("title") == "Sources"]
    assert [c["title"] for c in group["contents"]] == cards(message)


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "no stream"])
async def test_the_answer_is_written_only_in_the_agents_own_writes(
    stream: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Langflow's Agent stores its message when it starts and writes it once more when it ends; the
    checked text and the cards go into that last write, not into a write of their own."""
    writes = count_store_writes(monkeypatch)
    model = ToolCallingChatModel(turns=[SEARCH_WATER, SEARCH_FIRE, {"chunks": ANSWER}])
    message, _ = await run(model, stream=stream)
    assert message.text == EXPECTED
    assert cards(message)
    assert {k: v for k, v in writes.items() if k[0] == "CitingAgentComponent"} == {
        ("CitingAgentComponent", "_store_message"): 2
    }


async def test_without_streaming_the_answer_is_the_same() -> None:
    model = ToolCallingChatModel(turns=[SEARCH_WATER, SEARCH_FIRE, {"chunks": ANSWER}])
    message, _ = await run(model, stream=False)
    assert message.text == EXPECTED
    assert message.data["citations"]["cited"] == [1, 3, 2]


async def test_a_marker_before_any_search_is_removed() -> None:
    model = ToolCallingChatModel(turns=[{"chunks": ["Hi [Source 1]."]}])
    message, _ = await run(model, stream=True)
    assert message.text == "Hi."
    assert cards(message) == []


async def test_the_citing_agent_builds_the_post_processors_payload_support_check_included() -> None:
    from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
    from lfx_citations.core.presented import presented_in_run

    answer = [
        "Water is essential for life [Source 1]. Water boils at 90 degrees [Sou",
        "rce 2]. Fire is not hot [Source 3, p. 4].",
    ]
    model = ToolCallingChatModel(turns=[SEARCH_WATER, SEARCH_FIRE, {"chunks": answer}])
    graph = build_agent_graph(model, citing_agent=True)
    results = [
        r async for r in graph.async_start(event_manager=create_default_event_manager(asyncio.Queue()))
    ]
    message = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-agent"
    ).built_object["message"]
    payload = message.data["citations"]
    assert [(e["id"], e["verdict"]) for e in payload["support"]] == [
        (1, "supported"),
        (2, "contradicted"),
        (3, "contradicted"),
    ]
    assert [e["conflict"]["kind"] for e in payload["support"][1:]] == ["number", "negation"]
    assert payload["qualifiers"] == [{"id": 3, "qualifier": "p. 4"}]
    # The same text and sources through the post-processor give the same payload.
    presented = presented_in_run(graph.context, str(graph._run_id or ""))
    post = CitationPostProcessorComponent()
    post.set(answer="".join(answer), sources={"sources": presented})
    again = await post.build_message()
    assert again.text == message.text
    assert again.data["citations"] == payload
    warnings = [
        c.cited_text.split(" \u2014 ")[0]
        for g in message.content_blocks
        if isinstance(g, ContentBlock) and g.title == "Sources"
        for c in g.contents
    ]
    assert warnings == [
        "Water is essential for life.",
        "\u26a0 the source says \u00ab100\u00bb, not \u00ab90\u00bb",
        "\u26a0 the source says \u00abis hot\u00bb, not \u00abis not hot\u00bb",
    ]


async def test_the_citing_agent_drops_a_contradicted_citation_in_drop_mode_streaming_or_not() -> None:
    answer = ["Water is essential for life [Source 1]. Water boils at 90 degrees [Source 2]."]
    texts = []
    for stream in (True, False):
        model = ToolCallingChatModel(turns=[SEARCH_WATER, {"chunks": answer}])
        graph = build_agent_graph(model, citing_agent=True, support_check="drop")
        queue: asyncio.Queue = asyncio.Queue()
        results = [
            r
            async for r in graph.async_start(
                event_manager=create_default_event_manager(queue) if stream else None
            )
        ]
        message = next(
            r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-agent"
        ).built_object["message"]
        texts.append(message.text)
        (dropped,) = message.data["citations"]["removed_unsupported"]
        assert (dropped["id"], dropped["verdict"]) == (2, "contradicted")
    assert texts == ["Water is essential for life [Source 1]. Water boils at 90 degrees."] * 2


async def test_the_citing_agent_cites_an_uncited_claim_in_insert_mode_streaming_or_not() -> None:
    answer = ["Water is essential for life [Source 1]. Water boils at 1", "00 degrees. Anything else?"]
    expected = "Water is essential for life [Source 1]. Water boils at 100 degrees [Source 2]. Anything else?"
    for stream in (True, False):
        model = ToolCallingChatModel(turns=[SEARCH_WATER, {"chunks": answer}])
        graph = build_agent_graph(model, citing_agent=True, cite_missing="insert")
        queue: asyncio.Queue = asyncio.Queue()
        manager = create_default_event_manager(queue) if stream else None
        results = [r async for r in graph.async_start(event_manager=manager)]
        message = next(
            r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-agent"
        ).built_object["message"]
        assert message.text == expected
        if stream:
            tokens = []
            while not queue.empty():
                event = json.loads(queue.get_nowait()[1].decode())
                if event["event"] == "token":
                    tokens.append(event["data"]["chunk"])
            assert "".join(tokens) == expected  # the inserted marker streams with its sentence
        payload = message.data["citations"]
        (entry,) = payload["inserted"]
        assert (entry["id"], entry["claim"], entry["replaces"]) == (2, "Water boils at 100 degrees", None)
        assert payload["cited"] == [1, 2]
        texts = [
            c.cited_text
            for g in message.content_blocks
            if isinstance(g, ContentBlock) and g.title == "Sources"
            for c in g.contents
        ]
        assert texts == [
            "Water is essential for life.",
            "+ added: the answer did not cite it \u2014 Water boils at 100 degrees.",
        ]
