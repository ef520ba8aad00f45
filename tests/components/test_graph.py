"""The whole citation chain as a real lfx Graph, streaming through an event manager.

Chat Input → retriever stand-in (Astra-shaped Data) → parser → prompt → post-processor (driving a
scripted model through the real LanguageModel interface) → Chat Output.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from lfx.events.event_manager import create_default_event_manager

from tests.support.fakes import ScriptedChatModel
from tests.support.graphs import build_graph, count_store_writes

CHUNKS = ["Water is ", "essential [Sou", "rce 1]", " and fire [Source 9", "] is hot [", "2]. Air [1, 7", "]."]
EXPECTED = "Water is essential [Source 1] and fire is hot [Source 2]. Air [Source 1]."


async def test_graph_streams_filtered_tokens_and_ends_with_source_cards() -> None:
    queue: asyncio.Queue = asyncio.Queue()
    manager = create_default_event_manager(queue)
    graph = build_graph(ScriptedChatModel(chunks=CHUNKS, delay=0.05))
    results = [r async for r in graph.async_start(event_manager=manager)]

    events = []
    while not queue.empty():
        _, raw, at = queue.get_nowait()
        payload = json.loads(raw.decode())
        events.append((payload["event"], payload["data"], at))
    tokens = [(d["chunk"], at) for name, d, at in events if name == "token"]
    assert len(tokens) >= 4
    assert "".join(chunk for chunk, _ in tokens) == EXPECTED
    assert tokens[-1][1] - tokens[0][1] > 0.15  # spread over the model's pace, not one burst at the end
    for chunk, _ in tokens:
        assert "[Source 9" not in chunk and "7" not in chunk
        assert not re.search(r"\[Source (?!1\]|2\])", chunk)

    chat_output = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-test"
    )
    final = chat_output.built_object["message"]
    assert final.text == EXPECTED
    assert final.data["citations"]["cited"] == [1, 2]
    assert sorted(b.type for b in final.content_blocks) == ["group", "text"]
    group = next(b for b in final.content_blocks if b.type == "group")
    assert group.title == "Sources"
    # "Air [1]": source 1 does not say it, so its card says so first (the support check's default, flag).
    assert [c.title for c in group.contents] == [
        "Source 1 \u00b7 water.pdf \u2014 page 3",
        "Source 2 \u00b7 fire.md",
    ]
    assert group.contents[0].cited_text.startswith("\u26a0 claim not found in this source \u2014 ")
    assert "\u26a0" not in group.contents[1].cited_text

    card_events = [
        d
        for name, d, _ in events
        if name == "add_message" and any(b.get("type") == "group" for b in d.get("content_blocks") or [])
    ]
    assert card_events, "the cards must reach the client as a message event"
    # The streamed message names its source as the stored one does (not the model object's repr).
    sources = [
        (d.get("properties") or {}).get("source") or {} for name, d, _ in events if name == "add_message"
    ]
    assert {s.get("source") for s in sources if s.get("id") == "post"} == {final.properties.source.source}
    assert final.properties.source.source == "Citation Post-Processor"


async def test_a_streamed_answer_is_written_as_langflow_writes_any_streamed_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stored once so that its tokens can stream (Langflow streams only a stored message's id), then
    updated once when the stream ends, with the cards in that same write; Chat Output then stores the
    message it is given, as it stores any. No write of our own after the stream."""
    writes = count_store_writes(monkeypatch)
    graph = build_graph(ScriptedChatModel(chunks=CHUNKS))
    results = [
        r async for r in graph.async_start(event_manager=create_default_event_manager(asyncio.Queue()))
    ]

    assert dict(writes) == {
        ("ChatInput", "_store_message"): 1,
        ("CitationPostProcessorComponent", "_store_message"): 1,
        ("CitationPostProcessorComponent", "_update_stored_message"): 1,
        ("ChatOutput", "_store_message"): 1,
    }
    chat_output = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-test"
    )
    final = chat_output.built_object["message"]
    assert final.text == EXPECTED
    assert [b.title for b in final.content_blocks if b.type == "group"] == ["Sources"]
    assert final.data["citations"]["cited"] == [1, 2]


async def run_streaming(chunks: list[str], **post_options: str) -> tuple[object, list[str]]:
    queue: asyncio.Queue = asyncio.Queue()
    graph = build_graph(ScriptedChatModel(chunks=chunks), post_options=post_options)
    results = [r async for r in graph.async_start(event_manager=create_default_event_manager(queue))]
    tokens = []
    while not queue.empty():
        _, raw, _ = queue.get_nowait()
        event = json.loads(raw.decode())
        if event["event"] == "token":
            tokens.append(event["data"]["chunk"])
    output = next(
        r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-test"
    )
    return output.built_object["message"], tokens


# Source 2 says "Fire is hot.": the answer says it is not.
CONTRADICTING = ["Water is essential for life [Sou", "rce 1]. Fire is not hot [Sou", "rce 2]."]


async def test_drop_removes_a_contradicted_citation_as_it_streams_and_flag_shows_the_conflict_on_the_card() -> (
    None
):
    message, tokens = await run_streaming(CONTRADICTING, support_check="drop")
    assert "".join(tokens) == message.text == "Water is essential for life [Source 1]. Fire is not hot."
    assert not any("Source 2" in t for t in tokens)  # never shown, not even for a moment
    payload = message.data["citations"]
    (dropped,) = payload["removed_unsupported"]
    assert (dropped["id"], dropped["verdict"], dropped["conflict"]["kind"]) == (2, "contradicted", "negation")
    assert dropped["conflict"]["source_text"] == "is hot"
    assert payload["cited"] == [1]

    message, tokens = await run_streaming(CONTRADICTING)  # flag, the default
    assert (
        "".join(tokens)
        == message.text
        == "Water is essential for life [Source 1]. Fire is not hot [Source 2]."
    )
    group = next(b for b in message.content_blocks if b.type == "group")
    water, fire = group.contents
    assert fire.title == "Source 2 \u00b7 fire.md"
    assert (
        fire.cited_text
        == "\u26a0 the source says \u00abis hot\u00bb, not \u00abis not hot\u00bb \u2014 Fire is hot."
    )
    assert water.cited_text == "Water is essential for life."
