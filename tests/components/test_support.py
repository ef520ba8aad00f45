"""The support check through the Citation Post-Processor: flag, drop, off, the judge, the cards.

The sources and claims are chosen so that the verdict is not in doubt for any lexical reader: a
claim copied from its source, and a claim sharing no word with the source it cites.
"""

from __future__ import annotations

import pytest
from lfx.schema.data import Data
from lfx.schema.message import Message
from lfx_openai.components.openai.openai_chat_model import OpenAIModelComponent

from lfx_citations.components.citations.citation_post_processor import CitationPostProcessorComponent
from lfx_citations.core.judge import JUDGE_INSTRUCTIONS
from tests.support.fakes import ScriptedChatModel
from tests.support.standins.fixtures import STANDIN_OPENAI_API_KEY
from tests.support.standins.openai_server import OpenAIStandin

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
# Claim 1 is source 1's sentence; claim 2 cites source 1 for what only source 2 says.
ANSWER = (
    "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower is 330 metres tall [1]."
)
KEPT = ANSWER.replace("[1]", "[Source 1]")


async def post_process(**inputs) -> tuple[Message, CitationPostProcessorComponent]:
    component = CitationPostProcessorComponent()
    component.set(sources=SOURCES, **inputs)
    return await component.build_message(), component


async def test_flag_is_the_default_and_judges_every_kept_citation_in_text_order() -> None:
    message, component = await post_process(answer=ANSWER)
    assert message.text == KEPT  # flag never changes the text
    support = message.data["citations"]["support"]
    assert [(e["id"], e["claim"], e["verdict"]) for e in support] == [
        (1, "Water boils at 100 degrees Celsius at sea level", "supported"),
        (1, "The Eiffel Tower is 330 metres tall", "unsupported"),
    ]
    for entry in support:
        assert message.text[entry["claim_start"] : entry["claim_end"]] == entry["claim"]
        assert 0.0 <= entry["score"] <= 1.0
        assert entry["conflict"] is None
        assert entry["judge"] is False
        for evidence in entry["evidence"]:
            assert WATER[evidence["start"] : evidence["end"]] == evidence["text"]
    assert support[0]["evidence"][0]["text"] == "Water boils at 100 degrees Celsius at sea level."
    assert support[0]["better_source"] is None
    assert support[1]["better_source"] == 2  # a suggestion only: the text still cites 1
    assert [e["note"] for e in support] == [None, "claim not found in this source"]
    assert message.data["citations"]["support_summary"] == {
        "citations": 2,
        "supported": 1,
        "partial": 0,
        "unsupported": 1,
        "contradicted": 0,
        "claims": 2,
        "claims_supported": 1,
    }
    assert message.data["citations"]["removed_unsupported"] == []
    assert component.status == (
        "Cited sources: 1. Removed markers: 0. Support: 1 supported, 0 partial, 1 unsupported, 0 contradicted."
    )


async def test_cards_show_the_evidence_sentence_and_open_with_a_warning_when_a_claim_is_not_there() -> None:
    message, _ = await post_process(answer=ANSWER)
    (card,) = message.content_blocks[1].contents
    # The title stays the source's name, so the Playground never cuts the warning off: it opens the
    # snippet, followed by the closest passage.
    assert card.title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    assert card.cited_text == (
        "\u26a0 claim not found in this source \u2014 Water boils at 100 degrees Celsius at sea level."
    )
    message, _ = await post_process(answer="Ice melts at 0 degrees [Source 1].")
    (card,) = message.content_blocks[1].contents
    assert card.title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    assert card.cited_text == "Ice melts at 0 degrees."


async def test_a_contradicted_citation_names_what_the_source_says_instead() -> None:
    answer = "The Eiffel Tower in Lyon is 330 metres tall [Source 2]. Water does not boil at 100 degrees Celsius [1]."
    message, component = await post_process(answer=answer)
    support = message.data["citations"]["support"]
    assert [(e["id"], e["verdict"]) for e in support] == [(2, "contradicted"), (1, "contradicted")]
    name, negation = (e["conflict"] for e in support)
    assert name == {
        "kind": "name",
        "claim_text": "Lyon",
        "source_text": "Paris",
        "source_start": TOWER.index("Paris"),
        "source_end": TOWER.index("Paris") + len("Paris"),
    }
    assert negation["kind"] == "negation"
    assert (
        WATER[negation["source_start"] : negation["source_end"]]
        == negation["source_text"]
        == "boils at 100 degrees"
    )
    assert negation["claim_text"] == "does not boil at 100 degrees"
    assert support[0]["note"] == "the source says \u00abParis\u00bb where the answer says \u00abLyon\u00bb"
    assert message.data["citations"]["support_summary"]["contradicted"] == 2
    assert component.status.endswith("Support: 0 supported, 0 partial, 0 unsupported, 2 contradicted.")
    tower, water = message.content_blocks[1].contents
    assert tower.title == "Source 2 \u00b7 paris.md"
    assert tower.cited_text == (
        "\u26a0 the source says \u00abParis\u00bb, not \u00abLyon\u00bb \u2014 "
        "The Eiffel Tower in Paris is 330 metres tall and was finished in 1889."
    )
    # Both sides would not fit the card: what the source says comes first.
    assert water.cited_text.startswith(
        "\u26a0 the source says \u00abboils at 100 degrees\u00bb \u2014 Water boils"
    )


