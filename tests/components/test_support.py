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
        for evidence in entry["evidence"]:
            assert WATER[evidence["start"] : evidence["end"]] == evidence["text"]
    assert support[0]["evidence"][0]["text"] == "Water boils at 100 degrees Celsius at sea level."
    assert support[0]["better_source"] is None
    assert support[1]["better_source"] == 2  # a suggestion only: the text still cites 1
    assert message.data["citations"]["support_summary"] == {
        "citations": 2,
        "supported": 1,
        "partial": 0,
        "unsupported": 1,
        "claims": 2,
        "claims_supported": 1,
    }
    assert message.data["citations"]["removed_unsupported"] == []
    assert (
        component.status
        == "Cited sources: 1. Removed markers: 0. Support: 1 supported, 0 partial, 1 unsupported."
    )


async def test_cards_show_the_evidence_sentence_and_say_when_a_claim_is_not_in_the_source() -> None:
    message, _ = await post_process(answer=ANSWER)
    (card,) = message.content_blocks[1].contents
    assert (
        card.title == "Source 1 \u00b7 water.pdf \u2014 page 2 \u00b7 \u26a0 claim not found in this source"
    )
    assert card.cited_text == "Water boils at 100 degrees Celsius at sea level."  # where it says it
    message, _ = await post_process(answer="Ice melts at 0 degrees [Source 1].")
    (card,) = message.content_blocks[1].contents
    assert card.title == "Source 1 \u00b7 water.pdf \u2014 page 2"
    assert card.cited_text == "Ice melts at 0 degrees."


async def test_drop_removes_an_unsupported_citation_like_an_invalid_marker() -> None:
    message, component = await post_process(answer=ANSWER, support_check="drop")
    assert (
        message.text
        == "Water boils at 100 degrees Celsius at sea level [Source 1]. The Eiffel Tower is 330 metres tall."
    )
    payload = message.data["citations"]
    assert [e["verdict"] for e in payload["support"]] == ["supported"]
    (dropped,) = payload["removed_unsupported"]
    assert (dropped["id"], dropped["claim"]) == (1, "The Eiffel Tower is 330 metres tall")
    assert payload["cited"] == [1]
    assert "Support: 1 supported, 0 partial, 0 unsupported, 1 removed." in component.status
    # The claim lost its citation; the source that says it is suggested (cite_missing's default).
    (suggested,) = payload["suggested"]
    assert (suggested["id"], suggested["claim"], suggested["replaces"]) == (2, dropped["claim"], "[1]")


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
