"""Agents and conversations through a real Langflow 1.13 server, with the OpenAI and Data API stand-ins.

The OpenAI stand-in answers the Agent with scripted ``tool_calls`` messages (streamed, as the Agent
always asks its model to stream), then a final answer after the tool results.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.support.flows import AGENT, RAG, STREAMING_AGENT, load, standalone, standin_tweaks, without_note
from tests.support.langflow_server import LangflowClient, RunResult
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

BLOCK = re.compile(r"\[Source (\d+)\] [^\n]+\n([^\n]+)")


@pytest.fixture(scope="module")
def tweaks(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, dict[str, Any]]:
    return standin_tweaks(openai.base_url, data_api.url)


@pytest.fixture(scope="module")
def agent_tweaks(tweaks: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    # One chunk per search, so that each call brings its own.
    return {**tweaks, "Astra DB": {**tweaks["Astra DB"], "number_of_results": 1}}


def answer(result: RunResult) -> dict[str, Any]:
    assert result.error is None, result.error
    (message,) = result.messages
    return message


def cards(message: dict[str, Any]) -> list[dict[str, Any]]:
    groups = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return [c for g in groups for c in g["contents"] if c.get("type") == "citation"]


def search(query: str) -> Reply:
    return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))


def tool_results(openai: OpenAIStandin) -> list[str]:
    return [m["content"] for m in openai.chat_requests[-1]["messages"] if m["role"] == "tool"]


def presented(prompt: str) -> list[tuple[int, str]]:
    """(number, chunk text) of each block in the prompt's Sources section, in order."""
    section = prompt.split("Sources:\n", 1)[1].split("\n\nQuestion:", 1)[0]
    return [(int(n), text) for n, text in BLOCK.findall(section)]


# --------------------------------------------------------------------------- agent runs


def run_alone(
    client: LangflowClient, question: str, tweaks: dict, *, stream: bool = False, flow: Path = AGENT
) -> RunResult:
    """A run of ``flow``'s standalone copy (what the shared server loaded), in a session of its own.

    Without a session, Langflow uses the flow's id: one long conversation.
    """
    return client.run(
        load(standalone(flow))["id"], question, tweaks=tweaks, stream=stream, session_id=str(uuid.uuid4())
    )


def test_agent_two_searches_one_numbering(
    langflow_client: LangflowClient, openai: OpenAIStandin, agent_tweaks: dict
) -> None:
    openai.script(
        search("photosynthesis plants"),
        search("water cycle evaporation"),
        Reply(chunks=("Plants make sugar [Sou", "rce 1]; water evaporates [2]. Also [Source 9].")),
    )
    message = answer(run_alone(langflow_client, "Plants and water?", agent_tweaks))
    first, second = tool_results(openai)
    assert first.startswith("[Source 1] photosynthesis.md — page 1\nPhotosynthesis is the process")
    assert second.startswith("[Source 2] water.pdf — page 3\nThe water cycle moves water")
    assert message["text"] == "Plants make sugar [Source 1]; water evaporates [Source 2]. Also."
    assert [without_note(c["title"]) for c in cards(message)] == [
        "Source 1 \u00b7 photosynthesis.md \u2014 page 1",
        "Source 2 \u00b7 water.pdf \u2014 page 3",
    ]


def test_agent_repeated_chunk_keeps_its_number_and_unseen_number_is_removed(
    langflow_client: LangflowClient, openai: OpenAIStandin, agent_tweaks: dict
) -> None:
    openai.script(
        search("water cycle evaporation"),
        search("water cycle rain"),
        Reply(chunks=("Rain falls [Source 1] [Source 2].",)),
    )
    message = answer(run_alone(langflow_client, "Rain?", agent_tweaks, stream=True))
    first, second = tool_results(openai)
    assert first == second and first.startswith("[Source 1] water.pdf — page 3")
    assert message["text"] == "Rain falls [Source 1]."
    assert [without_note(c["title"]) for c in cards(message)] == ["Source 1 \u00b7 water.pdf \u2014 page 3"]


def test_agent_without_a_search_has_no_cards(
    langflow_client: LangflowClient, openai: OpenAIStandin, agent_tweaks: dict
) -> None:
    openai.script(Reply(chunks=("Hello [Source 1].",)))
    message = answer(run_alone(langflow_client, "Hi", agent_tweaks))
    assert message["text"] == "Hello."
    assert cards(message) == []


