"""The citation chain as a real lfx Graph, wired as the shipped RAG flow is, around a scripted model.

Chat Input -> retriever stand-in (Astra-shaped Data) -> parser -> prompt -> post-processor (driving a
scripted model through the real LanguageModel interface) -> Chat Output.
"""

from __future__ import annotations

import uuid
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from lfx.components.input_output import ChatInput, ChatOutput
from lfx.custom.custom_component.component import Component
from lfx.graph import Graph
from lfx.io import MessageTextInput, Output
from lfx.schema.data import Data

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.components.citations.citation_prompt import CitationPromptComponent
from lfx_citations.components.citations.indexed_retrieved_data_parser import (
    IndexedRetrievedDataParserComponent,
)
from tests.support.fakes import ScriptedChatModel


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
    outputs = [
        Output(
            display_name="Language Model", name="model_output", method="build_model", types=["LanguageModel"]
        )
    ]
    scripted: ScriptedChatModel | None = None

    def build_model(self) -> ScriptedChatModel | None:
        return self.scripted


def build_graph(
    model: ScriptedChatModel, *, post_options: dict[str, Any] | None = None, **parser_options: Any
) -> Graph:
    """The citation chain, wired as the shipped RAG flow is, around a scripted model (``post_options``
    go to the post-processor, e.g. ``{"support_check": "drop"}``)."""
    chat_input = ChatInput(_id="ChatInput-test")
    chat_input.set(input_value="Is water essential?")
    retriever = RetrieverStandIn(_id="retriever")
    retriever.set(search_query=chat_input.message_response)
    parser = IndexedRetrievedDataParserComponent(_id="parser")
    parser.set(input_data=retriever.search, **parser_options)
    prompt = CitationPromptComponent(_id="prompt")
    prompt.set(question=chat_input.message_response, context=parser.build_context)
    model_node = ModelStandIn(_id="model")
    model_node.scripted = model
    post = CitationPostProcessorComponent(_id="post")
    post.set(
        model=model_node.build_model,
        prompt=prompt.build_prompt_message,
        sources=parser.build_sources_data,
        **(post_options or {}),
    )
    chat_output = ChatOutput(_id="ChatOutput-test")
    chat_output.set(input_value=post.build_message)
    graph = Graph(chat_input, chat_output)
    graph.session_id = str(uuid.uuid4())
    return graph


CORPUS = {
    "water": [
        Data(data={"text": "Water is essential for life.", "file_name": "water.pdf", "page": 3}),
        Data(data={"text": "Water boils at 100 degrees.", "file_name": "water.pdf", "page": 1}),
    ],
    "fire": [
        Data(data={"text": "Fire is hot.", "file_name": "fire.md"}),
        Data(data={"text": "Water is essential for life.", "file_name": "water.pdf", "page": 3}),
    ],
}


class SearchStandIn(Component):
    """A retriever whose results depend on its query (the first corpus key it mentions); counts searches."""

    display_name = "Search stand-in"
    inputs = [MessageTextInput(name="search_query", display_name="Query", info="query", tool_mode=True)]
    outputs = [Output(display_name="Search Results", name="search_results", method="search")]
    queries: list[str] = []

    def search(self) -> list[Data]:
        query = str(self.search_query or "")
        if not query:
            return []
        type(self).queries.append(query)
        return next((rows for key, rows in CORPUS.items() if key in query.lower()), [])


def build_agent_graph(
    model: BaseChatModel,
    *,
    question: str = "Tell me about water and fire.",
    citing_agent: bool = False,
    **agent_inputs: Any,
) -> Graph:
    """Chat Input -> Agent (Citing Retriever tool over a search stand-in) -> post-processor -> Chat Output.

    ``agent_inputs`` go to the (Citing) Agent, e.g. ``support_check="drop"``."""
    from lfx.components.models_and_agents.agent import AgentComponent

    from lfx_citations.components.citations.citing_retriever import CitingRetrieverComponent

    chat_input = ChatInput(_id="ChatInput-agent")
    chat_input.set(input_value=question)
    search = SearchStandIn(_id="search")
    citing = CitingRetrieverComponent(_id="citing")
    citing.set(retriever=search.search)
    model_node = ModelStandIn(_id="agent-model")
    model_node.scripted = model  # type: ignore[assignment]
    if citing_agent:
        from lfx_citations.components.citations.citing_agent import CitingAgentComponent

        agent = CitingAgentComponent(_id="agent")
    else:
        agent = AgentComponent(_id="agent")
    agent.set(
        model=model_node.build_model,
        input_value=chat_input.message_response,
        tools=citing.build_tool,
        add_current_date_tool=False,
        add_calculator_tool=False,
        **agent_inputs,
    )
    chat_output = ChatOutput(_id="ChatOutput-agent")
    if citing_agent:  # wired straight to Chat Output, so that it streams
        chat_output.set(input_value=agent.message_response)
    else:
        post = CitationPostProcessorComponent(_id="post")
        post.set(answer=agent.message_response)
        chat_output.set(input_value=post.build_message)
    graph = Graph(chat_input, chat_output)
    graph.session_id = str(uuid.uuid4())
    return graph
