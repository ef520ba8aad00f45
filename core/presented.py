"""What a run presented to the model: the citing tool's registry state and the agent's tool calls.

    >>> context = {REGISTRY_CONTEXT_KEY: {"run_id": "r1", "presented": [{"id": 1, "text": "Wet."}]}}
    >>> presented_in_run(context, "r1"), presented_in_run(context, "r2")
    ([{'id': 1, 'text': 'Wet.'}], None)

Read by the post-processor after an Agent; written by ``core/registry.py``. No dependency on the
rest of the core, so the post-processor stays small.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

REGISTRY_CONTEXT_KEY = "lfx_citations.registry"


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
