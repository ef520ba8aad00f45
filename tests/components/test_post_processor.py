"""Citation Post-Processor through its Langflow interface (answer mode and model mode)."""

from __future__ import annotations

import pytest
from lfx.schema.data import Data
from lfx.schema.message import Message

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from tests.support.fakes import ScriptedChatModel

SOURCES = Data(
    data={
        "sources": [
            {
                "id": 1,
                "label": "Source 1",
                "document": "water.pdf",
                "title": None,
                "page": 3,
                "url": "https://docs.example.com/water.pdf#page=3",
                "chunk_id": "c1",
                "text": "Water is essential for life.",
                "score": None,
                "metadata": {},
            },
            {
                "id": 2,
                "label": "Source 2",
                "document": "fire.md",
                "title": "Fire basics",
                "page": None,
                "url": "javascript:alert(1)",
                "chunk_id": None,
                "text": "Fire is hot.",
                "score": 0.5,
                "metadata": {},
            },
            {
                "id": 3,
                "label": "Source 3",
                "document": "air.txt",
                "title": None,
                "page": None,
                "url": None,
                "chunk_id": None,
                "text": "Air is mostly nitrogen.",
                "score": None,
                "metadata": {},
            },
        ]
    }
)


async def post_process(**inputs) -> tuple[Message, CitationPostProcessorComponent]:
    """The post-processor on SOURCES; markers and cards only (support checks: tests/components/test_support.py)."""
    component = CitationPostProcessorComponent()
    component.set(sources=SOURCES, **{"support_check": "off", **inputs})
    return await component.build_message(), component


async def test_answer_mode_keeps_valid_normalizes_and_removes() -> None:
    message, component = await post_process(
        answer=Message(text="Water is vital [1]. Fire burns [Source 9]. Air [Sources: 3, 2].")
    )
    assert message.text == "Water is vital [Source 1]. Fire burns. Air [Source 3][Source 2]."
    payload = message.data["citations"]
    assert payload["cited"] == [1, 3, 2]
    assert [s["id"] for s in payload["sources"]] == [1, 3, 2]
    assert payload["removed"] == ["[Source 9]"]
    assert payload["citations_reported"] is True
    assert component.status == "Cited sources: 1, 3, 2. Removed markers: 1."


async def test_content_blocks_hold_the_text_then_a_sources_group_of_cards() -> None:
    message, _ = await post_process(answer="Fire [Source 2] and water [Source 1].")
    text_block, group = message.content_blocks
    assert text_block.type == "text"
    assert text_block.text == message.text
    assert group.type == "group"
    assert group.title == "Sources"
    cards = group.contents
    assert [c.type for c in cards] == ["citation", "citation"]
    assert cards[0].title == "Source 2 \u00b7 Fire basics"
    assert cards[0].url is None  # javascript: never reaches a card
    assert cards[1].title == "Source 1 \u00b7 water.pdf \u2014 page 3"
    assert cards[1].url == "https://docs.example.com/water.pdf#page=3"
    assert cards[1].cited_text == "Water is essential for life."
    assert message.text[cards[1].start_index : cards[1].end_index] == "[Source 1]"
    assert message.text[cards[0].start_index : cards[0].end_index] == "[Source 2]"


async def test_no_valid_citation_means_no_cards_and_empty_payload() -> None:
    message, _ = await post_process(answer="I couldn't find this in the provided sources. [Source 7]")
    assert message.text == "I couldn't find this in the provided sources."
    assert [b.type for b in message.content_blocks] == ["text"]
    assert message.data["citations"]["sources"] == []
    assert message.data["citations"]["cited"] == []
    assert message.data["citations"]["citations_reported"] is True


async def test_include_payload_adds_json_content_inside_the_group() -> None:
    message, _ = await post_process(answer="Water [Source 1].", include_payload=True)
    cards = message.content_blocks[1].contents
    assert [c.type for c in cards] == ["citation", "json"]
    assert cards[1].data == message.data["citations"]


async def test_presented_scope_lists_every_source_cited_first() -> None:
    message, _ = await post_process(answer="Air [Source 3].", sources_scope="presented")
    assert [s["id"] for s in message.data["citations"]["sources"]] == [3, 1, 2]
    assert message.data["citations"]["cited"] == [3]


async def test_link_markers_link_claims_to_their_sources() -> None:
    message, _ = await post_process(answer="Water [Source 1]. Fire [Source 2].", link_markers=True)
    assert message.text == "Water [Source 1](https://docs.example.com/water.pdf#page=3). Fire [Source 2]."
    card = message.content_blocks[1].contents[0]
    assert (
        message.text[card.start_index : card.end_index]
        == "[Source 1](https://docs.example.com/water.pdf#page=3)"
    )


async def test_model_mode_without_streaming_invokes_the_model_once() -> None:
    model = ScriptedChatModel(chunks=["Water ", "[Sou", "rce 1]", " and [Source 4]."])
    message, _ = await post_process(model=model, prompt=Message(text="PROMPT"))
    assert message.text == "Water [Source 1] and."
    assert model.prompts == ["PROMPT"]


async def test_missing_inputs_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="Language Model"):
        await post_process()
    with pytest.raises(ValueError, match="Prompt"):
        await post_process(model=ScriptedChatModel(chunks=["x"]))


async def test_malformed_sources_rows_are_ignored_not_trusted() -> None:
    component = CitationPostProcessorComponent()
    component.set(
        sources=Data(data={"sources": [{"id": "1"}, {"id": True}, {"id": 0}, None, {"id": 2, "text": "ok"}]}),
        answer="A [Source 1]. B [Source 2].",
    )
    message = await component.build_message()
    assert message.text == "A. B [Source 2]."


def test_inputs_are_documented_and_named_as_the_contract_says() -> None:
    component = CitationPostProcessorComponent()
    names = [i.name for i in component.inputs]
    assert names == [
        "model",
        "prompt",
        "answer",
        "sources",
        "sources_scope",
        "support_check",
        "cite_missing",
        "judge_model",
        "stream",
        "link_markers",
        "include_payload",
    ]
    support = next(i for i in component.inputs if i.name == "support_check")
    assert (support.options, support.value) == (["off", "flag", "drop"], "flag")
    cite_missing = next(i for i in component.inputs if i.name == "cite_missing")
    assert (cite_missing.options, cite_missing.value) == (["off", "suggest", "insert"], "suggest")
    assert all(i.info for i in component.inputs)
    assert component.inputs[0].input_types == ["LanguageModel"]
    assert [o.name for o in component.outputs] == ["message"]
