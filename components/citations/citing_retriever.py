"""Citing Retriever: retrieval as an Agent tool that numbers every chunk once for the whole run.

In a flow: a retriever's results (Astra DB *Search Results*, or any component giving Data or a
DataFrame) -> Retriever; Tool -> the Agent's Tools. Each time the agent calls the tool with a
query, the retriever runs again with that query, and the agent gets the numbered context back. A
second call continues the numbering: a chunk already shown keeps its number, new chunks get new
ones. The Citation Post-Processor after the Agent reads what was shown from the run's registry.
In code::

    component = CitingRetrieverComponent()
    component.set(retriever=[Data(data={"text": "Water is wet.", "file_name": "water.pdf"})])
    (tool,) = component.build_tool()
    await tool.ainvoke({"query": "water"})  # "[Source 1] water.pdf\nWater is wet."

The Langflow glue only: the logic lives in ``lfx_citations.core``, which the standalone node of
``flows/standalone/`` carries as text (``scripts/build_components.py``).
"""

from __future__ import annotations

import asyncio
import inspect
from copy import deepcopy
from typing import Any

from langchain_core.tools import StructuredTool
from lfx.custom.custom_component.component import Component
from lfx.io import HandleInput, IntInput, MessageTextInput, MultilineInput, Output
from pydantic import Field, create_model

from lfx_citations.core.glue_retrieval import (
    keep_numbers_input,
    source_inputs,
    source_options,
    stored_answers,
)
from lfx_citations.core.presented import prior_in_run, prior_sources
from lfx_citations.core.registry import load_registry, store_registry
from lfx_citations.core.sources import DEFAULT_TEMPLATE, format_context, rows_from_input

# Inputs a retriever takes its query in, tried before the inputs it marks for tool mode.
_QUERY_INPUTS = ("search_query", "query", "input_value")


