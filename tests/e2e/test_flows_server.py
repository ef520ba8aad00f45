"""The generated flows on a real Langflow 1.13 server: upload, run over the API, read the store.

The server reaches the in-process OpenAI and Data API stand-ins on 127.0.0.1, so Langflow's own
OpenAI, embeddings and Astra DB components run unchanged. Tweaks point the flows at them, exactly
as a caller points a deployed flow at its own endpoints.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from tests.support.flows import CITE_ANY, RAG, load, standalone, standin_tweaks, without_note
from tests.support.langflow_server import LangflowClient, RunResult
from tests.support.standins.data_api_server import DEFAULT_CORPUS, DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

QUESTION = "What does water do for life?"
# Split so that markers straddle chunks; one invalid number, one group, one bare form.
ANSWER_CHUNKS = [
    "Water is ",
    "essential for life [Sou",
    "rce 1]. It",
    " boils at 100 C [Source 9",
    "]",
    " and freezes [2, 7",
    "]. Plants [3].",
]
SOURCE_MARKER = re.compile(r"\[Source (\d+)\]")
# What the Data API stand-in returns for QUESTION (cosine over its bag-of-words embeddings, limit 4),
# numbered by the parser in retrieval order: (id, header, text). Worked out by hand from DEFAULT_CORPUS.
PRESENTED = [
    (1, "water.pdf \u2014 page 3", DEFAULT_CORPUS[2].text),
    (2, "water.pdf \u2014 page 1", DEFAULT_CORPUS[0].text),
    (3, "water.pdf \u2014 page 2", DEFAULT_CORPUS[1].text),
    (4, "photosynthesis.md \u2014 page 1", DEFAULT_CORPUS[3].text),
]
CARD_TITLES = [
    "Source 1 \u00b7 water.pdf \u2014 page 3",
    "Source 2 \u00b7 water.pdf \u2014 page 1",
    "Source 3 \u00b7 water.pdf \u2014 page 2",
]
# A numbered block of the context as the model receives it: its label line, then the chunk text.
BLOCK = re.compile(r"^\[Source (\d+)\] (.+)\n(.+)$", re.MULTILINE)


@pytest.fixture(scope="module")
def tweaks(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, dict[str, Any]]:
    return standin_tweaks(openai.base_url, data_api.url)


@pytest.fixture(scope="module")
def rag_flow_id(langflow_client: LangflowClient) -> str:
    """The RAG flow as shipped: the server loaded flows/standalone/ at startup."""
    flow_id = load(standalone(RAG))["id"]
    assert langflow_client.get_flow(flow_id)["name"] == "Astra DB RAG with Citations"
    return flow_id


def answer_message(result: RunResult) -> dict[str, Any]:
    assert result.error is None, result.error
    (message,) = result.messages
    return message


def cards(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The leaves of the "Sources" group, as the v1 API projects them (groups only survive)."""
    (group,) = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return group["contents"]


def assert_only_valid_markers(text: str, presented: int) -> None:
    numbers = [int(n) for n in SOURCE_MARKER.findall(text)]
    assert numbers, text
    assert all(1 <= n <= presented for n in numbers), text
    assert "[Source 9" not in text and "7]" not in text


def test_rag_flow_non_stream_cites_and_stores_the_cards(
    langflow_client: LangflowClient, rag_flow_id: str, openai: OpenAIStandin, tweaks: dict
) -> None:
    openai.script(Reply(chunks=tuple(ANSWER_CHUNKS)))
    session = str(uuid.uuid4())
    result = langflow_client.run(rag_flow_id, QUESTION, tweaks=tweaks, session_id=session)
    message = answer_message(result)
    text = message["text"]
    assert (
        text
        == "Water is essential for life [Source 1]. It boils at 100 C and freezes [Source 2]. Plants [Source 3]."
    )
    prompt = openai.last_prompt()
    assert [(int(n), header, body) for n, header, body in BLOCK.findall(prompt)] == PRESENTED
    assert QUESTION in prompt
    titles = [c["title"] for c in cards(message)]
    assert [without_note(t) for t in titles] == CARD_TITLES

    stored = [m for m in langflow_client.messages(session_id=session) if m["sender"] == "Machine"]
    assert stored[-1]["text"] == text
    assert [c["title"] for c in cards(stored[-1])] == titles


