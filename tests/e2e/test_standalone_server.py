"""The standalone flows on a real Langflow server that does not have this bundle.

``flows/standalone/`` is what a server that cannot install the bundle imports (a hosted Langflow,
Langflow Desktop): each node of ours carries the core inlined. The shared e2e server is such a server:
started with the bundle hidden (``LangflowServer(hide_bundle=True)``: the package cannot be imported and
its distribution is not found, so the palette has no Citations), it loads ``flows/standalone/`` at
start-up (``test_server_smoke.py`` checks all eight), and every e2e and browser test on it runs these
flows. The first test proves the bundle is really gone: the palette lacks it and a flow of ``flows/``
(whose nodes import the bundle) cannot run there. The second ingests a file with the standalone ingest
flow and cites it with the standalone RAG flow. The other standalone flows run in the other modules on
this server: RAG and Cite Any Answer in ``test_flows_server.py``, both agents in ``test_agents_server.py``.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.support.flows import (
    INGEST,
    RAG,
    load,
    standalone,
    standin_tweaks,
)
from tests.support.langflow_server import LangflowClient, LangflowError, RunResult
from tests.support.standins.data_api_server import DEFAULT_KEYSPACE, DataAPIStandin
from tests.support.standins.openai_server import OpenAIStandin, Reply

pytestmark = pytest.mark.e2e

QUESTION = "What does water do for life?"
CHUNKS = ("Water is essential for life [Sou", "rce 1]. It boils [Source 9", "] and freezes [2].")


@pytest.fixture(scope="module")
def client(langflow_client: LangflowClient) -> LangflowClient:
    return langflow_client


@pytest.fixture(scope="module")
def tweaks(openai: OpenAIStandin, data_api: DataAPIStandin) -> dict[str, dict[str, Any]]:
    return standin_tweaks(openai.base_url, data_api.url)


def answer(result: RunResult) -> dict[str, Any]:
    assert result.error is None, result.error
    (message,) = result.messages
    return message


def cards(message: dict[str, Any]) -> list[str]:
    groups = [b for b in message.get("content_blocks") or [] if b.get("title") == "Sources"]
    return [c["title"].split(" \u00b7 \u26a0 ", 1)[0] for g in groups for c in g["contents"]]


def run(client: LangflowClient, flow: Any, question: str, tweaks: dict) -> RunResult:
    return client.run(load(flow)["id"], question, tweaks=tweaks, session_id=str(uuid.uuid4()))


def test_the_server_does_not_have_the_bundle(
    client: LangflowClient, openai: OpenAIStandin, tweaks: dict
) -> None:
    palette = client.all_components()
    assert "citations" not in palette
    assert not [k for group in palette.values() if isinstance(group, dict) for k in group if "citations" in k]
    # A flow of flows/ imports the bundle in its nodes: it cannot run here.
    installed = load(RAG)
    installed.pop("id")
    installed["name"] = "Astra DB RAG with Citations (installed, cannot run here)"
    flow_id = client.upload_flow(installed)
    openai.script(Reply(chunks=CHUNKS))
    try:
        result = client.run(flow_id, QUESTION, tweaks=tweaks, session_id=str(uuid.uuid4()))
    except LangflowError as exc:
        failure = str(exc)
    else:
        failure = str(result.response)
        assert not result.messages or "Source" not in str(result.messages)
    assert "lfx_citations" in failure


def test_the_standalone_ingest_flow_stores_chunks_the_rag_flow_then_cites(
    client: LangflowClient, openai: OpenAIStandin, data_api: DataAPIStandin, tweaks: dict
) -> None:
    collection = "standalone_ingest"
    where = {**tweaks, "Astra DB": {**tweaks["Astra DB"], "collection_name": collection}}
    uploaded = client.http.post(
        "/api/v2/files", files={"file": ("tides.txt", b"Tides rise and fall twice a day with the moon.\n")}
    )
    assert uploaded.is_success, uploaded.text
    ingest = {
        **where,
        # A string: without the bundle, Langflow reads the file input from the node's code alone and
        # takes it for a single path (a list is refused: "FileInput values must be file path strings").
        "Read Files by Page": {"path": uploaded.json()["path"]},
        "Astra DB": {**where["Astra DB"], "deletion_field": "file_path"},
    }
    result = client.run(load(standalone(INGEST))["id"], "", tweaks=ingest)
    assert result.error is None, result.error
    assert data_api.collection(collection, DEFAULT_KEYSPACE).documents

    openai.script(Reply(chunks=("Tides follow the moon [Source 1].",)))
    message = answer(run(client, standalone(RAG), "Why do tides rise?", where))
    assert message["text"] == "Tides follow the moon [Source 1]."
    assert cards(message) == ["Source 1 \u00b7 tides.txt"]
