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

The Langflow glue only: the logic lives in ``lfx_citations.core`` and is inlined into the standalone
component file by ``scripts/build_components.py``.
"""

from __future__ import annotations

import asyncio
import inspect
from copy import deepcopy
from typing import Any

from langchain_core.tools import StructuredTool
from lfx.custom.custom_component.component import Component
from lfx.io import BoolInput, HandleInput, IntInput, MessageTextInput, MultilineInput, Output
from lfx.utils.file_path_security import component_file_access_scopes, enforce_local_file_access
from pydantic import Field, create_model

from lfx_citations.core.links import load_manifest
from lfx_citations.core.presented import prior_in_run, prior_sources
from lfx_citations.core.registry import load_registry, store_registry
from lfx_citations.core.sources import (
    DEFAULT_CHUNK_ID_KEYS,
    DEFAULT_DOCUMENT_KEYS,
    DEFAULT_PAGE_KEYS,
    DEFAULT_TEMPLATE,
    DEFAULT_URL_KEYS,
    format_context,
    parse_keys,
    rows_from_input,
)

# Inputs a retriever takes its query in, tried before the inputs it marks for tool mode.
_QUERY_INPUTS = ("search_query", "query", "input_value")
_HISTORY_ANSWERS = 50  # the answers of the last 50 turns


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
        BoolInput(
            name="keep_numbers",
            display_name="Keep Numbers Across Turns",
            value=True,
            advanced=True,
            info=(
                "Within a chat session, a chunk cited in an earlier answer keeps its number and new chunks "
                "continue after the highest (read from the session's stored answers). Off: each turn from 1."
            ),
        ),
        MultilineInput(
            name="template",
            display_name="Block Template",
            value=DEFAULT_TEMPLATE,
            advanced=True,
            info="How each chunk is written, as in the Indexed Retrieved-Data Parser. Keep [{label}].",
        ),
        MessageTextInput(
            name="document_keys",
            display_name="Document Name Keys",
            value=DEFAULT_DOCUMENT_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the document name; a path gives its base name.",
        ),
        MessageTextInput(
            name="page_keys",
            display_name="Page Keys",
            value=DEFAULT_PAGE_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the page number (integers only).",
        ),
        MessageTextInput(
            name="url_keys",
            display_name="URL Keys",
            value=DEFAULT_URL_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the source's own web URL (http/https only).",
        ),
        MessageTextInput(
            name="chunk_id_keys",
            display_name="Chunk ID Keys",
            value=DEFAULT_CHUNK_ID_KEYS,
            advanced=True,
            info="Metadata keys tried in order for the chunk id.",
        ),
        MultilineInput(
            name="link_manifest",
            display_name="Link Manifest",
            value="",
            advanced=True,
            info="A manifest file path or inline JSON mapping stored file names to public URLs and titles.",
        ),
        MessageTextInput(
            name="slug_base_url",
            display_name="Slug Base URL",
            value="",
            advanced=True,
            info="Base URL to rebuild links from file names made from URLs ('/' swapped for '_').",
        ),
        MessageTextInput(
            name="slug_suffix",
            display_name="Slug Suffix",
            value="",
            advanced=True,
            info="Appended to slug-rule URLs, e.g. '.html'.",
        ),
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
                registry.remember(
                    prior if prior is not None else prior_sources(await self._session_messages())
                )
            records, blocks = registry.present(
                rows,
                max_sources=max(int(self.max_sources or 0), 0),
                max_context_chars=max(int(self.max_context_chars or 0), 0),
                total_max_sources=max(int(self.total_max_sources or 0), 0),
                total_max_context_chars=max(int(self.total_max_context_chars or 0), 0),
                **self._build_options(),
            )
            store_registry(context, run_id, registry)
        self.status = (
            f"Call {registry.calls}: presented {', '.join(str(r.id) for r in records) or 'no'} source(s); "
            f"{len(registry.presented)} numbered in this run."
        )
        return format_context(blocks), {"sources": [r.model_dump(mode="json") for r in records]}

    def _build_options(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "document_keys": parse_keys(self.document_keys, DEFAULT_DOCUMENT_KEYS),
            "page_keys": parse_keys(self.page_keys, DEFAULT_PAGE_KEYS),
            "url_keys": parse_keys(self.url_keys, DEFAULT_URL_KEYS),
            "chunk_id_keys": parse_keys(self.chunk_id_keys, DEFAULT_CHUNK_ID_KEYS),
            # A manifest file is read under Read Files by Page's rule: Langflow's allowed folders.
            "manifest": load_manifest(
                self.link_manifest,
                allow=lambda path: enforce_local_file_access(
                    path, scope_ids=component_file_access_scopes(self)
                ),
            ),
            "slug_base_url": self.slug_base_url or "",
            "slug_suffix": self.slug_suffix or "",
        }

    def _run_scope(self) -> tuple[dict[str, Any], str]:
        """Where the run's registry lives: the graph's context, shared by every node of the run."""
        vertex = getattr(self, "_vertex", None)
        if vertex is None or getattr(vertex, "graph", None) is None:
            # Outside a graph (called from code): this component holds the run.
            return self.__dict__.setdefault("_own_context", {}), ""
        graph = vertex.graph
        return graph.context, str(getattr(graph, "_run_id", "") or "")

    async def _session_messages(self) -> list[Any]:
        """The session's stored answers, oldest first (Langflow's message store), or none outside a server."""
        vertex = getattr(self, "_vertex", None)
        session_id = getattr(getattr(vertex, "graph", None), "session_id", None)
        if not session_id:
            return []
        from lfx.components.models_and_agents.memory import _coerce_flow_id_to_uuid, _safe_graph_user_id
        from lfx.memory import aget_messages

        try:
            # The answers only: their cards carry the numbers, the questions never do.
            answers = await aget_messages(
                sender="Machine",
                session_id=session_id,
                flow_id=_coerce_flow_id_to_uuid(getattr(vertex.graph, "flow_id", None)),
                limit=_HISTORY_ANSWERS,
                order="DESC",
                user_id=_safe_graph_user_id(self),
            )
        except Exception as exc:  # noqa: BLE001 - numbering per turn is the documented fallback
            self.log(
                f"Could not read the session's earlier sources ({type(exc).__name__}); numbering from 1."
            )
            return []
        return list(reversed(answers))

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
