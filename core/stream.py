"""Run a model's token stream through the citation filter without ever losing what was shown.

>>> import asyncio
>>> from lfx_citations.core.engine import CitationFilter
>>> async def tokens():
...     for part in ["Wet [Sou", "rce 1]", " and cold [9]."]:
...         yield part
>>> async def collect():
...     outcome = StreamOutcome()
...     return [c.content async for c in filter_stream(tokens(), CitationFilter([1]), outcome)], outcome
>>> asyncio.run(collect())
(['Wet', ' [Source 1] and cold.'], StreamOutcome(error=None, cancelled=False))
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from lfx_citations.core.engine import CitationFilter


@dataclass
class StreamChunk:
    """What Langflow's streaming loop reads from each chunk: ``.content``."""

    content: str


def chunk_text(chunk: object) -> str:
    """Text of a model chunk or reply: a string, or a list of content parts (Anthropic style)."""
    content = getattr(chunk, "content", chunk)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            p if isinstance(p, str) else str(p.get("text", "")) if isinstance(p, dict) else ""
            for p in content
        )
    return "" if content is None else str(content)


@dataclass
class StreamOutcome:
    """How an upstream stream ended: ``error`` is None for a clean end."""

    error: str | None = None
    cancelled: bool = False


async def prepend(head: list[Any], rest: AsyncIterator[Any]) -> AsyncIterator[Any]:
    """``head``, then the rest of the stream; closing this closes the stream it wraps."""
    try:
        for chunk in head:
            yield chunk
        async for chunk in rest:
            yield chunk
    finally:
        close = getattr(rest, "aclose", None)
        if close is not None:
            await close()


async def filter_stream(
    upstream: AsyncIterator[Any], engine: CitationFilter, outcome: StreamOutcome
) -> AsyncIterator[StreamChunk]:
    """Yield filtered chunks; a failing or cancelled upstream ends the stream cleanly, keeping its text."""
    try:
        async for chunk in upstream:
            text = engine.feed(chunk_text(chunk))
            if text:
                yield StreamChunk(text)
    except Exception as exc:  # noqa: BLE001 - any upstream failure ends the answer, it must not lose it
        outcome.error = f"{type(exc).__name__}: {exc}"
    except asyncio.CancelledError:
        # End the message cleanly with what was shown; build_message re-raises once it is stored.
        outcome.cancelled = True
        outcome.error = "cancelled: the client went away before the answer ended"
    finally:
        close = getattr(upstream, "aclose", None)
        if close is not None:
            try:
                await close()
            except Exception:  # noqa: BLE001 - already closing; nothing left to report
                pass
    tail = engine.close()
    if tail:
        yield StreamChunk(tail)
