"""The shipped Astra DB Agent with Citations flow, loaded by lfx, against the OpenAI and Data API stand-ins.

The OpenAI stand-in answers on the real wire protocol with scripted ``tool_calls`` messages, then a final
answer after the tool results; the Astra DB component searches the Data API stand-in once per tool call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.flows import STREAMING_AGENT, build, run_in_process, source_cards, standin_tweaks
from tests.support.standins.data_api_server import DataAPIStandin, SeedDocument
from tests.support.standins.fixtures import STANDIN_ASTRA_TOKEN
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytest_plugins = ["tests.support.standins.fixtures"]

AGENT_FLOW = Path(__file__).resolve().parents[2] / "flows" / "astra_db_agent_with_citations.json"
CORPUS = [
    SeedDocument("Water boils at 100 degrees Celsius at sea level.", {"file_name": "water.pdf", "page": 2}),
    SeedDocument("Fire needs heat, fuel and oxygen to burn.", {"file_name": "fire.md"}),
]


@pytest.fixture
def corpus(monkeypatch: pytest.MonkeyPatch, data_api_standin: DataAPIStandin) -> DataAPIStandin:
    monkeypatch.setenv(build.ASTRA_ENDPOINT_VARIABLE, data_api_standin.api_endpoint)
    monkeypatch.setenv(build.ASTRA_TOKEN_VARIABLE, STANDIN_ASTRA_TOKEN)
    data_api_standin.seed(CORPUS, collection=build.COLLECTION)
    return data_api_standin


def search(query: str) -> Reply:
    return Reply(tool_calls=({"name": "search_sources", "arguments": {"query": query}},))


def tweaks(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict:
    result = standin_tweaks(openai.base_url, data_api.api_endpoint)
    result["Astra DB"]["number_of_results"] = 1  # one chunk per search: each call brings its own
    return result


async def test_agent_flow_numbers_two_searches_as_one_set(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], corpus: DataAPIStandin
) -> None:
    openai_standin.script(
        search("water boiling"),
        search("fire oxygen"),
        Reply(chunks=("Water boils at 100 °C [Sou", "rce 1]; fire needs oxygen [2] and more [Source 7].")),
    )
    message = await run_in_process(
        AGENT_FLOW, "How do water and fire behave?", tweaks(openai_standin, corpus)
    )

    chats = openai_standin.chat_requests
    assert len(chats) == 3
    assert [t["function"]["name"] for t in chats[0]["tools"]] == ["search_sources"]
    tool_messages = [m["content"] for m in chats[2]["messages"] if m["role"] == "tool"]
    assert tool_messages == [
        "[Source 1] water.pdf — page 2\nWater boils at 100 degrees Celsius at sea level.",
        "[Source 2] fire.md\nFire needs heat, fuel and oxygen to burn.",
    ]
    assert message.text == "Water boils at 100 °C [Source 1]; fire needs oxygen [Source 2] and more."
    payload = message.data["citations"]
    assert (payload["cited"], payload["removed"]) == ([1, 2], ["[Source 7]"])
    assert [c.title for c in source_cards(message)] == [
        "Source 1 \u00b7 water.pdf \u2014 page 2",
        "Source 2 \u00b7 fire.md",
    ]


async def test_agent_flow_without_a_search_has_no_cards(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], corpus: DataAPIStandin
) -> None:
    openai_standin.script(Reply(chunks=("Hello [Source 1].",)))
    message = await run_in_process(AGENT_FLOW, "Hi!", tweaks(openai_standin, corpus))
    assert message.text == "Hello."
    assert message.data["citations"]["sources"] == []
    assert not [b for b in message.content_blocks if getattr(b, "title", None) == "Sources"]


async def test_streaming_agent_flow_cites_the_same_way(
    openai_standin: OpenAIStandin, standin_env: dict[str, str], corpus: DataAPIStandin
) -> None:
    openai_standin.script(
        search("water boiling"),
        search("fire oxygen"),
        Reply(chunks=("Water boils at 100 °C [Sou", "rce 1]; fire needs oxygen [2] and more [Source 7].")),
    )
    message = await run_in_process(
        STREAMING_AGENT, "How do water and fire behave?", tweaks(openai_standin, corpus)
    )
    assert message.text == "Water boils at 100 °C [Source 1]; fire needs oxygen [Source 2] and more."
    assert message.data["citations"]["removed"] == ["[Source 7]"]
    assert [c.title for c in source_cards(message)] == [
        "Source 1 \u00b7 water.pdf \u2014 page 2",
        "Source 2 \u00b7 fire.md",
    ]