class CitingRetrieverComponent(Component):
    display_name = "Citing Retriever"
    description = (
        "Retrieval as an Agent tool: runs the connected retriever with the agent's query and returns "
        "the chunks numbered [Source N], one numbering for every call in the run (and the conversation)."
    )
    icon = "SearchCheck"
    name = "CitingRetriever"

    inputs = [
        HandleInput(
            name="retriever",
            display_name="Retriever",
            input_types=["Data", "JSON", "DataFrame", "Table"],
            is_list=True,
            required=True,
            info=(
                "A retriever's results, e.g. Astra DB Search Results. Each tool call runs that component "
                "again with the agent's query (its tool-mode input, else 'search_query')."
            ),
        ),
        MessageTextInput(
            name="tool_name",
            display_name="Tool Name",
            value="search_sources",
            info="The tool's name as the agent sees it (letters, digits, '_' and '-').",
        ),
        MultilineInput(
            name="tool_description",
            display_name="Tool Description",
            value=(
                "Search the knowledge base. Returns numbered sources as [Source N] blocks. Cite each claim "
                "you make from them right after it as [Source N], with the number shown."
            ),
            info="Tells the agent when to call the tool and how to cite what it returns.",
        ),
        IntInput(
            name="max_sources",
            display_name="Max Sources per Call",
            value=0,
            info="Present at most this many chunks per call (0 = all).",
        ),
        IntInput(
            name="total_max_sources",
            display_name="Max Sources in Total",
            value=0,
            advanced=True,
            info="Number at most this many distinct chunks in a run; known ones still show (0 = no limit).",
        ),
        IntInput(
            name="max_context_chars",
            display_name="Max Context Characters per Call",
            value=0,
            advanced=True,
            info="Stop adding chunks once a call's context would pass this many characters (0 = unlimited).",
        ),
        IntInput(
            name="total_max_context_chars",
            display_name="Max Context Characters in Total",
            value=0,
            advanced=True,
            info="Stop adding chunks once the run's contexts together would exceed this (0 = unlimited).",
        ),
        keep_numbers_input(),
        MultilineInput(
            name="template",
            display_name="Block Template",
            value=DEFAULT_TEMPLATE,
            advanced=True,
            info="How each chunk is written, as in the Indexed Retrieved-Data Parser. Keep [{label}].",
        ),
        *source_inputs(),
    ]

    outputs = [
        Output(display_name="Tool", name="tool", method="build_tool", types=["Tool"]),
    ]

    def build_tool(self) -> list[StructuredTool]:
        schema = create_model(
            "CitingRetrieverInput",
            query=(str, Field(description="What to search the knowledge base for.")),
        )
        name = "".join(c if c.isalnum() or c in "_-" else "_" for c in (self.tool_name or "").strip())
        tool = StructuredTool.from_function(
            coroutine=self.search,
            name=name or "search_sources",
            description=(self.tool_description or "").strip() or "Search the knowledge base.",
            args_schema=schema,
            response_format="content_and_artifact",
        )
        self.status = f"Tool '{tool.name}' ready."
        return [tool]

    async def search(self, query: str) -> tuple[str, dict[str, Any]]:
        """One tool call: the numbered context for the agent, and the presented records as the artifact."""
        rows = await self._retrieve(query)
        lock = self.__dict__.setdefault("_registry_lock", asyncio.Lock())
        async with lock:  # parallel tool calls must not number the same chunk twice
            context, run_id = self._run_scope()
            registry = load_registry(context, run_id)
            if registry.calls == 0 and self.keep_numbers:
                # Once per run: what the Citing Agent read of the conversation, else the store.
                prior = prior_in_run(context, run_id)
                registry.remember(prior if prior is not None else prior_sources(await stored_answers(self)))
            records, blocks = registry.present(
                rows,
                max_sources=max(int(self.max_sources or 0), 0),
                max_context_chars=max(int(self.max_context_chars or 0), 0),
                total_max_sources=max(int(self.total_max_sources or 0), 0),
                total_max_context_chars=max(int(self.total_max_context_chars or 0), 0),
                **source_options(self),
            )
            store_registry(context, run_id, registry)
        self.status = (
            f"Call {registry.calls}: presented {', '.join(str(r.id) for r in records) or 'no'} source(s); "
            f"{len(registry.presented)} numbered in this run."
        )
        return format_context(blocks), {"sources": [r.model_dump(mode="json") for r in records]}

    def _run_scope(self) -> tuple[dict[str, Any], str]:
        """Where the run's registry lives: the graph's context, shared by every node of the run."""
        vertex = getattr(self, "_vertex", None)
        if vertex is None or getattr(vertex, "graph", None) is None:
            # Outside a graph (called from code): this component holds the run.
            return self.__dict__.setdefault("_own_context", {}), ""
        graph = vertex.graph
        return graph.context, str(getattr(graph, "_run_id", "") or "")

    async def _retrieve(self, query: str) -> list[dict[str, Any]]:
        """Run the connected retriever again with ``query``; outside a graph, use the connected value."""
        vertex = getattr(self, "_vertex", None)
        edge = next(
            (e for e in getattr(vertex, "incoming_edges", None) or [] if e.target_param == "retriever"), None
        )
        source = vertex.graph.get_vertex(edge.source_id) if edge is not None else None
        component = getattr(source, "custom_component", None)
        if component is None:
            rows, _ = rows_from_input(self.retriever)
            return rows
        output_name = edge.source_handle.name
        output = next((o for o in component.outputs if o.name == output_name), None)
        names = [i.name for i in component.inputs]
        query_input = next(
            (n for n in _QUERY_INPUTS if n in names),
            next((i.name for i in component.inputs if getattr(i, "tool_mode", False)), None),
        )
        if output is None or not output.method or query_input is None:
            msg = f"The connected retriever has no query input ({', '.join(_QUERY_INPUTS)}) to search with."
            raise ValueError(msg)
        # A copy per call, as Langflow's own tool mode does: calls never see each other's query.
        retriever = deepcopy(component)
        retriever.set(**{query_input: query})
        method = getattr(retriever, output.method)
        result = await method() if inspect.iscoroutinefunction(method) else await asyncio.to_thread(method)
        rows, _ = rows_from_input(result)
        return rows