async def test_a_partial_citation_is_in_the_payload_but_puts_no_warning_on_the_card() -> None:
    # Source 2 says the height, not the paint: part of the claim.
    answer = (
        "The Eiffel Tower is 330 metres tall and was painted by Gustave Eiffel in bright yellow every seven years "
        "[Source 2]."
    )
    message, _ = await post_process(answer=answer)
    (entry,) = message.data["citations"]["support"]
    assert entry["verdict"] == "partial"
    assert entry["note"] == "claim only partly in this source"
    (card,) = message.content_blocks[1].contents
    assert "\u26a0" not in card.title + card.cited_text
    assert card.cited_text == TOWER


async def test_drop_removes_an_unsupported_citation_like_an_invalid_marker() -> None:
    message, component = await post_process(answer=ANSWER, support_check="drop")
    assert (
        message.text
        == "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower is 330 metres tall."
    )
    payload = message.data["citations"]
    assert [e["verdict"] for e in payload["support"]] == ["supported"]
    (dropped,) = payload["removed_unsupported"]
    assert (dropped["id"], dropped["claim"], dropped["verdict"]) == (
        1,
        "The Eiffel Tower is 330 metres tall",
        "unsupported",
    )
    assert payload["cited"] == [1]
    assert "Support: 1 supported, 0 partial, 0 unsupported, 0 contradicted, 1 removed." in component.status
    # The claim lost its citation; the source that says it is suggested (cite_missing's default).
    (suggested,) = payload["suggested"]
    assert (suggested["id"], suggested["claim"], suggested["replaces"]) == (2, dropped["claim"], "[1]")


CONTRADICTED = "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower in Paris is 350 metres tall [2]."


async def test_drop_removes_a_contradicted_citation_and_lists_it_with_its_verdict() -> None:
    message, component = await post_process(answer=CONTRADICTED, support_check="drop")
    assert message.text == (
        "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower in Paris is 350 metres tall."
    )
    payload = message.data["citations"]
    (dropped,) = payload["removed_unsupported"]
    assert dropped["verdict"] == "contradicted"
    assert dropped["conflict"] == {
        "kind": "number",
        "claim_text": "350",
        "source_text": "330",
        "source_start": TOWER.index("330"),
        "source_end": TOWER.index("330") + 3,
    }
    assert payload["cited"] == [1]
    assert component.status.endswith("1 removed.")
    chunks = [CONTRADICTED[i : i + 4] for i in range(0, len(CONTRADICTED), 4)]
    streamed, _ = await post_process(model=ScriptedChatModel(chunks=chunks), prompt="Q", support_check="drop")
    assert streamed.text == message.text
    assert streamed.data["citations"] == payload


async def test_drop_in_streaming_equals_drop_in_one_shot() -> None:
    chunks = [ANSWER[i : i + 3] for i in range(0, len(ANSWER), 3)]
    one_shot, _ = await post_process(answer=ANSWER, support_check="drop")
    streamed, _ = await post_process(model=ScriptedChatModel(chunks=chunks), prompt="Q", support_check="drop")
    assert streamed.text == one_shot.text
    assert streamed.data["citations"] == one_shot.data["citations"]


async def test_off_checks_nothing() -> None:
    message, component = await post_process(answer=ANSWER, support_check="off")
    assert message.text == KEPT
    assert not {"support", "support_summary", "removed_unsupported"} & set(message.data["citations"])
    assert message.content_blocks[1].contents[0].title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    assert component.status == "Cited sources: 1. Removed markers: 0."


async def test_a_qualifier_the_model_wrote_is_kept_in_the_payload_not_the_text() -> None:
    message, _ = await post_process(answer="Ice melts at 0 degrees [Source 1, p. 9]. Tall [Source 7, p. 2].")
    assert message.text == "Ice melts at 0 degrees [Source 1]. Tall."
    assert message.data["citations"]["qualifiers"] == [{"id": 1, "qualifier": "p. 9"}]
    assert message.data["citations"]["support"][0]["qualifier"] == "p. 9"


# Every word of the claim is in source 1 but its number is not: capped below "supported", uncertain.
UNSURE = "Water boils at 90 degrees Celsius at sea level [Source 1]."


