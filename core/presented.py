"""What was presented to the model: in this run (the citing tool's registry state, the agent's tool
calls) and in earlier turns (the cards of the session's stored answers).

    >>> context = {REGISTRY_CONTEXT_KEY: {"run_id": "r1", "presented": [{"id": 1, "text": "Wet."}]}}
    >>> presented_in_run(context, "r1"), presented_in_run(context, "r2")
    ([{'id': 1, 'text': 'Wet.'}], None)

Read by the post-processor after an Agent; written by ``core/registry.py``. Depends only on
``core/text.py``, so the post-processor and the Citing Agent stay small.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lfx_citations.core.text import read_card_title

REGISTRY_CONTEXT_KEY = "lfx_citations.registry"
PRIOR_CONTEXT_KEY = "lfx_citations.prior"


def field_of(item: Any, name: str) -> Any:
    """A field of a dict (a message's JSON form) or an attribute of an object (the message itself)."""
    return item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)


def presented_in_run(context: Any, run_id: str) -> list[dict[str, Any]] | None:
    """The records presented in this run, or None when no citing retrieval ran in it."""
    state = context.get(REGISTRY_CONTEXT_KEY) if context is not None else None
    if isinstance(state, Mapping) and state.get("run_id") == run_id:
        return [dict(r) for r in state.get("presented", [])]
    return None


def tool_sources(message: Any) -> list[dict[str, Any]]:
    """Records a citing tool returned to an agent, read from the agent message's tool-call blocks.

    Langflow records each tool call as a ``ToolContent`` (``type`` "tool_use") whose ``output`` is
    the tool's message; the citing tool's artifact, ``{"sources": [...]}``, carries the records.
    Works on Message objects and on their JSON form; anything else gives no records.
    """
    found: list[dict[str, Any]] = []
    blocks = list(field_of(message, "content_blocks") or [])
    while blocks:
        block = blocks.pop(0)
        if field_of(block, "type") != "tool_use":
            blocks[:0] = list(field_of(block, "contents") or [])  # a group: look inside
            continue
        output = field_of(block, "output")
        artifact = field_of(output, "artifact") if output is not None else None
        sources = field_of(artifact, "sources") if artifact is not None else None
        if isinstance(sources, list):
            found.extend(s for s in sources if isinstance(s, Mapping))
    return found


def prior_sources(messages: Iterable[Any]) -> list[dict[str, Any]]:
    """Sources cited in earlier answers, read from their "Sources" groups of citation cards.

    ``messages`` are stored Langflow messages (objects or dicts). Each result holds ``id``,
    ``page`` and ``snippet``; the first message that shows a number wins (give newest first or
    oldest first consistently). Cards whose title does not carry a number are ignored.
    """
    found: dict[int, dict[str, Any]] = {}
    for message in messages:
        for block in field_of(message, "content_blocks") or []:
            if field_of(block, "title") != "Sources":
                continue
            for content in field_of(block, "contents") or []:
                if field_of(content, "type") != "citation":
                    continue
                read = read_card_title(field_of(content, "title"))
                if read is None:
                    continue
                number, _, page = read
                cited = field_of(content, "cited_text")
                found.setdefault(number, {"id": number, "page": page, "snippet": cited or ""})
    return [found[k] for k in sorted(found)]


def share_prior(context: Any, run_id: str, prior: list[dict[str, Any]]) -> None:
    """Keep the earlier turns' sources, read once, in the run's graph context for the other nodes."""
    if context is not None:
        context[PRIOR_CONTEXT_KEY] = {"run_id": run_id, "prior": [dict(p) for p in prior]}


def prior_in_run(context: Any, run_id: str) -> list[dict[str, Any]] | None:
    """The earlier turns' sources a node of this run already read, or None when none did.

    >>> context = {}
    >>> share_prior(context, "r1", [{"id": 3, "page": 1, "snippet": "Wet."}])
    >>> prior_in_run(context, "r1"), prior_in_run(context, "r2")
    ([{'id': 3, 'page': 1, 'snippet': 'Wet.'}], None)
    """
    state = context.get(PRIOR_CONTEXT_KEY) if context is not None else None
    if isinstance(state, Mapping) and state.get("run_id") == run_id:
        return [dict(p) for p in state.get("prior", [])]
    return None
