"""Uncited claims through the Citation Post-Processor: ``cite_missing`` suggest (default), insert, off.

Each claim is copied from one source and shares no content word with the other, so which source
states it is not in doubt for any lexical reader.
"""

from __future__ import annotations

import json

from lfx.schema.data import Data
from lfx.schema.message import Message

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.core.presented import prior_sources
from lfx_citations.core.registry import SourceRegistry
from lfx_citations.core.text import read_card_title
from tests.support.fakes import ScriptedChatModel

WATER = "Water boils at 100 degrees Celsius at sea level. Ice melts at 0 degrees."
TOWER = "The Eiffel Tower in Paris is 330 metres tall and was finished in 1889."
SOURCES = Data(
    data={
        "sources": [
            {"id": 1, "document": "water.pdf", "page": 2, "text": WATER},
            {"id": 2, "document": "paris.md", "page": None, "text": TOWER},
        ]
    }
)
# Claim 1 is cited; claim 2 is not; claim 3 cites a number that was never presented; then a question.
ANSWER = (
    "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower in Paris is 330 metres "
    "tall. Ice melts at 0 degrees [9]. Shall I go on?"
)
INSERTED = (
    "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower in Paris is 330 metres "
    "tall [Source 2]. Ice melts at 0 degrees [Source 1]. Shall I go on?"
)


async def post_process(**inputs) -> tuple[Message, CitationPostProcessorComponent]:
    component = CitationPostProcessorComponent()
    component.set(sources=SOURCES, **inputs)
    return await component.build_message(), component


def titles(message: Message) -> list[str]:
    return [card.title for card in message.content_blocks[1].contents]


async def test_suggest_is_the_default_lists_the_sources_and_changes_no_text() -> None:
    message, component = await post_process(answer=ANSWER)
    assert message.text == ANSWER.replace("[9]", "").replace(" .", ".")
    payload = message.data["citations"]
    assert "inserted" not in payload
    assert [(e["id"], e["claim"], e["replaces"]) for e in payload["suggested"]] == [
        (2, "The Eiffel Tower in Paris is 330 metres tall", None),
        (1, "Ice melts at 0 degrees", "[9]"),
    ]
    for entry in payload["suggested"]:
        assert message.text[entry["claim_start"] : entry["claim_end"]] == entry["claim"]
        assert set(entry) == {"id", "claim", "claim_start", "claim_end", "score", "evidence", "replaces"}
        source = {1: WATER, 2: TOWER}[entry["id"]]
        assert [source[e["start"] : e["end"]] for e in entry["evidence"]] == [
            e["text"] for e in entry["evidence"]
        ]
    assert payload["suggested"][0]["evidence"][0]["text"] == TOWER
    assert payload["cited"] == [1]  # a suggestion cites nothing
    assert titles(message) == ["Source 1 \u00b7 water.pdf \u2014 page 2"]
    assert component.status.endswith("Sources suggested for 2 uncited claim(s): 2, 1.")
    json.dumps(payload, allow_nan=False)


async def test_insert_cites_the_sure_source_and_its_card_says_the_checker_added_it() -> None:
    message, component = await post_process(answer=ANSWER, cite_missing="insert")
    assert message.text == INSERTED
    payload = message.data["citations"]
    assert "suggested" not in payload
    tower, ice = payload["inserted"]
    assert (tower["id"], tower["replaces"], ice["id"], ice["replaces"]) == (2, None, 1, "[9]")
    for entry in (tower, ice):
        assert message.text[entry["claim_start"] : entry["claim_end"]] == entry["claim"]
        assert message.text[entry["claim_end"] :].startswith(f" [Source {entry['id']}].")  # ends before it
    # The inserted source joins "cited" in order of first citation, with its number from the context.
    assert payload["cited"] == [1, 2]
    assert [s["id"] for s in payload["sources"]] == [1, 2]
    # The cards open with the note where the Playground shows it in full (the title is cut at two lines).
    assert titles(message) == ["Source 1 \u00b7 water.pdf \u2014 page 2", "Source 2 \u00b7 paris.md"]
    cards = message.content_blocks[1].contents
    assert [card.cited_text for card in cards] == [
        "+ also added where the answer did not cite it \u2014 Water boils at 100 degrees Celsius at sea level.",
        f"+ added: the answer did not cite it \u2014 {TOWER}",  # where the source says that claim
    ]
    assert message.text[cards[1].start_index : cards[1].end_index] == "[Source 2]"
    # The support check judges the answer's own citations only; the inserted ones are listed apart.
    assert [e["id"] for e in payload["support"]] == [1]
    assert component.status.endswith("Citations added to 2 uncited claim(s): 2, 1.")


