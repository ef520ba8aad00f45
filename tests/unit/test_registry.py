"""The run- and conversation-scoped numbering registry (core/registry.py), without Langflow."""

from __future__ import annotations

from typing import Any

from lfx_citations.core.presented import REGISTRY_CONTEXT_KEY, presented_in_run, tool_sources
from lfx_citations.core.registry import SourceRegistry, load_registry, prior_sources, store_registry

WATER = {"text": "Water is wet.", "file_name": "water.pdf", "page": 3}
FIRE = {"text": "Fire is hot.", "file_name": "fire.md"}
EARTH = {"text": "Earth is round.", "file_name": "/data/earth.pdf", "page": 1}
AIR = {"text": "Air is thin up high.", "file_name": "air.md"}


def ids(records: list[Any]) -> list[int]:
    return [r.id for r in records]


def test_a_second_call_continues_the_numbering_and_keeps_known_chunks() -> None:
    registry = SourceRegistry()
    first, blocks = registry.present([WATER, FIRE])
    second, second_blocks = registry.present([EARTH, WATER, AIR])
    assert ids(first) == [1, 2]
    assert ids(second) == [3, 1, 4]
    assert blocks[0].startswith("[Source 1] water.pdf — page 3")
    assert [b.split("]")[0] for b in second_blocks] == ["[Source 3", "[Source 1", "[Source 4"]
    assert [(r["id"], r["document"]) for r in registry.presented] == [
        (1, "water.pdf"),
        (2, "fire.md"),
        (3, "earth.pdf"),
        (4, "air.md"),
    ]


def test_the_same_chunk_twice_in_one_retrieval_is_shown_once() -> None:
    registry = SourceRegistry()
    records, _ = registry.present([WATER, {**WATER, "file_name": "/other/water.pdf"}, FIRE])
    assert ids(records) == [1, 2]


def test_per_call_max_sources_applies_to_each_call() -> None:
    registry = SourceRegistry()
    assert ids(registry.present([WATER, FIRE, EARTH], max_sources=2)[0]) == [1, 2]
    assert ids(registry.present([AIR, EARTH, WATER], max_sources=2)[0]) == [3, 4]


def test_total_max_sources_stops_new_chunks_but_shows_known_ones() -> None:
    registry = SourceRegistry()
    registry.present([WATER, FIRE], total_max_sources=3)
    records, _ = registry.present([EARTH, AIR, FIRE, WATER], total_max_sources=3)
    assert ids(records) == [3, 2, 1]  # AIR would be a fourth distinct chunk
    assert len(registry.presented) == 3


def test_a_chunk_cut_by_the_context_limit_leaves_no_gap_in_the_numbers() -> None:
    registry = SourceRegistry()
    first_block = "[Source 1] water.pdf — page 3\nWater is wet."
    records, blocks = registry.present([WATER, FIRE], max_context_chars=len(first_block))
    assert ids(records) == [1] and blocks == [first_block]
    assert ids(registry.present([FIRE])[0]) == [2]


def test_total_context_limit_counts_every_call() -> None:
    registry = SourceRegistry()
    water_block = "[Source 1] water.pdf — page 3\nWater is wet."
    fire_block = "[Source 2] fire.md\nFire is hot."
    total = len(water_block) + len(fire_block)
    registry.present([WATER], total_max_context_chars=total - 1)
    assert registry.chars_used == len(water_block)
    assert registry.present([FIRE], total_max_context_chars=total - 1) == ([], [])
    records, blocks = registry.present([FIRE], total_max_context_chars=total)
    assert ids(records) == [2] and blocks == [fire_block]
    assert registry.present([AIR], total_max_context_chars=total) == ([], [])


def test_state_round_trips_through_plain_json() -> None:
    import json

    registry = SourceRegistry()
    registry.present([WATER, FIRE])
    again = SourceRegistry(json.loads(json.dumps(registry.state())))
    assert ids(again.present([FIRE, EARTH])[0]) == [2, 3]


def card(number: int, name: str, text: str, page: int | None = None) -> dict[str, Any]:
    suffix = f" — page {page}" if page is not None else ""
    return {"type": "citation", "title": f"Source {number} · {name}{suffix}", "cited_text": text}


def stored(*cards: dict[str, Any]) -> dict[str, Any]:
    return {"text": "an answer", "content_blocks": [{"title": "Sources", "contents": list(cards)}]}


