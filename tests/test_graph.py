"""The whole citation chain as a real lfx Graph, streaming through an event manager.

Chat Input → retriever stand-in (Astra-shaped Data) → parser → prompt → post-processor (driving a
scripted model through the real LanguageModel interface) → Chat Output.
"""

from __future__ import annotations

import asyncio
import json
import re
import uuid

from fakes import ScriptedChatModel
from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.components.citations.citation_prompt import CitationPromptComponent
from lfx_citations.components.citations.indexed_retrieved_data_parser import IndexedRetrievedDataParserComponent
from lfx.components.input_output import ChatInput, ChatOutput
from lfx.custom.custom_component.component import Component
from lfx.events.event_manager import create_default_event_manager
from lfx.graph import Graph
from lfx.io import MessageTextInput, Output
from lfx.schema.data import Data

CHUNKS = ["Water is ", "essential [Sou", "rce 1]", " and fire [Source 9", "] is hot [", "2]. Air [1, 7", "]."]
EXPECTED = "Water is essential [Source 1] and fire is hot [Source 2]. Air [Source 1]."


class RetrieverStandIn(Component):
    display_name = "Retriever stand-in"
    inputs = [MessageTextInput(name="search_query", display_name="Query", info="query")]
    outputs = [Output(display_name="Search Results", name="search_results", method="search")]

    def search(self) -> list[Data]:
        return [
            Data(data={"text": "Water is essential for life.", "file_name": "water.pdf", "page": 3}),
            Data(data={"text": "Fire is hot.", "file_name": "fire.md"}),
        ]


class ModelStandIn(Component):
    """Hands the graph the ScriptedChatModel set on the instance, through the LanguageModel output."""

    display_name = "Model stand-in"
    inputs = [MessageTextInput(name="unused", display_name="Unused", info="unused")]
    outputs = [Output(display_name="Language Model", name="model_output", method="build_model", types=["LanguageModel"])]
    scripted: ScriptedChatModel | None = None

    def build_model(self) -> ScriptedChatModel | None:
        return self.scripted


def build_graph(model: ScriptedChatModel) -> Graph:
    """The citation chain, wired as the shipped RAG flow is, around a scripted model."""
    chat_input = ChatInput(_id="ChatInput-test")
    chat_input.set(input_value="Is water essential?")
    retriever = RetrieverStandIn(_id="retriever")
    retriever.set(search_query=chat_input.message_response)
    parser = IndexedRetrievedDataParserComponent(_id="parser")
    parser.set(input_data=retriever.search)
    prompt = CitationPromptComponent(_id="prompt")
    prompt.set(question=chat_input.message_response, context=parser.build_context)
    model_node = ModelStandIn(_id="model")
    model_node.scripted = model
    post = CitationPostProcessorComponent(_id="post")
    post.set(model=model_node.build_model, prompt=prompt.build_prompt_message, sources=parser.build_sources_data)
    chat_output = ChatOutput(_id="ChatOutput-test")
    chat_output.set(input_value=post.build_message)
    graph = Graph(chat_input, chat_output)
    graph.session_id = str(uuid.uuid4())
    return graph


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

    chat_output = next(r.vertex for r in results if getattr(r, "vertex", None) and r.vertex.id == "ChatOutput-test")
    final = chat_output.built_object["message"]
    assert final.text == EXPECTED
    assert final.data["citations"]["cited"] == [1, 2]
    assert sorted(b.type for b in final.content_blocks) == ["group", "text"]
    group = next(b for b in final.content_blocks if b.type == "group")
    assert group.title == "Sources"
    assert [c.title for c in group.contents] == ["Source 1 \u00b7 water.pdf \u2014 page 3", "Source 2 \u00b7 fire.md"]

    card_events = [d for name, d, _ in events if name == "add_message" and any(
        b.get("type") == "group" for b in d.get("content_blocks") or [])]
    assert card_events, "the cards must reach the client as a message event"
