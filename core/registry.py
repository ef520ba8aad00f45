"""One numbering for every chunk shown in a run (several tool calls) and in a conversation (turns).

    >>> registry = SourceRegistry()
    >>> water = {"text": "Water is wet.", "file_name": "water.pdf", "page": 3}
    >>> first, _ = registry.present([water])
    >>> second, _ = registry.present([{"text": "Fire is hot.", "file_name": "fire.md"}, water])
    >>> [r.id for r in first], [r.id for r in second]
    ([1], [2, 1])
    >>> [r["id"] for r in registry.presented]
    [1, 2]

A chunk is the same chunk when its document name, page and text are equal: it keeps its number, new
chunks get the next free one. Chunks cited in earlier turns of a conversation are known only by what
the message store keeps of them (the source cards: number, title, page and a snippet of the text),
so a chunk retrieved again matches an earlier one by page and snippet (``prior_sources``).

The registry's state is plain JSON (``state()`` / ``SourceRegistry(state)``): Langflow keeps it in
the run's graph context, where every component file, each with its own copy of this module, reads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from lfx_citations.core.presented import REGISTRY_CONTEXT_KEY, field_of
from lfx_citations.core.sources import SourceRecord, build_sources, format_context
from lfx_citations.core.text import read_card_text, read_card_title, snippet


def _chunk_key(document: str, page: int | None, text: str) -> str:
    # A JSON string: usable as a dict key and as plain state in the graph context.
    return json.dumps([document, page, text], ensure_ascii=False)


def _is_earlier(entry: Mapping[str, Any], page: int | None, text: str) -> bool:
    """Is this chunk the one an earlier card showed? Same page, and the card's snippet is its start
    or (with the support check on) sentences of it, after the card's warning, if any."""
    if entry.get("page") != page:
        return False
    shown = str(entry.get("snippet") or "")
    if shown == snippet(text):
        return True
    pieces = read_card_text(shown)
    flat = " ".join(text.split())
    return bool(pieces) and all(piece in flat for piece in pieces)


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


class SourceRegistry:
    """Numbers chunks across retrievals; per-call and total limits on sources and context size."""

    def __init__(self, state: Mapping[str, Any] | None = None) -> None:
        state = state or {}
        self.presented: list[dict[str, Any]] = [dict(r) for r in state.get("presented", [])]
        self.prior: list[dict[str, Any]] = [dict(p) for p in state.get("prior", [])]
        self.chars_used: int = int(state.get("chars_used", 0))
        self.calls: int = int(state.get("calls", 0))
        self.skipped = 0  # rows without text in the last call
        self._ids = {_chunk_key(r["document"], r.get("page"), r["text"]): r["id"] for r in self.presented}

    def state(self) -> dict[str, Any]:
        return {
            "presented": [dict(r) for r in self.presented],
            "prior": [dict(p) for p in self.prior],
            "chars_used": self.chars_used,
            "calls": self.calls,
        }

    def remember(self, prior: Iterable[Mapping[str, Any]]) -> None:
        """Add sources cited in earlier turns: their numbers stay taken, and mean the same chunk."""
        for item in prior:
            number = item.get("id")
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                continue
            entry = {"id": number, "page": item.get("page"), "snippet": str(item.get("snippet") or "")}
            self.prior.append(entry)

    @property
    def highest(self) -> int:
        return max([r["id"] for r in self.presented] + [p["id"] for p in self.prior] + [0])

    def present(
        self,
        rows: list[dict[str, Any]],
        *,
        max_sources: int = 0,
        max_context_chars: int = 0,
        total_max_sources: int = 0,
        total_max_context_chars: int = 0,
        **options: Any,
    ) -> tuple[list[SourceRecord], list[str]]:
        """Number one retrieval's rows and register what is presented; returns its records and blocks.

        ``max_sources`` / ``max_context_chars`` bound this call (0 = no limit); the ``total_`` ones
        bound the run: distinct chunks numbered, and characters of context shown over all calls.
        ``options`` go to ``build_sources`` (template, keys, manifest, slug rule).
        """
        self.calls += 1
        budget = max_context_chars
        if total_max_context_chars > 0:
            left = total_max_context_chars - self.chars_used
            if left <= 0:
                return [], []
            budget = min(budget, left) if budget > 0 else left
        used_ids = set(self._ids.values())
        given: dict[str, int] = {}  # this call's numbers, by chunk
        next_id = self.highest + 1
        new_count = 0

        def number_for(identity: tuple[str, int | None, str]) -> int | None:
            nonlocal next_id, new_count
            key = _chunk_key(*identity)
            if key in given:  # the same chunk twice in one retrieval: shown once
                return None
            number = self._ids.get(key)
            if number is None:
                taken = used_ids | set(given.values())
                number = next(
                    (
                        e["id"]
                        for e in self.prior
                        if e["id"] not in taken and _is_earlier(e, identity[1], identity[2])
                    ),
                    None,
                )
            if number is None:
                if total_max_sources > 0 and len(self._ids) + new_count >= total_max_sources:
                    return None
                number, next_id = next_id, next_id + 1
                new_count += 1
            given[key] = number
            return number

        records, blocks, self.skipped = build_sources(
            rows, max_sources=max_sources, max_context_chars=budget, number_for=number_for, **options
        )
        for record in records:
            key = _chunk_key(record.document, record.page, record.text)
            if key not in self._ids:
                self._ids[key] = record.id
                self.presented.append(record.model_dump(mode="json"))
        if blocks:
            self.chars_used += len(format_context(blocks))
        return records, blocks


def load_registry(context: Any, run_id: str) -> SourceRegistry:
    """The run's registry from a graph context (a dict); a registry left by another run is not reused."""
    state = context.get(REGISTRY_CONTEXT_KEY) if context is not None else None
    if isinstance(state, Mapping) and state.get("run_id") == run_id:
        return SourceRegistry(state)
    return SourceRegistry()


def store_registry(context: Any, run_id: str, registry: SourceRegistry) -> None:
    if context is not None:
        context[REGISTRY_CONTEXT_KEY] = {**registry.state(), "run_id": run_id}