async def test_the_judge_settles_uncertain_citations_in_one_call_with_the_fixed_prompt() -> None:
    probe, _ = await post_process(answer=UNSURE)
    (entry,) = probe.data["citations"]["support"]
    assert 0.5 <= entry["score"] < 0.85, "the example must fall in the uncertain band"
    judge = ScriptedChatModel(chunks=["1: unsupported"])
    message, component = await post_process(answer=UNSURE, judge_model=judge, support_check="drop")
    assert len(judge.prompts) == 1
    assert judge.prompts[0].startswith(JUDGE_INSTRUCTIONS)
    assert "CLAIM: Water boils at 90 degrees Celsius at sea level" in judge.prompts[0]
    assert f"SOURCE: {WATER}" in judge.prompts[0]
    assert (
        message.text == "Water boils at 90 degrees Celsius at sea level."
    )  # drop, not streamed: the text follows
    assert [e["id"] for e in message.data["citations"]["removed_unsupported"]] == [1]
    assert "Judge settled 1 citation(s)." in component.status


@pytest.mark.parametrize(
    ("judge", "note"),
    [
        (
            ScriptedChatModel(chunks=["Looks fine to me."]),
            "Judge answered out of format; the offline verdicts stand.",
        ),
        (ScriptedChatModel(chunks=["1: supported\n2: partial"]), "Judge answered out of format"),
        (ScriptedChatModel(chunks=["x"], fail_invoke=True), "Judge failed (ConnectionError"),
    ],
)
async def test_a_failing_or_rambling_judge_leaves_the_offline_verdicts(
    judge: ScriptedChatModel, note: str
) -> None:
    judge.prompts = []
    offline, _ = await post_process(answer=UNSURE)
    message, component = await post_process(answer=UNSURE, judge_model=judge)
    assert message.data["citations"] == offline.data["citations"]
    assert note in component.status


async def test_no_uncertain_citation_means_no_judge_call() -> None:
    judge = ScriptedChatModel(chunks=["1: unsupported"])
    judge.prompts = []
    await post_process(answer="Ice melts at 0 degrees [Source 1].", judge_model=judge)
    assert judge.prompts == []


async def test_the_judge_through_langflows_openai_model_and_the_wire_protocol(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANGFLOW_SSRF_ALLOWED_HOSTS", "127.0.0.1")  # the stand-in listens on loopback
    with OpenAIStandin() as standin:
        standin.script("1: supported")
        model = OpenAIModelComponent(
            api_key=STANDIN_OPENAI_API_KEY,
            openai_api_base=standin.base_url,
            model_name="gpt-4o-mini",
            max_retries=0,
        ).build_model()
        message, component = await post_process(answer=UNSURE, judge_model=model)
        (request,) = standin.chat_requests
    assert request["messages"][-1]["content"].startswith(JUDGE_INSTRUCTIONS)
    assert message.data["citations"]["support"][0]["verdict"] == "supported"
    assert message.content_blocks[1].contents[0].title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    assert "Judge settled 1 citation(s)." in component.status


async def test_the_judge_also_sees_the_citations_the_offline_check_would_flag() -> None:
    # Claim 2 is unsupported with a low score, outside the uncertain band: a flag the judge confirms or clears.
    judge = ScriptedChatModel(chunks=["1: supported"])
    judge.prompts = []
    message, component = await post_process(answer=ANSWER, judge_model=judge)
    (prompt,) = judge.prompts
    assert "CLAIM: The Eiffel Tower is 330 metres tall\nSOURCE: " + WATER in prompt
    assert "Item 2" not in prompt  # the supported claim is not asked about
    first, second = message.data["citations"]["support"]
    assert (first["verdict"], first["judge"]) == ("supported", False)
    assert (second["verdict"], second["judge"], second["note"]) == ("supported", True, None)
    (card,) = message.content_blocks[1].contents
    assert "\u26a0" not in card.cited_text
    assert "Judge settled 1 citation(s)." in component.status


async def test_a_contradiction_the_judge_confirms_stays_and_one_it_finds_says_so_on_the_card() -> None:
    answer = "The Eiffel Tower in Paris is 350 metres tall [Source 2]. The Eiffel Tower is 330 metres tall [Source 1]."
    judge = ScriptedChatModel(chunks=["1: contradicted\n2: contradicted"])
    judge.prompts = []
    message, _ = await post_process(answer=answer, judge_model=judge)
    number, judged = message.data["citations"]["support"]
    assert (number["verdict"], number["judge"], number["conflict"]["source_text"]) == (
        "contradicted",
        True,
        "330",
    )
    # The judge's own contradiction has no words to show: the card says so plainly.
    assert (judged["verdict"], judged["judge"], judged["conflict"]) == ("contradicted", True, None)
    tower, water = message.content_blocks[1].contents  # in order of first citation
    assert tower.cited_text.startswith("\u26a0 the source says \u00ab330\u00bb, not \u00ab350\u00bb \u2014 ")
    assert water.cited_text.startswith("\u26a0 the source says otherwise \u2014 ")
