"""The Langflow inputs and steps the components that number sources share (the Indexed
Retrieved-Data Parser and the Citing Retriever).

    >>> [i.name for i in source_inputs()][:2]
    ['document_keys', 'page_keys']
    >>> keep_numbers_input().value
    True

The core modules that import lfx are the ``glue_*`` ones (a standalone node runs inside Langflow, so
lfx is always there): the components stay thin, and an input declared once shows the same in each.
"""

from __future__ import annotations

from typing import Any

# lfx.custom before lfx.io: lfx 1.13 imports part of lfx.custom from lfx.io, and a component module
# imported after that (lfx.custom.custom_component.component) would then find its own package half-made.
import lfx.custom  # noqa: F401
from lfx.io import BoolInput, MessageTextInput, MultilineInput
from lfx.utils.file_path_security import component_file_access_scopes, enforce_local_file_access

from lfx_citations.core.links import load_manifest
from lfx_citations.core.sources import (
    DEFAULT_CHUNK_ID_KEYS,
    DEFAULT_DOCUMENT_KEYS,
    DEFAULT_PAGE_KEYS,
    DEFAULT_URL_KEYS,
    parse_keys,
)

#: How many earlier answers a component reads to keep numbers across turns (the last 50 turns).
HISTORY_ANSWERS = 50


def keep_numbers_input() -> BoolInput:
    return BoolInput(
        name="keep_numbers",
        display_name="Keep Numbers Across Turns",
        value=True,
        advanced=True,
        info=(
            "Within a chat session, a chunk cited in an earlier answer keeps its number and new chunks "
            "continue after the highest (read from the session's stored answers). Off: each turn from 1."
        ),
    )


def source_inputs() -> list[Any]:
    """The inputs that say how a retrieved row becomes a source: its name, page, URL, chunk id, link."""
    keys = [
        (
            "document_keys",
            "Document Name Keys",
            DEFAULT_DOCUMENT_KEYS,
            "the document name; a path gives its base name",
        ),
        ("page_keys", "Page Keys", DEFAULT_PAGE_KEYS, "the page number (integers only)"),
        ("url_keys", "URL Keys", DEFAULT_URL_KEYS, "the source's own web URL (http/https only)"),
        ("chunk_id_keys", "Chunk ID Keys", DEFAULT_CHUNK_ID_KEYS, "the chunk id"),
    ]
    return [
        *(
            MessageTextInput(
                name=name,
                display_name=display_name,
                value=default,
                advanced=True,
                info=f"Metadata keys tried in order for {what}.",
            )
            for name, display_name, default, what in keys
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


def allowed_file(component: Any, path: Any) -> Any:
    """``path`` if Langflow lets ``component`` read it (its allowed folders), as Read Files by Page does;
    else ``ValueError``. A flow shared from elsewhere must not read outside them through a manifest."""
    return enforce_local_file_access(path, scope_ids=component_file_access_scopes(component))


def source_options(component: Any) -> dict[str, Any]:
    """What ``source_inputs`` and the template give ``build_sources`` and ``SourceRegistry.present``."""
    return {
        "template": component.template,
        "document_keys": parse_keys(component.document_keys, DEFAULT_DOCUMENT_KEYS),
        "page_keys": parse_keys(component.page_keys, DEFAULT_PAGE_KEYS),
        "url_keys": parse_keys(component.url_keys, DEFAULT_URL_KEYS),
        "chunk_id_keys": parse_keys(component.chunk_id_keys, DEFAULT_CHUNK_ID_KEYS),
        "manifest": load_manifest(component.link_manifest, allow=lambda path: allowed_file(component, path)),
        "slug_base_url": component.slug_base_url or "",
        "slug_suffix": component.slug_suffix or "",
    }


async def stored_answers(component: Any, limit: int = HISTORY_ANSWERS) -> list[Any]:
    """The session's stored answers, oldest first (Langflow's message store), or none outside a server.

    A store that cannot be read gives none and a line in the component's log: numbering per turn is the
    documented fallback.
    """
    graph = getattr(getattr(component, "_vertex", None), "graph", None)
    session_id = getattr(graph, "session_id", None)
    if not session_id:
        return []
    from lfx.components.models_and_agents.memory import _coerce_flow_id_to_uuid, _safe_graph_user_id
    from lfx.memory import aget_messages

    try:
        # The answers only: their cards carry the numbers, the questions never do.
        answers = await aget_messages(
            sender="Machine",
            session_id=session_id,
            flow_id=_coerce_flow_id_to_uuid(getattr(graph, "flow_id", None)),
            limit=limit,
            order="DESC",
            user_id=_safe_graph_user_id(component),
        )
    except Exception as exc:  # noqa: BLE001 - numbering per turn is the documented fallback
        component.log(
            f"Could not read the session's earlier sources ({type(exc).__name__}); numbering from 1."
        )
        return []
    return list(reversed(answers))
