"""Indexed Retrieved-Data Parser: number the retriever's chunks ``[Source 1]``, ``[Source 2]``…

In a flow: Astra DB Search Results (or any Data / DataFrame) -> Retrieved Data; Context -> the
Citation Prompt, Sources -> the Citation Post-Processor. In code::

    component = IndexedRetrievedDataParserComponent()
    component.set(input_data=[Data(data={"text": "Water is wet.", "file_name": "water.pdf", "page": 3})])
    component.build_context().text  # "[Source 1] water.pdf — page 3\nWater is wet."

The Langflow glue only: the logic lives in ``lfx_citations.core`` and is inlined into the standalone
component file by ``scripts/build_components.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lfx.custom.custom_component.component import Component
from lfx.io import BoolInput, HandleInput, IntInput, MessageTextInput, MultilineInput, Output
from lfx.schema.data import Data
from lfx.schema.message import Message
from lfx.utils import async_helpers
from lfx.utils.file_path_security import component_file_access_scopes, enforce_local_file_access

from lfx_citations.core.links import load_manifest
from lfx_citations.core.presented import prior_sources
from lfx_citations.core.registry import SourceRegistry
from lfx_citations.core.sources import (
    DEFAULT_CHUNK_ID_KEYS,
    DEFAULT_DOCUMENT_KEYS,
    DEFAULT_PAGE_KEYS,
    DEFAULT_TEMPLATE,
    DEFAULT_URL_KEYS,
    SourceRecord,
    Template,
    build_sources,
    format_context,
    parse_keys,
    rows_from_input,
)


def delegates_to(async_name: str) -> Callable[[Any], Any]:
    """lfx 1.13's marker: in a flow, await the async twin of this output method instead.

    lfx 1.12 has no such marker, so there the sync method runs (and no earlier turns are read).
    """
    mark = getattr(async_helpers, "delegates_to", None)
    return mark(async_name) if mark is not None else (lambda method: method)


_HISTORY_ANSWERS = 50  # the answers of the last 50 turns


class IndexedRetrievedDataParserComponent(Component):
    display_name = "Indexed Retrieved-Data Parser"
    description = (
        "Numbers the retriever's chunks [Source 1], [Source 2]… and emits the numbered context for the "
        "prompt plus a sources payload (document, page, URL, chunk id, text) with the same numbers."
    )
    icon = "ListOrdered"
    name = "IndexedRetrievedDataParser"

    inputs = [
        HandleInput(
            name="input_data",
            display_name="Retrieved Data",
            input_types=["Data", "JSON", "DataFrame", "Table"],
            is_list=True,
            required=True,
            info="The retriever's chunks, e.g. Astra DB Search Results: Data with 'text' plus metadata keys.",
        ),
        MultilineInput(
            name="template",
            display_name="Block Template",
            value=DEFAULT_TEMPLATE,
            info=(
                "How each chunk is written into the context. Placeholders: {index}, {label} ('Source N'), "
                "{document}, {page}, {page_suffix} (' — page N' or empty), {url}, {text} and any metadata "
                "key. Unknown placeholders render empty. Keep [{label}] so the model can cite."
            ),
        ),
        IntInput(
            name="max_sources",
            display_name="Max Sources",
            value=0,
            info="Present at most this many chunks (0 = all). Chunks left out are not in the payload.",
        ),
        IntInput(
            name="max_context_chars",
            display_name="Max Context Characters",
            value=0,
            advanced=True,
            info="Stop adding chunks once the context would exceed this many characters (0 = unlimited).",
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
            info=(
                'A manifest file path or inline JSON: {"version": 1, "documents": {"<stored name>": '
                '{"url": "https://…", "title": "…"}}}. Maps stored file names to public URLs and titles.'
            ),
        ),
        MessageTextInput(
            name="slug_base_url",
            display_name="Slug Base URL",
            value="",
            advanced=True,
            info=(
                "For file names made from URLs by swapping '/' for '_': the base URL to rebuild links from "
                "when the manifest has no entry, e.g. https://docs.example.com/en/."
            ),
        ),
        MessageTextInput(
            name="slug_suffix",
            display_name="Slug Suffix",
            value="",
            advanced=True,
            info="Appended to slug-rule URLs, e.g. '.html'. The file extension (.md, .html…) goes first.",
        ),
    ]

    outputs = [
        Output(display_name="Context", name="context", method="build_context", group_outputs=True),
        Output(display_name="Sources", name="sources", method="build_sources_data", group_outputs=True),
    ]

    def _parse(
        self, rows: list[dict[str, Any]], bad_items: int, prior: list[dict[str, Any]] | None = None
    ) -> tuple[list[SourceRecord], list[str]]:
        # A manifest file is read under Read Files by Page's rule: Langflow's allowed folders.
        manifest = load_manifest(
            self.link_manifest,
            allow=lambda path: enforce_local_file_access(path, scope_ids=component_file_access_scopes(self)),
        )
        options: dict[str, Any] = {
            "template": self.template,
            "max_sources": max(int(self.max_sources or 0), 0),
            "max_context_chars": max(int(self.max_context_chars or 0), 0),
            "document_keys": parse_keys(self.document_keys, DEFAULT_DOCUMENT_KEYS),
            "page_keys": parse_keys(self.page_keys, DEFAULT_PAGE_KEYS),
            "url_keys": parse_keys(self.url_keys, DEFAULT_URL_KEYS),
            "chunk_id_keys": parse_keys(self.chunk_id_keys, DEFAULT_CHUNK_ID_KEYS),
            "manifest": manifest,
            "slug_base_url": self.slug_base_url or "",
            "slug_suffix": self.slug_suffix or "",
        }
        if prior:
            # Earlier turns cited these numbers: a chunk seen again keeps its number, new ones follow.
            registry = SourceRegistry()
            registry.remember(prior)
            records, blocks = registry.present(rows, **options)
            bad_rows = registry.skipped
        else:
            records, blocks, bad_rows = build_sources(rows, **options)
        skipped = bad_items + bad_rows
        note = f" Skipped {skipped} row(s) without text." if skipped else ""
        if records and "{label}" not in Template(self.template).template and "{index}" not in self.template:
            note += " Warning: the template has no {label} or {index}, so the model cannot cite."
        self.status = f"Presented {len(records)} source(s).{note}"
        return records, blocks

    # In a flow Langflow awaits the async twins, which first read the session's earlier sources;
    # called from code (no session), the sync methods number from 1.
    @delegates_to("abuild_context")
    def build_context(self) -> Message:
        _, blocks = self._parse(*rows_from_input(self.input_data))
        return Message(text=format_context(blocks))

    @delegates_to("abuild_sources_data")
    def build_sources_data(self) -> Data:
        records, _ = self._parse(*rows_from_input(self.input_data))
        return Data(data={"sources": [r.model_dump(mode="json") for r in records]})

    async def abuild_context(self) -> Message:
        _, blocks = await self._numbered()
        return Message(text=format_context(blocks))

    async def abuild_sources_data(self) -> Data:
        records, _ = await self._numbered()
        return Data(data={"sources": [r.model_dump(mode="json") for r in records]})

    async def _numbered(self) -> tuple[list[SourceRecord], list[str]]:
        """The rows numbered after the session's earlier answers, once per run for both outputs.

        Langflow builds both outputs one after the other on this instance, and makes a new instance
        for every build: the numbering of this run is kept here, so the conversation is read once.
        """
        graph = getattr(getattr(self, "_vertex", None), "graph", None)
        run_id = str(getattr(graph, "_run_id", "") or "")
        kept = self.__dict__.get("_numbered_in_run")
        if run_id and kept is not None and kept[0] == run_id:
            return kept[1]
        rows, bad_items = rows_from_input(self.input_data)
        # Nothing to number, nothing to read.
        numbered = self._parse(rows, bad_items, await self._prior_sources() if rows else None)
        if run_id:
            self.__dict__["_numbered_in_run"] = (run_id, numbered)
        return numbered

    async def _prior_sources(self) -> list[dict[str, Any]]:
        """Sources cited earlier in this chat session, from Langflow's message store (none outside one)."""
        graph = getattr(getattr(self, "_vertex", None), "graph", None)
        session_id = getattr(graph, "session_id", None)
        if not self.keep_numbers or not session_id:
            return []
        from lfx.components.models_and_agents.memory import _coerce_flow_id_to_uuid, _safe_graph_user_id
        from lfx.memory import aget_messages

        try:
            # The answers only: their cards carry the numbers, the questions never do.
            answers = await aget_messages(
                sender="Machine",
                session_id=session_id,
                flow_id=_coerce_flow_id_to_uuid(getattr(graph, "flow_id", None)),
                limit=_HISTORY_ANSWERS,
                order="DESC",
                user_id=_safe_graph_user_id(self),
            )
        except Exception as exc:  # noqa: BLE001 - numbering per turn is the documented fallback
            self.log(
                f"Could not read the session's earlier sources ({type(exc).__name__}); numbering from 1."
            )
            return []
        return prior_sources(reversed(answers))  # oldest first: the first answer showing a number wins
