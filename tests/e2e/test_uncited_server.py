"""Uncited claims on a real Langflow 1.13 server: ``cite_missing=insert`` over ``/api/v1/run``.

The answer cites a retrieved chunk for its first claim and leaves its second claim, copied from
another chunk, uncited. The first run reads the numbered context from what reached the model (as
``test_support_server.py`` does), so the test knows which chunk has which number.
"""

from __future__ import annotations

import uuid

import pytest

from tests.e2e.test_support_server import QUESTION, answer_message, presented_chunks, sources_group
from tests.support.flows import RAG, load, standalone, standin_tweaks
from tests.support.langflow_server import LangflowClient
from tests.support.standins.data_api_server import DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

ADDED = "added: the answer did not cite it"


@pytest.mark.parametrize("stream", [False, True], ids=["non-stream", "stream"])
def test_insert_cites_an_uncited_claim_and_its_card_says_the_checker_added_it(
    langflow_client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin, stream: bool
) -> None:
    flow_id = load(standalone(RAG))["id"]
    tweaks = standin_tweaks(openai.base_url, data_api.url)
    session = str(uuid.uuid4())
    openai.script(Reply(chunks=("Nothing to cite.",)))
    answer_message(langflow_client.run(flow_id, QUESTION, tweaks=tweaks, session_id=session))
    chunks = presented_chunks(openai.last_prompt())
    boiling = next(n for n, text in chunks.items() if "boils at 100 degrees Celsius" in text)
    plants = next(n for n, text in chunks.items() if "plants use sunlight" in text)
    cited = "Water boils at 100 degrees Celsius at sea level"
    uncited = "Photosynthesis is the process by which plants use sunlight, water and carbon dioxide"
    answer = f"{cited} [Source {boiling}]. {uncited}. Anything else?"
    openai.script(Reply(chunks=tuple(answer[i : i + 5] for i in range(0, len(answer), 5))))
    inserting = {**tweaks, "Citation Post-Processor": {"cite_missing": "insert", "include_payload": True}}

    message = answer_message(
        langflow_client.run(flow_id, QUESTION, tweaks=inserting, session_id=session, stream=stream)
    )

    expected = f"{cited} [Source {boiling}]. {uncited} [Source {plants}]. Anything else?"
    assert message["text"] == expected, (chunks, sources_group(message))
    leaves = sources_group(message)
    payload = next(leaf["data"] for leaf in leaves if "data" in leaf)
    (entry,) = payload["inserted"]
    assert (entry["id"], entry["claim"], entry["replaces"]) == (plants, uncited, None)
    assert expected[entry["claim_start"] : entry["claim_end"]] == uncited
    assert payload["cited"] == [boiling, plants]
    cards = [leaf for leaf in leaves if leaf.get("type") == "citation"]
    assert [card["title"] for card in cards] == [
        f"Source {boiling} \u00b7 water.pdf \u2014 page 2",
        f"Source {plants} \u00b7 photosynthesis.md \u2014 page 1",
    ]
    # The card opens with the note, then where the source says the claim.
    assert cards[1]["cited_text"].startswith(
        f"+ {ADDED} \u2014 Photosynthesis is the process by which plants use sunlight"
    )
    assert not cards[0]["cited_text"].startswith("+")
    assert expected[cards[1]["start_index"] : cards[1]["end_index"]] == f"[Source {plants}]"
    stored = [m for m in langflow_client.messages(session_id=session) if m["sender"] == "Machine"][-1]
    assert stored["text"] == expected
    (group,) = [b for b in stored["content_blocks"] if b["title"] == "Sources"]
    assert [c["cited_text"] for c in group["contents"] if c.get("type") == "citation"] == [
        c["cited_text"] for c in cards
    ]