def test_prior_sources_are_read_from_stored_cards() -> None:
    messages = [
        stored(card(3, "water.pdf", "Water is wet.", 3), card(1, "fire.md", "Fire is hot.")),
        {"text": "a question", "content_blocks": []},
        stored(card(3, "ignored", "a later card for the same number")),
        stored({"type": "json", "data": {}}, {"type": "citation", "title": "not a source card"}),
    ]
    assert prior_sources(messages) == [
        {"id": 1, "page": None, "snippet": "Fire is hot."},
        {"id": 3, "page": 3, "snippet": "Water is wet."},
    ]


def test_a_conversation_keeps_numbers_and_continues_after_the_highest() -> None:
    registry = SourceRegistry()
    registry.remember(prior_sources([stored(card(3, "water.pdf", "Water is wet.", 3), card(5, "x", "X."))]))
    records, blocks = registry.present([FIRE, WATER, AIR])
    assert ids(records) == [6, 3, 7]
    assert blocks[1].startswith("[Source 3] water.pdf — page 3")


def test_a_prior_number_is_not_given_to_a_different_chunk_on_another_page() -> None:
    registry = SourceRegistry()
    registry.remember([{"id": 2, "page": 9, "snippet": "Water is wet."}])
    assert ids(registry.present([WATER])[0]) == [3]


def test_run_state_in_a_graph_context_is_scoped_to_the_run() -> None:
    context: dict[str, Any] = {}
    assert presented_in_run(context, "run-1") is None
    registry = load_registry(context, "run-1")
    registry.present([WATER])
    store_registry(context, "run-1", registry)
    assert context[REGISTRY_CONTEXT_KEY]["run_id"] == "run-1"
    assert [r["id"] for r in presented_in_run(context, "run-1") or []] == [1]
    assert presented_in_run(context, "run-2") is None
    assert load_registry(context, "run-2").presented == []
    assert [r["id"] for r in load_registry(context, "run-1").presented] == [1]


def test_tool_sources_reads_artifacts_of_tool_calls_also_inside_groups() -> None:
    record = {"id": 4, "document": "water.pdf", "text": "Wet."}
    tool = {"type": "tool_use", "output": {"content": "[Source 4] …", "artifact": {"sources": [record]}}}
    message = {"content_blocks": [{"type": "text", "text": "x"}, {"title": "Steps", "contents": [tool]}]}
    assert tool_sources(message) == [record]
    assert tool_sources({"content_blocks": [{"type": "tool_use", "output": "plain text"}]}) == []
    assert tool_sources(None) == []


def test_a_card_flagged_by_the_support_check_still_keeps_its_chunks_number() -> None:
    # Cards stored by earlier versions carry the support check's note in their title.
    chunk = {
        "text": "Ice floats. Water is wet and clear.\nIt boils at 100 °C.",
        "file_name": "water.pdf",
        "page": 3,
    }
    flagged = {
        "type": "citation",
        "title": "Source 4 \u00b7 water.pdf \u2014 page 3 \u00b7 \u26a0 claim not found in this source",
        "cited_text": "Water is wet and clear. It boils at 100 °C.",
    }
    registry = SourceRegistry()
    registry.remember(prior_sources([stored(flagged)]))
    assert registry.prior == [{"id": 4, "page": 3, "snippet": "Water is wet and clear. It boils at 100 °C."}]
    assert ids(registry.present([FIRE, chunk])[0]) == [5, 4]
    elsewhere = {**chunk, "text": "Water is wet. Nothing else."}
    assert ids(SourceRegistry({"prior": registry.prior}).present([elsewhere])[0]) == [5]


def test_a_card_whose_snippet_opens_with_a_warning_still_keeps_its_chunks_number() -> None:
    # The snippet: the warning, then evidence sentences, " … " between those not next to each other.
    chunk = {
        "text": "Ice floats. Water is wet and clear.\n\nSteam is hot. It boils at 100 °C.",
        "file_name": "water.pdf",
        "page": 3,
    }
    flagged = {
        "type": "citation",
        "title": "Source 4 \u00b7 water.pdf \u2014 page 3",
        "cited_text": "\u26a0 the source says \u00ab100\u00bb, not \u00ab90\u00bb \u2014 Water is wet and clear. \u2026 It boils at 100 °C.",
    }
    registry = SourceRegistry()
    registry.remember(prior_sources([stored(flagged)]))
    assert ids(registry.present([FIRE, chunk])[0]) == [5, 4]
    # Both passages must be in the chunk: one alone is not enough.
    elsewhere = {**chunk, "text": "Water is wet and clear. Nothing boils here."}
    assert ids(SourceRegistry({"prior": registry.prior}).present([elsewhere])[0]) == [5]