def test_rag_flow_streams_filtered_tokens_one_by_one(
    langflow_client: LangflowClient, rag_flow_id: str, openai: OpenAIStandin, tweaks: dict
) -> None:
    openai.script(Reply(chunks=tuple(ANSWER_CHUNKS)), Reply(chunks=tuple(ANSWER_CHUNKS), chunk_delay=0.15))
    plain = answer_message(langflow_client.run(rag_flow_id, QUESTION, tweaks=tweaks))
    session = str(uuid.uuid4())
    streamed = langflow_client.run(rag_flow_id, QUESTION, tweaks=tweaks, stream=True, session_id=session)
    message = answer_message(streamed)

    tokens = streamed.named("token")
    assert len(tokens) >= 4
    assert tokens[-1].arrived - tokens[0].arrived > 0.45  # paced like the model, not one burst at the end
    for token in tokens:
        assert "[Source 9" not in token.data["chunk"]
        assert "7]" not in token.data["chunk"]
    assert "".join(t.data["chunk"] for t in tokens) == message["text"]
    assert message["text"] == plain["text"]
    assert [c["title"] for c in cards(message)] == [c["title"] for c in cards(plain)]
    # While it streams, the answer names its source as the stored one does, not with the model's repr.
    answers = [e.data for e in streamed.named("add_message") if e.data.get("sender") == "Machine"]
    assert answers
    assert {a["properties"]["source"]["source"] for a in answers} == {"Citation Post-Processor"}
    stored = langflow_client.messages(session_id=session)
    assert stored[-1]["properties"]["source"]["source"] == "Citation Post-Processor"


def test_include_payload_tweak_adds_the_json_payload(
    langflow_client: LangflowClient, rag_flow_id: str, openai: OpenAIStandin, tweaks: dict
) -> None:
    openai.script(Reply(chunks=("Water is essential [Source 1] [Source 7].",)))
    session = str(uuid.uuid4())
    with_payload = {**tweaks, "Citation Post-Processor": {"include_payload": True}}
    message = answer_message(
        langflow_client.run(rag_flow_id, QUESTION, tweaks=with_payload, session_id=session)
    )
    leaves = cards(message)
    payload = next(leaf["data"] for leaf in leaves if "data" in leaf)
    assert payload["cited"] == [1]
    assert [s["id"] for s in payload["sources"]] == [1]
    assert payload["removed"] == ["[Source 7]"]
    assert payload["citations_reported"] is True
    stored = [m for m in langflow_client.messages(session_id=session) if m["sender"] == "Machine"][-1]
    assert next(leaf["data"] for leaf in cards(stored) if "data" in leaf) == payload


def test_no_evidence_answer_has_no_cards(
    langflow_client: LangflowClient, rag_flow_id: str, openai: OpenAIStandin, tweaks: dict
) -> None:
    openai.script(Reply(chunks=("I couldn't find this in the provided sources. [Source 12]",)))
    message = answer_message(langflow_client.run(rag_flow_id, QUESTION, tweaks=tweaks))
    assert message["text"] == "I couldn't find this in the provided sources."
    assert not [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]


def test_playground_build_path_gives_the_same_cited_answer(
    langflow_client: LangflowClient, openai: OpenAIStandin, tweaks: dict
) -> None:
    # The build path runs the stored flow, so the endpoints are saved in it (as a user would set them).
    flow = load(standalone(RAG), tweaks)
    flow.pop("id")  # a second copy of the RAG flow, beside the one uploaded as shipped
    flow_id = langflow_client.upload_flow(flow)
    openai.script(Reply(chunks=tuple(ANSWER_CHUNKS)))
    events = langflow_client.build_flow(flow_id, {"input_value": QUESTION, "session": str(uuid.uuid4())})
    assert not [e for e in events if e.event == "error"], events
    answers = [e.data for e in events if e.event == "add_message" and e.data.get("sender") == "Machine"]
    final = answers[-1]
    assert_only_valid_markers(final["text"], presented=len(PRESENTED))
    # The same answer and cards as /api/v1/run gives for the same model output.
    openai.script(Reply(chunks=tuple(ANSWER_CHUNKS)))
    over_run = answer_message(langflow_client.run(flow_id, QUESTION))
    assert (
        final["text"]
        == over_run["text"]
        == (
            "Water is essential for life [Source 1]. It boils at 100 C and freezes [Source 2]. Plants [Source 3]."
        )
    )
    assert [c["title"] for c in cards(final)] == [c["title"] for c in cards(over_run)]
    assert [without_note(c["title"]) for c in cards(final)] == CARD_TITLES


def test_cite_any_answer_flow(langflow_client: LangflowClient, openai: OpenAIStandin, tweaks: dict) -> None:
    flow_id = load(standalone(CITE_ANY))["id"]  # loaded at startup
    openai.script(Reply(chunks=("Water is essential [1] and [Source 8].",)))
    message = answer_message(langflow_client.run(flow_id, QUESTION, tweaks=tweaks))
    assert message["text"] == "Water is essential [Source 1] and."
    assert [without_note(c["title"]) for c in cards(message)] == [CARD_TITLES[0]]