async def test_cards_with_the_note_are_read_back_in_the_next_turn() -> None:
    message, _ = await post_process(answer=ANSWER, cite_missing="insert")
    assert [read_card_title(title) for title in titles(message)] == [
        (1, "water.pdf", 2),
        (2, "paris.md", None),
    ]
    stored = json.loads(message.model_dump_json())  # as the message store gives it back
    # The next turn retrieves the same chunks again, in another order: they keep their numbers.
    registry = SourceRegistry()
    registry.remember(prior_sources([stored]))
    records, _ = registry.present(
        [{"text": TOWER, "file_name": "paris.md"}, {"text": WATER, "file_name": "water.pdf", "page": 2}]
    )
    assert [r.id for r in records] == [2, 1]


async def test_insert_streams_as_it_runs_one_shot() -> None:
    one_shot, _ = await post_process(answer=ANSWER, cite_missing="insert", support_check="drop")
    for size in (1, 3, 7):
        chunks = [ANSWER[i : i + size] for i in range(0, len(ANSWER), size)]
        model = ScriptedChatModel(chunks=chunks)
        streamed, _ = await post_process(model=model, prompt="Q", cite_missing="insert", support_check="drop")
        assert streamed.text == one_shot.text == INSERTED
        assert streamed.data["citations"] == one_shot.data["citations"]
        assert titles(streamed) == titles(one_shot)


async def test_off_leaves_uncited_claims_alone() -> None:
    message, component = await post_process(answer=ANSWER, cite_missing="off")
    assert not {"suggested", "inserted"} & set(message.data["citations"])
    assert "uncited" not in component.status


async def test_an_answer_citing_every_claim_is_returned_as_the_engine_alone_gives_it() -> None:
    cited = (
        "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower is 330 metres tall [2]."
    )
    message, _ = await post_process(answer=cited, cite_missing="insert")
    assert message.text == cited.replace("[2]", "[Source 2]")
    assert message.data["citations"]["inserted"] == []
    assert titles(message) == ["Source 1 \u00b7 water.pdf \u2014 page 2", "Source 2 \u00b7 paris.md"]


async def test_the_no_evidence_answer_the_prompt_asked_for_is_no_claim() -> None:
    prompt = (
        "Citation rules (always apply):\n5. If the sources do not contain the answer, reply exactly: "
        '"Water boils at 100 degrees Celsius at sea level." and cite nothing.'
    )
    model = ScriptedChatModel(chunks=["Water boils at 100 degrees Celsius at sea level."])
    message, _ = await post_process(model=model, prompt=prompt, cite_missing="insert")
    assert message.text == "Water boils at 100 degrees Celsius at sea level."
    message, _ = await post_process(
        answer="Water boils at 100 degrees Celsius at sea level.", cite_missing="insert"
    )
    assert message.text == "Water boils at 100 degrees Celsius at sea level [Source 1]."


async def test_without_the_support_check_uncited_claims_are_still_judged() -> None:
    message, _ = await post_process(answer=ANSWER, cite_missing="insert", support_check="off")
    assert message.text == INSERTED
    assert "support" not in message.data["citations"]
    assert len(message.data["citations"]["inserted"]) == 2


async def test_an_unknown_mode_falls_back_to_suggest() -> None:
    message, _ = await post_process(answer=ANSWER, cite_missing="always")
    assert message.text == ANSWER.replace(" [9]", "")
    assert len(message.data["citations"]["suggested"]) == 2


async def test_claims_no_source_supports_are_listed_apart_from_those_that_are_no_claims() -> None:
    answer = (
        "Water boils at 100 degrees Celsius at sea level [Source 1]. The Louvre opened to the public in 1793. "
        "Here is what I found: Shall I go on?"
    )
    for mode in ("suggest", "insert"):
        message, _ = await post_process(answer=answer, cite_missing=mode)
        payload = message.data["citations"]
        claim = "The Louvre opened to the public in 1793"
        assert payload["unsupported_uncited"] == [
            {
                "claim_text": claim,
                "start": message.text.index(claim),
                "end": message.text.index(claim) + len(claim),
            }
        ]
        assert payload["suggested" if mode == "suggest" else "inserted"] == []
        json.dumps(payload, allow_nan=False)
    message, _ = await post_process(answer=answer, cite_missing="off")
    assert "unsupported_uncited" not in message.data["citations"]
