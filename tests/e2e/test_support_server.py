"""The support check on a real Langflow 1.13 server: ``support_check=drop`` over ``/api/v1/run``.

The answer quotes a retrieved chunk for its first claim, then cites that same chunk for a sentence
only another chunk holds. The first run (check off) reads the numbered context from what reached
the model, so the test knows which chunk has which number without assuming the retrieval order.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowClient, RunResult
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

QUESTION = "At what temperature does water boil, and how do plants make glucose?"
BLOCK = re.compile(r"^\[Source (\d+)\] [^\n]*\n(.+?)(?=\n\n\[Source \d+\] |\n\nQuestion: |\Z)", re.M | re.S)


def presented_chunks(prompt: str) -> dict[int, str]:
    """``{number: chunk text}`` as the numbered context showed them to the model."""
    return {int(n): " ".join(text.split()) for n, text in BLOCK.findall(prompt)}


def answer_message(result: RunResult) -> dict[str, Any]:
    assert result.error is None, result.error
    (message,) = result.messages
    return message


def sources_group(message: dict[str, Any]) -> list[dict[str, Any]]:
    (group,) = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return group["contents"]


def first_turn(
    client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin
) -> tuple[str, dict[str, Any], str, dict[int, str]]:
    """A first run with the check off in a fresh session: the flow, its tweaks, the session and the
    numbered chunks the model was shown. The flow keeps numbers across a session's turns, so those
    are the numbers the next run shows the model."""
    flow_id = load(standalone(RAG))["id"]
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    session = str(uuid.uuid4())
    openai.script(Reply(chunks=("Nothing to cite.",)))
    answer_message(client.run(flow_id, QUESTION, tweaks=tweaks, session_id=session))
    return flow_id, tweaks, session, presented_chunks(openai.last_prompt())


@pytest.mark.parametrize("stream", [False, True], ids=["non-stream", "stream"])
def test_drop_removes_a_citation_whose_source_does_not_say_the_claim(
    langflow_client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin, stream: bool
) -> None:
    flow_id, tweaks, session, chunks = first_turn(langflow_client, openai, data_api)
    boiling = next(n for n, text in chunks.items() if "boils at 100 degrees Celsius" in text)
    plants = next(n for n, text in chunks.items() if "plants use sunlight" in text)
    claim = "Water boils at 100 degrees Celsius at sea level"
    wrong = "Photosynthesis is the process by which plants use sunlight, water and carbon dioxide"
    answer = f"{claim} [Source {boiling}]. {wrong} [Source {boiling}]."
    openai.script(Reply(chunks=tuple(answer[i : i + 7] for i in range(0, len(answer), 7))))
    dropping = {**tweaks, "Citation Post-Processor": {"support_check": "drop", "include_payload": True}}

    message = answer_message(
        langflow_client.run(flow_id, QUESTION, tweaks=dropping, session_id=session, stream=stream)
    )

    assert message["text"] == f"{claim} [Source {boiling}]. {wrong}.", (chunks, sources_group(message))
    leaves = sources_group(message)
    payload = next(leaf["data"] for leaf in leaves if "data" in leaf)
    assert [(e["id"], e["claim"], e["verdict"]) for e in payload["support"]] == [
        (boiling, claim, "supported")
    ]
    assert [(e["id"], e["claim"]) for e in payload["removed_unsupported"]] == [(boiling, wrong)]
    (card,) = [leaf for leaf in leaves if leaf.get("type") == "citation"]
    assert card["title"].startswith(f"Source {boiling} \u00b7 water.pdf \u2014 page 2")
    assert "\u26a0" not in card["title"]
    assert card["cited_text"].startswith("Water boils at 100 degrees Celsius at sea level")
    stored = [m for m in langflow_client.messages(session_id=session) if m["sender"] == "Machine"][-1]
    assert stored["text"] == message["text"]
    assert plants != boiling  # the claim's real source was presented: the check had a better one to name


@pytest.mark.parametrize("stream", [False, True], ids=["non-stream", "stream"])
def test_drop_removes_a_contradicted_citation_and_flag_shows_the_conflict_on_the_card(
    langflow_client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin, stream: bool
) -> None:
    flow_id, tweaks, session, chunks = first_turn(langflow_client, openai, data_api)
    boiling = next(n for n, text in chunks.items() if "boils at 100 degrees Celsius" in text)
    plants = next(n for n, text in chunks.items() if "plants use sunlight" in text)
    # The first claim is what the plants chunk says; the second changes the number the water chunk gives.
    said = "Photosynthesis is the process by which plants use sunlight, water and carbon dioxide"
    changed = "Water boils at 90 degrees Celsius at sea level"
    answer = f"{said} [Source {plants}]. {changed} [Source {boiling}]."
    paced = tuple(answer[i : i + 7] for i in range(0, len(answer), 7))

    openai.script(Reply(chunks=paced))
    dropping = {**tweaks, "Citation Post-Processor": {"support_check": "drop", "include_payload": True}}
    message = answer_message(
        langflow_client.run(flow_id, QUESTION, tweaks=dropping, session_id=session, stream=stream)
    )
    assert message["text"] == f"{said} [Source {plants}]. {changed}."
    payload = next(leaf["data"] for leaf in sources_group(message) if "data" in leaf)
    (dropped,) = payload["removed_unsupported"]
    assert (dropped["id"], dropped["claim"], dropped["verdict"]) == (boiling, changed, "contradicted")
    assert {k: dropped["conflict"][k] for k in ("kind", "claim_text", "source_text")} == {
        "kind": "number",
        "claim_text": "90",
        "source_text": "100",
    }

    # The same answer, flagged: the card of the water chunk opens with what the source says instead.
    openai.script(Reply(chunks=paced))
    flagging = {**tweaks, "Citation Post-Processor": {"include_payload": True}}
    message = answer_message(
        langflow_client.run(flow_id, QUESTION, tweaks=flagging, session_id=session, stream=stream)
    )
    assert message["text"] == answer
    leaves = sources_group(message)
    payload = next(leaf["data"] for leaf in leaves if "data" in leaf)
    record = next(r for r in payload["sources"] if r["id"] == boiling)
    entry = next(e for e in payload["support"] if e["id"] == boiling)
    conflict = entry["conflict"]
    assert entry["verdict"] == "contradicted"
    assert record["text"][conflict["source_start"] : conflict["source_end"]] == "100"
    card = next(
        leaf for leaf in leaves if leaf.get("type") == "citation" and f"Source {boiling} " in leaf["title"]
    )
    assert card["title"] == f"Source {boiling} \u00b7 water.pdf \u2014 page 2"
    assert card["cited_text"].startswith(
        "\u26a0 the source says \u00ab100\u00bb, not \u00ab90\u00bb \u2014 Water boils at 100 degrees Celsius"
    )
    stored = [m for m in langflow_client.messages(session_id=session) if m["sender"] == "Machine"][-1]
    assert stored["text"] == answer


def test_flag_shows_a_role_swap_on_the_card_with_both_sides(
    langflow_client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin
) -> None:
    flow_id, tweaks, session, chunks = first_turn(langflow_client, openai, data_api)
    boiling = next(n for n, text in chunks.items() if "Hydrogen bonds give water" in text)
    # The chunk says the bonds give water its boiling point; the answer swaps who gives what to whom.
    swapped = "Water gives hydrogen bonds its high boiling point"
    answer = f"{swapped} [Source {boiling}]."
    openai.script(Reply(chunks=tuple(answer[i : i + 7] for i in range(0, len(answer), 7))))
    flagging = {**tweaks, "Citation Post-Processor": {"include_payload": True}}

    message = answer_message(langflow_client.run(flow_id, QUESTION, tweaks=flagging, session_id=session))

    assert message["text"] == answer
    leaves = sources_group(message)
    payload = next(leaf["data"] for leaf in leaves if "data" in leaf)
    (entry,) = payload["support"]
    assert entry["verdict"] == "contradicted"
    conflict = entry["conflict"]
    assert {k: conflict[k] for k in ("kind", "claim_text", "source_text")} == {
        "kind": "role",
        "claim_text": "Water gives hydrogen",
        "source_text": "Hydrogen bonds give water",
    }
    record = next(r for r in payload["sources"] if r["id"] == boiling)
    assert record["text"][conflict["source_start"] : conflict["source_end"]] == "Hydrogen bonds give water"
    (card,) = [leaf for leaf in leaves if leaf.get("type") == "citation"]
    assert card["cited_text"].startswith(
        "\u26a0 \u00abHydrogen bonds give water\u00bb, not \u00abWater gives hydrogen\u00bb \u2014 "
    )