def test_citing_agent_streams_filtered_tokens_then_cards(
    langflow_client: LangflowClient, openai: OpenAIStandin, agent_tweaks: dict
) -> None:
    chunks = ("Plants make sugar [Sou", "rce 1]; water [2", "] evaporates [Source 9", "].")
    expected = "Plants make sugar [Source 1]; water [Source 2] evaporates."
    for stream in (True, False):
        openai.script(
            search("photosynthesis plants"),
            search("water cycle evaporation"),
            Reply(chunks=chunks, chunk_delay=0.1),
        )
        result = run_alone(langflow_client, "Plants?", agent_tweaks, stream=stream, flow=STREAMING_AGENT)
        message = answer(result)
        assert message["text"] == expected
        assert [without_note(c["title"]) for c in cards(message)] == [
            "Source 1 \u00b7 photosynthesis.md \u2014 page 1",
            "Source 2 \u00b7 water.pdf \u2014 page 3",
        ]
        if stream:
            tokens = [t.data["chunk"] for t in result.named("token")]
            assert len(tokens) >= 3
            assert "".join(tokens) == expected
            assert not any("9" in t for t in tokens)


# --------------------------------------------------------------------------- conversations


def test_rag_conversation_keeps_numbers_for_three_turns(
    langflow_client: LangflowClient, openai: OpenAIStandin, tweaks: dict
) -> None:
    flow_id, session, question = (
        load(standalone(RAG))["id"],
        str(uuid.uuid4()),
        "What does water do for life?",
    )
    openai.script(Reply(chunks=("Water cycles [Source 1]. It boils [Source 3].",)))
    turn1 = answer(langflow_client.run(flow_id, question, tweaks=tweaks, session_id=session))
    order = [text for _, text in presented(openai.last_prompt())]
    assert [n for n, _ in presented(openai.last_prompt())] == list(range(1, len(order) + 1))
    assert len(order) >= 4
    card3 = next(c for c in cards(turn1) if c["title"].startswith("Source 3 "))

    # Turn 2, same retrieval: the cited chunks (1, 3) keep their numbers, the others continue after 3.
    openai.script(Reply(chunks=("Again [Source 3], and [Source 5].",)))
    turn2 = answer(langflow_client.run(flow_id, question, tweaks=tweaks, session_id=session))
    prompt2 = openai.last_prompt()
    expected2 = [1, 4, 3, 5, *range(6, len(order) + 2)][: len(order)]
    assert presented(prompt2) == list(zip(expected2, order, strict=True))
    assert "Water cycles [Source 1]. It boils [Source 3]." in prompt2  # the history the model sees
    assert turn2["text"] == "Again [Source 3], and [Source 5]."
    turn2_cards = cards(turn2)
    # The same card: number, name, page and link (its snippet is the evidence for this turn's claim).
    assert without_note(turn2_cards[0]["title"]) == without_note(card3["title"])
    assert turn2_cards[0].get("url") == card3.get("url")
    assert (turn2_cards[0]["start_index"], turn2_cards[0]["end_index"]) == (6, 16)

    # Turn 3: 1, 3 (turn 1) and 5 (turn 2) are kept; the one chunk never cited gets the next number, 6.
    openai.script(Reply(chunks=("Once more [Source 5].",)))
    turn3 = answer(langflow_client.run(flow_id, question, tweaks=tweaks, session_id=session))
    expected3 = [1, 6, 3, 5, *range(7, len(order) + 3)][: len(order)]
    assert [n for n, _ in presented(openai.last_prompt())] == expected3
    assert [without_note(c["title"]) for c in cards(turn3)] == [without_note(turn2_cards[1]["title"])]


def test_agent_conversation_keeps_numbers_across_turns(
    langflow_client: LangflowClient, openai: OpenAIStandin, agent_tweaks: dict
) -> None:
    flow_id, session = load(standalone(AGENT))["id"], str(uuid.uuid4())
    openai.script(search("photosynthesis plants"), Reply(chunks=("Plants make sugar [Source 1].",)))
    turn1 = answer(langflow_client.run(flow_id, "Plants?", tweaks=agent_tweaks, session_id=session))
    (card1,) = cards(turn1)

    openai.script(
        search("water cycle evaporation"),
        search("photosynthesis plants"),
        Reply(chunks=("Water cycles [Source 2]; plants [Source 1].",)),
    )
    turn2 = answer(langflow_client.run(flow_id, "Water and plants?", tweaks=agent_tweaks, session_id=session))
    water, plants = tool_results(openai)
    assert water.startswith("[Source 2] water.pdf — page 3")
    assert plants.startswith("[Source 1] photosynthesis.md — page 1")
    # The history the agent's model reads holds turn 1's answer, whose marker still means that chunk.
    history = [m["content"] for m in openai.chat_requests[-1]["messages"] if m["role"] == "assistant"]
    assert "Plants make sugar [Source 1]." in history
    assert turn2["text"] == "Water cycles [Source 2]; plants [Source 1]."
    assert [without_note(c["title"]) for c in cards(turn2)] == [
        "Source 2 \u00b7 water.pdf \u2014 page 3",
        without_note(card1["title"]),
    ]
